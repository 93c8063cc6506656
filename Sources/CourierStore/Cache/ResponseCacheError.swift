/// Why ``ResponseCache`` could not open or use its database.
public struct ResponseCacheError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The database file.
    public let path: String
    /// What went wrong, as SQLite or the file system said it.
    public let reason: String

    /// Creates an error.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// A sentence a person can act on.
    public var description: String { "response cache at \(path): \(reason)" }
}
