import Courier
import Foundation

/// The tables courier-bench prints (Markdown, so they paste into Benchmarks/README.md as they are).
struct Report {
    let contenders: [String]
    let networkRows: [NetworkRow]
    let decodingRows: [DecodingRow]

    /// The network rows' table alone (Markdown).
    func networkTable() -> [String] {
        var lines: [String] = []
        let base = contenders.first == "raw URLSession" ? "raw" : "first"
        let ratioHeaders = contenders.dropFirst().map { "\($0) / \(base)" }
        if !networkRows.isEmpty {
            lines.append(
                "| scenario | " + contenders.joined(separator: " | ") + " | " + ratioHeaders.joined(separator: " | ")
                    + " |")
            lines.append("|" + String(repeating: "---|", count: 1 + contenders.count + ratioHeaders.count))
        }
        for row in networkRows {
            let cells = row.cells.map { row.countsHits ? Self.hitsCell($0) : Self.rateCell($0) }
            let base = row.cells[0]
            let ratios = row.cells.indices.dropFirst().map { index in
                let cell = row.cells[index]
                return row.countsHits
                    ? "\(Self.hits(cell.serverHits)) vs \(Self.hits(base.serverHits))"
                    : Self.pairedRatioCell(row.turnRatios(index)) + " (p50 "
                        + Self.ratio(base.percentile(0.5), cell.percentile(0.5)) + ")"
            }
            lines.append(
                "| \(row.scenario) | " + cells.joined(separator: " | ") + " | " + ratios.joined(separator: " | ") + " |"
            )
        }
        return lines
    }

    func render() -> String {
        var lines = networkTable()
        if !networkRows.isEmpty { lines.append("") }
        lines += ceilingLines()
        lines.append(
            "| scenario (in memory) | baseline: plain JSONDecoder into equivalent structs, or the transport alone | RedditAPI's RedditClient, or Courier's pipeline | ratio |"
        )
        lines.append("|---|---|---|---|")
        for row in decodingRows {
            // Against a transport that answers in nanoseconds a ratio means little; the time the
            // pipeline adds to each request is the figure that matters.
            let comparison =
                row.baseline.unit == .requestsPerSecond
                ? String(format: "+%.1f µs a request", (1 / row.courier.rate - 1 / row.baseline.rate) * 1e6)
                : Self.ratio(row.courier.rate, row.baseline.rate) + " (p50 "
                    + Self.ratio(row.baseline.percentile(0.5), row.courier.percentile(0.5)) + ")"
            lines.append(
                "| \(row.scenario) | \(Self.rateCell(row.baseline)) | \(Self.rateCell(row.courier)) | \(comparison) |")
        }
        lines.append("")
        lines.append(
            "Cells: median of the runs' rates, ± the spread between runs ((max − min) / median), latency percentiles over every operation."
        )
        lines.append(
            "Ratios: throughput against the first column, the median over turns of the ratio within a turn (the contenders run back to back in short time slices, in every order in turn), so load that changes between turns cancels out; in square brackets the middle half of the turns' ratios; in round brackets the comparison by p50 latency over every request."
        )
        lines += targets()
        return lines.joined(separator: "\n")
    }

    /// The socket loop's cells, measured in the same turns as the contenders, and every
    /// contender's ratio to it.
    func ceilingLines() -> [String] {
        var lines: [String] = []
        for row in networkRows {
            guard let ceiling = row.ceiling else { continue }
            let connections = row.ceilingConnections == 1 ? "one connection" : "\(row.ceilingConnections) connections"
            let ratios = contenders.indices.map { index in
                "\(contenders[index]) / socket " + Self.pairedRatioCell(row.ceilingTurnRatios(index))
            }
            lines.append(
                "Ceiling, \(row.scenario), plain keep-alive socket loop (\(connections), a thread each, hand-written request, blocking reads), in the same turns: \(Self.rateCell(ceiling)); "
                    + ratios.joined(separator: ", ") + "."
            )
            lines.append("")
        }
        return lines
    }

    /// The issue's targets, each with whether this run met it.
    func targets() -> [String] {
        var lines = ["", "Targets:"]
        #if DEBUG
        // Courier and RedditAPI are compiled without optimization here, Foundation is not.
        lines.append(
            "(debug build: these ratios compare unoptimized Courier code with optimized Foundation; only a release build, `-c release`, says whether a target is met)"
        )
        #endif
        func check(_ text: String, _ value: Double?, atLeast bound: Double) {
            guard let value else { return }
            lines.append(
                "- \(text): \(String(format: "%.2f", value))× (target ≥ \(bound)×) \(value >= bound ? "met" : "NOT met")"
            )
        }
        // The default transport, callers on the cooperative pool (the default), then on the
        // transport's executor. The one-thread contenders are in the ceiling lines above.
        for (curl, name) in contenders.enumerated() where Contender.curlTargets.contains(name) {
            for (row, bound) in zip(networkRows.prefix(2), [0.85, 0.75]) {
                check("\(name) vs the plain socket loop, \(row.scenario)", row.ceilingRatio(curl), atLeast: bound)
            }
        }
        // Ratios to the first column, which is raw URLSession in a full run only.
        if contenders.first == "raw URLSession" {
            for (name, bound) in [("Courier+URLSessionTransport", 0.95), ("Courier+CurlTransport", 3.0)] {
                guard let index = contenders.firstIndex(of: name) else { continue }
                for row in networkRows.prefix(2) {
                    check("\(name) vs raw URLSession, \(row.scenario)", row.pairedRatio(index), atLeast: bound)
                }
            }
        }
        if let listing = decodingRows.first {
            check(
                "RedditAPI listing decode vs plain JSONDecoder into equivalent structs",
                listing.courier.rate / listing.baseline.rate, atLeast: 1.0)
        }
        return lines
    }

    static func rateCell(_ cell: CellResult) -> String {
        let rate: String =
            switch cell.unit {
            case .requestsPerSecond: "\(grouped(cell.rate))/s"
            case .megabytesPerSecond: String(format: "%.1f MB/s", cell.rate)
            case .treesPerSecond: "\(grouped(cell.rate)) trees/s"
            }
        return
            "\(rate) ±\(Int(cell.spreadPercent.rounded()))% · p50 \(milliseconds(cell.percentile(0.5))) · p99 \(milliseconds(cell.percentile(0.99))) ms"
    }

    /// The median of the turns' ratios and, in brackets, their middle half (25th–75th percentile).
    static func pairedRatioCell(_ ratios: [Double]) -> String {
        let sorted = ratios.sorted()
        guard !sorted.isEmpty else { return "—" }
        let quartile = { (fraction: Double) in sorted[Int((Double(sorted.count - 1) * fraction).rounded())] }
        return String(format: "%.2f× [%.2f–%.2f]", ratios.median, quartile(0.25), quartile(0.75))
    }

    private static func hitsCell(_ cell: CellResult) -> String {
        let times = cell.runs.map { $0.elapsed.timeInterval * 1000 }
        let median = times.median
        let spread = median > 0 ? ((times.max() ?? 0) - (times.min() ?? 0)) / median * 100 : 0
        return "\(hits(cell.serverHits)) · \(milliseconds(median)) ms ±\(Int(spread.rounded()))%"
    }

    private static func hits(_ count: Int?) -> String {
        let count = count ?? 0
        return count == 1 ? "1 hit" : "\(count) hits"
    }

    private static func ratio(_ value: Double, _ base: Double) -> String {
        base > 0 ? String(format: "%.2f×", value / base) : "—"
    }

    private static func milliseconds(_ value: Double) -> String {
        switch value {
        case ..<0.1: String(format: "%.3f", value)
        case ..<10: String(format: "%.2f", value)
        default: String(format: "%.1f", value)
        }
    }

    private static func grouped(_ value: Double) -> String {
        let number = Int(value.rounded())
        let digits = String(number)
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return result
    }
}

/// What the numbers were measured on.
struct MachineDescription {
    let summary: String

    static func current() -> MachineDescription {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model =
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
        let memory = ProcessInfo.processInfo.physicalMemory / 1_073_741_824
        #if DEBUG
        let build = "debug build"
        #else
        let build = "release build"
        #endif
        let os = ProcessInfo.processInfo.operatingSystemVersionString
        return MachineDescription(
            summary: "\(model), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(memory) GB, \(os), \(build)")
    }

    /// The 1, 5 and 15 minute load averages.
    static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }
}
