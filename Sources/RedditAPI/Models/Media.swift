/// One image at one size, as in `preview` and `media_metadata`.
public struct ImageSource: Sendable, Hashable, Codable {
    /// The image's address (already unescaped thanks to `raw_json=1`).
    public var url: String
    /// The width in pixels, when known.
    public var width: Int?
    /// The height in pixels, when known.
    public var height: Int?

    private enum CodingKeys: String, CodingKey {
        case url, width, height
        case shortURL = "u"
        case shortWidth = "x"
        case shortHeight = "y"
        case gif
    }

    /// Creates an image source.
    public init(url: String, width: Int?, height: Int?) {
        self.url = url
        self.width = width
        self.height = height
    }

    /// Decodes either the `preview` shape (`url`, `width`, `height`) or the `media_metadata`
    /// shape (`u`, `x`, `y`, or `gif` for animations).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let url = try container.decodeIfPresent(String.self, forKey: .url) {
            self.url = url
            width = try container.decodeIfPresent(Int.self, forKey: .width)
            height = try container.decodeIfPresent(Int.self, forKey: .height)
        } else {
            url =
                try container.decodeIfPresent(String.self, forKey: .shortURL)
                ?? container.decode(String.self, forKey: .gif)
            width = try container.decodeIfPresent(Int.self, forKey: .shortWidth)
            height = try container.decodeIfPresent(Int.self, forKey: .shortHeight)
        }
    }

    /// Encodes the `preview` shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url, forKey: .url)
        try container.encodeIfPresent(width, forKey: .width)
        try container.encodeIfPresent(height, forKey: .height)
    }
}

/// A post's `preview`: the images Reddit made for it.
public struct Preview: Sendable, Hashable, Codable {
    /// One previewed image: the original and smaller renditions.
    public struct Image: Sendable, Hashable, Codable {
        /// The full-size image.
        public var source: ImageSource
        /// Smaller renditions, smallest first.
        public var resolutions: [ImageSource]

        private enum CodingKeys: String, CodingKey { case source, resolutions }

        /// Decodes an image; `resolutions` may be missing.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            source = try container.decode(ImageSource.self, forKey: .source)
            resolutions = try container.value(.resolutions, or: [])
        }
    }

    /// The previewed images.
    public var images: [Image]
}

/// One entry of a gallery post's `gallery_data`.
public struct GalleryItem: Sendable, Hashable, Codable {
    /// The key into the post's ``Link/mediaMetadata``.
    public var mediaID: String
    /// Reddit's numeric id of the item (an integer, unlike most ids).
    public var id: Int
    /// The caption, if the author wrote one.
    public var caption: String?
    /// A link attached to the item.
    public var outboundURL: String?

    private enum CodingKeys: String, CodingKey {
        case mediaID = "media_id"
        case id, caption
        case outboundURL = "outbound_url"
    }
}

/// The `gallery_data` wrapper.
struct GalleryData: Decodable {
    let items: [GalleryItem]
}

/// One entry of `media_metadata`: an image used inline or in a gallery.
public struct MediaMetadata: Sendable, Hashable, Codable {
    /// Processing status: `valid` when ready, `unprocessed` right after upload.
    public var status: String
    /// The MIME type (`image/jpg`), when processed.
    public var mimeType: String?
    /// The full-size rendition (`s`), when processed.
    public var source: ImageSource?
    /// Smaller renditions (`p`).
    public var previews: [ImageSource]

    private enum CodingKeys: String, CodingKey {
        case status
        case mimeType = "m"
        case source = "s"
        case previews = "p"
    }

    /// Decodes an entry; only `status` is always present.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = try container.value(.status, or: "unknown")
        mimeType = try container.decodeIfPresent(String.self, forKey: .mimeType)
        source = try container.decodeIfPresent(ImageSource.self, forKey: .source)
        previews = try container.value(.previews, or: [])
    }
}
