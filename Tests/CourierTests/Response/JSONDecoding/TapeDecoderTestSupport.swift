import Courier
import Foundation

/// The JSON documents shared with courier-bench: `../shared/fixtures/json` beside the package
/// root (CI checks `shared` out beside the clone, as for the Reddit fixtures).
enum JSONCorpus {
    static var root: URL {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<6 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("shared/fixtures/json").standardizedFileURL
    }

    /// JSONTestSuite's parsing tests, by name.
    static func conformanceFiles() throws -> [(name: String, data: Data)] {
        let folder = root.appendingPathComponent("conformance/test_parsing")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map {
            ($0, try Data(contentsOf: folder.appendingPathComponent($0)))
        }
    }

    /// A benchmark document (`twitter.json`, `citm_catalog.json`, `canada.json`).
    static func benchmark(_ name: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent("benchmark/\(name)"))
    }
}

/// Reads any document down to its leaves without converting them: accepted when the decoder
/// accepts the document's syntax.
struct Skeleton: Decodable {
    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            for key in object.allKeys { _ = try object.decode(Skeleton.self, forKey: key) }
        } else if var array = try? decoder.unkeyedContainer() {
            while !array.isAtEnd { _ = try array.decode(Skeleton.self) }
        }
    }
}

/// A coding key made from any string or index.
struct AnyKey: CodingKey, Equatable {
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

/// What a decode gave: a value, or a `DecodingError`'s kind and coding path (`a.b[0]`, with the
/// missing key for `keyNotFound`).
enum Outcome<Value: Equatable>: Equatable {
    case value(Value)
    case failure(String, String)
    case notADecodingError

    init(_ body: () throws -> Value) {
        do {
            self = .value(try body())
        } catch let error as DecodingError {
            let (kind, path): (String, [any CodingKey]) =
                switch error {
                case .keyNotFound(let key, let context): ("keyNotFound", context.codingPath + [key])
                case .valueNotFound(_, let context): ("valueNotFound", context.codingPath)
                case .typeMismatch(_, let context): ("typeMismatch", context.codingPath)
                case .dataCorrupted(let context): ("dataCorrupted", context.codingPath)
                @unknown default: ("unknown", [])
                }
            self = .failure(
                kind, path.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined())
        } catch {
            self = .notADecodingError
        }
    }

    /// Whether this (Courier's) outcome is `foundation`'s: the same value, or a failure of the
    /// same kind at the same path. Foundation's `JSONDecoder` (swift-foundation 6.3) reports
    /// `dataCorrupted` for a value it cannot convert (a number out of range, a bad date or Base64)
    /// with an empty path, where the tape decoder gives the value's path; that is accepted.
    func matches(_ foundation: Outcome) -> Bool {
        if self == foundation { return true }
        if case .failure("dataCorrupted", _) = self, case .failure("dataCorrupted", "") = foundation { return true }
        return false
    }

    var isFailure: Bool {
        if case .value = self { return false }
        return true
    }
}

/// Both decoders set up alike.
struct DecoderPair {
    var tape = JSON.TapeDecoder()
    let foundation = JSONDecoder()

    init(
        keys: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys,
        dates: JSONDecoder.DateDecodingStrategy = .deferredToDate,
        data: JSONDecoder.DataDecodingStrategy = .base64,
        floats: JSONDecoder.NonConformingFloatDecodingStrategy = .throw,
        userInfo: [CodingUserInfoKey: any Sendable] = [:]
    ) {
        tape.keyDecodingStrategy = keys
        tape.dateDecodingStrategy = dates
        tape.dataDecodingStrategy = data
        tape.nonConformingFloatDecodingStrategy = floats
        tape.userInfo = userInfo
        foundation.keyDecodingStrategy = keys
        foundation.dateDecodingStrategy = dates
        foundation.dataDecodingStrategy = data
        foundation.nonConformingFloatDecodingStrategy = floats
        foundation.userInfo = userInfo
    }

    /// The outcomes of decoding `json` as `T` with each: Courier's first.
    func decode<T: Decodable & Equatable>(_ type: T.Type, _ json: String) -> (Outcome<T>, Outcome<T>) {
        decode(T.self, Data(json.utf8))
    }

    func decode<T: Decodable & Equatable>(_ type: T.Type, _ data: Data) -> (Outcome<T>, Outcome<T>) {
        (Outcome { try tape.decode(T.self, from: data) }, Outcome { try foundation.decode(T.self, from: data) })
    }
}
