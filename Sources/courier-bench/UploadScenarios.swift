import Courier
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Uploading a large file (1 GiB, 64 MiB with `--quick`) to the bench's nginx, which discards
/// request bodies at `/upload`: Courier on each transport against the `curl` command line doing
/// the same (`curl -T FILE`, which streams the file), in the same run.
///
/// Each Courier upload runs in a child process (`courier-bench --upload-child TRANSPORT URL
/// FILE`) that reports its own time and peak resident memory growth (VmHWM above the resident
/// size at the start, after `/proc/self/clear_refs` reset the peak), so the 1 GiB passing
/// through is measured alone. Throughput is the file's size over the upload's wall time.
struct UploadScenarios {
    let plan: Plan
    let nginx: Nginx

    /// The targets of issue 20: throughput at least 0.8× curl's, peak memory growth under 32 MiB.
    static let throughputTarget = 0.8
    static let memoryTarget = 32 << 20

    private var size: Int { plan.name == "quick" ? 64 << 20 : 1 << 30 }
    private var rounds: Int { plan.name == "quick" ? 1 : 3 }

    func run() async throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-bench-upload-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("upload.bin")
        try Self.writeFile(file, size: size)
        let url = nginx.baseURL.appendingPathComponent("upload")

        var curlSeconds: [Double] = []
        var rawSeconds: [Double] = []
        var courier: [String: [(seconds: Double, growth: Int)]] = [:]
        var transports = ["urlsession"]
        #if os(Linux)
        transports.insert("curl", at: 0)
        #endif
        // Rounds alternate the contenders, so load that changes during the run hits them alike.
        for _ in 0..<rounds {
            curlSeconds.append(try Self.curlCommandLine(file: file, url: url))
            rawSeconds.append(try await RawURLSessionTransfers.upload(file, to: url))
            for transport in transports {
                courier[transport, default: []].append(try Self.child(transport: transport, url: url, file: file))
            }
        }
        let curlRate = Double(size) / median(curlSeconds)
        var lines = [
            "Upload of \(size >> 20) MiB from a file to nginx (PUT, body discarded), median of \(rounds) round(s):",
            "  curl -T (command line)          \(Self.rate(curlRate))",
            "  raw URLSession uploadTask(fromFile:)    "
                + "\(Self.rate(Double(size) / median(rawSeconds)))  "
                + "\(String(format: "%.2f", Double(size) / median(rawSeconds) / curlRate))× curl",
        ]
        var targets: [String] = []
        for transport in transports {
            let results = courier[transport] ?? []
            let rate = Double(size) / median(results.map(\.seconds))
            let growth = results.map(\.growth).max() ?? 0
            let name = transport == "curl" ? "Courier+CurlTransport" : "Courier+URLSessionTransport"
            let ratio = rate / curlRate
            lines.append(
                "  \(name.padding(toLength: 32, withPad: " ", startingAt: 0))\(Self.rate(rate))  \(String(format: "%.2f", ratio))× curl, peak memory growth \(growth >> 20) MiB"
            )
            targets.append(
                "- \(name) upload vs curl: \(String(format: "%.2f", ratio))× (target ≥ \(Self.throughputTarget)×) \(ratio >= Self.throughputTarget ? "met" : "NOT met")"
            )
            targets.append(
                "- \(name) upload peak memory growth: \(growth >> 20) MiB (target < \(Self.memoryTarget >> 20) MiB) \(growth < Self.memoryTarget ? "met" : "NOT met")"
            )
        }
        return (lines + ["", "Upload targets:"] + targets).joined(separator: "\n")
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }

    private static func rate(_ bytesPerSecond: Double) -> String {
        String(format: "%8.1f MB/s", bytesPerSecond / 1e6)
    }

    /// A file of `size` bytes, written 4 MiB at a time.
    private static func writeFile(_ file: URL, size: Int) throws {
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        let block = Data((0..<(4 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        var written = 0
        while written < size {
            let count = min(block.count, size - written)
            try handle.write(contentsOf: block.prefix(count))
            written += count
        }
    }

    /// `curl -T FILE URL`: curl's own measure of the transfer (`time_total`), without its start-up.
    /// `Expect:` is turned off as CurlTransport does, so neither waits for `100 Continue`.
    private static func curlCommandLine(file: URL, url: URL) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = [
            "-s", "-S", "-o", "/dev/null", "-H", "Expect:", "-w", "%{time_total} %{http_code}", "-T", file.path,
            url.absoluteString,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = printed.split(separator: " ")
        guard process.terminationStatus == 0, fields.count == 2, fields[1].hasPrefix("2"),
            let seconds = Double(fields[0])
        else {
            throw BenchFailure("curl -T failed: status \(process.terminationStatus), printed \(printed)")
        }
        return seconds
    }

    /// Runs one Courier upload in a child process: its seconds and peak memory growth.
    private static func child(transport: String, url: URL, file: URL) throws -> (seconds: Double, growth: Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #if canImport(Darwin)
        process.executableURL = Bundle.main.executableURL
        #endif
        process.arguments = ["--upload-child", transport, url.absoluteString, file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = printed.split(whereSeparator: \.isWhitespace)
        guard process.terminationStatus == 0, fields.count == 2, let seconds = Double(fields[0]),
            let growth = Int(fields[1])
        else {
            throw BenchFailure(
                "upload child (\(transport)) failed: status \(process.terminationStatus), printed \(printed)")
        }
        return (seconds, growth)
    }

    /// The child's side: uploads `file` once (after a small warm-up upload) and prints its
    /// seconds and peak resident memory growth in bytes.
    static func runChild(transport name: String, url: String, file: String) async -> Int32 {
        do {
            let transport: any HTTPTransport
            #if os(Linux)
            transport = name == "curl" ? try CurlTransport() : URLSessionTransport()
            #else
            transport = URLSessionTransport()
            #endif
            let client = HTTPClient(configuration: .init(transport: transport))
            _ = try await client.send(
                Request<Data>(
                    method: .put, path: url,
                    body: .data(Data(count: 1 << 16), contentType: "application/octet-stream")))
            let start = DocumentMemory.startMeasuring()
            let began = ContinuousClock.now
            let response = try await client.send(
                Request<Data>(
                    method: .put, path: url,
                    body: .file(URL(fileURLWithPath: file), contentType: "application/octet-stream")))
            let elapsed = began.duration(to: .now)
            let growth = DocumentMemory.peakResidentBytes() - start
            guard (200..<300).contains(response.statusCode) else { return 1 }
            print(elapsed.timeInterval, growth)
            return 0
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            return 1
        }
    }
}
