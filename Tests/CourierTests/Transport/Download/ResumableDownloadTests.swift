import Courier
import Foundation
import TestSupport
import Testing

/// A download that breaks off mid-body resumes from the bytes on disk (`Range`, `If-Range`), on
/// both transports, against the fault server's `/ranged` resource, which honours ranges, can be
/// told to ignore them or to change its entity tag, and cuts its first responses halfway.
@Suite("Resumable downloads")
struct ResumableDownloadTests {
    struct Logged: Decodable, Equatable {
        let range: String
        let ifRange: String
        let status: Int
    }

    struct Log: Decodable {
        let requests: [Logged]
    }

    static let size = 1_000_000

    /// What the fault server's /ranged resource with entity tag `etag` holds.
    static func expected(etag: String, size: Int = size) -> Data {
        let shift = etag.utf8.reduce(0) { $0 + Int($1) } % 251
        let period = (0..<251).map { UInt8(($0 + shift) % 251) }
        var data = Data(capacity: size + 251)
        while data.count < size { data.append(contentsOf: period) }
        return data.prefix(size)
    }

    func log(_ key: String) async throws -> [Logged] {
        let client = HTTPClient(baseURL: try TestServers.faults())
        return try JSON.TapeDecoder().decode(
            Log.self, from: try await client.send(Request<Data>(path: "/ranged-log/\(key)")).value
        )
        .requests
    }

    func configure(_ key: String, _ query: String) async throws {
        let client = HTTPClient(baseURL: try TestServers.faults())
        _ = try await client.send(Request<Data>(path: "/ranged-set/\(key)?\(query)"))
    }

    /// N in "bytes=N-".
    static func rangeStart(_ range: String) -> Int? {
        guard range.hasPrefix("bytes="), range.hasSuffix("-") else { return nil }
        return Int(range.dropFirst("bytes=".count).dropLast())
    }

    func contents(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test(
        "A download cut three times resumes each attempt from the bytes on disk, with the ETag or else Last-Modified",
        arguments: TransportUnderTest.allCases, ["v1", "none"])
    func resumesWithinOneCall(transport: TransportUnderTest, etag: String) async throws {
        let key = uniqueKey("cut3")
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: try transport.make()) {
            $0.interceptors = [RetryPolicy(maxAttempts: 5, backoff: .exponential(base: .milliseconds(10)))]
        }
        let folder = try makeTemporaryFolder("courier-resume")
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("file.bin")
        let transfer = client.download(
            Request(path: "/ranged/\(key)?size=\(Self.size)&cuts=3&etag=\(etag)"), to: destination)
        var snapshots: [TransferProgress] = []
        for await progress in transfer.progress { snapshots.append(progress) }
        #expect(try await transfer.response.value == destination)
        #expect(try Data(contentsOf: destination) == Self.expected(etag: etag))
        #expect(try contents(folder) == ["file.bin"])

        let requests = try await log(key)
        #expect(requests.map(\.status) == [200, 206, 206, 206], "\(requests)")
        #expect(requests.first?.range == "")
        // Each cut sends half of what was left: every attempt asks for what is on disk, which is
        // all of it with curl (FoundationNetworking drops what it had not handed over yet).
        var sent = 0
        var onDisk = 0
        for request in requests.dropFirst() {
            sent += (Self.size - sent) / 2
            let start = Self.rangeStart(request.range)
            #expect(start.map { $0 > onDisk && $0 <= sent } == true, "\(requests)")
            if transport == .curl { #expect(start == sent, "\(requests)") }
            onDisk = start ?? onDisk
            #expect(!request.ifRange.isEmpty && request.ifRange.contains("\"") == (etag != "none"))
        }
        // The last attempt's progress starts from the bytes on disk, not from zero.
        let last = try #require(snapshots.last)
        #expect(last.attempt == 4)
        #expect([last.bytesReceived, last.bytesExpectedToReceive] == [Int64(Self.size), Int64(Self.size)])
        let lastAttempt = snapshots.filter { $0.attempt == 4 && $0.bytesReceived > 0 }
        #expect(lastAttempt.first.map { $0.bytesReceived >= Int64(onDisk) } == true, "\(lastAttempt.prefix(3))")
    }

    @Test(
        "Without retries a cut download fails, keeps its partial file and record, and the next download resumes",
        arguments: TransportUnderTest.allCases)
    func resumesInTheNextCall(transport: TransportUnderTest) async throws {
        let key = uniqueKey("next")
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: try transport.make())
        let folder = try makeTemporaryFolder("courier-resume")
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("file.bin")
        let request = Request<Void>(path: "/ranged/\(key)?size=\(Self.size)&cuts=1")

        await #expect(throws: HTTPError.self) { try await client.download(request, to: destination).response }
        #expect(try contents(folder) == ["file.bin.partial", "file.bin.partial.json"])
        let kept = try Data(contentsOf: folder.appendingPathComponent("file.bin.partial"))
        // Half the body was sent before the reset: curl keeps all of it.
        #expect(kept == Self.expected(etag: "v1").prefix(kept.count) && kept.count > 0 && kept.count <= Self.size / 2)
        if transport == .curl { #expect(kept.count == Self.size / 2) }

        let transfer = client.download(request, to: destination)
        var first: TransferProgress?
        for await progress in transfer.progress where first == nil && progress.bytesReceived > 0 {
            first = progress
        }
        _ = try await transfer.response
        #expect(try Data(contentsOf: destination) == Self.expected(etag: "v1"))
        #expect(try contents(folder) == ["file.bin"])
        #expect(try await log(key).map(\.range) == ["", "bytes=\(kept.count)-"])
        #expect(first.map { $0.bytesReceived >= Int64(kept.count) } == true, "\(String(describing: first))")
    }

    @Test(
        "A server that answers 200 instead of 206, or with a changed ETag, restarts the file from zero",
        arguments: TransportUnderTest.allCases, ["ranges=0", "etag=v2"])
    func restartsFromZero(transport: TransportUnderTest, change: String) async throws {
        let key = uniqueKey("restart")
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: try transport.make())
        let folder = try makeTemporaryFolder("courier-resume")
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("file.bin")
        let request = Request<Void>(path: "/ranged/\(key)?size=\(Self.size)&cuts=1")
        await #expect(throws: HTTPError.self) { try await client.download(request, to: destination).response }
        #expect(try contents(folder) == ["file.bin.partial", "file.bin.partial.json"])
        let kept = try Data(contentsOf: folder.appendingPathComponent("file.bin.partial")).count

        // The same URL now ignores ranges, or holds another resource.
        try await configure(key, change)
        let transfer = client.download(request, to: destination)
        var snapshots: [TransferProgress] = []
        for await progress in transfer.progress { snapshots.append(progress) }
        _ = try await transfer.response
        #expect(try Data(contentsOf: destination) == Self.expected(etag: change == "etag=v2" ? "v2" : "v1"))
        #expect(try contents(folder) == ["file.bin"])
        let requests = try await log(key)
        #expect(requests.map(\.range) == ["", "bytes=\(kept)-"])
        #expect(requests.map(\.status) == [200, 200])
        #expect(
            snapshots.last.map { [$0.bytesReceived, $0.bytesExpectedToReceive] } == [
                Int64(Self.size), Int64(Self.size),
            ])
    }

    @Test(
        "A body without a validator cannot be resumed: a cut download leaves nothing behind",
        arguments: TransportUnderTest.allCases)
    func noValidatorNoPartial(transport: TransportUnderTest) async throws {
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: try transport.make())
        let folder = try makeTemporaryFolder("courier-resume")
        defer { try? FileManager.default.removeItem(at: folder) }
        let transfer = client.download(Request(path: "/reset-mid-body"), to: folder.appendingPathComponent("f"))
        await #expect(throws: HTTPError.self) { try await transfer.response }
        #expect(try contents(folder).isEmpty)
    }
}
