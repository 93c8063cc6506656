import Courier
import Foundation
import TestSupport
import Testing

/// Resumed downloads against the hostile server's `/resource` (Tests/Servers/hostile_server.py):
/// a first response cut halfway, then a 206 that lies in one way or another (RFC 9110 §14.4,
/// §13.1.5, §8.8). Nothing spliced from two versions, nothing short, is ever reported as success.
@Suite("Hostile server: resumed downloads")
struct HostileResumeTests {
    static let size = 100_000

    struct Logged: Decodable {
        let method: String
        let path: String
        let headers: [[String]]

        func header(_ name: String) -> String? {
            headers.first { $0.first?.lowercased() == name.lowercased() }?.last
        }
    }

    struct Log: Decodable { let requests: [Logged] }

    /// Version `version` of the resource, `size` bytes: byte i is (i * 7 + version) % 251.
    static func expected(version: Int, size: Int = size) -> Data {
        Data((0..<size).map { UInt8(($0 * 7 + version) % 251) })
    }

    static func log(_ key: String) async throws -> [Logged] {
        let client = HTTPClient(baseURL: try TestServers.hostile())
        let data = try await client.send(Request<Data>(path: "/log/\(key)")).value
        return try JSONDecoder().decode(Log.self, from: data).requests.filter { $0.path.hasPrefix("/resource/") }
    }

    static func contents(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// Downloads `/resource/KEY?query` twice to one destination: the first call is cut halfway
    /// (its bytes kept when they can be resumed), the second meets `after`.
    static func downloadTwice(
        _ transport: TransportUnderTest, query: String, retries: Bool = false
    ) async throws -> (key: String, folder: URL, second: Result<URL, HTTPError>) {
        let key = uniqueKey("resume")
        let client = HTTPClient(baseURL: try TestServers.hostile(), transport: try transport.make()) {
            if retries {
                $0.interceptors = [RetryPolicy(maxAttempts: 3, backoff: .exponential(base: .milliseconds(10)))]
            }
        }
        let folder = try makeTemporaryFolder("courier-hostile")
        let destination = folder.appendingPathComponent("file.bin")
        let request = Request<Void>(path: "/resource/\(key)?size=\(size)&\(query)")
        await #expect(throws: HTTPError.self) { try await client.download(request, to: destination).response }
        let second: Result<URL, HTTPError>
        do throws(HTTPError) {
            second = .success(try await client.download(request, to: destination).response.value)
        } catch {
            second = .failure(error)
        }
        return (key, folder, second)
    }

    @Test(
        "A 206 that does not continue the bytes on disk (no validator, another ETag, another start, total or length, an unreadable Content-Range) is refused and the whole file fetched again",
        arguments: TransportUnderTest.allCases,
        ["no-validator", "changed", "wrong-start", "wrong-total", "short-body", "bad-range"])
    func refusedResumeFetchesTheWholeFile(transport: TransportUnderTest, after: String) async throws {
        let (key, folder, second) = try await Self.downloadTwice(transport, query: "after=\(after)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = try second.get()
        let version = ["no-validator", "changed"].contains(after) ? 2 : 1
        #expect(try Data(contentsOf: destination) == Self.expected(version: version))
        #expect(try Self.contents(folder) == ["file.bin"])
        let requests = try await Self.log(key)
        #expect(requests.map { $0.header("Range") != nil } == [false, true, false], "\(requests.map(\.headers))")
    }

    @Test(
        "A 206 that ends before the end is never a complete file: the call fails and keeps the bytes to resume",
        arguments: TransportUnderTest.allCases)
    func shortPartialIsNotSuccess(transport: TransportUnderTest) async throws {
        let (key, folder, second) = try await Self.downloadTwice(transport, query: "after=short")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard case .failure(let error) = second else {
            Issue.record("a short 206 completed the download")
            return
        }
        #expect(error.description.contains("ended at byte"), "\(error)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("file.bin").path))
        let kept = try Data(contentsOf: folder.appendingPathComponent("file.bin.partial"))
        #expect(kept == Self.expected(version: 1).prefix(kept.count))
        #expect(kept.count < Self.size)
        #expect(try await Self.log(key).count == 2)
    }

    @Test(
        "Within one call under a retry policy, a short 206 is continued by the next attempt, never taken for the whole",
        arguments: TransportUnderTest.allCases)
    func shortPartialWithinOneCall(transport: TransportUnderTest) async throws {
        let key = uniqueKey("short")
        let client = HTTPClient(baseURL: try TestServers.hostile(), transport: try transport.make()) {
            $0.interceptors = [RetryPolicy(maxAttempts: 4, backoff: .exponential(base: .milliseconds(10)))]
        }
        let folder = try makeTemporaryFolder("courier-hostile")
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("file.bin")
        let request = Request<Void>(path: "/resource/\(key)?size=\(Self.size)&after=short")
        // Each short 206 leaves a quarter of what was asked: four attempts never reach the end.
        await #expect(throws: HTTPError.self) { try await client.download(request, to: destination).response }
        #expect(!FileManager.default.fileExists(atPath: destination.path))
        let requests = try await Self.log(key)
        #expect(requests.count == 4, "\(requests.map(\.headers))")
        // Every attempt after the first asks for the bytes after those on disk.
        let starts = requests.dropFirst().compactMap { $0.header("Range") }
        #expect(starts.count == 3 && Set(starts).count == 3, "\(starts)")
    }

    @Test(
        "Only a strong validator resumes: a weak ETag, a Last-Modified not a second older than Date, or none, starts anew",
        arguments: TransportUnderTest.allCases, ["weak", "lastmod-now", "none"])
    func weakValidatorsDoNotResume(transport: TransportUnderTest, validator: String) async throws {
        let (key, folder, second) = try await Self.downloadTwice(
            transport, query: "validator=\(validator)&after=no-validator")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Data(contentsOf: try second.get()) == Self.expected(version: 1))
        let requests = try await Self.log(key)
        #expect(requests.map { $0.header("Range") } == [nil, nil], "\(requests.map(\.headers))")
        #expect(requests.map { $0.header("If-Range") } == [nil, nil])
    }

    @Test(
        "A strong validator resumes: an ETag, or a Last-Modified older than Date",
        arguments: TransportUnderTest.allCases, ["strong", "lastmod"])
    func strongValidatorsResume(transport: TransportUnderTest, validator: String) async throws {
        let (key, folder, second) = try await Self.downloadTwice(transport, query: "validator=\(validator)&after=ok")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Data(contentsOf: try second.get()) == Self.expected(version: 1))
        let requests = try await Self.log(key)
        #expect(requests.count == 2)
        #expect(requests.last?.header("Range")?.hasPrefix("bytes=") == true)
        #expect(requests.last?.header("If-Range").map { !$0.isEmpty } == true)
    }

    @Test(
        "Under a retry policy, a refused 206 is fetched again whole within the same call",
        arguments: TransportUnderTest.allCases)
    func refusedResumeWithinOneCall(transport: TransportUnderTest) async throws {
        let key = uniqueKey("within")
        let client = HTTPClient(baseURL: try TestServers.hostile(), transport: try transport.make()) {
            $0.interceptors = [RetryPolicy(maxAttempts: 5, backoff: .exponential(base: .milliseconds(10)))]
        }
        let folder = try makeTemporaryFolder("courier-hostile")
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("file.bin")
        let request = Request<Void>(path: "/resource/\(key)?size=\(Self.size)&after=changed")
        let saved = try await client.download(request, to: destination).response.value
        #expect(try Data(contentsOf: saved) == Self.expected(version: 2))
        #expect(try Self.contents(folder) == ["file.bin"])
        #expect(try await Self.log(key).map { $0.header("Range") != nil } == [false, true, false])
    }
}
