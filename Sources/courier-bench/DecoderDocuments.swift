import Courier
import Foundation

/// JSON documents decoded in memory into the same `Decodable` structs by Foundation's
/// `JSONDecoder` and by Courier's `JSON.TapeDecoder`, interleaved in one run, with each one's
/// peak memory while decoding measured in a child process.
struct DecoderDocuments {
    /// One document and what the tape decoder must reach on it.
    struct Document: Sendable {
        let name: String
        let data: Data
        let target: Double
        let decodeWithTape: @Sendable (Data) throws -> Void
        let decodeWithFoundation: @Sendable (Data) throws -> Void
        let sameValues: @Sendable (Data) throws -> Bool
    }

    static func documents(repository: URL, listing: Data) throws -> [Document] {
        func load(_ name: String) throws -> Data {
            // The shared corpus beside the checkout, as the tests read it.
            try Data(
                contentsOf: repository.deletingLastPathComponent().appendingPathComponent(
                    "shared/fixtures/json/benchmark/\(name)"))
        }
        return [
            document("twitter.json", try load("twitter.json"), Twitter.self, target: 2),
            document("citm_catalog.json", try load("citm_catalog.json"), Citm.self, target: 2),
            document("canada.json", try load("canada.json"), Canada.self, target: 1.5),
            document("Reddit listing (plain structs)", listing, PlainListing.self, target: 2),
        ]
    }

    private static func document<T: Decodable & Sendable>(
        _ name: String, _ data: Data, _ type: T.Type, target: Double
    ) -> Document {
        Document(
            name: name, data: data, target: target,
            decodeWithTape: { _ = try JSON.TapeDecoder().decode(T.self, from: $0) },
            decodeWithFoundation: { _ = try JSONDecoder().decode(T.self, from: $0) },
            sameValues: { data in
                guard let equatable = T.self as? any (Decodable & Equatable).Type else { return true }
                return try equal(equatable, data)
            })
    }

    private static func equal<T: Decodable & Equatable>(_ type: T.Type, _ data: Data) throws -> Bool {
        try JSON.TapeDecoder().decode(T.self, from: data) == JSONDecoder().decode(T.self, from: data)
    }

    /// The table: MB/s of each, the ratio, the target and whether it is met, peak memory of each.
    static func run(_ documents: [Document], runs: Int, minimumRun: Duration) throws -> String {
        var lines = [
            "| document | KB | JSONDecoder MB/s | JSON.TapeDecoder MB/s | ratio | target | met | peak MB JSONDecoder | peak MB tape | memory met |",
            "|---|---:|---:|---:|---:|---:|---|---:|---:|---|",
        ]
        for document in documents {
            guard try document.sameValues(document.data) else {
                throw BenchFailure("\(document.name): JSON.TapeDecoder and JSONDecoder decoded different values")
            }
            var foundationRates: [Double] = []
            var tapeRates: [Double] = []
            for _ in 0..<runs {
                foundationRates.append(try rate(document.data, minimumRun, document.decodeWithFoundation))
                tapeRates.append(try rate(document.data, minimumRun, document.decodeWithTape))
            }
            let foundation = foundationRates.median
            let tape = tapeRates.median
            let ratio = tape / foundation
            let index = documents.firstIndex { $0.name == document.name } ?? 0
            let foundationPeak = try childPeak(index: index, decoder: "foundation")
            let tapePeak = try childPeak(index: index, decoder: "tape")
            lines.append(
                "| \(document.name) | \(document.data.count / 1000) | \(format(foundation)) | \(format(tape)) | "
                    + "\(format(ratio))× | \(format(document.target))× | \(ratio >= document.target ? "met" : "NOT MET") | "
                    + "\(format(Double(foundationPeak) / 1e6)) | \(format(Double(tapePeak) / 1e6)) | "
                    + "\(tapePeak <= foundationPeak ? "met" : "NOT MET") |")
        }
        return lines.joined(separator: "\n")
    }

    private static func format(_ value: Double) -> String { String(format: "%.2f", value) }

    /// MB/s over decodes repeated for at least `minimumRun`.
    private static func rate(_ data: Data, _ minimumRun: Duration, _ decode: (Data) throws -> Void) throws -> Double {
        try decodesPerSecond(of: data, for: minimumRun, decode) * Double(data.count) / 1e6
    }

    /// Peak resident memory added while decoding document `index` once, measured in a child.
    private static func childPeak(index: Int, decoder: String) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #if canImport(Darwin)
        process.executableURL = Bundle.main.executableURL
        #endif
        process.arguments = ["--decoder-memory-child", String(index), decoder]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, let bytes = Int(printed.trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw BenchFailure("decoder memory child \(index) \(decoder) failed: \(printed)") }
        return bytes
    }

    /// The child: loads the documents, then decodes one once and prints the peak it added.
    static func runChild(repository: URL, listing: Data, index: String, decoder: String) -> Int32 {
        do {
            let documents = try documents(repository: repository, listing: listing)
            guard let index = Int(index), documents.indices.contains(index) else { return 2 }
            let document = documents[index]
            let start = DocumentMemory.startMeasuring()
            try (decoder == "tape" ? document.decodeWithTape : document.decodeWithFoundation)(document.data)
            print(DocumentMemory.peakResidentBytes() - start)
            return 0
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            return 1
        }
    }
}

/// How many times a second `decode` ran on `data`, repeated for at least `minimumRun`.
func decodesPerSecond(of data: Data, for minimumRun: Duration, _ decode: (Data) throws -> Void) throws -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    var decodes = 0
    repeat {
        try decode(data)
        decodes += 1
    } while clock.now - start < minimumRun
    return Double(decodes) / (clock.now - start).timeInterval
}
