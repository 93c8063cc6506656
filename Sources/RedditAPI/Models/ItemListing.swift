/// A page of items that are not things: a listing whose children are plain objects (the users of
/// `/r/SUB/about/banned`, the moderators of `/r/SUB/about/moderators` in a `UserList`) or wrapped
/// in a kind this library reads into its own type (the `modaction` entries of the mod log).
///
/// Pass ``after`` as the next page's `after`; nil means this is the last page.
public struct ItemListing<Item: Decodable & Sendable>: Sendable, Decodable {
    /// The items, in Reddit's order.
    public var items: [Item]
    /// The cursor for the next page (a fullname, or an id such as `ModAction_…`), nil at the end.
    public var after: String?
    /// The cursor for the previous page, nil at the start.
    public var before: String?

    /// Creates a page.
    public init(items: [Item], after: String? = nil, before: String? = nil) {
        self.items = items
        self.after = after
        self.before = before
    }

    private enum OuterKeys: String, CodingKey { case kind, data }
    private enum CodingKeys: String, CodingKey { case children, after, before }

    /// Decodes `{"kind": "Listing" | "UserList", "data": {"children": [...], "after", "before"}}`.
    /// Each child is read as `Item`, from its `data` when it comes wrapped as `{"kind", "data"}`.
    public init(from decoder: any Decoder) throws {
        let outer = try decoder.container(keyedBy: OuterKeys.self)
        let kind = try outer.decode(String.self, forKey: .kind)
        guard kind == "Listing" || kind == "UserList" else {
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: outer, debugDescription: "expected a Listing or UserList, found kind \"\(kind)\"")
        }
        let c = try outer.nestedContainer(keyedBy: CodingKeys.self, forKey: .data)
        items = try c.decodeIfPresent([Child].self, forKey: .children)?.map(\.item) ?? []
        after = try c.decodeIfPresent(String.self, forKey: .after)
        before = try c.decodeIfPresent(String.self, forKey: .before)
    }

    /// One child: `{"kind": K, "data": {...}}` or the item itself.
    private struct Child: Decodable {
        let item: Item

        private enum Keys: String, CodingKey { case kind, data }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            if c.contains(.kind), c.contains(.data) {
                item = try c.decode(Item.self, forKey: .data)
            } else {
                item = try Item(from: decoder)
            }
        }
    }
}

extension ItemListing: Equatable where Item: Equatable {}
extension ItemListing: Hashable where Item: Hashable {}
