import Courier
import Foundation

/// `courier-bench`: Courier side by side with raw URLSession against a local nginx.
///
/// Usage: `swift run -c release courier-bench [--quick] [--decoding-only | --decoder-only | --build-ratio-only | --stores-only | --fleet-only | --wire-only | --in-flight-only | --tls-only | --uploads-only | --streams-only | --websockets-only]`. `--quick` does fewer,
/// shorter runs (a smoke test that finishes in well under 30 s); numbers worth quoting come from a
/// full run of a release build. `--decoding-only` runs only the in-memory rows (no nginx, no
/// network), for iterating on decoding and the pipeline; `--wire-only` only `CurlTransport`
/// against the socket loop (and libcurl alone) and the HTTP/2 row, for iterating on (and
/// profiling) the transport; `--tls-only` only the HTTP/2 row.
@main
struct CourierBench {
    static func main() async {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.first == "--document-memory-child", arguments.count == 3 {
            exit(
                await DocumentMemory.runChild(
                    mode: arguments[arguments.startIndex + 1], file: arguments[arguments.startIndex + 2]))
        }
        if arguments.first == "--decoder-memory-child", arguments.count == 3 {
            let repository = Self.repositoryRoot()
            let listing =
                (try? Data(contentsOf: repository.appendingPathComponent(redditListingPath))) ?? Data()
            exit(
                DecoderDocuments.runChild(
                    repository: repository, listing: listing, index: arguments[arguments.startIndex + 1],
                    decoder: arguments[arguments.startIndex + 2]))
        }
        if arguments.first == "--decode-corpus-child", arguments.count == 2 {
            exit(
                DecoderBuildRatio.runChild(
                    repository: repositoryRoot(), passes: Int(arguments[arguments.startIndex + 1]) ?? 1))
        }
        if arguments.first == "--upload-child", arguments.count == 4 {
            let values = Array(arguments)
            exit(await UploadScenarios.runChild(transport: values[1], url: values[2], file: values[3]))
        }
        if arguments.first == "--autobahn", arguments.count == 2 {
            do {
                try await AutobahnClient.run(arguments[arguments.startIndex + 1])
            } catch {
                FileHandle.standardError.write(Data("courier-bench: \(error)\n".utf8))
                exit(1)
            }
            return
        }
        if arguments.contains("--help") || arguments.contains("-h") {
            print(
                "usage: courier-bench [--quick] [--decoding-only | --decoder-only | --build-ratio-only | --stores-only | --fleet-only | --wire-only | --in-flight-only | --tls-only | --uploads-only | --streams-only | --websockets-only]\n  Starts nginx on a free loopback port and prints Courier's throughput and latency next to raw URLSession's.\n  --decoding-only runs only the in-memory rows, without nginx.\n  --decoder-only runs only the JSON decoder's rows, the debug/release ratio and the comment tree growth rows.\n  --build-ratio-only runs only the debug/release ratio on the Reddit corpus (both builds of courier-bench as children: `swift build` and `swift build -c release` first), in CPU time and, with valgrind installed, in instructions.\n  --stores-only runs only the stores' rows (ResponseCache costs by size, DocumentStore peak memory).\n  --fleet-only runs only the fleet rows (a budget shared through a redis-server of the bench's own, when installed).\n  --in-flight-only runs only the 16-in-flight rows: CurlTransport against the keep-alive socket loop over HTTP and over HTTPS (OpenSSL), with CPU time per request (about a minute; with --quick, 15 s).\n  --tls-only runs only the HTTP/2 row (100 in flight over TLS, HTTP/2 against HTTP/1.1).\n  --uploads-only runs only the upload rows (a file to nginx against curl -T).\n  --streams-only runs only the streaming rows (a body from nginx to nowhere and to a file, next to the curl command line).\n  --websockets-only runs only the WebSocket rows (echo round trips and a flood one way, next to Python's websockets client).\n  --profile-decoder NAME [SECONDS] [tape|foundation] decodes one document in turns of a second (twitter, citm, canada, listing, reddit-listing, reddit-comments), to compare or attach a profiler.\n  --profile [N] [SECONDS], --profile-executor [N] [SECONDS], --profile-socket [N] [SECONDS] send N GETs at a time (16 by default) for SECONDS (10) through CurlTransport with callers on the cooperative pool, on its executor, or over the plain socket loop, and print the rate and the CPU time a request; --threads T gives the transport T threads (default: CurlTransport.defaultThreads)."
            )
            return
        }
        let plan = arguments.contains("--quick") ? Plan.quick : Plan.full
        do {
            if arguments.contains("--stores-only") {
                print("courier-bench (\(plan.name), stores only): \(MachineDescription.current().summary)")
                print("load average at start: \(MachineDescription.loadAverage())\n")
                print(try await StoreScenarios(plan: plan).run())
                print("load average at end: \(MachineDescription.loadAverage())")
                return
            }
            if arguments.contains("--fleet-only") {
                print("courier-bench (\(plan.name), fleet only): \(MachineDescription.current().summary)")
                print(try await FleetScenarios(plan: plan).run())
                return
            }
            if let flag = arguments.firstIndex(where: { ProfileLoop.Mode(rawValue: $0) != nil }),
                let mode = ProfileLoop.Mode(rawValue: arguments[flag])
            {
                let values = arguments[(flag + 1)...].prefix(while: { Int($0) != nil }).prefix(2).compactMap { Int($0) }
                let threads = arguments.firstIndex(of: "--threads").flatMap { index in
                    arguments.index(after: index) < arguments.endIndex
                        ? Int(arguments[arguments.index(after: index)]) : nil
                }
                try await ProfileLoop.run(
                    repository: repositoryRoot(), concurrency: values.first ?? 16,
                    seconds: values.dropFirst().first ?? 10, threads: threads, mode: mode)
                return
            }
            if let flag = arguments.firstIndex(of: "--profile-decoder") {
                let repository = repositoryRoot()
                let (listing, comments) = try redditFixtures(in: repository)
                try await DecoderProfileLoop.run(
                    repository: repository, listing: listing, comments: comments,
                    arguments: Array(arguments[(flag + 1)...]))
                return
            }
            if arguments.contains("--in-flight-only") {
                try await runInFlightOnly(plan)
                return
            }
            if arguments.contains("--tls-only") {
                try await runTLSOnly(plan)
                return
            }
            if arguments.contains("--wire-only") {
                try await run(plan, wireOnly: true)
                return
            }
            if arguments.contains("--uploads-only") {
                try await runAlone(.uploads, plan)
                return
            }
            if arguments.contains("--streams-only") {
                try await runAlone(.streams, plan)
                return
            }
            if arguments.contains("--websockets-only") {
                print("courier-bench (\(plan.name), WebSockets only): \(MachineDescription.current().summary)")
                print("load average at start: \(MachineDescription.loadAverage())\n")
                await printWebSocketRows(plan)
                print("load average at end: \(MachineDescription.loadAverage())")
                return
            }
            if arguments.contains("--build-ratio-only") {
                print("courier-bench (\(plan.name), build ratio only): \(MachineDescription.current().summary)")
                print("load average at start: \(MachineDescription.loadAverage())\n")
                print(
                    try DecoderBuildRatio.run(
                        repository: repositoryRoot(), passes: plan.name == "quick" ? 1 : 5, countingInstructions: true))
                print("load average at end: \(MachineDescription.loadAverage())")
                return
            }
            if arguments.contains("--decoder-only") {
                try await runDecoderOnly(plan)
                return
            }
            if arguments.contains("--decoding-only") {
                try await runDecodingOnly(plan)
                return
            }
            try await run(plan)
        } catch {
            FileHandle.standardError.write(Data("courier-bench: \(error)\n".utf8))
            exit(1)
        }
    }

    private static func run(_ plan: Plan, wireOnly: Bool = false) async throws {
        let repository = Self.repositoryRoot()
        let (listing, comments) = try redditFixtures(in: repository)
        let files = [
            "small.json": try Feed.json(atLeast: 1_800),
            "medium.json": try Feed.json(atLeast: 100_000),
            "listing.json": listing,
        ]
        let nginx = try await Nginx(repository: repository, files: files)
        defer { nginx.stop() }
        nginx.stopOnInterrupt()

        let machine = MachineDescription.current()
        print("courier-bench (\(plan.name)): \(machine.summary)")
        print(
            "nginx at \(nginx.baseURL), files: small.json \(files["small.json"]!.count) B, medium.json \(files["medium.json"]!.count) B, listing.json \(listing.count) B"
        )
        print("load average at start: \(MachineDescription.loadAverage())")
        print("")

        var contenders =
            wireOnly
            ? []
            : [
                Contender.rawURLSession(baseURL: nginx.baseURL),
                Contender.courier(
                    "Courier+URLSessionTransport", baseURL: nginx.baseURL, transport: URLSessionTransport.shared),
            ]
        #if os(Linux)
        do {
            // The default transport (its default threads and per-host connection limit, 6): what
            // every user of CurlTransport gets, callers on the pool and on its executor (its own
            // transport, so its own 6 connections).
            contenders.append(.courier(Contender.curlDefault, baseURL: nginx.baseURL, transport: try CurlTransport()))
            let transport = try CurlTransport()
            contenders.append(
                .courier(
                    Contender.curlOnExecutor, baseURL: nginx.baseURL, transport: transport,
                    executor: transport.executor))
            // One thread, the same 6 connections, for comparison.
            contenders.append(
                .courier(Contender.curlOnOneThread, baseURL: nginx.baseURL, transport: try CurlTransport(threads: 1)))
            let oneThread = try CurlTransport(threads: 1)
            contenders.append(
                .courier(
                    Contender.curlOnOneThreadExecutor, baseURL: nginx.baseURL, transport: oneThread,
                    executor: oneThread.executor))
        } catch {
            print("CurlTransport column skipped: \(error)")
        }
        #endif

        let network = NetworkScenarios(plan: plan, contenders: contenders, nginx: nginx)
        let networkRows = try await network.run()
        let spread = try await network.connectionEvidence(concurrency: 16, requests: 800)
        #if os(Linux)
        var multiplexing = try await multiplexingSection(plan, nginx: nginx)
        #else
        var multiplexing: [String] = []
        #endif
        multiplexing += ["Connections nginx saw for 800 requests, 16 in flight:"] + spread + [""]
        #if os(Linux)
        let couriersOnCurl = contenders.filter { Contender.couriersOnCurl.contains($0.name) }
        if !couriersOnCurl.isEmpty {
            multiplexing += try await LibCurlShare(plan: plan, couriers: couriersOnCurl, port: nginx.baseURL.port ?? 80)
                .run()
        }
        #endif
        if wireOnly {
            let report = Report(contenders: contenders.map(\.name), networkRows: networkRows, decodingRows: [])
            print(
                (report.networkTable() + [""] + report.ceilingLines() + multiplexing + report.targets()).joined(
                    separator: "\n"))
            print("load average at end: \(MachineDescription.loadAverage())")
            return
        }
        let decoding = try await DecodingScenarios(plan: plan, listing: listing, comments: comments).run()

        let report = Report(
            contenders: contenders.map(\.name), networkRows: networkRows, decodingRows: decoding
        )
        print(report.render())
        print("")
        print(multiplexing.joined(separator: "\n"))
        print("")
        print(try await UploadScenarios(plan: plan, nginx: nginx).run())
        print("")
        print(try await StreamScenarios(plan: plan, nginx: nginx).run())
        print("")
        await printWebSocketRows(plan)
        try printDecoderDocuments(plan, repository: repository, listing: listing)
        try await printDecoderScaling(plan, listing: listing, comments: comments)
        try await printCommentTreeGrowth(plan, comments: comments)
        print(try await StoreScenarios(plan: plan).run())
        print("")
        print(try await FleetScenarios(plan: plan).run())
        print("load average at end: \(MachineDescription.loadAverage())")
    }

    /// The WebSocket rows (``WebSocketScenarios``), or why they were skipped.
    private static func printWebSocketRows(_ plan: Plan) async {
        do {
            print(try await WebSocketScenarios(plan: plan, repository: repositoryRoot()).run())
        } catch {
            print("WebSocket rows skipped: \(error)")
        }
        print("")
    }

    /// Only the HTTP/2 row, against an nginx serving its one file.
    private static func runTLSOnly(_ plan: Plan) async throws {
        let nginx = try await Nginx(
            repository: Self.repositoryRoot(), files: ["small.json": try Feed.json(atLeast: 1_800)])
        defer { nginx.stop() }
        nginx.stopOnInterrupt()
        print("courier-bench (\(plan.name), TLS only): \(MachineDescription.current().summary)")
        print("load average at start: \(MachineDescription.loadAverage())\n")
        #if os(Linux)
        print(try await multiplexingSection(plan, nginx: nginx).joined(separator: "\n"))
        #else
        print("The HTTP/2 row runs on CurlTransport, on Linux only.")
        #endif
        print("load average at end: \(MachineDescription.loadAverage())")
    }

    /// Only the 16-in-flight rows against the socket loops, HTTP and HTTPS (``InFlightScenarios``).
    private static func runInFlightOnly(_ plan: Plan) async throws {
        let nginx = try await Nginx(
            repository: Self.repositoryRoot(), files: ["small.json": try Feed.json(atLeast: 1_800)])
        defer { nginx.stop() }
        nginx.stopOnInterrupt()
        print("courier-bench (\(plan.name), 16 in flight only): \(MachineDescription.current().summary)")
        print("load average at start: \(MachineDescription.loadAverage())\n")
        print(try await InFlightScenarios(plan: plan, nginx: nginx).run().joined(separator: "\n"))
        print("load average at end: \(MachineDescription.loadAverage())")
    }

    #if os(Linux)
    /// The HTTP/2 row (see ``MultiplexingScenario``) with nginx's account of the connections, or
    /// why it was skipped.
    private static func multiplexingSection(_ plan: Plan, nginx: Nginx) async throws -> [String] {
        guard let tls = nginx.tls else {
            return ["HTTP/2 row skipped: no certificate could be made (is openssl installed?).", ""]
        }
        let (table, evidence) = try await MultiplexingScenario(plan: plan, nginx: nginx, tls: tls).run()
        return table + ["", "Connections nginx saw for one burst of each:"] + evidence + [""]
    }
    #endif

    /// The sections `--uploads-only` and `--streams-only` run alone.
    private enum Section: String {
        case uploads, streams
    }

    /// Only `section`'s rows, against an nginx that serves nothing but the files those rows
    /// write into its root.
    private static func runAlone(_ section: Section, _ plan: Plan) async throws {
        let nginx = try await Nginx(repository: Self.repositoryRoot(), files: ["small.json": Data("{}".utf8)])
        defer { nginx.stop() }
        nginx.stopOnInterrupt()
        print("courier-bench (\(plan.name), \(section.rawValue) only): \(MachineDescription.current().summary)")
        print("load average at start: \(MachineDescription.loadAverage())\n")
        switch section {
        case .uploads: print(try await UploadScenarios(plan: plan, nginx: nginx).run())
        case .streams: print(try await StreamScenarios(plan: plan, nginx: nginx).run())
        }
        print("load average at end: \(MachineDescription.loadAverage())")
    }

    /// The recorded Reddit listing the bench decodes, relative to the repository.
    private static let redditListingPath = "Benchmarks/fixtures/reddit/front_hot.json"

    /// The recorded Reddit listing and comment page the decoding rows use.
    private static func redditFixtures(in repository: URL) throws -> (listing: Data, comments: Data) {
        let listing = try Data(contentsOf: repository.appendingPathComponent(redditListingPath))
        let comments = try Data(
            contentsOf: repository.appendingPathComponent(
                "Benchmarks/fixtures/reddit/comments_3hahrw_limit10_more.json"))
        return (listing, comments)
    }

    /// Only the in-memory rows: no nginx, no network columns.
    private static func runDecodingOnly(_ plan: Plan) async throws {
        let repository = Self.repositoryRoot()
        let (listing, comments) = try redditFixtures(in: repository)
        print("courier-bench (\(plan.name), decoding only): \(MachineDescription.current().summary)")
        print("load average at start: \(MachineDescription.loadAverage())")
        print("")
        let decoding = try await DecodingScenarios(plan: plan, listing: listing, comments: comments).run()
        print(Report(contenders: [], networkRows: [], decodingRows: decoding).render())
        print("load average at end: \(MachineDescription.loadAverage())")
    }

    /// Only the decoder's rows: JSON documents decoded by Courier's decoder and by `JSONDecoder`,
    /// and the cost per item of growing Reddit pages.
    private static func runDecoderOnly(_ plan: Plan) async throws {
        let repository = Self.repositoryRoot()
        let (listing, comments) = try redditFixtures(in: repository)
        print("courier-bench (\(plan.name), decoder only): \(MachineDescription.current().summary)")
        print("load average at start: \(MachineDescription.loadAverage())")
        print("")
        try printDecoderDocuments(plan, repository: repository, listing: listing)
        try await printDecoderScaling(plan, listing: listing, comments: comments)
        try await printCommentTreeGrowth(plan, comments: comments)
        print("load average at end: \(MachineDescription.loadAverage())")
    }

    /// The cost per item of decoding growing Reddit pages (``DecoderScaling``).
    private static func printDecoderScaling(_ plan: Plan, listing: Data, comments: Data) async throws {
        // `--quick` is CI's smoke run, often a debug build: small pages.
        let sizes = plan.name == "quick" ? [250, 1_000] : [1_000, 10_000, 40_000]
        let scaling = DecoderScaling(sizes: sizes, listing: listing, comments: comments)
        print("Decoding growing Reddit pages through RedditClient, in memory (the cost per item should stay flat):")
        print(try await scaling.run(runs: plan.name == "quick" ? 1 : 3))
        print("")
    }

    /// The time per level of a thread followed one "continue this thread" at a time
    /// (``CommentTreeGrowth``).
    private static func printCommentTreeGrowth(_ plan: Plan, comments: Data) async throws {
        let quick = plan.name == "quick"
        let growth = CommentTreeGrowth(
            inPlaceLevels: quick ? [200, 1_000] : [1_000, 10_000, 30_000],
            keptCopyLevels: quick ? [200, 1_000] : [1_000, 3_000], comments: comments)
        print(
            "Following a thread one \"continue this thread\" at a time through RedditClient.loadMore, in memory "
                + "(in place, the time per level should stay flat):")
        print(try await growth.run())
        print("")
    }

    /// The JSON documents decoded by `JSONDecoder` and `JSON.TapeDecoder` side by side.
    private static func printDecoderDocuments(_ plan: Plan, repository: URL, listing: Data) throws {
        let documents = try DecoderDocuments.documents(repository: repository, listing: listing)
        // `--quick` (often a debug build, in CI) decodes each document once per decoder and run.
        let runs = plan.name == "quick" ? 1 : plan.runs
        print("JSON documents in memory, the same Decodable structs, median of \(runs) interleaved runs:")
        print(
            try DecoderDocuments.run(
                documents, runs: runs, minimumRun: plan.name == "quick" ? .milliseconds(50) : .milliseconds(300)))
        print("load average after the documents: \(MachineDescription.loadAverage())\n")
        let quick = plan.name == "quick"
        let corpus = try DecoderCorpus.bodies(
            in: repository.deletingLastPathComponent().appendingPathComponent("shared/fixtures/reddit"))
        print(
            try DecoderCorpus.run(
                corpus, runs: quick ? 1 : 3, minimumRun: quick ? .milliseconds(5) : .milliseconds(20)))
        print("load average after the corpus: \(MachineDescription.loadAverage())\n")
        print(try DecoderBuildRatio.run(repository: repository, passes: quick ? 1 : 5))
        print("load average after the build ratio: \(MachineDescription.loadAverage())\n")
    }

    /// The repository this executable was built from: `Benchmarks/` lives there. The bench is run
    /// with `swift run` from the checkout, so the source file's path leads back to it; the
    /// current directory is the fallback.
    private static func repositoryRoot() -> URL {
        let fromSource = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let marker = "Benchmarks/nginx/nginx.conf.template"
        if FileManager.default.fileExists(atPath: fromSource.appendingPathComponent(marker).path) { return fromSource }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }
}

/// How much work each scenario does.
struct Plan: Sendable {
    let name: String
    /// Timed runs per scenario and contender; the table shows their median.
    let runs: Int
    let warmUpRequests: Int
    /// How long a contender sends requests in one turn of a network scenario.
    let slice: Duration
    /// Turns per contender in one run of a network scenario.
    let slicesPerRun: Int
    let identicalRequests: Int
    let listingDecodes: Int
    let treeBuilds: Int
    let pipelineRequests: Int

    /// Many short runs rather than a few long ones: on a shared machine the median of nine
    /// resists a burst of load better. With three contenders, 36 turns (9 runs of 4) go through
    /// their 6 orders 6 times; `--quick` goes through them once.
    static let full = Plan(
        name: "full", runs: 9, warmUpRequests: 300, slice: .milliseconds(200), slicesPerRun: 4,
        identicalRequests: 100, listingDecodes: 40, treeBuilds: 400, pipelineRequests: 10_000
    )
    static let quick = Plan(
        name: "quick", runs: 3, warmUpRequests: 50, slice: .milliseconds(100), slicesPerRun: 2,
        identicalRequests: 100, listingDecodes: 6, treeBuilds: 40, pipelineRequests: 2_000
    )
}
