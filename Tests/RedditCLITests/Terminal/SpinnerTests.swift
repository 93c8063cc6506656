import Synchronization
import TestSupport
import Testing

@testable import RedditCLI

@Suite struct SpinnerTests {
    final class Output: Sendable {
        let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        func write(_ text: String) { lines.withLock { $0.append(text) } }
    }

    @Test func quickWorkShowsNoSpinner() async throws {
        let output = Output()
        let spinner = Spinner(isEnabled: true, clock: VirtualClock(), write: output.write)
        let value = await spinner.run { () async -> Int in 42 }
        #expect(value == 42)
        #expect(output.all.isEmpty)
    }

    @Test func slowWorkShowsTheSpinnerAfter300msAndErasesIt() async throws {
        let output = Output()
        let clock = VirtualClock()
        let spinner = Spinner(isEnabled: true, message: "loading", clock: clock, write: output.write)
        let (gate, open) = AsyncStream<Void>.makeStream()
        async let result = spinner.run { () async -> Int in
            for await _ in gate {}
            return 7
        }
        try await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(299))
        #expect(output.all.isEmpty, "nothing before 300 ms")
        clock.advance(by: .milliseconds(1))
        try await waitUntil("the first frame") { !output.all.isEmpty }
        #expect(output.all.first == "\r⠋ loading…")
        open.finish()
        #expect(await result == 7)
        #expect(output.all.last == Spinner.erase)
    }

    @Test func aDisabledSpinnerNeverWrites() async throws {
        let output = Output()
        let clock = VirtualClock(autoAdvances: true)
        let spinner = Spinner(isEnabled: false, clock: clock, write: output.write)
        let value = await spinner.run { () async -> String in
            try? await clock.sleep(for: .seconds(5))
            return "done"
        }
        #expect(value == "done" && output.all.isEmpty)
    }
}
