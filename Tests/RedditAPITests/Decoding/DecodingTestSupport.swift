import Courier
import Foundation

@testable import RedditAPI

/// The kind of a decoding failure, for comparing errors.
enum DecodingFailureKind: Equatable {
    case keyNotFound, valueNotFound, typeMismatch, dataCorrupted, notADecodingError
}

/// Decodes `json` with JSON.TapeDecoder.
func redditDecode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSON.TapeDecoder().decode(T.self, from: Data(json.utf8))
}

/// Decodes raw bytes with JSON.TapeDecoder.
func redditDecode<T: Decodable>(_ type: T.Type, bytes: [UInt8]) throws -> T {
    try JSON.TapeDecoder().decode(T.self, from: Data(bytes))
}

/// Decodes `json` with Foundation's JSONDecoder.
func foundationDecode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSONDecoder().decode(T.self, from: Data(json.utf8))
}

/// How `body` failed, or nil when it did not.
func failure<T>(_ body: () throws -> T) -> DecodingFailureKind? {
    do {
        _ = try body()
        return nil
    } catch let error as DecodingError {
        return switch error {
        case .keyNotFound: .keyNotFound
        case .valueNotFound: .valueNotFound
        case .typeMismatch: .typeMismatch
        case .dataCorrupted: .dataCorrupted
        @unknown default: .notADecodingError
        }
    } catch {
        return .notADecodingError
    }
}

/// The coding path `body` failed at, rendered as `a.b[0]`, with the missing key for `keyNotFound`.
func failurePath<T>(_ body: () throws -> T) -> String? {
    do {
        _ = try body()
        return nil
    } catch let error as DecodingError {
        let path: [any CodingKey]
        switch error {
        case .keyNotFound(let key, let context): path = context.codingPath + [key]
        case .valueNotFound(_, let context), .typeMismatch(_, let context), .dataCorrupted(let context):
            path = context.codingPath
        @unknown default: path = []
        }
        return path.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
            .trimmingPrefix(".").description
    } catch {
        return "not a DecodingError"
    }
}

/// `{"a": <value>}` and the like.
struct Box<Value: Decodable & Equatable>: Decodable, Equatable {
    let a: Value
}

/// `{"a": <value>}` where `a` may be missing or null.
struct OptionalBox<Value: Decodable & Equatable>: Decodable, Equatable {
    let a: Value?
}

/// A coding key made from any string or index.
struct TestKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}
