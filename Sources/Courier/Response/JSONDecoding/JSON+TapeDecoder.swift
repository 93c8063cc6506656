public import Foundation

extension JSON {
    /// Courier's JSON decoder: a drop-in for Foundation's `JSONDecoder`, the default decoder of
    /// ``HTTPClient``, faster than `JSONDecoder` on every recorded Reddit response (the figures and
    /// how they are measured: Benchmarks/README.md).
    ///
    /// It takes `JSONDecoder`'s strategies and gives the same values: every failure is a
    /// `DecodingError` of the same kind, with the coding path of the value that failed (the
    /// <doc:JSONDecoding> article lists where that path differs from `JSONDecoder`'s).
    ///
    /// ```swift
    /// var decoder = JSON.TapeDecoder()
    /// decoder.keyDecodingStrategy = .convertFromSnakeCase
    /// decoder.dateDecodingStrategy = .iso8601
    /// let user = try decoder.decode(User.self, from: data)
    /// ```
    ///
    /// How: one validating pass turns the bytes into a flat array of tokens in which every
    /// container knows where it ends, so members nobody reads are skipped at no cost; keys are
    /// found by comparing UTF-8 bytes, without a `String` or a dictionary per object; strings and
    /// numbers are converted only when read; a coding path is rebuilt from the tokens only when an
    /// error needs one.
    ///
    /// Where it differs: input is held to RFC 8259 (`JSONDecoder` accepts a trailing comma, and
    /// bad escapes or invalid UTF-8 in strings nobody reads); such documents fail with
    /// `DecodingError.dataCorrupted`. JSON5 is not supported: with ``allowsJSON5`` set, decoding
    /// throws. See <doc:JSONDecoding>.
    public struct TapeDecoder: TopLevelDecoder {
        /// How object keys are matched with coding keys; `JSONDecoder`'s strategy.
        public var keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys
        /// How `Date` values are read; `JSONDecoder`'s strategy (seconds since 2001 by default).
        public var dateDecodingStrategy: JSONDecoder.DateDecodingStrategy = .deferredToDate
        /// How `Data` values are read; `JSONDecoder`'s strategy (Base64 by default).
        public var dataDecodingStrategy: JSONDecoder.DataDecodingStrategy = .base64
        /// Whether strings stand for infinity and NaN; `JSONDecoder`'s strategy.
        public var nonConformingFloatDecodingStrategy: JSONDecoder.NonConformingFloatDecodingStrategy = .throw
        /// Values handed to `init(from:)` as `Decoder.userInfo`.
        public var userInfo: [CodingUserInfoKey: any Sendable] = [:]
        /// JSON5 is not supported: when true, ``decode(_:from:)`` throws `DecodingError.dataCorrupted`
        /// without reading the data. Use Foundation's `JSONDecoder` for JSON5.
        public var allowsJSON5 = false

        /// The deepest nesting of arrays and objects accepted, as `JSONDecoder`'s; deeper
        /// documents are `DecodingError.dataCorrupted`.
        public static let maximumDepth = JSONScanner.maximumDepth

        /// A decoder with `JSONDecoder`'s default strategies.
        public init() {}

        /// Decodes a `T` from a JSON document.
        ///
        /// - Throws: `DecodingError`: `dataCorrupted` for invalid JSON (and when ``allowsJSON5``
        ///   is set), and what `T.init(from:)` throws.
        public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
            guard !allowsJSON5 else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: [],
                        debugDescription: "JSON.TapeDecoder does not read JSON5 (allowsJSON5 is set); use JSONDecoder.")
                )
            }
            let options = TapeOptions(
                keys: keyDecodingStrategy, dates: dateDecodingStrategy, data: dataDecodingStrategy,
                floats: nonConformingFloatDecodingStrategy, userInfo: userInfo)
            // The tape reads the caller's bytes in place: no copy of the document.
            return try data.withUnsafeBytes { buffer in
                var tape = try JSONTape(buffer, options: options)
                // A decoder kept by an `init(from:)` still holds the tape: it gets its own copy
                // of the bytes before `buffer` goes away.
                defer { if !isKnownUniquelyReferenced(&tape) { tape.detachFromCallersBytes() } }
                return try TapeValueDecoder(tape: tape, index: 0).decodeValue(T.self)
            }
        }
    }
}
