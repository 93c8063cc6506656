import Courier
import Foundation
import Testing

@testable import CourierOAuth

@Suite struct LoopbackRedirectReceiverTests {
    private let client = HTTPClient(baseURL: nil)
    /// The receiver serves once `waitForRedirect` runs, in a child task that a loaded machine may
    /// start minutes late (seen: a GET's 60 s idle timeout passed first): the bounds here only
    /// catch a hang.
    private let patience = Duration.seconds(300)

    @Test func receivesTheRedirectAndIgnoresOtherPaths() async throws {
        let receiver = try LoopbackRedirectReceiver()
        #expect(receiver.port != 0)
        #expect(receiver.redirectURI.absoluteString == "http://127.0.0.1:\(receiver.port)/callback")
        async let redirect = receiver.waitForRedirect(timeout: patience)

        let favicon = try await client.send(
            Request<String>(path: (URL(string: "http://127.0.0.1:\(receiver.port)/favicon.ico")!).absoluteString)
                .allowed(statusCodes: [404]).timeout(patience))
        #expect(favicon.statusCode == 404)

        let page = try await client.send(
            Request<String>(
                path: (URL(string: "http://127.0.0.1:\(receiver.port)/callback?code=c%2B1&state=s")!).absoluteString
            ).timeout(patience))
        #expect(page.statusCode == 200)
        #expect(page.headers["Content-Type"]?.hasPrefix("text/html") == true)
        #expect(page.value.contains("Sign-in complete"))

        let url = try await redirect
        #expect(url.absoluteString == "http://127.0.0.1:\(receiver.port)/callback?code=c%2B1&state=s")
        let code = try AuthorizationRequest(configuration: .example, state: "s").code(from: url)
        #expect(code == "c+1")
    }

    @Test func theBrowserIsToldWhenTheSignInFailed() async throws {
        for (query, reason) in [
            ("error=access_denied&state=s", "access_denied"), ("code=c&state=other", "wrong state"),
        ] {
            let receiver = try LoopbackRedirectReceiver()
            async let redirect = receiver.waitForRedirect(timeout: patience, expectedState: "s")
            let page = try await client.send(
                Request<String>(
                    path: (URL(string: "http://127.0.0.1:\(receiver.port)/callback?\(query)")!).absoluteString
                ).timeout(patience))
            #expect(page.value.contains("Sign-in failed") && page.value.contains(reason), "\(query): \(page.value)")
            #expect(!page.value.contains("Sign-in complete"))
            // The redirect still reaches the app, which reports the failure itself.
            #expect(try await redirect.query == query)
        }
    }

    @Test func timesOutWithoutARedirect() async throws {
        let receiver = try LoopbackRedirectReceiver()
        await #expect(throws: LoopbackError.timedOut) {
            try await receiver.waitForRedirect(timeout: .milliseconds(200))
        }
    }

    @Test func cancellationStopsWaiting() async throws {
        let receiver = try LoopbackRedirectReceiver()
        let wait = Task { try await receiver.waitForRedirect(timeout: .seconds(60)) }
        wait.cancel()
        await #expect(throws: LoopbackError.cancelled) { try await wait.value }
    }

    @Test func busyPortIsATypedError() throws {
        let first = try LoopbackRedirectReceiver()
        #expect(throws: LoopbackError.self) { try LoopbackRedirectReceiver(port: first.port) }
    }

    @Test func requestLineParsing() {
        #expect(
            LoopbackRedirectReceiver.requestTarget("GET /callback?x=1 HTTP/1.1\r\nHost: a\r\n\r\n")?.path == "/callback"
        )
        #expect(LoopbackRedirectReceiver.requestTarget("GET http://evil/ HTTP/1.1\r\n\r\n") == nil)
        #expect(LoopbackRedirectReceiver.requestTarget("garbage") == nil)
    }
}
