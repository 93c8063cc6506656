import Courier
import CourierTesting
import Foundation
import Synchronization
import TestSupport
import Testing

/// The tests that talk to a server run once per transport: progress is part of a transport's
/// contract.
@Suite("Transfer progress")
struct TransferProgressTests {
    static let size = 8 * 1024 * 1024
    /// The upload body, made once: an 8-million-step `map` in a debug build keeps a thread of the
    /// (two-thread) cooperative pool busy for seconds, stalling every other test meanwhile.
    static let payload: Data = {
        let period = Data((0..<256).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        var payload = Data(capacity: size)
        for _ in 0..<(size / period.count) { payload.append(period) }
        return payload
    }()

    /// Reads the whole progress sequence of a transfer.
    func collect<Value>(_ transfer: Transfer<Value>) async -> [TransferProgress] {
        var snapshots: [TransferProgress] = []
        for await progress in transfer.progress { snapshots.append(progress) }
        return snapshots
    }

    func isNonDecreasing(_ values: [Int64]) -> Bool {
        zip(values, values.dropFirst()).allSatisfy { $0 <= $1 }
    }

    @Test("An 8 MiB upload reports increasing progress that ends at the total", arguments: TransportUnderTest.allCases)
    func upload(transport: TransportUnderTest) async throws {
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: try transport.make())
        let payload = Self.payload
        let transfer = client.transfer(
            Request<JSON>(method: .post, path: "/upload", body: .data(payload, contentType: "application/octet-stream"))
        )
        let snapshots = await collect(transfer)
        let response = try await transfer.response
        #expect(response.value["received"]?.intValue == Self.size)

        let sent = snapshots.map(\.bytesSent)
        #expect(isNonDecreasing(sent), "upload went backwards: \(sent)")
        #expect(snapshots.allSatisfy { $0.bytesExpectedToSend == Int64(Self.size) && $0.attempt == 1 })
        // Real progress, not just a start and an end.
        #expect(
            Set(sent.filter { $0 > 0 && $0 < Int64(Self.size) }).count >= 2,
            "no intermediate upload progress: \(snapshots)")
        let last = try #require(snapshots.last)
        #expect(
            last.bytesSent == Int64(Self.size) && last.fractionSent == 1 && last.fractionSent == 1)
    }

    @Test(
        "An 8 MiB download to a file reports increasing progress that ends at the total",
        arguments: TransportUnderTest.allCases)
    func downloadToFile(transport: TransportUnderTest) async throws {
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: try transport.make())
        let folder = try makeTemporaryFolder("courier-transfer")
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("eight.bin")
        try Data("old contents".utf8).write(to: destination)

        let transfer = client.download(Request(path: "/download/\(Self.size)"), to: destination)
        let snapshots = await collect(transfer)
        let response = try await transfer.response
        #expect(response.value == destination)

        let received = snapshots.map(\.bytesReceived)
        #expect(isNonDecreasing(received), "download went backwards")
        #expect(
            Set(received.filter { $0 > 0 && $0 < Int64(Self.size) }).count >= 2, "no intermediate download progress")
        let last = try #require(snapshots.last)
        #expect(last.bytesReceived == Int64(Self.size) && last.bytesExpectedToReceive == Int64(Self.size))

        let saved = try Data(contentsOf: destination)
        #expect(saved.count == Self.size)
        #expect(saved.prefix(256) == Data((0..<256).map { UInt8($0) }) && saved.suffix(1) == Data([255]))
        // Streamed to disk: the response itself holds no body, and no temporary file is left.
        #expect(response.data.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["eight.bin"])
    }

    @Test(
        "A download that breaks off leaves no file, partial or temporary",
        arguments: TransportUnderTest.allCases, ["/reset-mid-body", "/truncated", "/status/404"]
    )
    func failedDownload(transport: TransportUnderTest, path: String) async throws {
        let base = path.hasPrefix("/status") ? try TestServers.httpbin() : try TestServers.faults()
        let client = HTTPClient(baseURL: base, transport: try transport.make())
        let folder = try makeTemporaryFolder("courier-transfer")
        defer { try? FileManager.default.removeItem(at: folder) }
        let transfer = client.download(Request(path: path), to: folder.appendingPathComponent("file.bin"))
        _ = await collect(transfer)
        await #expect(throws: HTTPError.self) { try await transfer.response }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("A download into a folder that does not exist fails with a clear error")
    func missingFolder() async throws {
        let client = HTTPClient(baseURL: try TestServers.faults())
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-missing-\(UUID())/file.bin")
        let transfer = client.download(Request(path: "/download/10"), to: destination)
        do {
            _ = try await transfer.response
            Issue.record("expected an error")
        } catch {
            guard case .invalidRequest(let reason, _) = error.kind else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(reason.contains("does not exist"))
        }
    }

    @Test("A download through a redirect counts only the final response's body", arguments: TransportUnderTest.allCases)
    func downloadThroughRedirect(transport: TransportUnderTest) async throws {
        let client = HTTPClient(baseURL: try TestServers.httpbin(), transport: try transport.make())
        let folder = try makeTemporaryFolder("courier-transfer")
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("redirected.bin")
        let size = 50_000
        let request = Request<Void>(path: "/redirect-to", query: [URLQueryItem(name: "url", value: "/bytes/\(size)")])
        let transfer = client.download(request, to: destination)
        let snapshots = await collect(transfer)
        #expect(try await transfer.response.value == destination)

        // The redirect's own (empty) body never shows up as the expected size.
        #expect(
            snapshots.allSatisfy { $0.bytesExpectedToReceive == nil || $0.bytesExpectedToReceive == Int64(size) },
            "\(snapshots)")
        #expect(isNonDecreasing(snapshots.map(\.bytesReceived)))
        #expect(snapshots.allSatisfy { $0.attempt == 1 })
        #expect(snapshots.last.map { [$0.bytesReceived, $0.bytesExpectedToReceive] } == [Int64(size), Int64(size)])
        #expect(try Data(contentsOf: destination).count == size)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["redirected.bin"])
    }

    @Test("Cancelling a transfer ends its progress and throws cancelled", arguments: TransportUnderTest.allCases)
    func cancel(transport: TransportUnderTest) async throws {
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: try transport.make())
        let transfer = client.transfer(Request<Data>(path: "/hang"))
        transfer.cancel()
        _ = await collect(transfer)
        await #expect { try await transfer.response } throws: { ($0 as? HTTPError)?.isCancelled == true }
    }

    @Test("With a transport that reports no progress, the sequence still ends at the totals and a download is saved")
    func transportWithoutProgress() async throws {
        let body = Data(repeating: 7, count: 1000)
        let client = HTTPClient(
            baseURL: URL(string: "http://example.invalid")!,
            transport: StubTransport { request in
                HTTPResponse(statusCode: 200, body: body, url: request.url)
            })
        let upload = client.transfer(
            Request<Data>(
                method: .post, path: "/u", body: .data(Data(count: 300), contentType: "application/octet-stream")))
        let snapshots = await collect(upload)
        #expect(
            snapshots.last
                == TransferProgress(
                    attempt: 1, bytesSent: 300, bytesExpectedToSend: 300,
                    bytesReceived: 1000, bytesExpectedToReceive: 1000))
        #expect(try await upload.response.data == body)

        let folder = try makeTemporaryFolder("courier-transfer")
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("saved.bin")
        let download = client.download(Request(path: "/d"), to: destination)
        #expect(try await download.response.value == destination)
        #expect(try Data(contentsOf: destination) == body)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["saved.bin"])
    }
}
