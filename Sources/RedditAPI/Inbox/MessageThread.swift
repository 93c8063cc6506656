import Foundation

/// A private conversation as a tree (`/message/messages/ID`).
///
/// Reddit answers with the thread's root message, whose `replies` hold every later message
/// **flat**. Each reply answers the message its `parent_id` names; when that is missing (as in
/// some recordings) it answers the root. Replies to the same message are ordered by time.
public struct MessageThread: Sendable, Hashable {
    /// The first message of the conversation.
    public var root: Message
    /// Every message, root first, then in display order (depth first, siblings by time).
    public private(set) var messages: [Message]
    /// Each message's depth in the tree (0 for the root), in the order of ``messages``.
    public private(set) var depths: [Int]
    private var childrenByParent: [Fullname: [Fullname]]

    /// The replies that answer `message` directly, by time.
    public func replies(to message: Fullname) -> [Message] {
        let byName = Dictionary(messages.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return (childrenByParent[message] ?? []).compactMap { byName[$0] }
    }

    /// An error for an answer that holds no message.
    public struct EmptyThread: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String { "the message thread answer holds no message" }
    }

    /// Builds the tree from the Listing Reddit sends.
    public init(_ listing: Listing) throws {
        guard let root = listing.children.lazy.compactMap(\.message).first else { throw EmptyThread() }
        var flat = root
        flat.replies = nil
        self.root = flat
        var replies = root.replies?.children.compactMap(\.message) ?? []
        for index in replies.indices { replies[index].replies = nil }
        let names = Set(replies.map(\.name)).union([root.name])
        var children: [Fullname: [Message]] = [:]
        for reply in replies where reply.name != root.name {
            let parent = reply.parentID.flatMap { names.contains($0) ? $0 : nil } ?? root.name
            children[parent, default: []].append(reply)
        }
        for key in children.keys {
            children[key]?.sort { ($0.created, $0.name.rawValue) < ($1.created, $1.name.rawValue) }
        }
        childrenByParent = children.mapValues { $0.map(\.name) }
        // Depth first without recursion; a message is placed once even if parent links loop.
        var ordered: [Message] = []
        var depths: [Int] = []
        var placed: Set<Fullname> = []
        var stack: [(Message, Int)] = [(flat, 0)]
        while let (message, depth) = stack.popLast() {
            guard placed.insert(message.name).inserted else { continue }
            ordered.append(message)
            depths.append(depth)
            stack += (children[message.name] ?? []).reversed().map { ($0, depth + 1) }
        }
        // Messages in a parent loop (not reachable from the root) go last, under the root.
        for reply in replies where !placed.contains(reply.name) {
            placed.insert(reply.name)
            ordered.append(reply)
            depths.append(1)
        }
        messages = ordered
        self.depths = depths
    }
}
