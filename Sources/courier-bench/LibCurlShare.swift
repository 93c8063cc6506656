#if os(Linux)
import Courier

/// Splits the distance between `CurlTransport` and the socket loop at 16 in flight in two:
/// the socket loop, libcurl alone (``LibCurlLoop``) and Courier on `CurlTransport` take turns, in
/// every order, and each is compared with the next one up within its turn.
struct LibCurlShare {
    let plan: Plan
    /// Courier on `CurlTransport` with its default connection limit.
    let courier: Contender
    let port: Int

    func run() async throws -> [String] {
        let slice = Budget.time(plan.slice)
        let connections = CurlTransport.defaultMaximumConnectionsPerHost
        var socket: [RunResult] = []
        var alone: [RunResult] = []
        var ours: [RunResult] = []
        let orders = NetworkScenarios.orders(of: [0, 1, 2])
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
                    ours.append(
                        try await timeConcurrently(slice, concurrency: 16) {
                            _ = try await courier.fetch("/small.json", nil)
                        })
                }
            }
        }
        func cell(_ runs: [RunResult]) -> String { Report.rateCell(CellResult(runs: runs, unit: .requestsPerSecond)) }
        func ratio(_ runs: [RunResult], to base: [RunResult]) -> String {
            Report.pairedRatioCell(zip(runs, base).map { $0.operationsPerSecond / $1.operationsPerSecond })
        }
        return [
            "Where the time goes at 16 in flight (GET 1.8 KB; \(turns) turns in which these three run back to back, cells over turns, ratios within a turn):",
            "- socket loop, 16 connections: \(cell(socket))",
            "- libcurl alone (one thread calling curl_multi_perform and curl_multi_poll, 16 transfers over at most \(connections) connections, no Courier, no task awaiting a response): \(cell(alone)); / socket \(ratio(alone, to: socket))",
            "- Courier+CurlTransport (\(connections) connections): \(cell(ours)); / libcurl alone \(ratio(ours, to: alone)); / socket \(ratio(ours, to: socket))",
            "",
        ]
    }
}
#endif
