public import Courier
public import Foundation

extension SubredditModeration {
    // MARK: Widgets

    /// The widgets and their layout.
    public func widgets() async throws(HTTPError) -> SubredditWidgets {
        try await client.send(Reddit.widgets(of: subreddit))
    }

    /// Creates a widget; answers with it, id included.
    @discardableResult
    public func createWidget(_ widget: Widget) async throws(HTTPError) -> Widget {
        try await client.send(Reddit.createWidget(widget, in: subreddit))
    }

    /// Replaces a widget by `widget`; answers with it.
    @discardableResult
    public func updateWidget(_ widget: Widget) async throws(HTTPError) -> Widget {
        try await client.send(Reddit.updateWidget(widget, in: subreddit))
    }

    /// Deletes a widget.
    public func deleteWidget(_ id: String) async throws(HTTPError) {
        try await client.send(Reddit.deleteWidget(id, in: subreddit))
    }

    /// Puts a section's widgets in the order of `ids`.
    public func reorderWidgets(_ ids: [String], in section: WidgetSection) async throws(HTTPError) {
        try await client.send(Reddit.reorderWidgets(ids, in: section, of: subreddit))
    }

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
