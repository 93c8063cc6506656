public import Courier
import Foundation

/// What a moderator does to one post or comment (scope `modposts`, `modflair`...): approve,
/// remove, distinguish, sticky, lock, NSFW, spoiler, contest mode, suggested sort, reports,
/// original content, crowd control and removal messages. Each answer is what Reddit sent:
/// nothing for most of them, the distinguished thing for ``distinguish(_:as:sticky:)``, the posted
/// comment for a public ``sendRemovalMessage(for:message:title:type:)`` on a post.
///
/// ```swift
/// try await reddit.send(Reddit.remove("t3_abc123", spam: false))
/// try await reddit.send(Reddit.applyRemovalReason("15kbmgmhm6mxo", modNote: "rule 2", to: ["t3_abc123"]))
/// ```
extension Reddit {
    /// Approves a post or comment (`/api/approve`): it returns from removal and its reports are cleared.
    public static func approve(_ id: Fullname) -> Request<Void> { post("/api/approve", ["id": id.rawValue]) }

    /// Removes a post or comment (`/api/remove`); `spam` also trains the subreddit's spam filter.
    /// Give the reason with ``applyRemovalReason(_:modNote:to:)``.
    public static func remove(_ id: Fullname, spam: Bool = false) -> Request<Void> {
        post("/api/remove", ["id": id.rawValue, "spam": String(spam)])
    }

    /// Records why items were removed (`/api/v1/modactions/removal_reasons`): a removal reason's
    /// id (``RemovalReason/id``) and a note for moderators, either or both.
    public static func applyRemovalReason(_ reasonID: String?, modNote: String? = nil, to ids: [Fullname]) -> Request<
        Void
    > {
        let document: [String: JSON] = [
            "item_ids": .array(ids.map { .string($0.rawValue) }),
            "reason_id": reasonID.map { .string($0) } ?? .null, "mod_note": modNote.map { .string($0) } ?? .null,
        ]
        return write(.post, "/api/v1/modactions/removal_reasons", form: jsonField(document))
    }

    /// Sends the author of a removed post or comment a removal message. A public message on a post
    /// answers with the new comment; the other kinds answer with nil.
    public static func sendRemovalMessage(
        for id: Fullname, message: String, title: String = "ignored", type: RemovalMessageType = .publicComment
    ) -> Request<Comment?> {
        let document: [String: JSON] = [
            "item_id": .array([.string(id.rawValue)]), "message": .string(message), "title": .string(title),
            "type": .string(type.rawValue),
        ]
        let path = "/api/v1/modactions/" + (id.kind == .comment ? "removal_comment_message" : "removal_link_message")
        return call(.post, path, form: jsonField(document), as: RemovalMessageAnswer.self) { $0.comment }
    }

    /// Marks a post or comment as a moderator's (or removes the mark with ``Distinction/none``);
    /// `sticky` also pins a top-level comment. Answers with the thing as it is now.
    public static func distinguish(_ id: Fullname, as how: Distinction = .moderator, sticky: Bool = false) -> Request<
        Thing?
    > {
        var form = ["id": id.rawValue, "how": how.rawValue]
        if sticky { form["sticky"] = "true" }
        return post("/api/distinguish", form).reading(EditedThingAnswer.self) { $0.thing }
    }

    /// Pins a post to the top of its subreddit, or unpins it (`/api/set_subreddit_sticky`).
    /// `slot` 1 or 2 picks the position (Reddit's default is the bottom one); `onProfile` pins
    /// one of your own posts to your profile instead.
    public static func setSticky(_ id: Fullname, _ sticky: Bool, slot: Int? = nil, onProfile: Bool = false) -> Request<
        Void
    > {
        var form = ["id": id.rawValue, "state": String(sticky)]
        if let slot { form["num"] = String(slot) }
        if onProfile { form["to_profile"] = "true" }
        return post("/api/set_subreddit_sticky", form)
    }

    /// Locks a post or comment: nobody but moderators may reply (`/api/lock`).
    public static func lock(_ id: Fullname) -> Request<Void> { post("/api/lock", ["id": id.rawValue]) }

    /// Unlocks a post or comment (`/api/unlock`).
    public static func unlock(_ id: Fullname) -> Request<Void> { post("/api/unlock", ["id": id.rawValue]) }

    /// Marks a post NSFW, or removes the mark (`/api/marknsfw`, `/api/unmarknsfw`).
    public static func setNSFW(_ id: Fullname, _ nsfw: Bool) -> Request<Void> {
        post(nsfw ? "/api/marknsfw" : "/api/unmarknsfw", ["id": id.rawValue])
    }

    /// Marks a post as a spoiler, or removes the mark (`/api/spoiler`, `/api/unspoiler`).
    public static func setSpoiler(_ id: Fullname, _ spoiler: Bool) -> Request<Void> {
        post(spoiler ? "/api/spoiler" : "/api/unspoiler", ["id": id.rawValue])
    }

    /// Turns a post's contest mode on or off: comments in random order, scores hidden (`/api/set_contest_mode`).
    public static func setContestMode(_ id: Fullname, _ enabled: Bool) -> Request<Void> {
        post("/api/set_contest_mode", ["id": id.rawValue, "state": String(enabled)])
    }

    /// Sets the order a post's comments open in, or clears it with nil (`/api/set_suggested_sort`).
    public static func setSuggestedSort(_ id: Fullname, _ sort: CommentSort?) -> Request<Void> {
        post("/api/set_suggested_sort", ["id": id.rawValue, "sort": sort?.rawValue ?? "blank"])
    }

    /// Stops reports on a post or comment from notifying moderators (`/api/ignore_reports`).
    public static func ignoreReports(_ id: Fullname) -> Request<Void> {
        post("/api/ignore_reports", ["id": id.rawValue])
    }

    /// Lets reports on a post or comment notify moderators again (`/api/unignore_reports`).
    public static func unignoreReports(_ id: Fullname) -> Request<Void> {
        post("/api/unignore_reports", ["id": id.rawValue])
    }

    /// Marks a post of `subreddit` as original content, or removes the mark (`/api/set_original_content`).
    public static func setOriginalContent(_ post: Fullname, in subreddit: String, _ original: Bool) -> Request<Void> {
        Reddit.post(
            "/api/set_original_content",
            [
                "id": post.id, "fullname": post.rawValue, "should_set_oc": String(original), "executed": "false",
                "r": subreddit,
            ])
    }

    /// Shows a comment that crowd control collapsed (`/api/show_comment`).
    public static func showComment(_ id: Fullname) -> Request<Void> { post("/api/show_comment", ["id": id.rawValue]) }

    /// Sets how strongly crowd control collapses comments from newcomers on a post, 0 (off) to 3
    /// (`/api/update_crowd_control_level`).
    public static func setCrowdControlLevel(_ post: Fullname, _ level: Int) -> Request<Void> {
        Reddit.post("/api/update_crowd_control_level", ["id": post.rawValue, "level": String(level)])
    }
}

/// A removal message's answer: `{}`, or for a public message on a post the new comment's bare
/// data object.
struct RemovalMessageAnswer: Decodable, Sendable {
    let comment: Comment?

    private enum Keys: String, CodingKey { case name }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        comment = c.contains(.name) ? try Comment(from: decoder) : nil
    }
}
