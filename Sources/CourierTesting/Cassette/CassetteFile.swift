public import Foundation

extension Cassette {
    /// A cassette file could not be read or written.
    public struct FileError: Error, CustomStringConvertible {
        /// The cassette file.
        public let file: URL
        /// What went wrong, in words.
        public let reason: String

        /// `cassette <path>: <reason>`.
        public var description: String { "cassette \(file.path): \(reason)" }
    }

    /// Reads a cassette file.
    ///
    /// - Throws: ``FileError`` when the file is missing, is not a cassette, or has a newer
    ///   format version; the reason names the broken field.
    public init(contentsOf file: URL) throws(FileError) {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw FileError(file: file, reason: "cannot be read (\(error.localizedDescription))")
        }
        do {
            self = try JSONDecoder.cassette.decode(Cassette.self, from: data)
        } catch let error as FileFormatError {
            throw FileError(file: file, reason: error.reason)
        } catch let error as DecodingError {
            throw FileError(file: file, reason: "is not a valid cassette: \(Self.describe(error))")
        } catch {
            throw FileError(file: file, reason: "is not a valid cassette: \(error)")
        }
    }

    /// The cassette as JSON text: pretty-printed with sorted keys, so it diffs well.
    ///
    /// - Throws: The encoder's `EncodingError` (not expected: a cassette holds only strings,
    ///   integers and dates).
    public func encoded() throws -> Data {
        try JSONEncoder.cassette.encode(self)
    }

    /// Writes the cassette to `file` atomically (a reader never sees half a file), creating
    /// missing folders.
    ///
    /// - Throws: ``FileError`` when the file cannot be written.
    public func write(to file: URL) throws(FileError) {
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try encoded().write(to: file, options: .atomic)
        } catch {
            throw FileError(file: file, reason: "cannot be written (\(error.localizedDescription))")
        }
    }

    private enum TopLevelKeys: String, CodingKey { case format, version, interactions }
    private static let formatName = "courier-cassette"

    private struct FileFormatError: Error { let reason: String }

    /// Reads the top level of a cassette file, checking its format and version.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: TopLevelKeys.self)
        let format = try container.decodeIfPresent(String.self, forKey: .format)
        guard format == Self.formatName else {
            throw FileFormatError(
                reason:
                    "is not a cassette (\"format\" is \(format.map { "\"\($0)\"" } ?? "missing"), expected \"\(Self.formatName)\")"
            )
        }
        let version = try container.decode(Int.self, forKey: .version)
        guard version <= Self.formatVersion else {
            throw FileFormatError(
                reason: "has format version \(version); this Courier reads up to \(Self.formatVersion)")
        }
        interactions = try container.decode([Interaction].self, forKey: .interactions)
    }

    /// Writes the top level of a cassette file.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: TopLevelKeys.self)
        try container.encode(Self.formatName, forKey: .format)
        try container.encode(Self.formatVersion, forKey: .version)
        try container.encode(interactions, forKey: .interactions)
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
            return path.isEmpty ? "top level" : String(path.drop { $0 == "." })
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context)): missing \"\(key.stringValue)\""
        case .typeMismatch(let type, let context): return "\(path(context)): expected \(type)"
        case .valueNotFound(let type, let context): return "\(path(context)): expected \(type), found null"
        case .dataCorrupted(let context): return "\(path(context)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}

extension JSONEncoder {
    static var cassette: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}

extension JSONDecoder {
    static var cassette: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
