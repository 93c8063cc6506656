public import Courier
public import Foundation

extension SubredditModeration {
    // MARK: Settings

    /// Changes the settings `changes` holds; answers with what Reddit reports changed. Reads the
    /// subreddit's fullname first (``Reddit/subredditAbout(_:)``), which the change needs.
    @discardableResult
    public func updateSettings(_ changes: SubredditSettings) async throws(HTTPError) -> SubredditSettings {
        let about = try await client.send(Reddit.subredditAbout(subreddit))
        return try await client.send(Reddit.updateSubredditSettings(about.name, changes))
    }

    // MARK: Stylesheet and images

    /// Uploads an image for the new design and sets the structured style `imageType` to it
    /// (`bannerBackgroundImage` for the banner, `bannerPositionedImage`,
    /// `secondaryBannerPositionedImage`, `mobileBannerImage`): a lease from Reddit, the file to
    /// the lease's bucket (through `uploadTransport`, without the Reddit token), then the style.
    /// Answers with the image's URL. Nothing is retried: if the last call fails, the image is
    /// uploaded but not used.
    @discardableResult
    public func uploadStyleImage(
        _ image: Data, filename: String, mimeType: String, for imageType: String,
        uploadTransport: any HTTPTransport = HTTPClient.defaultTransport
    ) async throws(HTTPError) -> String {
        let (_, url) = try await client.upload(
            .data(image), filename: filename, mimeType: mimeType,
            lease: Reddit.styleImageLease(for: imageType, filename: filename, mimeType: mimeType, in: subreddit),
            uploadTransport: uploadTransport)
        _ = try await client.send(Reddit.updateStructuredStyles(of: subreddit, [imageType: url]))
        return url
    }
}
