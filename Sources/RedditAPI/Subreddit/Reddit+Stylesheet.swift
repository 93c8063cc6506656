public import Courier
public import Foundation

/// A subreddit's looks (scope `modconfig`): the old design's stylesheet and images, and the new
/// design's structured styles (banner and other images, uploaded through a lease first).
///
/// ```swift
/// try await reddit.send(Reddit.updateStylesheet(of: "swift", css: "p { color: green; }", reason: "green"))
/// let url = try await reddit.send(Reddit.uploadSubredditImage(png, mimeType: "image/png", as: .stylesheet(name: "logo"), in: "swift"))
/// ```
extension Reddit {
    /// The old design's stylesheet and images (`/r/SUB/about/stylesheet`).
    public static func stylesheet(of subreddit: String) -> Request<SubredditStylesheet> {
        unwrapped("/r/" + segment(subreddit) + "/about/stylesheet")
    }

    /// Replaces the old design's stylesheet (`/r/SUB/api/subreddit_stylesheet`, `op=save`).
    /// Reddit refuses CSS it cannot parse with a ``RedditError`` (`BAD_CSS`).
    public static func updateStylesheet(of subreddit: String, css: String, reason: String? = nil) -> Request<Void> {
        var form = ["op": "save", "stylesheet_contents": css]
        if let reason { form["reason"] = reason }
        return post("/r/" + segment(subreddit) + "/api/subreddit_stylesheet", form)
    }

    /// Uploads an image for the old design (`/r/SUB/api/upload_sr_img`, a multipart form with the
    /// file); answers with the image's URL. Reddit refuses an image it cannot use with a
    /// ``RedditError`` (`IMAGE_ERROR`, `BAD_CSS_NAME`), one over 500 KiB with HTTP 413.
    ///
    /// - Parameters:
    ///   - image: The image's bytes.
    ///   - mimeType: `image/jpeg` for a JPEG; anything else is sent as a PNG.
    ///   - slot: What the image is for.
    ///   - subreddit: The subreddit.
    ///   - sendsUploadType: Whether to send `upload_type`; Reddit reads an upload without it as an
    ///     image for the stylesheet (what older clients sent, with only the `name`).
    public static func uploadSubredditImage(
        _ image: Data, mimeType: String, as slot: SubredditImage, in subreddit: String, sendsUploadType: Bool = true
    ) -> Request<String> {
        var form = RequestBody.Multipart()
        form.add(name: "api_type", value: "json")
        form.add(name: "img_type", value: mimeType.lowercased() == "image/jpeg" ? "jpg" : "png")
        let uploadType: String
        switch slot {
        case .stylesheet(let name):
            form.add(name: "name", value: name)
            uploadType = "img"
        case .header: uploadType = "header"
        case .mobileHeader: uploadType = "banner"
        case .mobileIcon: uploadType = "icon"
        }
        if sendsUploadType { form.add(name: "upload_type", value: uploadType) }
        let filename = mimeType.lowercased() == "image/jpeg" ? "image.jpg" : "image.png"
        form.add(name: "file", filename: filename, contentType: mimeType, data: image)
        // Every part is in memory, so encoding cannot fail; the body goes whole, as one piece.
        let body = (try? form.encoded()) ?? Data()
        return Request<Void>(
            method: .post, path: "/r/" + segment(subreddit) + "/api/upload_sr_img",
            body: .data(body, contentType: form.contentType)
        ).reading(UploadedImageAnswer.self) { $0.url }
    }

    /// Deletes one of the old design's images; succeeds when there is none.
    public static func deleteSubredditImage(_ image: SubredditImage, in subreddit: String) -> Request<Void> {
        let base = "/r/" + segment(subreddit) + "/api/"
        switch image {
        case .stylesheet(let name): return post(base + "delete_sr_img", ["img_name": name])
        case .header: return post(base + "delete_sr_header", [:])
        case .mobileHeader: return post(base + "delete_sr_banner", [:])
        case .mobileIcon: return post(base + "delete_sr_icon", [:])
        }
    }

    /// A lease to upload an image for the new design (`/api/v1/style_asset_upload_s3/SUB`):
    /// `imageType` is the structured style it is for (`bannerBackgroundImage`,
    /// `bannerPositionedImage`, `secondaryBannerPositionedImage`, `mobileBannerImage`).
    /// ``SubredditModeration/uploadStyleImage(_:filename:mimeType:for:uploadTransport:)`` uploads
    /// the file and sets the style.
    public static func styleImageLease(
        for imageType: String, filename: String, mimeType: String, in subreddit: String
    ) -> Request<MediaLease> {
        post(
            "/api/v1/style_asset_upload_s3/" + segment(subreddit),
            ["imagetype": imageType, "filepath": filename, "mimetype": mimeType]
        ).reading(MediaLease.self) { $0 }
    }

    /// Sets the new design's structured styles (`PATCH /api/v1/structured_styles/SUB`): an image
    /// style to an uploaded image's URL, or to `""` to remove it (`bannerBackgroundImage`...),
    /// colours, positions. Answers with the websocket where Reddit announces an image is
    /// processed, nil when it sends none.
    public static func updateStructuredStyles(of subreddit: String, _ styles: [String: String]) -> Request<String?> {
        call(.patch, "/api/v1/structured_styles/" + segment(subreddit), form: styles, as: StructuredStylesAnswer.self) {
            $0.websocketURL
        }
    }
}

/// `/r/SUB/api/upload_sr_img`'s `{"errors": [], "img_src": URL}` (the errors reach
/// ``RedditErrorDecoder`` first).
struct UploadedImageAnswer: Decodable, Sendable {
    let url: String

    private enum CodingKeys: String, CodingKey { case url = "img_src" }
}

/// `/api/v1/structured_styles/SUB`'s `{}` or `{"websocketUrl": …}`.
struct StructuredStylesAnswer: Decodable, Sendable {
    let websocketURL: String?

    private enum CodingKeys: String, CodingKey { case websocketURL = "websocketUrl" }
}
