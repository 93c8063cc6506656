public import Foundation

extension JSON {
    /// Decodes a `Decodable` value from a JSON document: what ``HTTPClient/Configuration/decoder``
    /// and ``Request`` use for `Decodable` responses.
    ///
    /// Two decoders conform: ``JSON/TapeDecoder`` (the default) and Foundation's `JSONDecoder`.
    public protocol TopLevelDecoder: Sendable {
        /// Decodes a `T` from `data`.
        ///
        /// - Throws: `DecodingError` when `data` is not valid JSON or does not match `T`.
        func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T
    }
}

extension JSONDecoder: JSON.TopLevelDecoder {}
