public import Courier
import Foundation

/// A subreddit's new-design widgets (scope `structuredstyles` to change them): list, create,
/// update, delete, reorder, and a lease to upload an image for one.
/// ``SubredditModeration/uploadWidgetImage(_:filename:mimeType:uploadTransport:)`` uploads an
/// image through the lease and answers with its URL.
///
/// ```swift
/// let widgets = try await reddit.send(Reddit.widgets(of: "swift"))
/// try await reddit.send(Reddit.reorderWidgets(widgets.sidebarOrder.reversed(), in: .sidebar, of: "swift"))
/// ```
extension Reddit {
    /// A subreddit's widgets and their layout (`/r/SUB/api/widgets`).
    public static func widgets(of subreddit: String) -> Request<SubredditWidgets> {
        get(widgetPath(subreddit, "widgets"), [("progressive_images", "false")])
    }

    /// Creates a widget (`/r/SUB/api/widget`, the widget as JSON in the `json` field); answers
    /// with it, id included.
    public static func createWidget(_ widget: Widget, in subreddit: String) -> Request<Widget> {
        post(widgetPath(subreddit, "widget"), ["json": JSON.object(widget.fields).description]).reading(Widget.self) {
            $0
        }
    }

    /// Replaces the widget with ``Widget/id`` by `widget` (`PUT /r/SUB/api/widget/ID`); answers
    /// with it as Reddit now has it.
    public static func updateWidget(_ widget: Widget, in subreddit: String) -> Request<Widget> {
        call(
            .put, widgetPath(subreddit, "widget/" + segment(widget.id)),
            form: ["json": JSON.object(widget.fields).description], as: Widget.self
        ) { $0 }
    }

    /// Deletes a widget (`DELETE /r/SUB/api/widget/ID`).
    public static func deleteWidget(_ id: String, in subreddit: String) -> Request<Void> {
        bodiless(.delete, widgetPath(subreddit, "widget/" + segment(id)))
    }

    /// Puts a section's widgets in the order of `ids` (`PATCH /r/SUB/api/widget_order/SECTION`).
    /// Reddit answers with an empty body.
    public static func reorderWidgets(_ ids: [String], in section: WidgetSection, of subreddit: String) -> Request<Void>
    {
        write(
            .patch, widgetPath(subreddit, "widget_order/" + section.rawValue),
            form: ["json": JSON.array(ids.map(JSON.string)).description, "section": section.rawValue])
    }

    /// A lease to upload an image for a widget (`/r/SUB/api/widget_image_upload_s3`).
    public static func widgetImageLease(filename: String, mimeType: String, in subreddit: String) -> Request<MediaLease>
    {
        post(widgetPath(subreddit, "widget_image_upload_s3"), ["filepath": filename, "mimetype": mimeType])
            .reading(MediaLease.self) { $0 }
    }

    private static func widgetPath(_ subreddit: String, _ rest: String) -> String {
        "/r/" + segment(subreddit) + "/api/" + rest
    }
}
