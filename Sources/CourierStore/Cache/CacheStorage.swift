import Courier
import Foundation

/// The SQL side of ``ResponseCache``: one table of responses, least-recently-used eviction by a
/// byte budget. Every method runs under the cache's lock.
///
/// Costs stay flat as the cache grows: triggers keep the number of responses and their total
/// size in a one-row `totals` table (no scan per store), and eviction walks the `last_use` index
/// from the oldest end, freeing down to ``lowWaterMark`` in one range delete, so a full cache
/// evicts once per several stores rather than on every one.
struct CacheStorage {
    let database: SQLiteDatabase
    /// A counter, not a clock, orders uses: two uses never tie and wall-clock jumps do not matter.
    private var lastUse: Int64

    private static let schemaVersion = 2

    /// When over budget, eviction frees down to this share of it.
    static let lowWaterMark = 0.9

    init(path: String) throws(SQLiteError) {
        let database = try SQLiteDatabase(path: path)
        self.database = database
        try database.transaction { () throws(SQLiteError) in
            try database.execute(
                """
                CREATE TABLE IF NOT EXISTS responses (
                    key TEXT PRIMARY KEY NOT NULL,
                    resource TEXT NOT NULL,
                    vary TEXT NOT NULL,
                    status INTEGER NOT NULL,
                    headers BLOB NOT NULL,
                    body BLOB NOT NULL,
                    url TEXT NOT NULL,
                    request_time REAL NOT NULL,
                    response_time REAL NOT NULL,
                    last_use INTEGER NOT NULL,
                    size INTEGER NOT NULL
                );
                CREATE INDEX IF NOT EXISTS responses_resource ON responses(resource);
                CREATE INDEX IF NOT EXISTS responses_last_use ON responses(last_use);
                CREATE TABLE IF NOT EXISTS totals (
                    id INTEGER PRIMARY KEY CHECK (id = 0),
                    entries INTEGER NOT NULL,
                    bytes INTEGER NOT NULL
                );
                """)
            // A database from schema 1 has no totals yet: count once, then the triggers keep them.
            if try database.query("SELECT 1 FROM totals WHERE id = 0").isEmpty {
                try database.execute("INSERT INTO totals SELECT 0, COUNT(*), COALESCE(SUM(size), 0) FROM responses")
            }
            try database.execute(
                """
                CREATE TRIGGER IF NOT EXISTS responses_added AFTER INSERT ON responses BEGIN
                    UPDATE totals SET entries = entries + 1, bytes = bytes + NEW.size WHERE id = 0;
                END;
                CREATE TRIGGER IF NOT EXISTS responses_removed AFTER DELETE ON responses BEGIN
                    UPDATE totals SET entries = entries - 1, bytes = bytes - OLD.size WHERE id = 0;
                END;
                CREATE TRIGGER IF NOT EXISTS responses_resized AFTER UPDATE OF size ON responses BEGIN
                    UPDATE totals SET bytes = bytes - OLD.size + NEW.size WHERE id = 0;
                END;
                PRAGMA user_version = \(Self.schemaVersion);
                """)
        }
        lastUse =
            try database.query("SELECT COALESCE(MAX(last_use), 0) FROM responses").first?.first.flatMap {
                if case .integer(let value) = $0 { value } else { nil }
            } ?? 0
    }

    /// Every stored variant of a resource, newest first.
    func variants(of resource: String) throws(SQLiteError) -> [CachedResponse] {
        let rows = try database.query(
            """
            SELECT key, resource, vary, status, headers, body, url, request_time, response_time
            FROM responses WHERE resource = ? ORDER BY response_time DESC
            """, [.text(resource)])
        return rows.compactMap(Self.decode)
    }

    /// Marks a response as just used, for eviction order.
    mutating func touch(_ key: String) throws(SQLiteError) {
        lastUse += 1
        try database.query("UPDATE responses SET last_use = ? WHERE key = ?", [.integer(lastUse), .text(key)])
    }

    /// Stores a response (replacing the same key), then evicts the least recently used ones until
    /// the total fits `budget`. A response bigger than the whole budget is not stored.
    mutating func store(_ entry: CachedResponse, budget: Int) throws(SQLiteError) {
        let headers = entry.encodedHeaders
        let vary = entry.encodedVaryValues
        let size = entry.size
        guard size <= budget else {
            try remove(key: entry.key)
            return
        }
        lastUse += 1
        let use = lastUse
        try database.transaction { () throws(SQLiteError) in
            // An upsert, not INSERT OR REPLACE: REPLACE's implicit delete would skip the triggers.
            try database.query(
                """
                INSERT INTO responses
                (key, resource, vary, status, headers, body, url, request_time, response_time, last_use, size)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(key) DO UPDATE SET
                resource = excluded.resource, vary = excluded.vary, status = excluded.status,
                headers = excluded.headers, body = excluded.body, url = excluded.url,
                request_time = excluded.request_time, response_time = excluded.response_time,
                last_use = excluded.last_use, size = excluded.size
                """,
                [
                    .text(entry.key), .text(entry.resourceKey), .blob(vary), .integer(Int64(entry.statusCode)),
                    .blob(headers), .blob(entry.body), .text(entry.url.absoluteString),
                    .real(entry.requestTime.timeIntervalSince1970), .real(entry.responseTime.timeIntervalSince1970),
                    .integer(use), .integer(Int64(size)),
                ])
            try evict(keeping: use, budget: budget)
        }
    }

    func remove(key: String) throws(SQLiteError) {
        try database.query("DELETE FROM responses WHERE key = ?", [.text(key)])
    }

    func remove(resource: String) throws(SQLiteError) {
        try database.query("DELETE FROM responses WHERE resource = ?", [.text(resource)])
    }

    func removeAll() throws(SQLiteError) {
        try database.execute("DELETE FROM responses")
    }

    /// Number of responses and their total size in bytes, as the triggers keep them.
    func usage() throws(SQLiteError) -> (entries: Int, bytes: Int) {
        let row = try database.query("SELECT entries, bytes FROM totals WHERE id = 0").first
        return (row?[0].int ?? 0, row?[1].int ?? 0)
    }

    /// What `PRAGMA integrity_check` says: "ok" for a sound database.
    func integrityCheck() throws(SQLiteError) -> String {
        try database.query("PRAGMA integrity_check").compactMap { $0.first?.string }.joined(separator: "\n")
    }

    /// When over budget, removes the least recently used responses down to the low-water mark:
    /// reads the oldest rows through the `last_use` index, a page at a time, until enough bytes
    /// are found, then deletes them with one range delete.
    private func evict(keeping newest: Int64, budget: Int) throws(SQLiteError) {
        let total = try usage().bytes
        guard total > budget else { return }
        let target = Int(Double(budget) * Self.lowWaterMark)
        var freed = 0
        var cutoff: Int64 = .min
        let page = 256
        pages: while true {
            let rows = try database.query(
                "SELECT last_use, size FROM responses WHERE last_use > ? AND last_use < ? ORDER BY last_use ASC LIMIT ?",
                [.integer(cutoff), .integer(newest), .integer(Int64(page))]
            )
            for row in rows {
                guard case .integer(let use) = row[0], let size = row[1].int else { continue }
                cutoff = use
                freed += size
                if total - freed <= target { break pages }
            }
            if rows.count < page { break }
        }
        guard freed > 0 else { return }
        try database.query("DELETE FROM responses WHERE last_use <= ?", [.integer(cutoff)])
    }

    // MARK: - Row encoding

    /// A row back into a response; a row that does not decode is skipped (and later replaced).
    private static func decode(_ row: [SQLiteValue]) -> CachedResponse? {
        guard row.count == 9,
            let key = row[0].string, let resource = row[1].string,
            let vary = row[2].data.flatMap(CachedResponse.decodeVaryValues),
            let status = row[3].int,
            let headers = row[4].data.flatMap(CachedResponse.decodeHeaders),
            let body = row[5].data,
            let urlText = row[6].string, let url = URL(string: urlText),
            let requestTime = row[7].double, let responseTime = row[8].double
        else { return nil }
        return CachedResponse(
            key: key, resourceKey: resource, varyValues: vary, statusCode: status, headers: headers, body: body,
            url: url,
            requestTime: Date(timeIntervalSince1970: requestTime),
            responseTime: Date(timeIntervalSince1970: responseTime)
        )
    }
}
