import Courier
import Foundation

/// The file layout of a ``DocumentStore``: a small JSON object around the value,
/// `{"formatVersion": 2, "value": …}`, so a newer app can recognise and migrate older files.
///
/// Reading parses the file once: one `JSONDecoder` pass yields the format version and, when the
/// store can use it as it is, the value. Only a migration from an older version parses again (to
/// hand the value's JSON to the migration).
enum DocumentEnvelope {
    private struct Envelope<Value: Encodable>: Encodable {
        let formatVersion: Int
        let value: Value
    }

    private enum Keys: String, CodingKey {
        case formatVersion
        case value
    }

    /// What one pass over a file found.
    enum Contents<Value> {
        /// The file's version is the store's (or older without a migration): here is the value.
        case value(Value)
        /// The file's version differs from the store's and the value was not decoded: a newer
        /// file is refused, an older one is migrated.
        case otherVersion(Int)
    }

    /// Why a file's bytes are not a document.
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    private static let supportedKey = CodingUserInfoKey(rawValue: "CourierStore.DocumentEnvelope.supported")!
    private static let migratesKey = CodingUserInfoKey(rawValue: "CourierStore.DocumentEnvelope.migrates")!

    /// Decodes the format version first and the value only when the store will use it as it is.
    private struct Reader<Value: Decodable>: Decodable {
        let contents: Contents<Value>

        init(from decoder: any Decoder) throws {
            let container: KeyedDecodingContainer<Keys>
            do {
                container = try decoder.container(keyedBy: Keys.self)
            } catch {
                throw Malformed(description: "the file is not a JSON object")
            }
            let version: Int
            do {
                version = try container.decode(Int.self, forKey: .formatVersion)
            } catch {
                throw Malformed(description: "the file has no integer formatVersion")
            }
            let supported = decoder.userInfo[DocumentEnvelope.supportedKey] as? Int ?? version
            let migrates = decoder.userInfo[DocumentEnvelope.migratesKey] as? Bool ?? false
            if version > supported || (version < supported && migrates) {
                contents = .otherVersion(version)
                return
            }
            do {
                contents = .value(try container.decode(Value.self, forKey: .value))
            } catch {
                throw Malformed(
                    description: "the value does not decode as \(Value.self): \(DocumentEnvelope.describe(error))")
            }
        }
    }

    static func encode<Value: Codable>(_ value: Value, formatVersion: Int) throws(DocumentStoreError) -> Data {
        let encoder = JSONEncoder()
        // Sorted keys put `formatVersion` first, so ``formatVersionPrefix(of:)`` finds it cheaply.
        encoder.outputFormatting = [.sortedKeys]
        do {
            return try encoder.encode(Envelope(formatVersion: formatVersion, value: value))
        } catch {
            throw .encodingFailed(String(describing: error))
        }
    }

    /// Reads a file in one pass: the value when the store can use it as it is, else the version.
    static func read<Value: Decodable>(
        _ type: Value.Type, from data: Data, supported: Int, migrates: Bool
    ) throws(Malformed) -> Contents<Value> {
        guard !data.isEmpty else { throw Malformed(description: "the file is empty") }
        let decoder = JSONDecoder()
        decoder.userInfo = [supportedKey: supported, migratesKey: migrates]
        do {
            return try decoder.decode(Reader<Value>.self, from: data).contents
        } catch let malformed as Malformed {
            throw malformed
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
            throw Malformed(
                description: "the file is not JSON (\(data.count) bytes; truncated?): \(context.debugDescription)")
        } catch {
            throw Malformed(description: describe(error))
        }
    }

    /// The format version at the start of a file this store wrote (`{"formatVersion":N,…`),
    /// found without parsing the rest; nil when the file does not start that way.
    static func formatVersionPrefix(of head: Data) -> Int? {
        var bytes = head.makeIterator()
        func next(skippingSpace: Bool = true) -> UInt8? {
            while let byte = bytes.next() {
                if skippingSpace, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { continue }
                return byte
            }
            return nil
        }
        guard next() == UInt8(ascii: "{"), next() == UInt8(ascii: "\"") else { return nil }
        for expected in "formatVersion\"".utf8 where next(skippingSpace: false) != expected { return nil }
        guard next() == UInt8(ascii: ":") else { return nil }
        var digits = ""
        var byte = next()
        if byte == UInt8(ascii: "-") {
            digits.append("-")
            byte = next(skippingSpace: false)
        }
        while let current = byte, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(current) {
            digits.append(Character(UnicodeScalar(current)))
            byte = next(skippingSpace: false)
        }
        // The number must end where JSON says it may: a separator, space or the object's end.
        guard let end = byte, [UInt8(ascii: ","), UInt8(ascii: "}"), 0x20, 0x0A, 0x0D, 0x09].contains(end) else {
            return nil
        }
        return Int(digits)
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
