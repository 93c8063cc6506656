import Courier
import CourierFileSupport
import Foundation

#if canImport(SQLite3)
import SQLite3
#else
import CSQLite
#endif

/// Opening ``ResponseCache``'s database so that it heals: a damaged file is moved aside and
/// replaced by an empty database, a file deleted behind the cache's back is recreated.
enum CacheDatabaseFile {
    /// Opens the database at `url`; a damaged one is moved aside (and reported) and a new one
    /// created in its place.
    static func open(
        _ url: URL, onEvent: (@Sendable (ResponseCacheEvent) -> Void)?
    ) throws(SQLiteError) -> CacheStorage {
        do {
            return try CacheStorage(path: url.path)
        } catch let error where error.isDamage {
            // The failed connection is closed by now (CacheStorage's init released it).
            let movedTo = try moveAside(url)
            onEvent?(.damagedDatabaseMovedAside(file: url, movedTo: movedTo, reason: error.description))
            return try CacheStorage(path: url.path)
        }
    }

    /// Heals `storage` in place after a damage `error` or when its file vanished; does nothing
    /// otherwise.
    static func heal(
        _ storage: inout CacheStorage, after error: SQLiteError?, url: URL,
        onEvent: (@Sendable (ResponseCacheEvent) -> Void)?
    ) throws(SQLiteError) {
        if let error, error.isDamage {
            storage.database.close()
            let movedTo = try moveAside(url)
            onEvent?(.damagedDatabaseMovedAside(file: url, movedTo: movedTo, reason: error.description))
            storage = try CacheStorage(path: url.path)
        } else if storage.database.fileHasMoved {
            // Closing the old connection first lets SQLite remove its `-wal` file, so the new
            // database does not replay the old one's log.
            storage.database.close()
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            storage = try CacheStorage(path: url.path)
            onEvent?(.databaseRecreated(file: url))
        }
    }

    /// Renames the database and its `-wal` and `-shm` files to `<name>.corrupt-<milliseconds>`.
    private static func moveAside(_ url: URL) throws(SQLiteError) -> URL {
        let stamp = Int64((Date().timeIntervalSince1970 * 1000).rounded())
        var destination = url.appendingPathExtension("corrupt-\(stamp)")
        var suffix = 1
        while FileManager.default.fileExists(atPath: destination.path) {
            suffix += 1
            destination = url.appendingPathExtension("corrupt-\(stamp)-\(suffix)")
        }
        for companion in ["", "-wal", "-shm"] {
            let source = url.path + companion
            guard FileManager.default.fileExists(atPath: source) else { continue }
            do {
                try AtomicFile.move(
                    URL(fileURLWithPath: source), to: URL(fileURLWithPath: destination.path + companion))
            } catch {
                throw SQLiteError(
                    code: SQLITE_CANTOPEN, message: "the damaged database could not be moved aside: \(error.reason)")
            }
        }
        return destination
    }
}
