import Courier
import Foundation

/// The WebSocket rows (issue 35): Courier's WebSocket next to Python's `websockets` client
/// (`Benchmarks/tools/websocket-client.py`) against the same server
/// (`Tests/Servers/websocket_server.py`, uncompressed routes) in the same run: echo round trips
/// per second on 1 and 16 connections, and binary messages one way (the server's `/flood`, 64 KiB
/// each: 1 GiB in a full run) with Courier's peak resident growth while they pass. Targets: ahead
/// of the Python client on every row, and growth under 32 MiB.
///
/// Then the echo rows against a server that is not the bottleneck: the bench's own Swift server
/// (``WebSocketEchoServer``, a thread per connection), with the client's CPU time per round trip
/// (the process's CPU time less the server threads') and the server's CPU time per run.
///
/// Needs the repository's `.venv` (made by `Scripts/test`) or a `python3` with `websockets`.
struct WebSocketScenarios {
    let plan: Plan
    let repository: URL

    var roundTrips: Int { plan.name == "quick" ? 320 : 16_000 }
    var floodBytes: Int { plan.name == "quick" ? 64 << 20 : 1 << 30 }
    static let memoryTarget = 32 << 20

    func run() async throws -> String {
        let interpreter = Self.python(repository)
        let port = try LoopbackSocket().bindToFreePort()
        let server = Process()
        server.executableURL = URL(fileURLWithPath: interpreter)
        server.arguments = [
            repository.appendingPathComponent("Tests/Servers/websocket_server.py").path, "--port", "\(port)",
        ]
        server.standardOutput = FileHandle.nullDevice
        try server.run()
        defer {
            // SIGKILL: on SIGTERM the server waits for its connections to close.
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
        }
        let base = URL(string: "http://127.0.0.1:\(port)")!
        let client = HTTPClient(baseURL: base)
        try await Self.waitForServer(port: port, server: server)
        var lines = [
            "WebSocket against Python's websockets server (\(plan.name)), Courier next to the websockets client:", "",
        ]
        for connections in [1, 16] {
            let courier = try await courierEcho(client, connections: connections)
            let python = try pythonClient(
                interpreter, ["echo", "ws://127.0.0.1:\(port)/echo", "\(connections)", "\(roundTrips)"])
            let ours = Double(roundTrips) / courier
            let theirs = Double(roundTrips) / python
            let ratio = String(format: "%.2f", ours / theirs)
            lines.append(
                "  echo round trips/s, \(connections) connection(s): Courier \(Self.format(ours)), websockets "
                    + "\(Self.format(theirs)) (\(ratio)×) — target (ahead): \(ours > theirs ? "met" : "not met")")
        }
        let count = floodBytes / 65536
        let (seconds, growth) = try await courierFlood(client, count: count)
        let python = try pythonClient(
            interpreter, ["flood", "ws://127.0.0.1:\(port)/flood?count=\(count)", "\(floodBytes)"])
        let ours = Double(floodBytes) / seconds / 1e6
        let theirs = Double(floodBytes) / python / 1e6
        let met = ours > theirs && growth < Self.memoryTarget
        let ratio = String(format: "%.2f", ours / theirs)
        let mebibytes = String(format: "%.1f", Double(growth) / 1_048_576)
        lines.append(
            "  \(floodBytes >> 20) MiB one way (64 KiB binary messages): Courier \(Self.format(ours)) MB/s, "
                + "websockets \(Self.format(theirs)) MB/s (\(ratio)×), Courier's peak RSS +\(mebibytes) MiB"
                + " — target (ahead, <32 MiB): \(met ? "met" : "not met")")
        lines += try await swiftServerRows()
        return lines.joined(separator: "\n")
    }

    /// Echo round trips against ``WebSocketEchoServer``, 1 and 16 connections: the rate, the
    /// client's CPU time a round trip and the server's CPU time for the run.
    private func swiftServerRows() async throws -> [String] {
        let server = try WebSocketEchoServer()
        let client = HTTPClient(baseURL: URL(string: "http://127.0.0.1:\(server.port)")!)
        var lines = [
            "", "WebSocket echo against the bench's Swift echo server (a thread per connection, not the bottleneck):",
            "",
        ]
        for connections in [1, 16] {
            let serverBefore = await server.cpuSecondsWhenIdle()
            let processBefore = ProcessUsage.cpuSeconds()
            let seconds = try await courierEcho(client, connections: connections)
            let serverCPU = await server.cpuSecondsWhenIdle() - serverBefore
            let clientCPU = ProcessUsage.cpuSeconds() - processBefore - serverCPU
            let perRoundTrip = clientCPU / Double(roundTrips) * 1e6
            lines.append(
                "  echo, \(connections) connection(s): \(Self.format(Double(roundTrips) / seconds)) round trips/s, "
                    + "client CPU \(String(format: "%.1f", perRoundTrip)) µs a round trip, "
                    + "server CPU \(String(format: "%.2f", serverCPU)) s for \(roundTrips) round trips")
        }
        return lines
    }

    /// Seconds for `roundTrips` echoes spread over `connections` sockets (opened beforehand).
    private func courierEcho(_ client: HTTPClient, connections: Int) async throws -> Double {
        var sockets: [WebSocket] = []
        for _ in 0..<connections { sockets.append(try await client.webSocket(Request<Data>(path: "/echo"))) }
        let share = roundTrips / connections
        let started = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for socket in sockets {
                group.addTask {
                    var iterator = socket.messages.makeAsyncIterator()
                    for _ in 0..<share {
                        try await socket.send(.text("0123456789abcdef0123456789abcdef"))
                        guard try await iterator.next() != nil else { throw BenchFailure("echo socket ended") }
                    }
                }
            }
            try await group.waitForAll()
        }
        let seconds = (ContinuousClock.now - started).timeInterval
        for socket in sockets { await socket.close() }
        return seconds
    }

    /// Seconds to read `count` 64 KiB messages, and the peak resident growth meanwhile.
    private func courierFlood(_ client: HTTPClient, count: Int) async throws -> (Double, Int) {
        let start = DocumentMemory.startMeasuring()
        let socket = try await client.webSocket(Request<Data>(path: "/flood?count=\(count)"))
        let started = ContinuousClock.now
        var received = 0
        for try await message in socket.messages {
            if case .binary(let data) = message { received += data.count }
        }
        let seconds = (ContinuousClock.now - started).timeInterval
        let growth = DocumentMemory.peakResidentBytes() - start
        guard received == count * 65536 else { throw BenchFailure("Courier received \(received) bytes") }
        return (seconds, growth)
    }

    /// The seconds the Python client printed.
    private func pythonClient(_ python: String, _ arguments: [String]) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [repository.appendingPathComponent("Benchmarks/tools/websocket-client.py").path] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let seconds = Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw BenchFailure("the websockets client failed (\(process.terminationStatus))") }
        return seconds
    }

    /// The repository's venv's Python when there is one, else `python3` on the PATH.
    private static func python(_ repository: URL) -> String {
        let venv = repository.appendingPathComponent(".venv/bin/python").path
        return FileManager.default.isExecutableFile(atPath: venv) ? venv : "/usr/bin/python3"
    }

    /// Waits until the server accepts connections (or exits).
    private static func waitForServer(port: Int, server: Process) async throws {
        for _ in 0..<600 {
            guard server.isRunning else { throw BenchFailure("the WebSocket server exited") }
            if (try? LoopbackSocket().connect(port: port)) != nil { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw BenchFailure("the WebSocket server did not start")
    }

    private static func format(_ rate: Double) -> String { String(format: "%.0f", rate) }
}
