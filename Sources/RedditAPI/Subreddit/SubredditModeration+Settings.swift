public import Courier
public import Foundation

extension SubredditModeration {
    // MARK: Settings

    /// The subreddit's settings.
    public func settings() async throws(HTTPError) -> SubredditSettings {
        try await client.send(Reddit.subredditSettings(of: subreddit))
    }

    /// Changes the settings `changes` holds; answers with what Reddit reports changed. Reads the
    /// subreddit's fullname first (``Reddit/subredditAbout(_:)``), which the change needs.
    @discardableResult
    public func updateSettings(_ changes: SubredditSettings) async throws(HTTPError) -> SubredditSettings {
        let about = try await client.send(Reddit.subredditAbout(subreddit))
        return try await client.send(Reddit.updateSubredditSettings(about.name, changes))
    }

    /// What new posts must be.
    public func postRequirements() async throws(HTTPError) -> PostRequirements {
        try await client.send(Reddit.postRequirements(of: subreddit))
    }

    // MARK: Stylesheet and images

    /// The old design's stylesheet and images.
    public func stylesheet() async throws(HTTPError) -> SubredditStylesheet {
        try await client.send(Reddit.stylesheet(of: subreddit))
    }

    /// Replaces the old design's stylesheet.
    public func updateStylesheet(_ css: String, reason: String? = nil) async throws(HTTPError) {
        try await client.send(Reddit.updateStylesheet(of: subreddit, css: css, reason: reason))
    }

    /// Uploads an image for the old design; answers with its URL.
    public func uploadImage(_ image: Data, mimeType: String, as slot: SubredditImage) async throws(HTTPError) -> String
    {
        try await client.send(Reddit.uploadSubredditImage(image, mimeType: mimeType, as: slot, in: subreddit))
    }

    /// Deletes one of the old design's images.
    public func deleteImage(_ image: SubredditImage) async throws(HTTPError) {
        try await client.send(Reddit.deleteSubredditImage(image, in: subreddit))
    }

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

    /// Removes a new-design image style (`bannerBackgroundImage`...); succeeds when it is not set.
    public func deleteStyleImage(_ imageType: String) async throws(HTTPError) {
        _ = try await client.send(Reddit.updateStructuredStyles(of: subreddit, [imageType: ""]))
    }
}
