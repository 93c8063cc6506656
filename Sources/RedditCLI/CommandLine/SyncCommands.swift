import Foundation

/// `sync [--subreddits a,b,…] [--threads N] | sync --clear`.
package struct SyncOptions: Equatable, Sendable {
    /// The subreddits to fetch; nil: the signed-in account's subscriptions.
    package var subreddits: [String]?
    /// How many threads of each subreddit's front page are fetched with their comments.
    package var threads: Int
    /// Forget what was synced (`--offline` shows the demo again); fetches nothing.
    package var clear: Bool

    /// Threads a subreddit when `--threads` is not given.
    package static let defaultThreads = 10
    /// The most `--threads` takes: one listing page of Reddit's (100 posts).
    package static let maximumThreads = 100

    package init(subreddits: [String]? = nil, threads: Int = defaultThreads, clear: Bool = false) {
        self.subreddits = subreddits
        self.threads = threads
        self.clear = clear
    }
}

extension CommandParser {
    /// `sync`'s options: `--subreddits` a comma-separated list of names (`r/` optional, checked
    /// as Reddit checks names), `--threads N`, or `--clear` alone.
    static func parseSync(_ arguments: inout CommandArguments) throws(UsageError) -> Command {
        let clear = arguments.flag("--clear")
        let list = try arguments.value("--subreddits")
        let threads = try arguments.integer("--threads", in: 1...SyncOptions.maximumThreads)
        if clear {
            guard list == nil, threads == nil else {
                throw UsageError(message: "--clear takes no other option", command: arguments.command)
            }
            return .sync(SyncOptions(clear: true))
        }
        var subreddits: [String]?
        if let list {
            var names: [String] = []
            for raw in list.split(separator: ",", omittingEmptySubsequences: true) {
                var name = raw.trimmingCharacters(in: .whitespaces)
                for prefix in ["/r/", "r/"] where name.hasPrefix(prefix) { name = String(name.dropFirst(prefix.count)) }
                guard Self.isSubredditName(name) else {
                    throw UsageError(
                        message: "'\(raw)' is not a subreddit name (letters, digits and _, 2 to 21 of them)",
                        command: arguments.command)
                }
                if !names.contains(where: { $0.lowercased() == name.lowercased() }) { names.append(name) }
            }
            guard !names.isEmpty else {
                throw UsageError(message: "--subreddits needs at least one name", command: arguments.command)
            }
            subreddits = names
        }
        return .sync(SyncOptions(subreddits: subreddits, threads: threads ?? SyncOptions.defaultThreads))
    }

    /// Reddit's rule for a subreddit's name: 2 to 21 ASCII letters, digits or underscores.
    static func isSubredditName(_ name: String) -> Bool {
        (2...21).contains(name.count)
            && name.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_")
            }
    }
}
