import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

@testable import RedditAPI

/// The media lease, the multipart upload and the image submit, end to end: Reddit answers from
/// the recordings, and the fault server stands in for S3 (it parses the multipart form).
// Serialized: every upload records under the recorded lease's key on the fault server.
@Suite(.serialized) struct MediaUploadTests {
    typealias W = WriteTests

    @Test func leaseIsReadFromTheRecording() async throws {
        let (lease, sent) = try await W.send(
            Reddit.mediaLease(filename: "test.png", mimeType: "image/png"),
            answeredBy: "media/asset_lease_image_2025.json")
        #expect(
            sent.url.path == "/api/media/asset.json" && sent.form["filepath"] == "test.png"
                && sent.form["mimetype"] == "image/png")
        #expect(lease.uploadURL.absoluteString == "https://reddit-uploaded-media.s3-accelerate.amazonaws.com")
        #expect(lease.assetID == "vhu529qqcxtf1" && lease.key == lease.assetID && lease.processingState == "incomplete")
        #expect(lease.fields.first?.name == "x-amz-algorithm" && lease.fields.contains { $0.name == "policy" })
        #expect(lease.websocketURL?.hasPrefix("wss://") == true)
    }

    @Test func s3AnswerIsRead() throws {
        let answer = try #require(S3PostResponse(try Fixture("media/s3_upload_201_xml_2025.xml").body))
        #expect(answer.key == "vhu529qqcxtf1")
        #expect(answer.location == "https://reddit-uploaded-media.s3-accelerate.amazonaws.com/vhu529qqcxtf1")
        #expect(S3PostResponse(Data("<PostResponse><Location>x".utf8)) == nil)
    }

    /// The recorded lease with its upload URL pointing at the fault server.
    static func localLease(uploadURL: String) throws -> Data {
        var lease =
            try JSONSerialization.jsonObject(with: try Fixture("media/asset_lease_image_2025.json").body)
            as! [String: Any]
        var args = lease["args"] as! [String: Any]
        args["action"] = uploadURL
        lease["args"] = args
        return try JSONSerialization.data(withJSONObject: lease)
    }

    @Test func uploadSendsEveryLeaseFieldThenTheFileAndSubmitsTheURL() async throws {
        let faults = try TestServers.faults()
        let uploadURL = faults.appendingPathComponent("s3-upload").absoluteString
        let lease = try Self.localLease(uploadURL: uploadURL)
        let submitted = try Fixture("writes/submit_image_2025_200.json")
        let reddit = StubTransport { request in
            if request.url.path == "/api/media/asset.json" {
                return HTTPResponse(
                    statusCode: 200, headers: ["Content-Type": "application/json"], body: lease, url: request.url)
            }
            return submitted.response(for: request.url)
        }
        let client = try makeClient(reddit)
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<1_726).map { UInt8($0 % 251) })

        let media = try await client.upload(png, filename: "test.png", mimeType: "image/png")
        #expect(media.assetID == "vhu529qqcxtf1" && media.url == uploadURL + "/vhu529qqcxtf1")

        // What the stand-in for S3 parsed.
        let recorded = try await HTTPClient(configuration: .init()).send(
            Request<JSON>(path: (faults.appendingPathComponent("s3-uploads/vhu529qqcxtf1")).absoluteString)
        ).value
        let expectedLease =
            try JSONSerialization.jsonObject(with: try Fixture("media/asset_lease_image_2025.json").body)
            as! [String: Any]
        let leaseFields = ((expectedLease["args"] as! [String: Any])["fields"] as! [[String: String]]).map {
            [$0["name"]!, $0["value"]!]
        }
        let sentFields = recorded["fields"]?.arrayValue?.map { $0.arrayValue?.compactMap(\.stringValue) ?? [] }
        #expect(sentFields == leaseFields, "every lease field, in the lease's order, before the file")
        #expect(
            recorded["file"]?["filename"]?.stringValue == "test.png"
                && recorded["file"]?["content_type"]?.stringValue == "image/png")
        #expect(recorded["file"]?["size"]?.intValue == png.count)
        #expect(recorded["authorization"] == .null, "no Reddit token goes to the upload host")

        let post = try await client.send(Reddit.submitImage(subreddit: "test", title: "Image", imageURL: media.url))
        #expect(post.name == nil && post.websocketURL != nil)
        #expect(
            reddit.requests.last?.form["url"] == uploadURL + "/vhu529qqcxtf1"
                && reddit.requests.last?.form["kind"] == "image")
    }

    @Test func aRefusedUploadIsAnHTTPError() async throws {
        let faults = try TestServers.faults()
        // The fault server refuses a form without a key field, as S3 refuses a bad policy.
        var lease =
            try JSONSerialization.jsonObject(
                with: try Self.localLease(uploadURL: faults.appendingPathComponent("s3-upload").absoluteString))
            as! [String: Any]
        var args = lease["args"] as! [String: Any]
        args["fields"] = (args["fields"] as! [[String: String]]).filter { $0["name"] != "key" }
        lease["args"] = args
        let body = try JSONSerialization.data(withJSONObject: lease)
        let reddit = StubTransport { request in
            HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: body, url: request.url)
        }
        let client = try makeClient(reddit)
        do {
            _ = try await client.upload(Data("x".utf8), filename: "a.png", mimeType: "image/png")
            Issue.record("a refused upload passed")
        } catch {
            #expect(error.statusCode == 400)
        }
    }

    @Test(
        "A video file is uploaded from disk, every lease field first, on both transports",
        arguments: TransportUnderTest.allCases)
    func uploadFromFile(transport: TransportUnderTest) async throws {
        let faults = try TestServers.faults()
        let uploadURL = faults.appendingPathComponent("s3-upload").absoluteString
        let lease = try Self.localLease(uploadURL: uploadURL)
        let reddit = StubTransport { request in
            HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: lease, url: request.url)
        }
        let client = try makeClient(reddit)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("media-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let video = directory.appendingPathComponent("clip.mp4")
        let bytes = patternBytes(count: 1_500_007, step: 13)
        try bytes.write(to: video)

        let media = try await client.upload(fileAt: video, mimeType: "video/mp4", uploadTransport: try transport.make())
        #expect(media.url == uploadURL + "/vhu529qqcxtf1")
        let recorded = try await HTTPClient(configuration: .init()).send(
            Request<JSON>(path: (faults.appendingPathComponent("s3-uploads/vhu529qqcxtf1")).absoluteString)
        ).value
        #expect(
            recorded["file"]?["filename"]?.stringValue == "clip.mp4"
                && recorded["file"]?["content_type"]?.stringValue == "video/mp4")
        #expect(recorded["file"]?["size"]?.intValue == bytes.count)
        #expect(
            recorded["fields"]?.arrayValue?.isEmpty == false,
            "the lease fields went first (the server refuses a field after the file)")
        #expect(
            reddit.requests.last?.form["filepath"] == "clip.mp4"
                && reddit.requests.last?.form["mimetype"] == "video/mp4")
    }

    @Test func aMissingMediaFileFailsBeforeTheLease() async throws {
        let reddit = StubTransport { request in
            HTTPResponse(statusCode: 500, url: request.url)
        }
        let client = try makeClient(reddit)
        let error = try await #require(throws: HTTPError.self) {
            try await client.upload(fileAt: URL(fileURLWithPath: "/nonexistent/clip.mp4"), mimeType: "video/mp4")
        }
        guard case .invalidRequest(let reason, _) = error.kind else {
            Issue.record("expected invalidRequest, got \(error)")
            return
        }
        #expect(reason.contains("/nonexistent/clip.mp4"))
        #expect(reddit.requests.isEmpty, "no lease is taken for a file that cannot be sent")
    }
}
