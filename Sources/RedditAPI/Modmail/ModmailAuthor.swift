/// Someone who wrote in a modmail conversation or acted on it.
public struct ModmailAuthor: Sendable, Hashable, Decodable {
    /// The username.
    public var name: String
    /// Reddit's numeric account id (base 10; the base-36 `t2_` id in another form).
    public var id: Int64?
    /// Whether they moderate the subreddit.
    public var isModerator: Bool
    /// Whether they are a Reddit administrator.
    public var isAdmin: Bool
    /// Whether they started the conversation.
    public var isOriginalPoster: Bool
    /// Whether they are the conversation's non-moderator participant.
    public var isParticipant: Bool
    /// Whether their name is hidden from the participant (a moderator writing as the subreddit).
    public var isHidden: Bool
    /// Whether the account is deleted.
    public var isDeleted: Bool

    private enum CodingKeys: String, CodingKey {
        case name, id, isAdmin, isParticipant, isHidden, isDeleted
        case isModerator = "isMod"
        case isOriginalPoster = "isOp"
    }

    /// Decodes an author; flags Reddit leaves out are false.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.value(.name, or: "")
        id = try c.decodeIfPresent(Int64.self, forKey: .id)
        isModerator = try c.value(.isModerator, or: false)
        isAdmin = try c.value(.isAdmin, or: false)
        isOriginalPoster = try c.value(.isOriginalPoster, or: false)
        isParticipant = try c.value(.isParticipant, or: false)
        isHidden = try c.value(.isHidden, or: false)
        isDeleted = try c.value(.isDeleted, or: false)
    }
}
