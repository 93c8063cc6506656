import Foundation

/// Decodes RedditAPI's responses: the same results as Foundation's `JSONDecoder` (with its
/// default strategies) for RedditAPI's models, in less time.
///
/// Why it exists: Reddit's objects are wide (a post has about 110 keys, ``Link`` reads 36) and
/// JSONDecoder builds a `[String: value]` dictionary of every key of every object it opens,
/// a `String` per key, and tracks coding paths as it goes. With it, decoding into RedditAPI's
/// models ran at parity with plain structs (`courier-bench`, "Reddit listing decode": 0.97–1.02×;
/// "comment tree build": about 0.9×). With this decoder, release build, five runs on a shared
/// 2-core machine: listing 2.2–2.5×, comment tree 2.1–2.3× the plain JSONDecoder baseline.
///
/// How: one validating pass turns the bytes into a flat array of tokens (``JSONTape``) in which
/// every container knows where it ends, so members nobody reads are skipped in O(1); keys are
/// found by comparing UTF-8 bytes (``ObjectMembers``); strings and numbers are converted only
/// when read; a coding path is rebuilt from the tape only when an error needs one. The models
/// keep their one `init(from:)` and stay `Decodable` for anyone using JSONDecoder.
///
/// Input is held to RFC 8259 (see ``JSONScanner``), where JSONDecoder is lenient in places (it
/// accepts a trailing comma, and bad escapes or invalid UTF-8 in strings nobody reads); such
/// documents fail here with `DecodingError.dataCorrupted`. Every error is a `DecodingError`.
/// Foundation types get JSONDecoder's default treatment where it differs from their own
/// `init(from:)` for `URL` and `Data` only; `Decimal` is not special-cased (no model uses it).
struct RedditJSONDecoder: Sendable {
    /// Decodes a `T` from a JSON document.
    ///
    /// - Throws: `DecodingError`: `dataCorrupted` for invalid JSON, and what `T.init(from:)` throws.
    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let tape = try JSONTape(data)
        return try TapeDecoder(tape: tape, index: 0).decodeValue(T.self)
    }
}
