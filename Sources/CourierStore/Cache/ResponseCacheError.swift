/// Why ``ResponseCache`` could not open or use its storage.
public struct ResponseCacheError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the cache lives: the database file, or the address of another storage (such as
    /// `redis://host:port` and a namespace).
    public let path: String
    /// What went wrong, as SQLite, the file system or the storage said it.
    public let reason: String

    /// Creates an error.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// A sentence a person can act on.
    public var description: String { "response cache at \(path): \(reason)" }
}
