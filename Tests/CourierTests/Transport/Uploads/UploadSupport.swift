import Courier
import Foundation
import TestSupport

/// What the fault server's `/sink` endpoints read from a request body.
struct SinkAnswer: Decodable, Sendable {
    let hit: Int
    let method: String
    let received: Int
    let sha256: String
    let chunked: Bool
    let content_type: String
    let content_length: String?
}

/// What `/sink-form` parsed from a multipart form, part by part.
struct FormAnswer: Decodable, Sendable {
    struct Part: Decodable, Sendable, Equatable {
        let name: String
        let filename: String?
        let content_type: String?
        let size: Int
        let sha256: String
    }
    let received: Int
    let parts: [Part]
}

/// A file of `size` bytes made for one test in a temporary folder, removed by ``remove()``.
struct UploadFile: Sendable {
    let url: URL
    let size: Int

    /// Writes `size` bytes, 1 MiB at a time, varied so a byte out of place changes the hash.
    init(size: Int, name: String = "upload.bin") throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-upload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        url = directory.appendingPathComponent(name)
        self.size = size
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var written = 0
        var block = 0
        while written < size {
            let count = min(1 << 20, size - written)
            try handle.write(contentsOf: patternBytes(count: count, seed: block))
            written += count
            block += 1
        }
    }

    /// The file's SHA-256 in hex, from `sha256sum` (Courier has no hash of its own to test with).
    func sha256() async throws -> String {
        try await Self.sha256(of: url)
    }

    static func sha256(of url: URL) async throws -> String {
        let output = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/sha256sum"), arguments: [url.path])
        return String(output.prefix(64))
    }

    func remove() {
        try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
    }
}

/// Chunks of a known pattern for stream bodies: `count` chunks of `size` bytes.
struct PatternChunks: AsyncSequence, Sendable {
    typealias Element = Data
    let count: Int
    let size: Int

    struct AsyncIterator: AsyncIteratorProtocol {
        var index = 0
        let count: Int
        let size: Int

        mutating func next() async -> Data? {
            guard index < count else { return nil }
            defer { index += 1 }
            await Task.yield()
            return patternBytes(count: size, seed: index)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(count: count, size: size) }

    /// All the chunks in one piece, to hash.
    var joined: Data {
        var data = Data()
        for index in 0..<count { data.append(patternBytes(count: size, seed: index)) }
        return data
    }
}
