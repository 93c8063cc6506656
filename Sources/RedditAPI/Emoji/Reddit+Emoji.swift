public import Courier
import Foundation

/// A subreddit's custom emoji (scope `structuredstyles` to change them): list, add (after
/// uploading the image through a lease), change who may use one, delete.
/// ``SubredditModeration/addEmoji(named:image:filename:mimeType:modFlairOnly:postFlairAllowed:userFlairAllowed:uploadTransport:)``
/// does the three steps of adding one.
///
/// ```swift
/// let all = try await reddit.send(Reddit.emoji(of: "swift"))
/// try await reddit.send(Reddit.updateEmoji(named: "swift_bird", in: "swift", modFlairOnly: true))
/// ```
extension Reddit {
    /// The emoji a subreddit's flair may use: its own, then Reddit's (`/api/v1/SUB/emojis/all`).
    public static func emoji(of subreddit: String) -> Request<[Emoji]> {
        decoded(emojiPath(subreddit, "emojis/all"), as: EmojiList.self) { $0.emoji }
    }

    /// A lease to upload an emoji's image (`/api/v1/SUB/emoji_asset_upload_s3.json`); its
    /// ``MediaLease/key`` names the upload in ``addEmoji(named:imageKey:in:modFlairOnly:postFlairAllowed:userFlairAllowed:)``.
    public static func emojiLease(filename: String, mimeType: String, in subreddit: String) -> Request<MediaLease> {
        post(emojiPath(subreddit, "emoji_asset_upload_s3.json"), ["filepath": filename, "mimetype": mimeType])
            .reading(MediaLease.self) { $0 }
    }

    /// Adds an emoji whose image was uploaded under `imageKey` (`/api/v1/SUB/emoji.json`). The
    /// permissions are Reddit's defaults when nil.
    public static func addEmoji(
        named name: String, imageKey: String, in subreddit: String, modFlairOnly: Bool? = nil,
        postFlairAllowed: Bool? = nil, userFlairAllowed: Bool? = nil
    ) -> Request<Void> {
        var form = ["name": name, "s3_key": imageKey]
        if let modFlairOnly { form["mod_flair_only"] = String(modFlairOnly) }
        if let postFlairAllowed { form["post_flair_allowed"] = String(postFlairAllowed) }
        if let userFlairAllowed { form["user_flair_allowed"] = String(userFlairAllowed) }
        return post(emojiPath(subreddit, "emoji.json"), form)
    }

    /// Sets who may use an emoji (`/api/v1/SUB/emoji_permissions`).
    public static func updateEmoji(
        named name: String, in subreddit: String, modFlairOnly: Bool = false, postFlairAllowed: Bool = true,
        userFlairAllowed: Bool = true
    ) -> Request<Void> {
        post(
            emojiPath(subreddit, "emoji_permissions"),
            [
                "name": name, "mod_flair_only": String(modFlairOnly), "post_flair_allowed": String(postFlairAllowed),
                "user_flair_allowed": String(userFlairAllowed),
            ])
    }

    /// Deletes an emoji (`DELETE /api/v1/SUB/emoji/NAME`).
    public static func deleteEmoji(named name: String, in subreddit: String) -> Request<Void> {
        bodiless(.delete, emojiPath(subreddit, "emoji/" + segment(name)))
    }

    private static func emojiPath(_ subreddit: String, _ rest: String) -> String {
        "/api/v1/" + segment(subreddit) + "/" + rest
    }
}
