import CourierStore
import Foundation
import TestSupport
import Testing

@Suite("DocumentStore survives SIGKILL")
struct DocumentCrashTests {
    @Test("Killed 200 times mid-write, the file always loads as a whole value at least as new as the last flush")
    func killedWriter() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.file("state.json")
        let helper = try CrashHelperProcess.executable()
        var killsAfterWrites = 0
        var lastCounter = 0
        var mostLeftovers = 0

        for round in 1...200 {
            let delay = Duration.microseconds(Int.random(in: 0...40_000))
            let output = try await offPool {
                // Every other round is killed only after a flush was reported, so enough kills land
                // after writes however slow the machine is.
                try CrashHelperProcess.runAndKill(
                    helper, arguments: ["document", file.path], after: delay,
                    marker: round.isMultiple(of: 2) ? "durable " : nil)
            }
            let durable = output.split(separator: "\n").compactMap { line in
                line.hasPrefix("durable ") ? Int(line.dropFirst("durable ".count)) : nil
            }.max()

            // Each helper loads before it saves (the README's pattern) and must clear what the
            // previous kill left: at most this round's temporary file is there.
            let leftovers = try directory.contents().filter { $0.contains(".tmp-") }.count
            mostLeftovers = max(mostLeftovers, leftovers)
            #expect(leftovers <= 1, "round \(round): \(leftovers) temporary files left by killed writers")

            let events = EventLog()
            let store = DocumentStore<CrashSample>(fileURL: file, onEvent: events.record)
            let loaded = try store.load()
            #expect(events.all.isEmpty, "round \(round): \(events.all)")
            if let loaded {
                #expect(loaded.isWhole, "round \(round): loaded a value whose fields disagree")
                #expect(
                    loaded.counter >= lastCounter, "round \(round): went back from \(lastCounter) to \(loaded.counter)")
                lastCounter = loaded.counter
            }
            if let durable {
                killsAfterWrites += 1
                let counter = try #require(loaded, "round \(round): flushed \(durable) but the file is gone").counter
                // The file holds the last flushed value or one of the three saved after it.
                #expect(
                    (durable...(durable + 3)).contains(counter), "round \(round): flushed \(durable), loaded \(counter)"
                )
            }
        }
        #expect(
            killsAfterWrites > 100, "too few kills landed after a write (\(killsAfterWrites)); the test proves little")
        #expect(try directory.contents().allSatisfy { !$0.contains(".corrupt-") })
        #expect(
            try directory.contents().allSatisfy { !$0.contains(".tmp-") },
            "the last load must clear the last kill's file")
        print(
            "DocumentCrashTests: at most \(mostLeftovers) temporary files after a kill; left at the end: "
                + "\(try directory.contents().filter { $0.contains(".tmp-") }.count)")
    }
}
