// The second process of CourierRedis's shared-cache tests: one GET through a ResponseCache whose
// responses are in Redis, then a line of JSON on stdout with what it got.
//
//   courier-cache-helper REDIS_URL NAMESPACE URL CLOCK_OFFSET_SECONDS
//
// CLOCK_OFFSET_SECONDS moves the cache's clock forward, so that a stored response can be stale
// for this process without waiting.
import Courier
import CourierRedis
import CourierStore
import Foundation
import Synchronization

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

let arguments = CommandLine.arguments
guard arguments.count == 5, let redisURL = URL(string: arguments[1]), let url = URL(string: arguments[3]),
    let offset = TimeInterval(arguments[4])
else { fail("usage: courier-cache-helper REDIS_URL NAMESPACE URL CLOCK_OFFSET_SECONDS") }

let errors = Mutex<[String]>([])
let connection: RedisConnection
do {
    connection = try RedisConnection(url: redisURL)
} catch {
    fail("\(error)")
}
let cache = ResponseCache(
    storage: RedisCacheStorage(connection: connection, namespace: arguments[2]),
    configuration: .init(
        now: { Date().addingTimeInterval(offset) },
        onError: { error in errors.withLock { $0.append(error.description) } }))
let client = HTTPClient(baseURL: url) { $0.interceptors = [cache] }
do {
    let response = try await client.send(Request<Data>(path: url.absoluteString))
    let report: [String: String] = [
        "status": String(response.statusCode), "body": String(decoding: response.data, as: UTF8.self),
        "errors": errors.withLock { $0 }.joined(separator: "; "),
    ]
    let line = try JSONEncoder().encode(report)
    FileHandle.standardOutput.write(line + Data("\n".utf8))
} catch {
    fail("request failed: \(error)")
}
