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
                try body.decode(decoder, body.data)
                let time = cpuMilliseconds() - start
                first += time
                if time > slowest.milliseconds { slowest = (body.name, time) }
            }
            let faults = ProcessUsage.minorFaults() - faultsBefore
            var steady: [Double] = []
            for _ in 0..<max(1, passes) {
                let start = cpuMilliseconds()
                for body in bodies { try body.decode(decoder, body.data) }
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

    /// Runs both builds' children and renders the row, or says which build is missing.
    static func run(repository: URL, passes: Int) throws -> String {
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
