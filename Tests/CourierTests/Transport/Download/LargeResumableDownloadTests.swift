import Courier
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A 256 MiB file served by nginx, through the fault proxy's cut runs: cut three times within
/// one call, and a helper process killed mid-body then run again. The SHA-256 of the result is
/// compared with the file's each time.
@Suite("Resumable downloads of a large file", .serialized)
struct LargeResumableDownloadTests {
    static let size = 256 << 20

    struct CutStats: Decodable {
        let cuts: Int
        let ranges: [String]
    }

    /// A file of 256 random MiB in nginx's folder, made for one test, and its SHA-256.
    struct Source {
        let name: String
        let path: String
        let sha256: String

        init() async throws {
            let directory = try TestServers.url(from: "COURIER_NGINX_FILES_DIR").path
            name = uniqueKey("resumable") + ".bin"
            path = directory + "/" + name
            _ = try await LargeResumableDownloadTests.shell(
                "head -c \(LargeResumableDownloadTests.size) /dev/urandom > '\(path).tmp' && mv '\(path).tmp' '\(path)'"
            )
            sha256 = try await LargeResumableDownloadTests.sha256(path)
        }

        func remove() { try? FileManager.default.removeItem(atPath: path) }
    }

    static func shell(_ command: String) async throws -> String {
        try await ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", command])
    }

    static func sha256(_ path: String) async throws -> String {
        String(try await shell("sha256sum '\(path)'").prefix(64))
    }

    func cutStats(_ key: String) async throws -> CutStats {
        let client = HTTPClient(baseURL: try TestServers.url(from: "COURIER_FILES_CUT_PROXY_URL"))
        return try JSON.TapeDecoder().decode(
            CutStats.self, from: try await client.send(Request<Data>(path: "/cut-stats/\(key)")).value)
    }

    func fileURL(_ source: Source) throws -> String {
        try TestServers.url(from: "COURIER_FILES_CUT_PROXY_URL").absoluteString + "/files/" + source.name
    }

    @Test(
        "256 MiB cut three times by the proxy resumes each time; the SHA-256 matches",
        arguments: TransportUnderTest.allCases)
    func cutThreeTimes(transport: TransportUnderTest) async throws {
        let source = try await Source()
        defer { source.remove() }
        let key = uniqueKey("big")
        let client = HTTPClient(baseURL: nil, transport: try transport.make()) {
            $0.interceptors = [RetryPolicy(maxAttempts: 5, backoff: .exponential(base: .milliseconds(10)))]
        }
        let folder = try makeTemporaryFolder("courier-resume-big")
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("big.bin")
        let request = Request<Void>(path: try fileURL(source), headers: ["X-Cut-Key": key, "X-Cuts": "3"]).timeout(
            .seconds(600))
        let transfer = client.download(request, to: destination)
        var last: TransferProgress?
        for await progress in transfer.progress { last = progress }
        _ = try await transfer.response
        #expect(try await Self.sha256(destination.path) == source.sha256)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["big.bin"])
        let stats = try await cutStats(key)
        #expect(stats.cuts == 3)
        // Each cut sends half of what was left; each attempt asks for what is on disk: all of it
        // with curl, nearly all with FoundationNetworking (it drops what it had not handed over).
        #expect(stats.ranges.count == 4 && stats.ranges.first == "", "\(stats.ranges)")
        var sent = 0
        var onDisk = 0
        for range in stats.ranges.dropFirst() {
            sent += (Self.size - sent) / 2
            let start = ResumableDownloadTests.rangeStart(range)
            #expect(start.map { $0 > onDisk && $0 <= sent } == true, "\(stats.ranges)")
            if transport == .curl { #expect(start == sent, "\(stats.ranges)") }
            onDisk = start ?? onDisk
        }
        #expect(last.map { [$0.bytesReceived, $0.bytesExpectedToReceive] } == [Int64(Self.size), Int64(Self.size)])
    }

    @Test("A helper process killed mid-download leaves its partial file; run again, it resumes and the SHA-256 matches")
    func killedProcessResumes() async throws {
        let source = try await Source()
        defer { source.remove() }
        let key = uniqueKey("kill")
        let helper = try HelperExecutable.url(named: "courier-download-helper")
        let folder = try makeTemporaryFolder("courier-resume-kill")
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("big.bin")
        let partial = folder.appendingPathComponent("big.bin.partial")
        let hold = 100 << 20

        // The proxy stops after `hold` body bytes and waits: the helper is killed while it waits.
        let process = Process()
        process.executableURL = helper
        process.arguments = ["curl", try fileURL(source), destination.path, key, String(hold)]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        try await waitUntil("the helper to write the bytes before the hold") {
            let size = (try? FileManager.default.attributesOfItem(atPath: partial.path)[.size] as? NSNumber)?.intValue
            return size == hold
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                "big.bin.partial", "big.bin.partial.json",
            ])

        let output = try await ChildProcess.run(
            helper, arguments: ["curl", try fileURL(source), destination.path, key])
        let report = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        // Progress began with the bytes already on disk.
        #expect((report?["first"] as? Int).map { $0 >= hold } == true, "\(output)")
        #expect(report?["completed"] as? Int == Self.size && report?["expected"] as? Int == Self.size, "\(output)")
        #expect(try await Self.sha256(destination.path) == source.sha256)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["big.bin"])
        #expect(try await cutStats(key).ranges == ["", "bytes=\(hold)-"])
    }
}
