import CourierStore
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Peak memory of reading and writing a ``DocumentStore`` document, measured in a child process
/// (`courier-bench --document-memory-child MODE FILE`) so that each measurement starts from a
/// fresh high-water mark: the child prints how far `getrusage`'s maximum resident size rose
/// during the operation.
enum DocumentMemory {
    enum Mode: String, CaseIterable {
        /// `Data(contentsOf:)` and one `JSONDecoder` decode of the same file: the yardstick.
        case plainDecode = "plain-decode"
        /// `DocumentStore.load()` of the file.
        case load
        /// A new store's first `save` + `flush` over the existing file (the value already built).
        case firstSave = "first-save"

        var title: String {
            switch self {
            case .plainDecode: "JSONDecoder alone (yardstick)"
            case .load: "load()"
            case .firstSave: "first save over the file"
            }
        }
    }

    struct Item: Codable, Sendable {
        var id: Int
        var title: String
        var body: String
        var score: Double
        var tags: [String]
    }

    /// A document of about `size` bytes when encoded.
    static func document(size: Int) -> [Item] {
        (0..<max(1, size / 215)).map { index in
            Item(
                id: index, title: "Item number \(index) of the benchmark document",
                body: String(repeating: "lorem ipsum dolor sit amet ", count: 4) + String(index),
                score: Double(index) / 7, tags: ["swift", "bench", String(index % 97)])
        }
    }

    /// Writes a document of about `size` bytes with a store, runs `mode` on it in a child
    /// process, and returns the child's peak memory above its starting point, in bytes.
    static func measure(_ mode: Mode, size: Int) async throws -> Int {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-bench-doc-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("document.json")
        try await writeDocument(size: size, to: file)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #if canImport(Darwin)
        process.executableURL = Bundle.main.executableURL
        #endif
        process.arguments = ["--document-memory-child", mode.rawValue, file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, let bytes = Int(printed.trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            throw BenchFailure(
                "document memory child (\(mode.rawValue), \(size) B) failed: status \(process.terminationStatus), printed \(printed)"
            )
        }
        return bytes
    }

    /// Writes the document through a store, as an app would have.
    private static func writeDocument(size: Int, to file: URL) async throws {
        let store = DocumentStore<[Item]>(fileURL: file)
        store.save(document(size: size))
        try await store.flush()
    }

    /// The child's side: runs `mode` on `file` and prints the rise of its peak resident size.
    static func runChild(mode: String, file: String) async -> Int32 {
        guard let mode = Mode(rawValue: mode) else { return 2 }
        let url = URL(fileURLWithPath: file)
        do {
            switch mode {
            case .plainDecode:
                let start = startMeasuring()
                let data = try Data(contentsOf: url)
                let value = try JSONDecoder().decode(Envelope.self, from: data)
                print(peakResidentBytes() - start)
                withExtendedLifetime(value) {}
            case .load:
                let start = startMeasuring()
                let value = try DocumentStore<[Item]>(fileURL: url).load()
                print(peakResidentBytes() - start)
                withExtendedLifetime(value) {}
            case .firstSave:
                let size = try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int ?? 0
                let value = document(size: size)
                let start = startMeasuring()
                let store = DocumentStore<[Item]>(fileURL: url)
                store.save(value)
                try await store.flush()
                print(peakResidentBytes() - start)
            }
            return 0
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            return 1
        }
    }

    private struct Envelope: Decodable {
        var formatVersion: Int
        var value: [Item]
    }

    /// Where the peak is counted from: the current resident size, after resetting the peak to
    /// it where the system allows (Linux: `/proc/self/clear_refs`, so startup's own peak does not
    /// hide a smaller operation's); elsewhere the peak so far.
    static func startMeasuring() -> Int {
        #if os(Linux)
        if (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil,
            let resident = procStatus("VmRSS")
        {
            return resident
        }
        #endif
        return peakResidentBytes()
    }

    /// The process's peak resident size so far, in bytes.
    static func peakResidentBytes() -> Int {
        #if os(Linux)
        if let peak = procStatus("VmHWM") { return peak }
        #endif
        return ProcessUsage.maximumResidentBytes()
    }

    /// A `kB` field of `/proc/self/status`, in bytes.
    private static func procStatus(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            let number = line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces).split(separator: " ")
                .first
            return number.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
    }
}

/// A failure of the bench itself.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
