import Courier
import Foundation

/// New modmail as it arrives, from ``RedditClient/modmail``. Each single modmail call (listing,
/// replying, archiving, muting...) is a ``Reddit`` factory sent with ``RedditClient/send(_:)``.
///
/// ```swift
/// for try await conversation in reddit.modmail.newConversations(in: ["swift"]) {
///     try await reddit.send(Reddit.replyToModmail(conversation.id, body: "Looking into it.", internal: true))
/// }
/// ```
public struct Modmail: Sendable {
    /// The client the calls go through.
    public let client: RedditClient

    /// The calls through `client`.
    public init(client: RedditClient) { self.client = client }
}

extension RedditClient {
    /// New modmail as it arrives.
    public var modmail: Modmail { Modmail(client: self) }
}
