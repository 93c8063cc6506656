import Foundation

/// A User-Agent in the format Reddit asks for: `<platform>:<app ID>:<version> (by /u/<username>)`.
///
/// Reddit throttles generic agents (`python-requests/2.25.1` got a 429) and bans misleading
/// ones, so ``RedditClient`` accepts only agents in this format.
///
/// ```swift
/// let agent = UserAgent(platform: "ios", appID: "com.example.reader", version: "1.2", username: "example")
/// // "ios:com.example.reader:1.2 (by /u/example)"
/// ```
public struct UserAgent: Sendable, Hashable, CustomStringConvertible {
    /// The header value.
    public let value: String

    /// Builds an agent from its parts; they are checked as ``init(_:)`` checks a whole string.
    public init(platform: String, appID: String, version: String, username: String) throws(RedditUsageError) {
        try self.init("\(platform):\(appID):\(version) (by /u/\(username))")
    }

    /// Checks a complete agent string.
    ///
    /// - Throws: ``RedditUsageError/invalidUserAgent(_:reason:)`` saying what is wrong.
    public init(_ value: String) throws(RedditUsageError) {
        func invalid(_ reason: String) -> RedditUsageError { .invalidUserAgent(value, reason: reason) }
        guard value.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) else {
            throw invalid("it must be printable ASCII on one line")
        }
        guard let byRange = value.range(of: " (by /u/"), value.hasSuffix(")") else {
            throw invalid("it must end with \" (by /u/<username>)\"")
        }
        let username = value[byRange.upperBound..<value.index(before: value.endIndex)]
        guard (3...20).contains(username.count),
            username.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") })
        else {
            throw invalid("\"\(username)\" is not a Reddit username (3-20 letters, digits, _ or -)")
        }
        let parts = value[..<byRange.lowerBound].split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            throw invalid("it must start with \"<platform>:<app ID>:<version>\"")
        }
        let names = ["platform", "app ID", "version"]
        for (part, name) in zip(parts, names)
        where part.trimmingCharacters(in: .whitespaces).isEmpty || part.contains(" ") {
            throw invalid("the \(name) must be non-empty and without spaces")
        }
        self.value = value
    }

    /// The header value.
    public var description: String { value }
}

/// A mistake in how the library was called, found before anything was sent.
public enum RedditUsageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The User-Agent is not in Reddit's format.
    case invalidUserAgent(String, reason: String)
    /// `/api/morechildren` takes at most 100 ids per call; ``RedditClient`` splits bigger sets itself.
    case tooManyChildren(Int)
    /// `/r/SUB/api/flaircsv` takes at most 100 users per call; ``SubredditFlair/setUsers(_:)``
    /// splits bigger sets itself.
    case tooManyFlairs(Int)
    /// ``RedditRecordings`` could not read a cassette or a folder of recordings: its path and why.
    case unreadableRecordings(String, reason: String)
    /// A configuration file (`praw.ini`) that cannot be used: the file, the line and the key when
    /// known, and what is wrong (never the value of a secret).
    case badConfiguration(file: String, line: Int?, key: String?, reason: String)

    /// What is wrong and how to fix it.
    public var description: String {
        switch self {
        case .invalidUserAgent(let agent, let reason):
            "invalid User-Agent \"\(agent)\": \(reason); Reddit requires \"<platform>:<app ID>:<version> (by /u/<username>)\""
        case .tooManyChildren(let count):
            "/api/morechildren takes at most 100 ids per call, got \(count)"
        case .tooManyFlairs(let count):
            "/api/flaircsv takes at most 100 users per call, got \(count)"
        case .unreadableRecordings(let path, let reason):
            "cannot read the recordings at \(path): \(reason)"
        case .badConfiguration(let file, let line, let key, let reason):
            "\(file)" + (line.map { ", line \($0)" } ?? "") + (key.map { ", key \($0)" } ?? "") + ": \(reason)"
        }
    }
}
