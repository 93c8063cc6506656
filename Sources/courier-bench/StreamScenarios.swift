import Courier
import Foundation

/// The streaming rows: a large body from nginx read through `HTTPClient.stream(_:)` to nowhere
/// and to a file, on each transport, next to the `curl` command line doing the same in the same
/// run. Targets: at least 0.8× curl's throughput, and peak resident memory growing by less than
/// 32 MiB while the body passes (the process's high-water mark, reset before each run).
struct StreamScenarios {
    let plan: Plan
    let nginx: Nginx

    /// 1 GiB in a full run, 64 MiB with --quick.
    var size: Int { plan.name == "quick" ? 64 << 20 : 1 << 30 }
    static let memoryTarget = 32 << 20

    private struct Row {
        let name: String
        let seconds: Double
        let growth: Int?
    }

    func run() async throws -> String {
        let name = "stream-\(UUID().uuidString).bin"
        let file = nginx.root.appendingPathComponent(name)
        // A sparse file: nginx sends zeros without reading a disk.
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw BenchFailure("cannot create \(file.path)")
        }
        defer { try? FileManager.default.removeItem(at: file) }
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
        let url = nginx.baseURL.appendingPathComponent(name)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("courier-bench-\(name)")
        defer { try? FileManager.default.removeItem(at: output) }

        var transports: [(String, any HTTPTransport)] = [("URLSessionTransport", URLSessionTransport())]
        #if os(Linux)
        if let curl = try? CurlTransport() { transports.append(("CurlTransport", curl)) }
        #endif
        var lines = [
            "Streaming \(size >> 20) MiB from nginx (\(plan.name)): MB/s, and peak resident growth while it passes",
            "",
        ]
        // Rounds alternate the contenders, so load that changes during the run hits them alike;
        // each row is the median of its rounds, its memory growth the largest.
        let rounds = plan.name == "quick" ? 1 : 3
        for toFile in [false, true] {
            let destination = toFile ? output.path : "/dev/null"
            var curlSeconds: [Double] = []
            var rawSeconds: [Double] = []
            var rows: [String: [Row]] = [:]
            for _ in 0..<rounds {
                curlSeconds.append(try Self.curlCommandLine(url: url, to: destination))
                if !toFile { rawSeconds.append(try await RawURLSessionTransfers.download(url, expected: size)) }
                for (label, transport) in transports {
                    rows[label, default: []].append(
                        try await Self.courier(
                            label, transport: transport, url: url, expected: size, to: toFile ? output : nil))
                }
            }
            let curlRate = Double(size) / Self.median(curlSeconds) / 1e6
            lines.append(
                "\(toFile ? "to a file" : "to nowhere"), median of \(rounds) round(s): curl command line "
                    + "\(String(format: "%.0f", curlRate)) MB/s")
            if !rawSeconds.isEmpty {
                let raw = Double(size) / Self.median(rawSeconds) / 1e6
                lines.append(
                    "  raw URLSession, a delegate on an OperationQueue dropping the bytes: "
                        + "\(String(format: "%.0f", raw)) MB/s (\(String(format: "%.2f", raw / curlRate))× curl)")
            }
            for (label, _) in transports {
                let results = rows[label] ?? []
                let rate = Double(size) / Self.median(results.map(\.seconds)) / 1e6
                let ratio = rate / curlRate
                let growth = results.compactMap(\.growth).max() ?? 0
                let met = ratio >= 0.8 && growth < Self.memoryTarget
                lines.append(
                    "  Courier+\(label): \(String(format: "%.0f", rate)) MB/s (\(String(format: "%.2f", ratio))× curl), "
                        + "peak RSS +\(String(format: "%.1f", Double(growth) / 1_048_576)) MiB"
                        + " — target (≥0.8× curl, <32 MiB): \(met ? "met" : "not met")")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Seconds the `curl` command line takes to fetch `url` into `destination`.
    private static func curlCommandLine(url: URL, to destination: String) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["curl", "-sS", "--fail", "-o", destination, url.absoluteString]
        let started = ContinuousClock.now
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchFailure("curl failed with \(process.terminationStatus)")
        }
        return (ContinuousClock.now - started).timeInterval
    }

    /// Streams `url` through a client on `transport`, to nowhere or into `file`.
    private static func courier(
        _ name: String, transport: any HTTPTransport, url: URL, expected: Int, to file: URL?
    ) async throws -> Row {
        let client = HTTPClient(baseURL: nil, transport: transport)
        let writer: FileHandle? = try file.map { file in
            _ = FileManager.default.createFile(atPath: file.path, contents: nil)
            return try FileHandle(forWritingTo: file)
        }
        defer { try? writer?.close() }
        let start = DocumentMemory.startMeasuring()
        let started = ContinuousClock.now
        let response = try await client.stream(Request<Data>(path: url.absoluteString))
        var received = 0
        for try await chunk in response.body {
            received += chunk.count
            try writer?.write(contentsOf: chunk)
        }
        let seconds = (ContinuousClock.now - started).timeInterval
        let growth = DocumentMemory.peakResidentBytes() - start
        guard received == expected else { throw BenchFailure("\(name) received \(received) of \(expected) bytes") }
        return Row(name: name, seconds: seconds, growth: growth)
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }
}
