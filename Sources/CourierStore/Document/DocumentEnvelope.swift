import Courier
import Foundation

/// The file layout of a ``DocumentStore``: a small JSON object around the value,
/// `{"formatVersion": 2, "value": …}`, so a newer app can recognise and migrate older files.
enum DocumentEnvelope {
    private struct Envelope<Value: Codable>: Codable {
        let formatVersion: Int
        let value: Value
    }

    private struct Header: Decodable {
        let formatVersion: Int
    }

    /// Why a file's bytes are not a document.
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    static func encode<Value: Codable>(_ value: Value, formatVersion: Int) throws(DocumentStoreError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return try encoder.encode(Envelope(formatVersion: formatVersion, value: value))
        } catch {
            throw .encodingFailed(String(describing: error))
        }
    }

    /// The format version a file was written with.
    static func formatVersion(of data: Data) throws(Malformed) -> Int {
        guard !data.isEmpty else { throw Malformed(description: "the file is empty") }
        guard (try? JSONSerialization.jsonObject(with: data)) is [String: Any] else {
            throw Malformed(description: "the file is not a JSON object (\(data.count) bytes; truncated?)")
        }
        do {
            return try JSONDecoder().decode(Header.self, from: data).formatVersion
        } catch {
            throw Malformed(description: "the file has no integer formatVersion")
        }
    }

    /// The value in a file written with the current format version.
    static func decodeValue<Value: Codable>(_ type: Value.Type, from data: Data) throws(Malformed) -> Value {
        do {
            return try JSONDecoder().decode(Envelope<Value>.self, from: data).value
        } catch {
            throw Malformed(description: "the value does not decode as \(Value.self): \(describe(error))")
        }
    }

    /// The JSON of the value alone, for a migration from an older format version.
    static func valueJSON(from data: Data) throws(Malformed) -> Data {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let value = object["value"],
              let json = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
        else { throw Malformed(description: "the file has no value") }
        return json
    }

    /// A short account of a decoding error: what failed and where.
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        let path: (DecodingError.Context) -> String = { context in
            context.codingPath.map(\.stringValue).joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing key \(key.stringValue) at \(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(context.debugDescription) at \(path(context))"
        @unknown default: return String(describing: error)
        }
    }
}
