/// How many unread conversations each modmail folder holds (`/api/mod/conversations/unread/count`).
public struct ModmailUnreadCounts: Sendable, Hashable, Decodable {
    /// Every count Reddit sent, by folder name (`new`, `inprogress`, `archived`, `highlighted`,
    /// `mod`, `notifications`, `appeals`, `join_requests`...).
    public var counts: [String: Int]

    /// Decodes `{"new": 0, "inprogress": 0, ...}`.
    public init(from decoder: any Decoder) throws {
        counts = try decoder.singleValueContainer().decode([String: Int].self)
    }

    /// The count of one folder; 0 when Reddit sent none for it.
    public subscript(state: ModmailState) -> Int { counts[state.rawValue] ?? 0 }
}
