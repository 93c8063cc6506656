import CourierFileSupport
import Foundation
import Synchronization

/// The storage of `ResponseCache(fileURL:)`: an SQLite database in WAL mode that heals (see
/// ``CacheDatabaseFile``). One connection, used under a lock.
final class SQLiteCacheStorage: ResponseCacheStorage {
    let fileURL: URL
    private let onEvent: (@Sendable (ResponseCacheEvent) -> Void)?
    private let storage: Mutex<CacheStorage>

    /// Opens (or creates) the database at `fileURL`, creating its directory if needed.
    init(fileURL: URL, onEvent: (@Sendable (ResponseCacheEvent) -> Void)?) throws(ResponseCacheError) {
        self.fileURL = fileURL
        self.onEvent = onEvent
        do {
            try FileManager.default.createDirectory(
                at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw ResponseCacheError(
                path: fileURL.path,
                reason: "cannot create its directory: "
                    + (AtomicFile.pathProblem(of: fileURL) ?? AtomicFile.describe(error)))
        }
        do {
            storage = Mutex(try CacheDatabaseFile.open(fileURL, onEvent: onEvent))
        } catch {
            throw ResponseCacheError(path: fileURL.path, reason: error.description)
        }
    }

    func variants(of resource: String) throws(ResponseCacheError) -> [CachedResponse] {
        try withStorage { storage throws(SQLiteError) in try storage.variants(of: resource) }
    }

    func store(_ response: CachedResponse, budget: Int) throws(ResponseCacheError) {
        try withStorage { storage throws(SQLiteError) in try storage.store(response, budget: budget) }
    }

    func markUsed(_ key: String) throws(ResponseCacheError) {
        try withStorage { storage throws(SQLiteError) in try storage.touch(key) }
    }

    func remove(resource: String) throws(ResponseCacheError) {
        try withStorage { storage throws(SQLiteError) in try storage.remove(resource: resource) }
    }

    func removeAll() throws(ResponseCacheError) {
        try withStorage { storage throws(SQLiteError) in try storage.removeAll() }
    }

    func usage() throws(ResponseCacheError) -> ResponseCache.Usage {
        let (entries, bytes) = try withStorage { storage throws(SQLiteError) in try storage.usage() }
        return ResponseCache.Usage(entries: entries, bytes: bytes)
    }

    /// The result of SQLite's `PRAGMA integrity_check`: `"ok"` for a sound database.
    func integrityCheck() throws(ResponseCacheError) -> String {
        try withStorage { storage throws(SQLiteError) in try storage.integrityCheck() }
    }

    /// Runs `body` on the storage, after recreating a database file deleted behind the cache's
    /// back; a damaged database is moved aside and replaced (the call itself still fails).
    private func withStorage<T>(_ body: (inout CacheStorage) throws(SQLiteError) -> T) throws(ResponseCacheError) -> T {
        let (url, onEvent) = (fileURL, onEvent)
        do {
            return try storage.withLock { storage throws(SQLiteError) in
                try CacheDatabaseFile.heal(&storage, after: nil, url: url, onEvent: onEvent)
                do throws(SQLiteError) {
                    return try body(&storage)
                } catch let error where error.isDamage {
                    try? CacheDatabaseFile.heal(&storage, after: error, url: url, onEvent: onEvent)
                    throw error
                }
            }
        } catch {
            throw ResponseCacheError(path: fileURL.path, reason: error.description)
        }
    }
}
