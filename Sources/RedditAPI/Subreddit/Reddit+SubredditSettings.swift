public import Courier
import Foundation

/// A subreddit's settings, its post requirements, and creating a subreddit (scope `modconfig`).
///
/// ```swift
/// let settings = try await reddit.send(Reddit.subredditSettings(of: "swift"))
/// var changes = SubredditSettings()
/// changes.spoilersEnabled = true
/// try await reddit.send(Reddit.updateSubredditSettings(settings.subredditID!, changes))
/// ```
extension Reddit {
    /// A subreddit's settings as its moderators see them (`/r/SUB/about/edit`).
    public static func subredditSettings(of subreddit: String) -> Request<SubredditSettings> {
        unwrapped("/r/" + segment(subreddit) + "/about/edit")
    }

    /// Changes a subreddit's settings (`PATCH /api/v1/subreddit/update_settings`, a JSON body):
    /// only the settings `changes` holds, under the names Reddit writes them with
    /// (`content_options` goes as `link_type`, `subreddit_type` as `type`, as PRAW sends them).
    /// Answers with the settings Reddit reports changed.
    ///
    /// - Parameters:
    ///   - subreddit: The subreddit's fullname (`t5_…`, ``SubredditSettings/subredditID`` or
    ///     ``Subreddit/name``); ``SubredditModeration/updateSettings(_:)`` looks it up.
    ///   - changes: The settings to change.
    public static func updateSubredditSettings(_ subreddit: Fullname, _ changes: SubredditSettings) -> Request<
        SubredditSettings
    > {
        var body = changes.written(creating: false)
        body["sr"] = .string(subreddit.rawValue)
        return Request<Void>(method: .patch, path: "/api/v1/subreddit/update_settings", body: .json(JSON.object(body)))
            .reading(SubredditSettings.self) { $0 }
    }

    /// Creates a subreddit (`/api/site_admin`). Reddit refuses a missing title or a taken name
    /// with a ``RedditError`` (`NO_TEXT` on `title`, `SUBREDDIT_EXISTS`).
    ///
    /// - Parameters:
    ///   - name: The name used in its path.
    ///   - title: The title shown in its header.
    ///   - type: `public`, `restricted`, `private`...
    ///   - contentOptions: Which posts are allowed: `any`, `link` or `self`.
    ///   - wikiMode: `disabled`, `modonly` or `anyone`.
    ///   - settings: Further settings, as ``SubredditSettings`` names them.
    public static func createSubreddit(
        _ name: String, title: String?, type: String = "public", contentOptions: String = "any",
        wikiMode: String = "disabled", settings: SubredditSettings = SubredditSettings()
    ) -> Request<Void> {
        var form: [String: String] = [:]
        for (key, value) in settings.written(creating: true) {
            if let text = formText(value) { form[key] = text }
        }
        form["name"] = name
        if let title { form["title"] = title }
        form["type"] = type
        form["link_type"] = contentOptions
        form["wikimode"] = wikiMode
        return post("/api/site_admin", form)
    }

    /// What a subreddit requires of new posts (`/api/v1/SUB/post_requirements`; scope `submit`).
    public static func postRequirements(of subreddit: String) -> Request<PostRequirements> {
        get("/api/v1/" + segment(subreddit) + "/post_requirements")
    }

    /// A setting as form text: Booleans `true`/`false`, whole numbers without a fraction,
    /// arrays and objects as JSON; nil for null (left out of the form).
    static func formText(_ value: JSON) -> String? {
        switch value {
        case .null: nil
        case .bool(let flag): String(flag)
        case .number(let number):
            number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .string(let text): text
        case .array, .object: value.description
        }
    }
}
