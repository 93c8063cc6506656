import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

@testable import RedditAPI

/// Uploads through a subreddit bucket's lease (emoji, new-design style images, widget images):
/// the lease from Reddit, every lease field then the file to the bucket (the fault server stands
/// in for S3, parsing the form), then the call that uses the upload.
// Serialized: the fault server keeps each upload under its key.
@Suite(.serialized) struct LeaseUploadTests {
    /// A recorded `s3UploadLease` answer whose upload URL is the fault server's and whose key is
    /// `key` (the fault server looks uploads up by one path segment).
    static func localLease(_ fixture: String, key: String) throws -> (body: Data, fields: [[String]]) {
        var lease = try JSONSerialization.jsonObject(with: try Fixture(fixture).body) as! [String: Any]
        var args = lease["s3UploadLease"] as! [String: Any]
        args["action"] = try TestServers.faults().appendingPathComponent("s3-upload").absoluteString
        let fields = (args["fields"] as! [[String: String]]).map { field in
            field["name"] == "key" ? ["name": "key", "value": key] : field
        }
        args["fields"] = fields
        lease["s3UploadLease"] = args
        return (try JSONSerialization.data(withJSONObject: lease), fields.map { [$0["name"]!, $0["value"]!] })
    }

    /// What the fault server parsed for `key`.
    static func upload(_ key: String) async throws -> JSON {
        try await HTTPClient(configuration: .init()).send(
            Request<JSON>(path: try TestServers.faults().appendingPathComponent("s3-uploads/\(key)").absoluteString)
        ).value
    }

    /// Reddit: the lease at `leasePath`, `{"json": {"errors": []}}` or `{}` for everything else.
    static func reddit(leasePath: String, lease: Data) -> StubTransport {
        StubTransport { request in
            let body = request.url.path == leasePath ? lease : Data(#"{"json": {"errors": []}}"#.utf8)
            return HTTPResponse(
                statusCode: 200, headers: ["Content-Type": "application/json"], body: body, url: request.url)
        }
    }

    @Test func anEmojiIsLeasedUploadedAndAddedUnderItsKey() async throws {
        let key = "emoji-\(UUID().uuidString)"
        let (lease, fields) = try Self.localLease("praw/emoji/emoji_lease__200__1.json", key: key)
        let reddit = Self.reddit(leasePath: "/api/v1/swift/emoji_asset_upload_s3.json", lease: lease)
        let png = Data([0x89, 0x50, 0x4E, 0x47] + Array(repeating: 1, count: 96))

        try await makeClient(reddit).moderation(of: "swift").addEmoji(
            named: "swift_bird", image: png, filename: "bird.png", mimeType: "image/png", modFlairOnly: true)

        #expect(
            reddit.requests.map(\.url.path) == ["/api/v1/swift/emoji_asset_upload_s3.json", "/api/v1/swift/emoji.json"])
        #expect(reddit.requests[0].form == ["filepath": "bird.png", "mimetype": "image/png", "api_type": "json"])
        #expect(
            reddit.requests[1].form == [
                "name": "swift_bird", "s3_key": key, "mod_flair_only": "true", "api_type": "json",
            ])
        let uploaded = try await Self.upload(key)
        #expect(uploaded["fields"]?.arrayValue?.map { $0.arrayValue?.compactMap(\.stringValue) ?? [] } == fields)
        #expect(uploaded["file"]?["filename"]?.stringValue == "bird.png" && uploaded["file"]?["size"]?.intValue == 100)
        #expect(uploaded["authorization"] == .null, "no Reddit token goes to the bucket")
    }

    @Test func aBannerIsLeasedUploadedAndSetAsTheStyle() async throws {
        let key = "banner-\(UUID().uuidString)"
        let (lease, _) = try Self.localLease("praw/subreddit/style_asset_lease__200__1.json", key: key)
        let reddit = Self.reddit(leasePath: "/api/v1/style_asset_upload_s3/swift", lease: lease)

        let url = try await makeClient(reddit).moderation(of: "swift").uploadStyleImage(
            Data(repeating: 2, count: 300), filename: "banner.jpg", mimeType: "image/jpeg", for: "bannerBackgroundImage"
        )

        let bucket = try TestServers.faults().appendingPathComponent("s3-upload").absoluteString
        #expect(url == bucket + "/" + key)
        #expect(
            reddit.requests.map { "\($0.method.rawValue) \($0.url.path)" } == [
                "POST /api/v1/style_asset_upload_s3/swift", "PATCH /api/v1/structured_styles/swift",
            ])
        #expect(
            reddit.requests[0].form == [
                "imagetype": "bannerBackgroundImage", "filepath": "banner.jpg", "mimetype": "image/jpeg",
                "api_type": "json",
            ])
        #expect(reddit.requests[1].form == ["bannerBackgroundImage": url, "api_type": "json"])
        #expect(try await Self.upload(key)["file"]?["size"]?.intValue == 300)
    }

    @Test func aWidgetImageIsLeasedAndUploaded() async throws {
        let key = "widget-\(UUID().uuidString)"
        let (lease, _) = try Self.localLease("praw/widgets/widget_lease__200__1.json", key: key)
        let reddit = Self.reddit(leasePath: "/r/swift/api/widget_image_upload_s3", lease: lease)

        let url = try await makeClient(reddit).moderation(of: "swift").uploadWidgetImage(
            Data(repeating: 3, count: 42), filename: "logo.png", mimeType: "image/png")

        #expect(url.hasSuffix("/s3-upload/" + key))
        #expect(reddit.requests.map(\.url.path) == ["/r/swift/api/widget_image_upload_s3"])
        #expect(try await Self.upload(key)["file"]?["content_type"]?.stringValue == "image/png")
    }

    @Test func aRefusedUploadStopsBeforeTheEmojiIsAdded() async throws {
        let (lease, _) = try Self.localLease("praw/emoji/emoji_lease__200__1.json", key: "refused")
        let reddit = Self.reddit(leasePath: "/api/v1/swift/emoji_asset_upload_s3.json", lease: lease)
        let bucket = StubTransport { request in
            HTTPResponse(
                statusCode: 403, headers: ["Content-Type": "application/xml"],
                body: Data("<Error><Code>AccessDenied</Code></Error>".utf8), url: request.url)
        }

        let error = await #expect(throws: HTTPError.self) {
            try await makeClient(reddit).moderation(of: "swift").addEmoji(
                named: "x", image: Data([1]), filename: "x.png", mimeType: "image/png", uploadTransport: bucket)
        }
        #expect(error?.statusCode == 403)
        #expect(bucket.requests.count == 1 && bucket.requests[0].headers["Authorization"] == nil)
        #expect(
            reddit.requests.map(\.url.path) == ["/api/v1/swift/emoji_asset_upload_s3.json"],
            "no emoji without its image")
    }

    @Test func aLeaseWithoutAKeyIsRefusedBeforeAnythingIsUploaded() throws {
        let body = Data(
            #"{"s3UploadLease": {"action": "//bucket.example", "fields": [{"name": "acl", "value": "x"}]}}"#.utf8)
        #expect(throws: DecodingError.self) { try JSON.TapeDecoder().decode(MediaLease.self, from: body) }
    }
}
