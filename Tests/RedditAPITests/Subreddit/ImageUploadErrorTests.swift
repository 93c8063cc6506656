import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

@testable import RedditAPI

/// An old-design image upload: the multipart form PRAW sends, and Reddit's two refusals (a
/// JSON `errors` list with HTTP 200, a script page with HTTP 413) as typed errors.
@Suite struct ImageUploadErrorTests {
    @Test func anImageGoesAsAMultipartFormWithTheFileLast() async throws {
        let answer = try Fixture("praw-handwritten/subreddit/upload_image__200__1.json")
        let transport = StubTransport { request in answer.response(for: request.url) }
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 7, count: 60))
        let url = try await makeClient(transport).send(
            Reddit.uploadSubredditImage(jpeg, mimeType: "image/jpeg", as: .stylesheet(name: "logo"), in: "swift"))
        #expect(url.hasPrefix("https://b.thumbs.redditmedia.com/"))

        let sent = try #require(transport.requests.first)
        let contentType = try #require(sent.headers["Content-Type"])
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        let body = String(decoding: try #require(sent.body?.data), as: UTF8.self)
        for field in [
            "api_type\"\r\n\r\njson", "img_type\"\r\n\r\njpg", "name\"\r\n\r\nlogo", "upload_type\"\r\n\r\nimg",
        ] {
            #expect(body.contains(field))
        }
        let file = try #require(body.range(of: "name=\"file\"; filename=\"image.jpg\"\r\nContent-Type: image/jpeg"))
        #expect(body[file.upperBound...].contains("--") && !body[file.upperBound...].contains("name=\""))
    }

    @Test func aRefusedImageIsATypedErrorInBothShapes() async throws {
        for (fixture, status, codes) in [
            ("praw/subreddit/upload_image__200__1.json", 200, ["IMAGE_ERROR"]),
            ("praw/subreddit/upload_image__413__1.html", 413, ["BAD_CSS_NAME", "IMAGE_ERROR"]),
        ] {
            let recorded = try Fixture(fixture)
            let transport = StubTransport { request in recorded.response(for: request.url) }
            let error = await #expect(throws: HTTPError.self) {
                try await makeClient(transport).send(
                    Reddit.uploadSubredditImage(Data([1, 2]), mimeType: "image/png", as: .header, in: "swift"))
            }
            let reddit = try #require(error?.redditError)
            #expect(reddit.status == status && reddit.apiErrors.map(\.code) == codes)
            if status == 413 { #expect(reddit.apiErrors.last?.message == "too big. keep it under 500 KiB") }
        }
    }

    @Test func theErrorsListIsFoundInAnyKeyOrderWithItsMessages() async throws {
        let transport = StubTransport { request in
            HTTPResponse(
                statusCode: 200, headers: ["Content-Type": "application/json"],
                body: Data(#"{"img_src": "", "errors": ["BAD_CSS_NAME"], "errors_values": ["bad name"]}"#.utf8),
                url: request.url)
        }
        let error = await #expect(throws: HTTPError.self) {
            try await makeClient(transport).send(
                Reddit.uploadSubredditImage(Data([1]), mimeType: "image/png", as: .stylesheet(name: "x y"), in: "swift")
            )
        }
        #expect(
            error?.redditError?.apiErrors == [
                RedditError.APIError(code: "BAD_CSS_NAME", message: "bad name", field: nil)
            ])
    }
}
