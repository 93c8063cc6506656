public import Foundation

/// Permission to upload one file to one of Reddit's buckets: the media bucket of posts
/// (`/api/media/asset.json`), or a subreddit's bucket for style images, emoji and widget images
/// (`s3UploadLease` answers).
public struct MediaLease: Sendable, Hashable, Decodable {
    /// One form field of the upload, sent before the file, in this order.
    public struct Field: Sendable, Hashable, Decodable {
        /// The field's name (`key`, `policy`, `x-amz-signature`, …).
        public var name: String
        /// Its value.
        public var value: String
    }

    /// Where to POST the file. Reddit sends `//host` without a scheme; `https:` is added.
    public var uploadURL: URL
    /// The fields to send first, in Reddit's order.
    public var fields: [Field]
    /// The asset's id: a gallery item's `media_id`, and the upload's `key`. A subreddit bucket's
    /// lease names no asset: its id is the `key` field.
    public var assetID: String
    /// Where Reddit announces when the asset is processed.
    public var websocketURL: String?
    /// `incomplete` until the file is uploaded and processed.
    public var processingState: String?

    private enum Keys: String, CodingKey {
        case args, action, fields, asset
        case assetID = "asset_id"
        case websocketURL = "websocket_url"
        case processingState = "processing_state"
        case s3UploadLease
        case bucketWebsocketURL = "websocketUrl"
    }

    /// Decodes `{"args": {"action", "fields"}, "asset": {"asset_id", …}}`, or a subreddit
    /// bucket's `{"s3UploadLease": {"action", "fields"}, "websocketUrl"}`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let bucketLease = c.contains(.s3UploadLease)
        let args = try c.nestedContainer(keyedBy: Keys.self, forKey: bucketLease ? .s3UploadLease : .args)
        let action = try args.decode(String.self, forKey: .action)
        let absolute = action.hasPrefix("//") ? "https:" + action : action
        guard let url = URL(string: absolute), let scheme = url.scheme, ["https", "http"].contains(scheme),
            url.host != nil
        else {
            throw DecodingError.dataCorruptedError(
                forKey: .action, in: args, debugDescription: "not an upload URL: \(action)")
        }
        uploadURL = url
        fields = try args.decode([Field].self, forKey: .fields)
        if bucketLease {
            guard let key = fields.first(where: { $0.name == "key" })?.value else {
                throw DecodingError.dataCorruptedError(
                    forKey: .fields, in: args, debugDescription: "an upload lease without a key field")
            }
            assetID = key
            websocketURL = try c.decodeIfPresent(String.self, forKey: .bucketWebsocketURL)
            processingState = nil
            return
        }
        let asset = try c.nestedContainer(keyedBy: Keys.self, forKey: .asset)
        assetID = try asset.decode(String.self, forKey: .assetID)
        websocketURL = try asset.decodeIfPresent(String.self, forKey: .websocketURL)
        processingState = try asset.decodeIfPresent(String.self, forKey: .processingState)
    }

    /// The value of the `key` field: the object's name in the bucket.
    public var key: String { fields.first { $0.name == "key" }?.value ?? assetID }
}

/// A file uploaded to Reddit's media bucket, ready to submit.
public struct UploadedMedia: Sendable, Hashable {
    /// The asset's id, for a gallery item (``GalleryUploadItem/mediaID``).
    public var assetID: String
    /// The file's URL, for an image or video post (``Reddit/submitImage(subreddit:title:imageURL:text:options:)``).
    public var url: String
    /// Where Reddit announces when the asset is processed.
    public var websocketURL: String?
}

/// The start of the XML S3 answers an upload with: `<PostResponse><Location>…<Key>…`.
struct S3PostResponse: Sendable {
    let location: String
    let key: String

    /// Reads the two elements; nil when either is missing (a truncated or foreign body).
    init?(_ body: Data) {
        let text = String(decoding: body, as: UTF8.self)
        guard text.contains("<PostResponse"), let location = Self.element("Location", in: text),
            let key = Self.element("Key", in: text)
        else { return nil }
        self.location = location
        self.key = key
    }

    private static func element(_ name: String, in text: String) -> String? {
        guard let open = text.range(of: "<\(name)>"),
            let close = text.range(of: "</\(name)>", range: open.upperBound..<text.endIndex)
        else { return nil }
        return String(text[open.upperBound..<close.lowerBound])
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }
}
