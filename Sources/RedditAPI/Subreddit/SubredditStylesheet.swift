import Foundation

/// A subreddit's old-design stylesheet and the images it may use (`/r/SUB/about/stylesheet`).
public struct SubredditStylesheet: Sendable, Hashable, Decodable {
    /// One uploaded image.
    public struct Image: Sendable, Hashable, Decodable {
        /// The name the stylesheet uses.
        public var name: String
        /// Where the image is.
        public var url: String
        /// How the stylesheet refers to it (`url(%%name%%)`).
        public var link: String
    }

    /// The CSS.
    public var css: String
    /// The uploaded images.
    public var images: [Image]
    /// The subreddit's fullname, when sent.
    public var subredditID: Fullname?

    private enum CodingKeys: String, CodingKey {
        case css = "stylesheet"
        case images
        case subredditID = "subreddit_id"
    }

    /// Decodes the stylesheet's `data`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        css = try c.value(.css, or: "")
        images = try c.value(.images, or: [Image]())
        subredditID = try c.fullnameIfPresent(.subredditID)
    }
}

/// One of the images a subreddit's old design uploads (`/r/SUB/api/upload_sr_img`) and deletes.
public enum SubredditImage: Sendable, Hashable {
    /// An image the stylesheet refers to by `name` (`upload_type=img`, `/api/delete_sr_img`).
    case stylesheet(name: String)
    /// The header image (`upload_type=header`, `/api/delete_sr_header`).
    case header
    /// The mobile header, Reddit's "banner" (`upload_type=banner`, `/api/delete_sr_banner`).
    case mobileHeader
    /// The mobile icon (`upload_type=icon`, `/api/delete_sr_icon`).
    case mobileIcon
}
