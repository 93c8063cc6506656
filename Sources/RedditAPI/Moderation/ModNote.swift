public import Foundation

/// A moderator note about a user in a subreddit (`/api/mod/notes`): one a moderator wrote
/// (`type` `NOTE`, with ``note`` and ``label``) or one Reddit recorded for a moderator action
/// (`BAN`, `REMOVAL`, `APPROVAL`..., with ``action``).
public struct ModNote: Sendable, Hashable, Identifiable, Decodable {
    /// The note's id (`ModNote_<uuid>`).
    public var id: String
    /// `NOTE` for a written note, or the kind of action Reddit recorded (`BAN`, `REMOVAL`, `MUTE`...).
    public var type: String
    /// The subreddit's name.
    public var subreddit: String
    /// The user the note is about.
    public var user: String
    /// The moderator who wrote it or took the action.
    public var moderator: String
    /// When it was made.
    public var created: Date
    /// A written note's text.
    public var note: String?
    /// A written note's label: `ABUSE_WARNING`, `BAN`, `BOT_BAN`, `HELPFUL_USER`, `PERMA_BAN`,
    /// `SOLID_CONTRIBUTOR`, `SPAM_WARNING` or `SPAM_WATCH`.
    public var label: String?
    /// The post or comment the note is about, when it is about one.
    public var thing: Fullname?
    /// For a recorded action: what it was (`banuser`, `removelink`...).
    public var action: String?
    /// For a recorded action: Reddit's details (a ban's length...).
    public var details: String?
    /// For a recorded action: its description (a ban's reason...).
    public var description: String?
    /// The note's position, for paging.
    public var cursor: String?

    private enum CodingKeys: String, CodingKey {
        case id, type, subreddit, user, cursor
        case moderator = "operator"
        case created = "created_at"
        case userNoteData = "user_note_data"
        case modActionData = "mod_action_data"
    }

    private enum DataKeys: String, CodingKey {
        case note, label, action, details, description
        case redditID = "reddit_id"
    }

    /// Decodes a note: its fields and its `user_note_data` or `mod_action_data`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        type = try c.value(.type, or: "")
        subreddit = try c.value(.subreddit, or: "")
        user = try c.value(.user, or: "")
        moderator = try c.value(.moderator, or: "")
        created = Date(timeIntervalSince1970: try c.decodeIfPresent(Double.self, forKey: .created) ?? 0)
        cursor = try c.decodeIfPresent(String.self, forKey: .cursor)
        let written = try c.decodeIfPresent(NoteData.self, forKey: .userNoteData)
        let acted = try c.decodeIfPresent(NoteData.self, forKey: .modActionData)
        note = written?.note
        label = written?.label
        thing = (written?.redditID ?? acted?.redditID).map { Fullname($0) }
        action = acted?.action
        details = acted?.details
        description = acted?.description
    }

    /// `user_note_data` and `mod_action_data`, whose fields may each be null.
    private struct NoteData: Decodable {
        let note, label, action, details, description, redditID: String?

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: DataKeys.self)
            note = try c.decodeIfPresent(String.self, forKey: .note)
            label = try c.decodeIfPresent(String.self, forKey: .label)
            action = try c.decodeIfPresent(String.self, forKey: .action)
            details = try c.decodeIfPresent(String.self, forKey: .details)
            description = try c.decodeIfPresent(String.self, forKey: .description)
            redditID = try c.decodeIfPresent(String.self, forKey: .redditID)
        }
    }
}
