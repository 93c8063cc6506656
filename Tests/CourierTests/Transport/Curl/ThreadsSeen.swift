#if os(Linux)
import Courier
import Foundation
import Glibc
import Synchronization

/// The threads code ran on: each one's `pthread_self()` and kernel name (CurlTransport's
/// threads are "Courier.Curl").
final class ThreadsSeen: Sendable {
    private let seen = Mutex<[UInt: String]>([:])

    /// Notes the calling thread.
    func record() {
        let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "?"
        let id = UInt(pthread_self())
        seen.withLock { $0[id] = name.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    var ids: Set<UInt> { seen.withLock { Set($0.keys) } }
    var names: Set<String> { seen.withLock { Set($0.values) } }

    /// Runs `tasks` tasks that prefer `executor`, each sending `requests` GETs of /count/KEY one
    /// after another and noting its thread after each answer; the hit numbers answered.
    func countFromTasks(
        _ tasks: Int, requests: Int, preferring executor: any TaskExecutor, client: HTTPClient, key: String
    ) async throws -> [Int] {
        try await withTaskExecutorPreference(executor) {
            try await withThrowingTaskGroup(of: [Int].self) { group in
                for _ in 0..<tasks {
                    group.addTask {
                        var hits: [Int] = []
                        for _ in 0..<requests {
                            let answer = try await client.send(Request<JSON>(path: "/count/\(key)")).value
                            self.record()
                            hits.append(answer["hit"]?.intValue ?? 0)
                        }
                        return hits
                    }
                }
                return try await group.reduce(into: [Int]()) { $0 += $1 }
            }
        }
    }
}
#endif
