import Courier
import Foundation

/// `courier-bench --profile CONCURRENCY [SECONDS] [--threads N]`: nothing but Courier on a
/// `CurlTransport` (its default threads, or N) GETting the 1.8 KB file from the bench's nginx,
/// CONCURRENCY in flight (1: one after another)
/// for SECONDS (10 by default), then the rate and the process's CPU time per request (user and
/// system, nginx not included: a figure the machine's load disturbs less than the rate);
/// `--profile-executor` does the same with the calls preferring the transport's executor,
/// `--profile-socket` with the plain socket loop. A steady load to attach a profiler to:
/// `perf record -g -- courier-bench --profile 16`.
enum ProfileLoop {
    /// What sends the requests.
    enum Mode: String {
        /// Courier on `CurlTransport`, its callers on the cooperative pool.
        case courier = "--profile"
        /// Courier on `CurlTransport`, its callers on ``CurlTransport/executor``.
        case executor = "--profile-executor"
        /// The plain socket loop.
        case socket = "--profile-socket"

        /// How the summary line names it.
        var subject: String {
            switch self {
            case .courier: "CurlTransport"
            case .executor: "CurlTransport, callers on its executor"
            case .socket: "socket loop"
            }
        }
    }

    static func run(repository: URL, concurrency: Int, seconds: Int, threads: Int?, mode: Mode) async throws {
        #if os(Linux)
        let threads = threads ?? CurlTransport.defaultThreads
        let nginx = try await Nginx(repository: repository, files: ["small.json": try Feed.json(atLeast: 1_800)])
        defer { nginx.stop() }
        nginx.stopOnInterrupt()
        let cpuBefore = ProcessUsage.cpuSeconds()
        let result: RunResult
        if mode == .socket {
            result = try await SocketLoop.run(
                port: nginx.baseURL.port ?? 80, path: "/small.json", connections: concurrency,
                budget: .time(.seconds(seconds)))
        } else {
            let transport = try CurlTransport(threads: threads)
            let contender = Contender.courier(
                "Courier+CurlTransport", baseURL: nginx.baseURL, transport: transport,
                executor: mode == .executor ? transport.executor : nil)
            result = try await contender.onItsExecutor {
                try await timeConcurrently(.time(.seconds(seconds)), concurrency: concurrency) {
                    _ = try await contender.fetch("/small.json", nil)
                }
            }
        }
        let cpu = ProcessUsage.cpuSeconds() - cpuBefore
        print(
            "\(mode.subject)\(mode == .socket ? "" : " (\(threads) threads)"), "
                + "\(concurrency) in flight for \(seconds) s: \(Int(result.operationsPerSecond))/s, "
                + String(format: "%.1f", cpu / Double(result.operations) * 1e6)
                + " µs of this process's CPU a request, load average \(MachineDescription.loadAverage())"
        )
        #else
        _ = (mode, threads)
        print("--profile needs CurlTransport (Linux)")
        #endif
    }
}
