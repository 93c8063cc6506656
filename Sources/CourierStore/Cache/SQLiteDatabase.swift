import Foundation

#if canImport(SQLite3)
import SQLite3
#else
import CSQLite
#endif

/// A value bound to or read from an SQLite statement.
enum SQLiteValue: Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    var int: Int? { if case .integer(let value) = self { Int(value) } else { nil } }
    var double: Double? {
        switch self {
        case .real(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }
    var string: String? { if case .text(let value) = self { value } else { nil } }
    var data: Data? {
        switch self {
        case .blob(let value): value
        case .text(let value): Data(value.utf8)
        default: nil
        }
    }
}

/// An error SQLite reported: its result code and message.
struct SQLiteError: Error, CustomStringConvertible {
    let code: Int32
    let message: String
    var description: String { "SQLite error \(code): \(message)" }

    /// Whether the file is damaged or not a database at all (`SQLITE_CORRUPT`, `SQLITE_NOTADB`):
    /// nothing in it can be trusted, and retrying will not help.
    var isDamage: Bool {
        let primary = code & 0xFF
        return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
    }
}

/// One SQLite connection.
///
/// `@unchecked Sendable` because the connection (opened with `SQLITE_OPEN_NOMUTEX`) must not be
/// used by two threads at once, which the compiler cannot see: its only owner, ``CacheStorage``,
/// lives inside ``ResponseCache``'s `Mutex`, so every call is serialised by that lock.
final class SQLiteDatabase: @unchecked Sendable {
    private var handle: OpaquePointer?

    /// Opens (creating if needed) the database at `path` in WAL mode.
    init(path: String) throws(SQLiteError) {
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(handle)
            handle = nil
            throw SQLiteError(code: status, message: message)
        }
        sqlite3_busy_timeout(handle, 5_000)
        // WAL: readers never block the writer, and a killed process leaves a consistent database.
        // synchronous=NORMAL is durable against process crashes in WAL mode (a power loss may
        // drop the last transactions, never corrupt the file) — fine for a cache.
        let mode = try query("PRAGMA journal_mode=WAL").first?.first?.string
        guard mode?.lowercased() == "wal" else {
            throw SQLiteError(code: SQLITE_ERROR, message: "cannot switch to WAL mode (got \(mode ?? "nothing"))")
        }
        try execute("PRAGMA synchronous=NORMAL")
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Closes the connection now (the last one checkpoints and removes the `-wal` file); every
    /// later call fails.
    func close() {
        sqlite3_close_v2(handle)
        handle = nil
    }

    /// Whether the database file was deleted, renamed or replaced since it was opened
    /// (`SQLITE_FCNTL_HAS_MOVED`, one `stat` of the path).
    var fileHasMoved: Bool {
        var moved: Int32 = 0
        guard let handle, sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK else {
            return false
        }
        return moved != 0
    }

    /// Runs one or more statements that take no parameters.
    func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &message)
        guard status == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? lastMessage
            sqlite3_free(message)
            throw SQLiteError(code: status, message: text)
        }
    }

    /// Runs one statement and returns its rows.
    @discardableResult
    func query(_ sql: String, _ bindings: [SQLiteValue] = []) throws(SQLiteError) -> [[SQLiteValue]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else { throw failure() }
        defer { sqlite3_finalize(statement) }
        for (index, value) in bindings.enumerated() {
            try bind(value, at: Int32(index + 1), in: statement)
        }
        var rows: [[SQLiteValue]] = []
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { return rows }
            guard status == SQLITE_ROW else { throw failure() }
            rows.append((0..<sqlite3_column_count(statement)).map { column(at: $0, in: statement) })
        }
    }

    /// Runs `body` inside one write transaction; rolls back if it throws.
    func transaction<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    private var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }

    private func failure() -> SQLiteError {
        SQLiteError(code: sqlite3_errcode(handle), message: lastMessage)
    }

    /// SQLite copies the bytes before the call returns (`SQLITE_TRANSIENT`).
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private func bind(_ value: SQLiteValue, at index: Int32, in statement: OpaquePointer?) throws(SQLiteError) {
        let status: Int32
        switch value {
        case .null: status = sqlite3_bind_null(statement, index)
        case .integer(let value): status = sqlite3_bind_int64(statement, index, value)
        case .real(let value): status = sqlite3_bind_double(statement, index, value)
        case .text(let value): status = sqlite3_bind_text(statement, index, value, -1, Self.transient)
        case .blob(let value):
            status = value.withUnsafeBytes { buffer in
                // A zero-length blob still needs a non-null pointer to be stored as a blob.
                sqlite3_bind_blob(
                    statement, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(buffer.count),
                    Self.transient)
            }
        }
        guard status == SQLITE_OK else { throw failure() }
    }

    private func column(at index: Int32, in statement: OpaquePointer?) -> SQLiteValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT: return .text(String(cString: sqlite3_column_text(statement, index)))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard count > 0, let bytes = sqlite3_column_blob(statement, index) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: count))
        default: return .null
        }
    }
}
