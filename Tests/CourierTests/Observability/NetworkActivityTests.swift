import Courier
import Foundation
import Observation
import Synchronization
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Network activity")
struct NetworkActivityTests {
    /// Holds every request until the gate opens, so all of them are in flight at once.
    struct HoldUntilOpen: Interceptor {
        let gate: Gate
        func intercept(_ request: HTTPRequest, context: RequestContext, next: Next) async throws -> HTTPResponse {
            await gate.wait()
            return try await next(request)
        }
    }

    @Test("50 concurrent requests count up to 50 and back to zero, through successes, failures and cancellations")
    func fiftyConcurrent() async throws {
        let activity = NetworkActivity()
        let gate = Gate()
        let httpbin = try TestServers.httpbin()
        let faults = try TestServers.faults()
        // Room for all 50 at once: the default 6 connections per host would queue the fast
        // requests behind the hanging ones.
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 64
        let client = HTTPClient(baseURL: nil, transport: URLSessionTransport(configuration: configuration)) {
            $0.interceptors = [HoldUntilOpen(gate: gate)]
            $0.eventMonitors = [activity]
        }
        let highest = Mutex(0)
        let watcher = Task {
            for await count in activity.changes {
                highest.withLock { $0 = max($0, count) }
            }
        }
        defer { watcher.cancel() }

        // 20 succeed, 10 fail with a status, 10 fail in the transport, 10 hang until cancelled.
        func url(_ index: Int) -> URL {
            switch index % 5 {
            case 0, 1: httpbin.appendingPathComponent("get")
            case 2: httpbin.appendingPathComponent("status/500")
            case 3: faults.appendingPathComponent("reset-before")
            default: faults.appendingPathComponent("hang")
            }
        }
        let tasks = (0..<50).map { index in
            Task { () -> Result<Int, HTTPError> in
                do throws(HTTPError) {
                    return .success(try await client.send(Request<Data>(path: (url(index)).absoluteString)).statusCode)
                } catch {
                    return .failure(error)
                }
            }
        }
        try await waitUntil("all 50 requests in flight") { activity.inFlight == 50 }
        #expect(activity.isActive)
        gate.open()

        var results: [Int: Result<Int, HTTPError>] = [:]
        for index in tasks.indices where index % 5 != 4 { results[index] = await tasks[index].value }
        // Only the 10 hanging requests are left.
        try await waitUntil("only the 10 hanging requests in flight") { activity.inFlight == 10 }
        for index in tasks.indices where index % 5 == 4 { tasks[index].cancel() }
        for index in tasks.indices where index % 5 == 4 { results[index] = await tasks[index].value }

        try await waitUntil("no request in flight") { activity.inFlight == 0 }
        #expect(!activity.isActive)
        try await waitUntil("the changes stream to report 50") { highest.withLock { $0 } == 50 }

        let successes = results.values.filter { if case .success(200) = $0 { true } else { false } }.count
        let cancelled = results.values.filter { if case .failure(let error) = $0 { error.isCancelled } else { false } }
            .count
        let statusFailures = results.values.filter {
            if case .failure(let error) = $0 { error.statusCode == 500 } else { false }
        }.count
        let transportFailures = results.values.filter {
            if case .failure(let error) = $0 { error.isTransport && !error.isCancelled } else { false }
        }.count
        let counts: [Int] = [successes, statusFailures, transportFailures, cancelled]
        #expect(counts == [20, 10, 10, 10])
    }

    @Test("Observation tracking sees the count change")
    func observable() async throws {
        let activity = NetworkActivity()
        let client = HTTPClient(baseURL: try TestServers.httpbin()) { $0.eventMonitors = [activity] }
        let changed = Mutex(false)
        withObservationTracking {
            _ = activity.isActive
        } onChange: {
            changed.withLock { $0 = true }
        }
        _ = try await client.send(Request<Data>(path: "/get"))
        try await waitUntil("an observation change") { changed.withLock { $0 } }
        try await waitUntil("no request in flight") { activity.inFlight == 0 }
    }
}
