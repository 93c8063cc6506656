import Courier
import RedditAPI

/// The `widgets` area: listing, creating, updating, deleting and reordering widgets, and the
/// image upload lease.
extension FixtureRoutes {
    static let widgets: [FixtureRoute] = [
        FixtureRoute("widgets", call: "Reddit.widgets(of:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.widgets(of: try r.path("subreddit"))).sendingDefaults([
                Field("progressive_images", "false")
            ])
        },
        FixtureRoute("widget_create", call: "Reddit.createWidget(_:in:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.createWidget(try widget(r), in: try r.path("subreddit")))
        },
        FixtureRoute("widget_modify", call: "Reddit.updateWidget(_:in:), Reddit.deleteWidget(_:in:)") {
            r throws(FixtureRouteError) in
            let (id, subreddit) = (try r.path("widget_id"), try r.path("subreddit"))
            switch r.method {
            case "PUT":
                var widget = try widget(r)
                if widget["id"] == nil { widget["id"] = .string(id) }
                return FixtureCall(Reddit.updateWidget(widget, in: subreddit))
            case "DELETE": return FixtureCall(Reddit.deleteWidget(id, in: subreddit))
            default: throw .unsupported("\(r.method) of a widget")
            }
        },
        FixtureRoute("widget_order", call: "Reddit.reorderWidgets(_:in:of:)") { r throws(FixtureRouteError) in
            let section = try r.choice(try r.path("section"), "section", as: WidgetSection.self) ?? .sidebar
            let ids = (try r.embeddedJSON("json").arrayValue ?? []).compactMap(\.stringValue)
            return FixtureCall(Reddit.reorderWidgets(ids, in: section, of: try r.path("subreddit")))
        },
        FixtureRoute("widget_lease", call: "Reddit.widgetImageLease(filename:mimeType:in:)") {
            r throws(FixtureRouteError) in
            FixtureCall(
                Reddit.widgetImageLease(
                    filename: try r.field("filepath"), mimeType: try r.field("mimetype"), in: try r.path("subreddit")),
                summary: { "lease for \($0.key)" })
        },
    ]

    /// The widget a recorded `json` field describes.
    private static func widget(_ r: RecordedRequest) throws(FixtureRouteError) -> Widget {
        guard let fields = try r.embeddedJSON("json").objectValue, let kind = fields["kind"]?.stringValue else {
            throw .unsupported("the json field is not a widget")
        }
        return Widget(kind: kind, fields: fields)
    }
}
