import Courier
import CourierTesting
import RedditAPI
import TestSupport
import Testing

@testable import RedditCLI

/// How a `RATELIMIT` refusal reads.
@Suite struct RatelimitMessageTests {
    private func refusal(_ message: String, code: String = "RATELIMIT") -> RedditError {
        RedditError(kind: .api([RedditError.APIError(code: code, message: message, field: "ratelimit")]), status: 200)
    }

    @Test func minutesAndSecondsAreSaidAsRedditSaysThem() {
        #expect(
            RatelimitMessage.text(for: refusal("you are doing that too much. try again in 9 minutes."))
                == "Reddit asks you to wait 9 minutes before posting again (--wait waits it out)")
        #expect(
            RatelimitMessage.text(
                for: refusal("Looks like you've been doing that a lot. Take a break for 1 minute before trying again."))
                == "Reddit asks you to wait 1 minute before posting again (--wait waits it out)")
        #expect(
            RatelimitMessage.text(for: refusal("try again in 40 seconds."))
                == "Reddit asks you to wait 40 seconds before posting again (--wait waits it out)")
        #expect(
            RatelimitMessage.text(for: refusal("try again in 20 minutes."))
                == "Reddit asks you to wait 20 minutes before posting again", "longer than --wait waits: no hint")
        #expect(
            RatelimitMessage.text(for: refusal("you are doing that too much"))
                == "Reddit asks you to wait before posting again (it did not say how long)")
        #expect(RatelimitMessage.text(for: refusal("that is not allowed", code: "SUBREDDIT_NOTALLOWED")) == nil)
    }

    @Test func durationsRoundUpToWholeUnits() {
        #expect(RatelimitMessage.describe(.seconds(1)) == "1 second")
        #expect(RatelimitMessage.describe(.milliseconds(500)) == "1 second")
        #expect(RatelimitMessage.describe(.seconds(60)) == "1 minute")
        #expect(RatelimitMessage.describe(.seconds(61)) == "2 minutes")
    }

    @Test func theServiceReportsARefusedWriteThatWay() async throws {
        let stub = StubTransport()
        stub.on(
            .post, .path("/api/comment"),
            .string(
                #"{"json":{"errors":[["RATELIMIT","you are doing that too much. try again in 3 minutes.","ratelimit"]]}}"#,
                headers: ["Content-Type": "application/json"]))
        let service = RedditService(
            userAgent: try UserAgent("test:reddit-cli:1.0 (by /u/tester)"), authentication: .bearer("token"),
            transport: stub)
        let error = await #expect(throws: CLIError.self) {
            try await service.reply(to: Fullname("t3_abc"), text: "hi")
        }
        #expect(error?.message == "Reddit asks you to wait 3 minutes before posting again (--wait waits it out)")
    }

    @Test func withWaitTheServiceWaitsItOutAndSendsAgain() async throws {
        let stub = StubTransport()
        stub.on(
            .post, .path("/api/compose"),
            sequence: [
                .string(
                    #"{"json":{"errors":[["RATELIMIT","you are doing that too much. try again in 2 minutes.","ratelimit"]]}}"#,
                    headers: ["Content-Type": "application/json"]),
                .string(#"{"json":{"errors":[]}}"#, headers: ["Content-Type": "application/json"]),
            ])
        let clock = VirtualClock()
        var service = RedditService(
            userAgent: try UserAgent("test:reddit-cli:1.0 (by /u/tester)"), authentication: .bearer("token"),
            transport: stub)
        service.ratelimit = WriteRetryPolicy(waitingUpTo: RatelimitMessage.longestWait, clock: clock)
        let sending = Task { [service] in
            try await service.compose(MessageOptions(recipient: .user("spez"), subject: "S"), text: "T")
        }
        try await clock.waitForSleepers(1)
        #expect(stub.requests.count == 1)
        clock.advance(by: .seconds(121))
        #expect(try await sending.value == .sent)
        #expect(stub.requests.count == 2)
    }
}
