import Courier
import CourierTesting
import Foundation
import Testing

@Suite("Cassette files")
struct CassetteFileTests {
    let folder = FileManager.default.temporaryDirectory.appending(path: "cassette-tests-\(UUID().uuidString)")

    var sample: Cassette {
        Cassette(interactions: [
            Cassette.Interaction(
                request: .init(
                    method: .post, url: "https://api.example.com/items?x=1",
                    headers: ["Content-Type": "application/json"], body: .text(#"{"a":1}"#)),
                response: .init(
                    status: 201, headers: ["Content-Type": "application/json", "Location": "/items/9"],
                    body: .text(#"{"id":9}"#)),
                recordedAt: Date(timeIntervalSince1970: 1_800_000_000)
            ),
            Cassette.Interaction(
                request: .init(url: "https://api.example.com/logo.png"),
                response: .init(status: 200, headers: ["Content-Type": "image/png"], body: .base64(Data([0, 255, 1]))),
                recordedAt: Date(timeIntervalSince1970: 1_800_000_001)
            ),
        ])
    }

    @Test("A cassette written to disk reads back equal, in a stable, sorted, readable form")
    func roundTrip() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "nested/sample.json")
        try sample.write(to: file)
        #expect(try Cassette(contentsOf: file) == sample)

        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(#""format" : "courier-cassette""#))
        #expect(text.contains(#""recorded_at" : "2027-01-15T08:00:00Z""#))
        #expect(text.contains(#""base64" : "AP8B""#))
        #expect(text.contains(#""url" : "https://api.example.com/items?x=1""#))
        // Sorted keys: format < interactions < version; the same cassette always gives the same bytes.
        let format = try #require(text.range(of: "\"format\""))
        let version = try #require(text.range(of: "\"version\""))
        #expect(format.lowerBound < version.lowerBound)
        #expect(try sample.encoded() == Data(contentsOf: file))
    }

    @Test(
        "Broken files fail with a typed error that says what is wrong",
        arguments: [
            (
                #"{"format": "courier-cassette", "version": 1, "interactions": [{"request": {"url": "x"}}]}"#,
                "missing \"method\""
            ),
            (#"{"format": "courier-cassette", "version": 9, "interactions": []}"#, "format version 9"),
            (#"{"interactions": []}"#, "is not a cassette"),
            ("not json", "is not a valid cassette"),
            (
                #"{"format": "courier-cassette", "version": 1, "interactions": [{"recorded_at": "2026-01-01T00:00:00Z", "request": {"method": "GET", "url": "x"}, "response": {"status": 200, "body": {"base64": "%%%"}}}]}"#,
                "not valid base64"
            ),
        ])
    func brokenFiles(content: String, expected: String) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "broken.json")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(content.utf8).write(to: file)
        let error = try #require(throws: Cassette.FileError.self) { try Cassette(contentsOf: file) }
        #expect(error.description.contains(expected), "\(error)")
        #expect(error.description.contains("broken.json"))
    }

    @Test("A missing file is an error naming the file, not an empty cassette")
    func missingFile() throws {
        let error = try #require(throws: Cassette.FileError.self) {
            try ReplayTransport(contentsOf: folder.appending(path: "nothing.json"))
        }
        #expect(error.description.contains("nothing.json"))
        #expect(error.description.contains("cannot be read"))
    }

    @Test("Replay mode never records: a missing cassette is an error, not a silent recording")
    func replayModeNeedsFile() throws {
        let missing = FileManager.default.temporaryDirectory.appending(path: "absent-\(UUID().uuidString).json")
        #expect(throws: Cassette.FileError.self) {
            try CassetteTransport(fileURL: missing, mode: .replay, upstream: StubTransport())
        }
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }
}
