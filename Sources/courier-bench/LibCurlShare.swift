#if os(Linux)
import Courier

/// Splits the distance between `CurlTransport` and the socket loop at 16 in flight in two:
/// the socket loop, libcurl alone (``LibCurlLoop``) and Courier on `CurlTransport` (its callers
/// on the cooperative pool, and on the transport's executor) take turns, in every order, and
/// each is compared with the ones above within its turn.
struct LibCurlShare {
    let plan: Plan
    /// Courier on `CurlTransport`s with the default connection limit, each with its executor.
    let couriers: [Contender]
    let port: Int

    func run() async throws -> [String] {
        let slice = Budget.time(plan.slice)
        let connections = CurlTransport.defaultMaximumConnectionsPerHost
        var socket: [RunResult] = []
        var alone: [RunResult] = []
        var ours = Array(repeating: [RunResult](), count: couriers.count)
        let orders = NetworkScenarios.orders(of: Array(0..<(2 + couriers.count)))
        let turns = plan.runs * plan.slicesPerRun
        for turn in 0..<turns {
            for participant in orders[turn % orders.count] {
                switch participant {
                case 0:
                    socket.append(
                        try await SocketLoop.run(port: port, path: "/small.json", connections: 16, budget: slice))
                case 1:
                    alone.append(
                        try await LibCurlLoop.run(
                            port: port, path: "/small.json", transfers: 16, connections: connections, budget: slice))
                default:
                    let courier = couriers[participant - 2]
                    ours[participant - 2].append(
                        try await courier.onItsExecutor {
                            try await timeConcurrently(slice, concurrency: 16) {
                                _ = try await courier.fetch("/small.json", nil)
                            }
                        })
                }
            }
        }
        func cell(_ runs: [RunResult]) -> String { Report.rateCell(CellResult(runs: runs, unit: .requestsPerSecond)) }
        func ratio(_ runs: [RunResult], to base: [RunResult]) -> String {
            Report.pairedRatioCell(zip(runs, base).map { $0.operationsPerSecond / $1.operationsPerSecond })
        }
        let participants = couriers.count + 2
        var lines = [
            "Where the time goes at 16 in flight (GET 1.8 KB; \(turns) turns in which these \(participants) run back to back, cells over turns, ratios within a turn):",
            "- socket loop, 16 connections: \(cell(socket))",
            "- libcurl alone (one thread calling curl_multi_perform and curl_multi_poll, 16 transfers over at most \(connections) connections, no Courier, no task awaiting a response): \(cell(alone)); / socket \(ratio(alone, to: socket))",
        ]
        for (courier, runs) in zip(couriers, ours) {
            let callers =
                courier.executor == nil ? "callers on the cooperative pool" : "callers on the transport's executor"
            lines.append(
                "- \(courier.name) (\(connections) connections, \(callers)): \(cell(runs)); / libcurl alone \(ratio(runs, to: alone)); / socket \(ratio(runs, to: socket))"
            )
        }
        return lines + [""]
    }
}
#endif
