public import Courier
import Foundation

/// Moderator notes (`/api/mod/notes`, scope `modnote`): a user's notes in a subreddit, the latest
/// note of many users at once, writing and deleting notes.
extension Reddit {
    /// A user's notes in a subreddit, newest first (`GET /api/mod/notes`), optionally only one
    /// `type` (`NOTE`, `APPROVAL`, `REMOVAL`, `BAN`, `MUTE`, `INVITE`, `SPAM`, `CONTENT_CHANGE`,
    /// `MOD_ACTION`, `ALL`). For the next page pass the answer's ``ItemListing/after`` as `cursor`.
    public static func modNotes(
        for user: String, in subreddit: String, type: String? = nil, cursor: String? = nil, limit: Int? = nil
    ) -> Request<ItemListing<ModNote>> {
        var query = [("subreddit", subreddit), ("user", user)]
        if let type { query.append(("filter", type)) }
        if let cursor { query.append(("before", cursor)) }
        if let limit { query.append(("limit", String(min(max(limit, 1), 100)))) }
        return call(.get, "/api/mod/notes", query: query, as: ModNotePage.self) {
            ItemListing(items: $0.notes, after: $0.hasNextPage ? $0.endCursor : nil)
        }
    }

    /// The latest note of each user in each subreddit (`GET /api/mod/notes/recent`): pairs
    /// `subreddits[i]` with `users[i]`; nil where a user has no note there.
    public static func latestModNotes(subreddits: [String], users: [String]) -> Request<[ModNote?]> {
        call(
            .get, "/api/mod/notes/recent",
            query: [("subreddits", subreddits.joined(separator: ",")), ("users", users.joined(separator: ","))],
            as: LatestModNotes.self
        ) { $0.notes }
    }

    /// Writes a note about a user, optionally about one of their posts or comments and with a
    /// label (see ``ModNote/label``); answers with the new note.
    public static func createModNote(
        about user: String, in subreddit: String, note: String, label: String? = nil, thing: Fullname? = nil
    ) -> Request<ModNote> {
        var form = ["user": user, "subreddit": subreddit, "note": note]
        if let label { form["label"] = label }
        if let thing { form["reddit_id"] = thing.rawValue }
        return call(.post, "/api/mod/notes", form: form, as: CreatedModNote.self) { $0.created }
    }

    /// Deletes a written note; with `id` nil the request names only the user and the subreddit
    /// (no `note_id`), as some clients send it.
    public static func deleteModNote(_ id: String?, about user: String, in subreddit: String) -> Request<Void> {
        var query = [("user", user), ("subreddit", subreddit)]
        if let id { query.append(("note_id", id)) }
        return bodiless(.delete, "/api/mod/notes", query: query)
    }
}

/// `{"mod_notes": [...], "start_cursor", "end_cursor", "has_next_page"}`.
struct ModNotePage: Decodable, Sendable {
    let notes: [ModNote]
    let endCursor: String?
    let hasNextPage: Bool

    private enum CodingKeys: String, CodingKey {
        case notes = "mod_notes"
        case endCursor = "end_cursor"
        case hasNextPage = "has_next_page"
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        notes = try c.value(.notes, or: [])
        endCursor = try c.decodeIfPresent(String.self, forKey: .endCursor)
        hasNextPage = try c.value(.hasNextPage, or: false)
    }
}

/// `{"mod_notes": [note | null]}`.
struct LatestModNotes: Decodable, Sendable {
    let notes: [ModNote?]

    private enum CodingKeys: String, CodingKey { case notes = "mod_notes" }
}

/// `{"created": note}`.
struct CreatedModNote: Decodable, Sendable {
    let created: ModNote
}
