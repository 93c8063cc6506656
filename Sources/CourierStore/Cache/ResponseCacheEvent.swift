public import Foundation

/// Something a ``ResponseCache`` did on its own to keep working that the app should know about.
public enum ResponseCacheEvent: Sendable, Equatable {
    /// The database was damaged or not an SQLite database at all (SQLite said `SQLITE_CORRUPT`
    /// or `SQLITE_NOTADB`). It was renamed to `movedTo` (with its `-wal` and `-shm` files;
    /// nothing is deleted) and the cache started again empty.
    case damagedDatabaseMovedAside(file: URL, movedTo: URL, reason: String)
    /// The database file was deleted, renamed or replaced while the cache had it open; later
    /// writes would have gone to a file nobody can see. A new, empty database was created at
    /// `file`.
    case databaseRecreated(file: URL)
}
