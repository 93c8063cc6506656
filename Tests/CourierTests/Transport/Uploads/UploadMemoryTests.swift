import Foundation
import TestSupport
import Testing

/// A file larger than the memory bound goes out from disk: a child process uploads it and
/// reports its own peak resident memory growth (VmHWM), and the server checks the hash.
@Suite("Upload memory", .serialized)
struct UploadMemoryTests {
    struct Report: Decodable {
        let growth: Int
        let response: String
    }

    /// The file is four times the bound: a body held in memory whole would blow through it.
    static let fileSize = 64 << 20
    static let bound = 24 << 20

    @Test("A 64 MiB file uploads with under 24 MiB of memory growth", arguments: TransportUnderTest.allCases)
    func largeFile(transport: TransportUnderTest) async throws {
        let file = try UploadFile(size: Self.fileSize)
        defer { file.remove() }
        let url = try TestServers.faults().appendingPathComponent("sink/\(uniqueKey("large"))")
        let output = try await ChildProcess.run(
            try HelperExecutable.url(named: "courier-upload-helper"),
            arguments: [transport.rawValue, url.absoluteString, file.url.path])
        let report = try JSONDecoder().decode(Report.self, from: Data(output.utf8))
        let answer = try JSONDecoder().decode(SinkAnswer.self, from: Data(report.response.utf8))
        let expectedHash = try await file.sha256()
        #expect(answer.received == Self.fileSize && answer.sha256 == expectedHash)
        #expect(report.growth < Self.bound, "peak resident memory grew by \(report.growth >> 20) MiB")
    }
}
