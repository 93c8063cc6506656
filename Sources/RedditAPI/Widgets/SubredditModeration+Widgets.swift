public import Courier
public import Foundation

extension SubredditModeration {
    // MARK: Widgets

    /// Uploads an image for a widget (an image widget's `data`, a button's `url`): a lease from
    /// Reddit, then the file to the lease's bucket (through `uploadTransport`, without the
    /// Reddit token). Answers with the image's URL.
    public func uploadWidgetImage(
        _ image: Data, filename: String, mimeType: String,
        uploadTransport: any HTTPTransport = HTTPClient.defaultTransport
    ) async throws(HTTPError) -> String {
        try await client.upload(
            .data(image), filename: filename, mimeType: mimeType,
            lease: Reddit.widgetImageLease(filename: filename, mimeType: mimeType, in: subreddit),
            uploadTransport: uploadTransport
        ).url
    }
}
