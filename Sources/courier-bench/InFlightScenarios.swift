import Courier
import Foundation

/// `--in-flight-only`: 16 GETs of the 1.8 KB file in flight on Courier's default
/// `CurlTransport`, callers on the cooperative pool (what every user gets), against the plain
/// keep-alive socket loop with 16 connections, a thread each, over HTTP and over HTTPS (nginx's
/// HTTP/1.1 TLS server, the socket loop through the system's OpenSSL: ``OpenSSLClient``), in the
/// same time-sliced turns, every order in turn. The target: at least 0.95× the socket loop on
/// both. Besides the rates, each participant's CPU time per request (this process: user and
/// system, nginx not included), which a loaded machine disturbs less than the rates.
struct InFlightScenarios {
    let plan: Plan
    let nginx: Nginx

    /// The requests in flight.
    static let inFlight = 16
    /// The target against the socket loop (issue 50).
    static let target = 0.95

    /// The process's CPU time per request of one participant, turn by turn.
    private final class CPUTally {
        var microsecondsPerRequest: [[Double]]

        init(participants: Int) { microsecondsPerRequest = Array(repeating: [], count: participants) }

        /// Runs `measure` and notes its CPU time per request as participant `index`'s.
        func measure(_ index: Int, _ measure: () async throws -> RunResult) async rethrows -> RunResult {
            let before = ProcessUsage.cpuSeconds()
            let result = try await measure()
            let cpu = ProcessUsage.cpuSeconds() - before
            if result.operations > 0 { microsecondsPerRequest[index].append(cpu / Double(result.operations) * 1e6) }
            return result
        }
    }

    func run() async throws -> [String] {
        #if os(Linux)
        var lines: [String] = []
        let port = nginx.baseURL.port ?? 80
        lines += try await scenario(
            "\(Self.inFlight) in flight GET, 1.8 KB, HTTP", baseURL: nginx.baseURL, transport: try CurlTransport(),
            ceiling: "plain keep-alive socket loop"
        ) { budget in
            try await SocketLoop.run(port: port, path: "/small.json", connections: Self.inFlight, budget: budget)
        }
        guard let tls = nginx.tls, let tlsPort = tls.http1URL.port else {
            return lines + ["HTTPS row skipped: no TLS server (openssl is needed to make its certificate)."]
        }
        let client: OpenSSLClient
        do {
            client = try OpenSSLClient(trusting: tls.certificate)
        } catch {
            return lines + ["HTTPS row skipped: \(error)"]
        }
        lines += try await scenario(
            "\(Self.inFlight) in flight GET, 1.8 KB, HTTPS (HTTP/1.1, TLS)", baseURL: tls.http1URL,
            transport: try CurlTransport(timeout: .seconds(60), certificateAuthorities: tls.certificate),
            ceiling: "keep-alive socket loop over OpenSSL"
        ) { budget in
            try await SocketLoop.run(
                port: tlsPort, path: "/small.json", connections: Self.inFlight, budget: budget, tls: client)
        }
        return lines
        #else
        return ["--in-flight-only needs CurlTransport (Linux)"]
        #endif
    }

    /// One row: Courier on `transport` against the socket loop `socketLoop` runs, with the lines
    /// that render it.
    private func scenario(
        _ name: String, baseURL: URL, transport: any HTTPTransport, ceiling ceilingName: String,
        socketLoop: @escaping (Budget) async throws -> RunResult
    ) async throws -> [String] {
        let courier = Contender.courier(Contender.curlDefault, baseURL: baseURL, transport: transport)
        // Warm up both, 16 at a time: every connection open, code paged in.
        _ = try await timeConcurrently(.operations(plan.warmUpRequests), concurrency: Self.inFlight) {
            _ = try await courier.fetch("/small.json", nil)
        }
        _ = try await socketLoop(.operations(plan.warmUpRequests))
        let tally = CPUTally(participants: 2)
        let slice = Budget.time(plan.slice)
        let scenarios = NetworkScenarios(plan: plan, contenders: [courier], nginx: nginx)
        let row = try await scenarios.row(
            name,
            ceiling: NetworkScenarios.Ceiling(connections: Self.inFlight) {
                try await tally.measure(1) { try await socketLoop(slice) }
            }
        ) { contender in
            try await tally.measure(0) {
                try await timeConcurrently(slice, concurrency: Self.inFlight) {
                    _ = try await contender.fetch("/small.json", nil)
                }
            }
        }
        guard let socket = row.ceiling, let ratio = row.ceilingRatio(0) else { return [] }
        let ratios = row.ceilingTurnRatios(0).sorted()
        let cpu = tally.microsecondsPerRequest.map { $0.median }
        return [
            "| \(name) | \(ceilingName) | \(Contender.curlDefault) | ratio, median [middle half] of \(ratios.count) turns | target | met |",
            "|---|---|---|---|---:|---|",
            "| requests/s | \(Report.rateCell(socket)) | \(Report.rateCell(row.cells[0])) | "
                + "\(Report.pairedRatioCell(ratios)) | \(Self.target)× | \(ratio >= Self.target ? "met" : "NOT met") |",
            "| CPU of this process per request (median of turns) | \(String(format: "%.1f", cpu[1])) µs | "
                + "\(String(format: "%.1f", cpu[0])) µs | \(String(format: "%.2f", cpu[1] / cpu[0]))× | | |",
            "",
        ]
    }
}
