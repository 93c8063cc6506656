import Courier
import CourierTesting
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import RedditAPI

/// Image, video and gallery submits that answer with the created post: Reddit's HTTP side is a
/// stub, its upload socket the scripted server `Tests/Servers/reddit_socket_server.py` on
/// loopback (messages written by hand from Reddit's shapes). The stub's `/api/submit` makes the
/// server announce the post while the submit is in flight, as Reddit does once the media is
/// processed: a client that connects only after the submit's answer misses the message.
@Suite struct MediaSubmitTests {
    static func socketServer() throws -> URL { try TestServers.url(from: "COURIER_REDDIT_SOCKET_URL") }

    /// The socket address for `asset` (`ws://127.0.0.1:PORT/media/ASSET`).
    static func socketURL(_ asset: String) throws -> String {
        try socketServer().absoluteString.replacingOccurrences(of: "http://", with: "ws://") + "/media/" + asset
    }

    /// `/api/submit`'s answer for a media post: no post id, the socket and the submitted page.
    static func mediaAnswer(socket: String, user: String = "courier_tests") -> Data {
        let answer: [String: Any] = [
            "json": [
                "errors": [] as [Any],
                "data": [
                    "user_submitted_page": "https://www.reddit.com/user/\(user)/submitted/", "websocket_url": socket,
                ],
            ]
        ]
        return try! JSONSerialization.data(withJSONObject: answer)
    }

    static func json(_ body: Data, for request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: body, url: request.url)
    }

    /// A stub Reddit: `/api/submit` first has the socket server send `trigger` to the socket
    /// waiting for `asset` (recording what the server said: `sent`, `silent` or its refusal),
    /// then answers with `answer`; the submitted page answers with the recorded listing.
    static func reddit(asset: String, trigger: String, answer: Data, said: Said) throws -> StubTransport {
        let triggerURL = try socketServer().absoluteString + "/trigger/" + asset + "?" + trigger
        let submitted = try Fixture("users/user_submitted_new.json")
        return StubTransport { request in
            if request.url.path == "/api/submit" {
                do {
                    let reply = try await HTTPClient(configuration: .init()).send(Request<Data>(path: triggerURL)).value
                    said.lines.withLock { $0.append(String(decoding: reply, as: UTF8.self)) }
                } catch let error as HTTPError {
                    said.lines.withLock { $0.append(error.statusCode.map { "status \($0)" } ?? "\(error)") }
                }
                return json(answer, for: request)
            }
            return submitted.response(for: request.url)
        }
    }

    /// What the socket server answered each trigger.
    final class Said: Sendable {
        let lines = Mutex<[String]>([])
    }

    /// A submit's scene: a fresh asset id, its socket address, and a stub Reddit whose submit
    /// has the server send `trigger` to that socket.
    static func scene(_ prefix: String, trigger: String, user: String = "courier_tests") throws -> (
        asset: String, socket: String, stub: StubTransport, said: Said
    ) {
        let asset = prefix + UUID().uuidString.prefix(8).lowercased()
        let said = Said()
        let socket = try socketURL(asset)
        let stub = try reddit(
            asset: asset, trigger: trigger, answer: mediaAnswer(socket: socket, user: user), said: said)
        return (asset, socket, stub, said)
    }

    static func image(_ asset: String, socket: String?) -> UploadedMedia {
        UploadedMedia(assetID: asset, url: "https://reddit-uploaded-media.example/" + asset, websocketURL: socket)
    }

    @Test("Reddit's success message names the post: the socket is open before the submit is sent")
    func successIsConfirmed() async throws {
        let redirect = "https://www.reddit.com/r/test/comments/1abcde/cat/"
        let (asset, socket, stub, said) = try Self.scene("a", trigger: "outcome=success&redirect=" + redirect)
        let result = try await makeClient(stub).submitImage(
            subreddit: "test", title: "Cat", image: Self.image(asset, socket: socket), deadline: .seconds(120))
        #expect(said.lines.withLock { $0 } == ["sent"], "the socket was listening when the submit was sent")
        #expect(result == .confirmed(SubmittedPost(name: "t3_1abcde", url: redirect)))
        #expect(result.post.id == "1abcde" && !result.isGuess)
        #expect(stub.requests.map(\.url.path) == ["/api/submit"], "no fallback read")
        #expect(stub.requests.first?.form["kind"] == "image")
    }

    @Test("A video submit listens on the video's socket")
    func videoIsConfirmed() async throws {
        let redirect = "https://www.reddit.com/r/test/comments/1vvvvv/clip/"
        let (asset, socket, stub, _) = try Self.scene("v", trigger: "outcome=success&redirect=" + redirect)
        let result = try await makeClient(stub).submitVideo(
            subreddit: "test", title: "Clip", video: Self.image(asset, socket: socket),
            posterURL: "https://reddit-uploaded-media.example/poster", deadline: .seconds(120))
        #expect(result == .confirmed(SubmittedPost(name: "t3_1vvvvv", url: redirect)))
        #expect(stub.requests.first?.form["kind"] == "video")
    }

    @Test("A failed message is a RedditError carrying Reddit's reason")
    func failedIsATypedError() async throws {
        let (asset, socket, stub, said) = try Self.scene("f", trigger: "outcome=failed&message=Image%20too%20large")
        do {
            let result = try await makeClient(stub).submitImage(
                subreddit: "test", title: "Cat", image: Self.image(asset, socket: socket), deadline: .seconds(120))
            Issue.record("a failed media post answered \(result)")
        } catch let error as HTTPError {
            let reddit = try #require(error.redditError)
            #expect(reddit.kind == .reason(RedditError.mediaPostFailed, explanation: "Image too large", fields: []))
            #expect(reddit.message == "Image too large")
        }
        #expect(said.lines.withLock { $0 } == ["sent"])
    }

    @Test("Silence until the deadline falls back to the newest submitted post, typed as a guess")
    func silenceIsAGuess() async throws {
        let (asset, socket, stub, said) = try Self.scene("s", trigger: "outcome=silent")
        let result = try await makeClient(stub).submitImage(
            subreddit: "test", title: "Cat", image: Self.image(asset, socket: socket), deadline: .milliseconds(200))
        #expect(said.lines.withLock { $0 } == ["silent"])
        guard case .guessed(let post) = result else {
            Issue.record("not a guess: \(result)")
            return
        }
        #expect(
            post.name == "t3_434h6c"
                && post.url == "https://www.reddit.com/r/announcements/comments/434h6c/reddit_in_2016/")
        #expect(post.websocketURL == socket, "the submit's answer is kept")
        let page = try #require(stub.requests.last)
        #expect(
            page.url.path == "/user/courier_tests/submitted" && page.query("limit") == "1"
                && page.query("sort") == "new")
    }

    @Test("Without the upload's socket, the answer's socket is opened late and misses the message: a guess")
    func lateSocketMissesTheMessage() async throws {
        let (asset, _, stub, said) = try Self.scene(
            "l", trigger: "outcome=success&redirect=https://www.reddit.com/r/test/comments/1late/x/")
        let result = try await makeClient(stub).submitImage(
            subreddit: "test", title: "Cat", image: Self.image(asset, socket: nil), deadline: .milliseconds(200))
        #expect(said.lines.withLock { $0 } == ["status 409"], "nobody listened while the submit was in flight")
        #expect(result.isGuess && result.post.name == "t3_434h6c")
    }

    @Test("An unreadable user page in the answer: the account is read to find the submitted page")
    func redactedUserPageReadsTheAccount() async throws {
        let (asset, socket, stub, _) = try Self.scene("r", trigger: "outcome=silent", user: "%3CUSERNAME%3E")
        let me = try Fixture("things/me_2016.json")
        let name = try #require(
            (try JSONSerialization.jsonObject(with: me.body) as? [String: Any])?["name"] as? String)
        let routed = StubTransport { request in
            if request.url.path == "/api/v1/me" { return me.response(for: request.url) }
            return try await stub.send(request)
        }
        let result = try await makeClient(routed).submitImage(
            subreddit: "test", title: "Cat", image: Self.image(asset, socket: socket), deadline: .milliseconds(200))
        #expect(result.isGuess)
        #expect(routed.requests.map(\.url.path) == ["/api/submit", "/api/v1/me", "/user/\(name)/submitted"])
    }

    @Test("A gallery answer names the post: confirmed without a socket")
    func galleryIsConfirmed() async throws {
        let answer = Data(
            #"{"json": {"errors": [], "data": {"url": "https://www.reddit.com/r/test/comments/1gggg/g/", "id": "t3_1gggg"}}}"#
                .utf8)
        let stub = StubTransport { request in Self.json(answer, for: request) }
        let result = try await makeClient(stub).submitGallery(
            subreddit: "test", title: "Two", items: [GalleryUploadItem(mediaID: "a"), GalleryUploadItem(mediaID: "b")])
        #expect(
            result
                == .confirmed(SubmittedPost(name: "t3_1gggg", url: "https://www.reddit.com/r/test/comments/1gggg/g/")))
        #expect(stub.requests.map(\.url.path) == ["/api/submit_gallery_post.json"])
    }

    @Test func messagesAndAddressesAreRead() {
        #expect(MediaSocketMessage(#"{"type":"success","payload":{"redirect":"u"}}"#) == .success(redirect: "u"))
        #expect(MediaSocketMessage(#"{"type":"failed","payload":{"message":"m"}}"#) == .failed(message: "m"))
        #expect(MediaSocketMessage(#"{"type":"other","payload":{}}"#) == nil)
        #expect(MediaSocketMessage("not json") == nil)
        #expect(SubmittedPost(postURL: "https://i.redd.it/x.png").name == nil)
        #expect(RedditClient.username(inSubmittedPage: "https://www.reddit.com/user/spez/submitted/") == "spez")
        #expect(RedditClient.username(inSubmittedPage: "https://www.reddit.com/user/<USERNAME>/submitted/") == nil)
    }
}
