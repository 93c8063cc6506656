import Courier
import CourierTesting
import Foundation
import RedditAPI
import TestSupport
import Testing

@testable import RedditCLI

/// `reddit submit SUB --image FILE`'s service: the image goes to the fault server (standing in
/// for S3), Reddit's HTTP side is a stub, and the post is announced on the scripted Reddit socket
/// server (`Tests/Servers/reddit_socket_server.py`) while the submit is in flight.
@Suite struct ImageSubmitTests {
    @Test("An image submit answers with the post Reddit announced on the upload's socket, and prints its URL")
    func imageSubmitPrintsThePost() async throws {
        let asset = "cli" + UUID().uuidString.prefix(8).lowercased()
        let sockets = try TestServers.url(from: "COURIER_REDDIT_SOCKET_URL").absoluteString
        let upload = try TestServers.faults().appendingPathComponent("s3-upload").absoluteString
        let lease: [String: Any] = [
            "args": ["action": upload, "fields": [["name": "key", "value": asset]]],
            "asset": [
                "asset_id": asset, "processing_state": "incomplete",
                "websocket_url": sockets.replacingOccurrences(of: "http://", with: "ws://") + "/media/" + asset,
            ],
        ]
        let leaseBody = try JSONSerialization.data(withJSONObject: lease)
        let redirect = "https://www.reddit.com/r/pics/comments/1clicat/cat/"
        let trigger = sockets + "/trigger/" + asset + "?outcome=success&redirect=" + redirect
        let answer = Data(
            #"{"json": {"errors": [], "data": {"user_submitted_page": "https://www.reddit.com/user/tester/submitted/", "websocket_url": "wss://example.invalid/x"}}}"#
                .utf8)
        let stub = StubTransport { request in
            if request.url.path == "/api/submit" {
                _ = try await HTTPClient(configuration: .init()).send(Request<Data>(path: trigger))
            }
            let body = request.url.path == "/api/media/asset.json" ? leaseBody : answer
            return HTTPResponse(
                statusCode: 200, headers: ["Content-Type": "application/json"], body: body, url: request.url)
        }
        let service = RedditService(
            userAgent: try UserAgent("test:reddit-cli:1.0 (by /u/tester)"), authentication: .bearer("token"),
            transport: stub)
        let image = FileManager.default.temporaryDirectory.appendingPathComponent(asset + ".png")
        try Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3]).write(to: image)
        defer { try? FileManager.default.removeItem(at: image) }
        let outcome = try await service.submit(
            SubmitCommandOptions(subreddit: "pics", title: "Cat", content: .image(path: image.path)), text: nil)
        #expect(outcome == .posted(url: redirect, isGuess: false))
        #expect(stub.requests.map(\.url.path) == ["/api/media/asset.json", "/api/submit"])
        #expect(RedditService.WriteOutcome.postedLine(url: redirect, isGuess: false) == redirect)
        #expect(RedditService.WriteOutcome.postedLine(url: redirect, isGuess: true).hasPrefix(redirect + " (a guess"))
        let json = CommandRunner.json(outcome, done: "posted")
        #expect(json.contains(#""url":"\#(redirect)""#) && json.contains(#""guess":false"#))
    }
}
