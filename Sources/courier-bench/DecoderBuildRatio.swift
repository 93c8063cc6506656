import Courier
import Foundation

/// How much slower a debug build decodes the Reddit corpus than a release build.
///
/// Apps build their dependencies in debug while they develop, so the decoder must stay usable
/// unoptimized: a copy of the token array per key once made a debug build 40–62 times slower on
/// the first decodes and 21–24 times on later ones, in CPU time (issue 32, item 9). Each build of `courier-bench` is run as a child process
/// (`--decode-corpus-child`), `.build/debug/courier-bench` as `swift build` leaves it and
/// `.build/release/courier-bench` as `swift build -c release` does; a fresh process decodes every
/// body of `../shared/fixtures/reddit` once (the first decode of each, page faults and all), then
/// the whole corpus again `passes` times (the median pass is "steady"). Times are the decoding
/// thread's CPU time, which a loaded machine disturbs much less than the wall clock (the child
/// decodes on one thread, synchronously).
enum DecoderBuildRatio {
    /// What one child measured.
    struct Pass {
        /// CPU milliseconds of the first decode of every body, added up.
        var firstMilliseconds: Double
        /// CPU milliseconds of the median later pass over the corpus.
        var steadyMilliseconds: Double
        /// Minor page faults during the first decodes.
        var firstMinorFaults: Int
        /// The body whose first decode took longest, and how long.
        var slowestBody: String
        var slowestMilliseconds: Double
    }

    /// The child: decodes the corpus and prints one line, `first=… steady=… faults=… slowest=NAME:MS`.
    static func runChild(repository: URL, passes: Int) -> Int32 {
        do {
            let bodies = try DecoderCorpus.bodies(in: corpusFolder(repository))
            let decoder = JSON.TapeDecoder()
            var first = 0.0
            var slowest = (name: "", milliseconds: 0.0)
            let faultsBefore = ProcessUsage.minorFaults()
            for body in bodies {
                let start = cpuMilliseconds()
                try decodeCorpusPass([body], decoder)
                let time = cpuMilliseconds() - start
                first += time
                if time > slowest.milliseconds { slowest = (body.name, time) }
            }
            let faults = ProcessUsage.minorFaults() - faultsBefore
            var steady: [Double] = []
            for _ in 0..<max(1, passes) {
                let start = cpuMilliseconds()
                try decodeCorpusPass(bodies, decoder)
                steady.append(cpuMilliseconds() - start)
            }
            print(
                "first=\(first) steady=\(steady.median) faults=\(faults) slowest=\(slowest.name):\(slowest.milliseconds)"
            )
            return 0
        } catch {
            FileHandle.standardError.write(Data("courier-bench: \(error)\n".utf8))
            return 1
        }
    }

    /// Decodes each of `bodies` once: all the decoding a child does goes through here, so that
    /// callgrind can count this function's instructions alone (``instructionCount(_:repository:)``).
    @inline(never)
    static func decodeCorpusPass(_ bodies: [DecoderCorpus.Body], _ decoder: JSON.TapeDecoder) throws {
        for body in bodies { try body.decode(decoder, body.data) }
    }

    /// The instructions a child of `binary` executes decoding the corpus (the first decode of
    /// each body and one more pass), counted by callgrind inside ``decodeCorpusPass(_:_:)`` only;
    /// nil without `valgrind`. Instruction counts hold on a loaded machine, where times do not.
    static func instructionCount(_ binary: URL, repository: URL) throws -> Int? {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-bench-callgrind-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "valgrind", "--tool=callgrind", "--callgrind-out-file=\(output.path)",
            "--toggle-collect=*DecoderBuildRatioO16decodeCorpusPass*", binary.path, "--decode-corpus-child", "1",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0, let text = try? String(contentsOf: output, encoding: .utf8) else {
            return nil
        }
        // "totals: N" (or "summary: N") is the events counted, Ir only by default.
        for line in text.split(separator: "\n") where line.hasPrefix("totals:") || line.hasPrefix("summary:") {
            if let value = line.split(separator: " ").last.flatMap({ Int($0) }) { return value }
        }
        return nil
    }

    /// The instruction counts of both builds and their ratio, when valgrind is installed.
    static func instructionRow(repository: URL) throws -> String {
        var counts: [String: Int] = [:]
        for build in ["debug", "release"] {
            let binary = repository.appendingPathComponent(".build/\(build)/courier-bench")
            guard FileManager.default.isExecutableFile(atPath: binary.path) else { return "" }
            guard let count = try instructionCount(binary, repository: repository) else {
                return "instruction counts skipped: `valgrind` is needed (Debian's `valgrind` package)"
            }
            counts[build] = count
        }
        guard let debug = counts["debug"], let release = counts["release"], release > 0 else { return "" }
        return "instructions decoding the corpus (first decodes and one pass, callgrind): debug \(debug), "
            + "release \(release), ratio \(format(Double(debug) / Double(release)))× (target ≤ 3×)"
    }

    /// Runs both builds' children and renders the row, or says which build is missing; with
    /// `countingInstructions`, their instruction counts too (``instructionRow(repository:)``).
    static func run(repository: URL, passes: Int, countingInstructions: Bool = false) throws -> String {
        let builds = ["debug", "release"]
        var results: [String: Pass] = [:]
        var missing: [String] = []
        for build in builds {
            let binary = repository.appendingPathComponent(".build/\(build)/courier-bench")
            guard FileManager.default.isExecutableFile(atPath: binary.path) else {
                missing.append(build)
                continue
            }
            results[build] = try child(binary, repository: repository, passes: passes)
        }
        let corpus = try DecoderCorpus.bodies(in: corpusFolder(repository))
        let bytes = corpus.reduce(0) { $0 + $1.data.count }
        var lines = [
            "Reddit corpus (\(corpus.count) bodies, \(bytes / 1000) KB) decoded by JSON.TapeDecoder into its models, "
                + "a fresh process per build:",
            "| build (CPU time) | first decode of each body | slowest first decode | minor faults | steady pass (median of \(passes)) |",
            "|---|---:|---|---:|---:|",
        ]
        for build in builds {
            guard let pass = results[build] else { continue }
            lines.append(
                "| \(build) | \(format(pass.firstMilliseconds)) ms | \(pass.slowestBody) \(format(pass.slowestMilliseconds)) ms "
                    + "| \(pass.firstMinorFaults) | \(format(pass.steadyMilliseconds)) ms |")
        }
        if let debug = results["debug"], let release = results["release"] {
            let firstRatio = debug.firstMilliseconds / release.firstMilliseconds
            let steadyRatio = debug.steadyMilliseconds / release.steadyMilliseconds
            lines.append(
                "debug/release ratio on the corpus: first decodes \(format(firstRatio))×, steady \(format(steadyRatio))× "
                    + "(before the fix of issue 32 item 9, a copy of the token array per key: 40–62× and 21–24×, "
                    + "and 225,030 minor faults in debug)")
        }
        if countingInstructions, results["debug"] != nil, results["release"] != nil {
            let instructions = try instructionRow(repository: repository)
            if !instructions.isEmpty { lines.append(instructions) }
        }
        if !missing.isEmpty {
            lines.append(
                "no \(missing.joined(separator: " or ")) build of courier-bench at .build/: "
                    + missing.map { $0 == "debug" ? "`swift build`" : "`swift build -c release`" }.joined(
                        separator: " and ")
                    + " makes it, then the ratio is printed here")
        }
        return lines.joined(separator: "\n")
    }

    private static func child(_ binary: URL, repository: URL, passes: Int) throws -> Pass {
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--decode-corpus-child", String(passes)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        var fields: [Substring: Substring] = [:]
        for field in text.split(whereSeparator: \.isWhitespace) {
            guard let equals = field.firstIndex(of: "=") else { continue }
            fields[field[..<equals]] = field[field.index(after: equals)...]
        }
        guard process.terminationStatus == 0, let first = fields["first"].flatMap({ Double($0) }),
            let steady = fields["steady"].flatMap({ Double($0) }), let faults = fields["faults"].flatMap({ Int($0) }),
            let slowest = fields["slowest"], let colon = slowest.lastIndex(of: ":"),
            let slowestTime = Double(slowest[slowest.index(after: colon)...])
        else {
            throw BenchFailure("\(binary.path) --decode-corpus-child answered: \(text)")
        }
        return Pass(
            firstMilliseconds: first, steadyMilliseconds: steady, firstMinorFaults: faults,
            slowestBody: String(slowest[..<colon]), slowestMilliseconds: slowestTime)
    }

    private static func corpusFolder(_ repository: URL) -> URL {
        repository.deletingLastPathComponent().appendingPathComponent("shared/fixtures/reddit")
    }

    /// This thread's CPU time so far.
    private static func cpuMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }

    private static func format(_ value: Double) -> String { String(format: value < 10 ? "%.2f" : "%.0f", value) }
}
