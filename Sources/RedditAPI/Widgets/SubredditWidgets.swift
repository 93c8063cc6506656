/// A subreddit's widgets and where they are shown (`/r/SUB/api/widgets`).
public struct SubredditWidgets: Sendable, Hashable, Decodable {
    /// Every widget, by id.
    public var byID: [String: Widget]
    /// The ids of the sidebar's widgets, top to bottom.
    public var sidebarOrder: [String]
    /// The ids of the top bar's widgets, left to right.
    public var topbarOrder: [String]
    /// The id of the community details widget, when there is one.
    public var idCardID: String?
    /// The id of the moderators widget, when there is one.
    public var moderatorsID: String?

    /// The sidebar's widgets in order.
    public var sidebar: [Widget] { sidebarOrder.compactMap { byID[$0] } }
    /// The top bar's widgets in order.
    public var topbar: [Widget] { topbarOrder.compactMap { byID[$0] } }
    /// The community details widget.
    public var idCard: Widget? { idCardID.flatMap { byID[$0] } }
    /// The moderators widget.
    public var moderators: Widget? { moderatorsID.flatMap { byID[$0] } }

    private enum CodingKeys: String, CodingKey { case items, layout }
    private enum LayoutKeys: String, CodingKey { case sidebar, topbar, idCardWidget, moderatorWidget }
    private struct Section: Decodable { let order: [String]? }

    /// Decodes `{"items": {id: widget}, "layout": {"sidebar": {"order"}, "topbar": {"order"},
    /// "idCardWidget", "moderatorWidget"}}`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        byID = try c.value(.items, or: [String: Widget]())
        guard c.contains(.layout), try !c.decodeNil(forKey: .layout) else {
            (sidebarOrder, topbarOrder, idCardID, moderatorsID) = ([], [], nil, nil)
            return
        }
        let layout = try c.nestedContainer(keyedBy: LayoutKeys.self, forKey: .layout)
        sidebarOrder = try layout.decodeIfPresent(Section.self, forKey: .sidebar)?.order ?? []
        topbarOrder = try layout.decodeIfPresent(Section.self, forKey: .topbar)?.order ?? []
        idCardID = try layout.decodeIfPresent(String.self, forKey: .idCardWidget)
        moderatorsID = try layout.decodeIfPresent(String.self, forKey: .moderatorWidget)
    }
}
