import Courier
import Foundation
import Synchronization
import TestSupport
import Testing

/// Response streams on both transports against real servers: nginx for a large body read by a
/// slow reader, the fault server for failures, bad statuses and cancellation.
@Suite struct StreamingTransportTests {
    /// The plain-HTTP nginx of `Scripts/test` serving the files the tests write.
    private static func files() throws -> (url: URL, directory: URL) {
        let url = try TestServers.url(from: "COURIER_NGINX_FILES_URL")
        let directory = URL(fileURLWithPath: try TestServers.url(from: "COURIER_NGINX_FILES_DIR").path)
        return (url, directory)
    }

    /// The most a transport may hold ahead of the reader: its bound plus one network read
    /// (libcurl's 256 KiB receive buffer; FoundationNetworking's reads are smaller).
    private static let bufferBound = 1 << 20 + 256 << 10

    @Test(arguments: TransportUnderTest.allCases)
    func aLargeBodyReadSlowlyStaysWithinTheTransportsBound(_ transport: TransportUnderTest) async throws {
        let size = 64 << 20
        let file = try SparseFile(size: size, in: Self.files().directory)
        defer { file.remove() }
        let client = HTTPClient(baseURL: try Self.files().url, transport: try transport.make())
        let response = try await client.stream(Request<Data>(path: "/\(file.name)"))
        // On every path out, including a failed expectation: the transfer stops.
        defer { response.body.cancel() }
        #expect(response.headers["Content-Length"] == String(size))

        var checker = SparseFile.Checker()
        var nextPause = 0
        for try await chunk in response.body {
            checker.check(chunk)
            // The slow part: every 8 MiB the reader stops until the transport has stopped reading.
            if checker.offset >= nextPause {
                nextPause += 8 << 20
                try await waitUntil {
                    response.body.isTransportPaused || response.body.hasSpilledToDisk || checker.offset == size
                }
            }
        }
        #expect(checker.offset == size)
        #expect(checker.mismatches.isEmpty, "first mismatches: \(checker.mismatches.prefix(3))")
        // FoundationNetworking cannot pause a transfer (see URLSessionTransport.stream): there the
        // bytes past the bound wait in a temporary file, and memory stays within the same bound.
        let highWater = try #require(response.body.bufferHighWaterMark)
        #expect(highWater <= Self.bufferBound, "the transport buffered \(highWater) bytes")
    }

    @Test(arguments: TransportUnderTest.allCases)
    func linesArriveFromTheServer(_ transport: TransportUnderTest) async throws {
        let (url, directory) = try Self.files()
        let name = "lines-\(UUID().uuidString).log"
        try Data("one\ntwo\r\n\nfour\r\nlast without newline".utf8).write(to: directory.appendingPathComponent(name))
        defer { try? FileManager.default.removeItem(at: directory.appendingPathComponent(name)) }
        let client = HTTPClient(baseURL: url, transport: try transport.make())
        var lines: [String] = []
        for try await line in try await client.stream(Request<Data>(path: "/\(name)")).body.lines {
            lines.append(line)
        }
        #expect(lines == ["one", "two", "", "four", "last without newline"])
    }

    @Test(arguments: TransportUnderTest.allCases, ["reset-mid-body", "truncated"])
    func aFailureMidBodyEndsTheSequenceWithATypedError(_ transport: TransportUnderTest, path: String) async throws {
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: try transport.make())
        let response = try await client.stream(Request<Data>(path: "/\(path)"))
        #expect(response.statusCode == 200)
        var received = 0
        let error = await #expect(throws: HTTPError.self) {
            for try await chunk in response.body { received += chunk.count }
        }
        guard case .transport(let underlying)? = error?.kind else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect((underlying as? URLError)?.code == .networkConnectionLost)
        #expect(error?.response?.statusCode == 200)
        #expect(received == (path == "truncated" ? 10 : 500))
    }

    @Test(arguments: TransportUnderTest.allCases)
    func anUnacceptableStatusFailsBeforeTheBodyWithItsErrorBody(_ transport: TransportUnderTest) async throws {
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: try transport.make())
        let key = uniqueKey()
        let error = await #expect(throws: HTTPError.self) {
            try await client.stream(Request<Data>(path: "/flaky/\(key)", query: [.init(name: "status", value: "503")]))
        }
        guard case .unacceptableStatus(503)? = error?.kind else {
            Issue.record("expected unacceptableStatus(503), got \(String(describing: error))")
            return
        }
        #expect(error?.response?.body == Data(#"{"error": 503}"#.utf8))
    }

    @Test(arguments: TransportUnderTest.allCases)
    func retriesHappenBeforeTheFirstByte(_ transport: TransportUnderTest) async throws {
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: try transport.make()) {
            $0.interceptors = [RetryPolicy(maxAttempts: 3, backoff: .exponential(base: .milliseconds(1)))]
        }
        let key = uniqueKey()
        let response = try await client.stream(
            Request<Data>(path: "/flaky/\(key)", query: [.init(name: "fail", value: "2")]))
        let body = try await response.body.collect(upTo: 1 << 16)
        #expect(String(decoding: body, as: UTF8.self).contains(#""hits": 3"#))
    }

    @Test(arguments: TransportUnderTest.allCases)
    func cancellingTheReadingTaskClosesTheConnection(_ transport: TransportUnderTest) async throws {
        let faults = try TestServers.faults()
        let client = HTTPClient(baseURL: faults, transport: try transport.make())
        let key = uniqueKey()
        let response = try await client.stream(Request<Data>(path: "/endless/\(key)"))
        // On every path out, including a failed expectation: an endless body stops.
        defer { response.body.cancel() }
        let received = Atomic(0)
        let reader = Task {
            for try await chunk in response.body { received.add(chunk.count, ordering: .relaxed) }
        }
        try await waitUntil { received.load(ordering: .relaxed) >= 1 << 20 }
        reader.cancel()
        let result = await reader.result
        guard case .failure(let error as HTTPError) = result, case .cancelled = error.kind else {
            Issue.record("expected HTTPError.cancelled, got \(result)")
            return
        }
        try await waitUntil { try await Self.closedEarly(key, at: faults) == 1 }
    }

    @Test(arguments: TransportUnderTest.allCases)
    func droppingTheBodyUnreadClosesTheConnection(_ transport: TransportUnderTest) async throws {
        let faults = try TestServers.faults()
        let client = HTTPClient(baseURL: faults, transport: try transport.make())
        let key = uniqueKey()
        do {
            let response = try await client.stream(Request<Data>(path: "/endless/\(key)"))
            // Dropped, not cancelled: what the test checks. (`defer` would cancel it.)
            var iterator = response.body.makeAsyncIterator()
            _ = try await iterator.next()
        }
        try await waitUntil { try await Self.closedEarly(key, at: faults) == 1 }
    }

    /// How many connections the fault server saw closed by the client for `key`.
    private static func closedEarly(_ key: String, at faults: URL) async throws -> Int {
        struct Hits: Decodable { let closed_early: Int }
        let client = HTTPClient(baseURL: faults, transport: URLSessionTransport())
        return try await client.send(Request<Hits>(path: "/hits/\(key)")).value.closed_early
    }
}

/// Waits until `condition` holds, checking every few milliseconds; fails after a minute.
func waitUntil(for limit: Duration = .seconds(60), _ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + limit
    while try await !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("the condition did not hold within a minute")
            return
        }
        try await Task.sleep(for: .milliseconds(2))
    }
}

/// A sparse file of zeros with its own 8-byte offset (big-endian) at every 1 MiB boundary: cheap
/// to create and to check, and any byte out of place shows.
struct SparseFile {
    let name: String
    let url: URL

    init(size: Int, in directory: URL) throws {
        name = "sparse-\(UUID().uuidString).bin"
        url = directory.appendingPathComponent(name)
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.truncate(atOffset: UInt64(size))
        for offset in stride(from: 0, to: size, by: Self.blockSize) {
            try handle.seek(toOffset: UInt64(offset))
            try handle.write(contentsOf: Self.marker(at: offset))
        }
    }

    func remove() { try? FileManager.default.removeItem(at: url) }

    static let blockSize = 1 << 20

    static func marker(at offset: Int) -> Data {
        withUnsafeBytes(of: UInt64(offset).bigEndian) { Data($0) }
    }

    /// Checks a body chunk by chunk against the file's layout.
    struct Checker {
        private(set) var offset = 0
        private(set) var mismatches: [Int] = []
        private static let zeros = [UInt8](repeating: 0, count: SparseFile.blockSize)

        mutating func check(_ chunk: Data) {
            chunk.withUnsafeBytes { bytes in
                var position = 0
                while position < bytes.count {
                    let absolute = offset + position
                    let inBlock = absolute % SparseFile.blockSize
                    if inBlock < 8 {
                        let expected = SparseFile.marker(at: absolute - inBlock)
                        if bytes[position] != expected[expected.startIndex + inBlock] { mismatches.append(absolute) }
                        position += 1
                        continue
                    }
                    let run = min(bytes.count - position, SparseFile.blockSize - inBlock)
                    let same = Self.zeros.withUnsafeBytes {
                        memcmp($0.baseAddress!, bytes.baseAddress! + position, run)
                    }
                    if same != 0 { mismatches.append(absolute) }
                    position += run
                }
            }
            offset += chunk.count
        }
    }
}
