public import Courier
import Foundation

/// Multireddits (custom feeds): reading, creating, copying, renaming, changing and deleting
/// them, adding and removing subreddits (scopes `read` and `subscribe`), and their posts.
/// ``RedditClient/multireddit(_:of:)`` adds what takes several requests (streams, copying).
///
/// ```swift
/// let multi = try await reddit.send(Reddit.createMultireddit(displayName: "Apple", subreddits: ["swift", "iOSProgramming"]))
/// try await reddit.send(Reddit.addSubreddit("macOS", toMultireddit: multi.name, of: "me_myself"))
/// ```
extension Reddit {
    /// A multireddit (`/api/multi/user/OWNER/m/NAME`).
    public static func multireddit(_ name: String, of owner: String) -> Request<Multi> {
        unwrapped(multiPath(name, owner))
    }

    /// A user's public multireddits (yours, private ones included, with ``myMultireddits()``).
    public static func multireddits(of user: String) -> Request<[Multi]> {
        decoded("/api/multi/user/" + segment(user), as: [Wrapped<Multi>].self) { $0.map(\.value) }
    }

    /// Creates a multireddit; Reddit makes its name from `displayName`. Answers with it.
    ///
    /// - Parameters:
    ///   - displayName: The name shown to people.
    ///   - subreddits: The subreddits, by name.
    ///   - description: The description in Markdown.
    ///   - visibility: `private` (the default), `public` or `hidden`.
    ///   - weightingScheme: `classic` (the default) or `fresh`.
    ///   - iconName: An icon name from Reddit's list.
    ///   - keyColor: A colour, `#RRGGBB`.
    public static func createMultireddit(
        displayName: String, subreddits: [String], description: String? = nil, visibility: String = "private",
        weightingScheme: String = "classic", iconName: String? = nil, keyColor: String? = nil
    ) -> Request<Multi> {
        // Every setting is named, unset ones as null, as PRAW sends them.
        let model: [String: JSON] = [
            "display_name": .string(displayName), "subreddits": MultiredditChanges.members(subreddits),
            "description_md": description.map(JSON.string) ?? .null, "visibility": .string(visibility),
            "weighting_scheme": .string(weightingScheme), "icon_name": iconName.map(JSON.string) ?? .null,
            "key_color": keyColor.map(JSON.string) ?? .null,
        ]
        return multiAnswer(.post, "/api/multi", form: ["model": JSON.object(model).description])
    }

    /// Changes a multireddit's settings (only those `changes` sets); answers with it as it is now.
    public static func updateMultireddit(_ name: String, of owner: String, _ changes: MultiredditChanges) -> Request<
        Multi
    > {
        multiAnswer(.put, multiPath(name, owner), form: ["model": JSON.object(changes.model).description])
    }

    /// Copies a multireddit to `newOwner` (you) as `newName`, shown as `displayName`; answers with
    /// the copy. ``Multireddit/copy(displayName:)`` finds your name and makes the new name from
    /// the display name, as Reddit does.
    public static func copyMultireddit(
        _ name: String, of owner: String, to newOwner: String, as newName: String, displayName: String
    ) -> Request<Multi> {
        multiAnswer(
            .post, "/api/multi/copy",
            form: [
                "from": "/user/\(owner)/m/\(name)", "to": "user/\(newOwner)/m/\(newName)/",
                "display_name": displayName,
            ])
    }

    /// Gives a multireddit a new display name (Reddit makes the new name from it); answers with it.
    public static func renameMultireddit(_ name: String, of owner: String, to displayName: String) -> Request<Multi> {
        multiAnswer(
            .post, "/api/multi/rename", form: ["from": "/user/\(owner)/m/\(name)", "display_name": displayName])
    }

    /// Deletes a multireddit.
    public static func deleteMultireddit(_ name: String, of owner: String) -> Request<Void> {
        bodiless(.delete, multiPath(name, owner))
    }

    /// Adds a subreddit to a multireddit.
    public static func addSubreddit(_ subreddit: String, toMultireddit name: String, of owner: String) -> Request<Void>
    {
        write(.put, multiPath(name, owner) + "/r/" + segment(subreddit), form: memberModel(subreddit))
    }

    /// Removes a subreddit from a multireddit.
    public static func removeSubreddit(_ subreddit: String, fromMultireddit name: String, of owner: String)
        -> Request<Void>
    {
        write(.delete, multiPath(name, owner) + "/r/" + segment(subreddit), form: memberModel(subreddit))
    }

    // MARK: Posts

    /// A multireddit's posts (`/user/OWNER/m/NAME/SORT`); nil asks for Reddit's default order
    /// (hot) at the multireddit's own path.
    public static func multiredditPosts(
        _ name: String, of owner: String, sort: ListingSort? = nil, page: PageParameters = .first
    ) -> Request<Listing> {
        var query = page.queryItems
        if let range = sort?.timeRange { query.append(("t", range.rawValue)) }
        return get(multiListingPath(name, owner) + (sort.map { "/" + $0.path } ?? ""), query)
    }

    /// A multireddit's newest comments (`/user/OWNER/m/NAME/comments`).
    public static func multiredditComments(_ name: String, of owner: String, page: PageParameters = .first)
        -> Request<Listing>
    {
        get(multiListingPath(name, owner) + "/comments", page.queryItems)
    }

    // MARK: Paths and answers

    /// `/api/multi/user/OWNER/m/NAME`.
    static func multiPath(_ name: String, _ owner: String) -> String {
        "/api/multi/user/" + segment(owner) + "/m/" + segment(name)
    }

    /// `/user/OWNER/m/NAME`.
    static func multiListingPath(_ name: String, _ owner: String) -> String {
        "/user/" + segment(owner) + "/m/" + segment(name)
    }

    /// `model={"name": SUBREDDIT}`, as PRAW sends it to add or remove one subreddit.
    static func memberModel(_ subreddit: String) -> [String: String] {
        ["model": JSON.object(["name": .string(subreddit)]).description]
    }

    /// A form call answered with one wrapped multireddit.
    static func multiAnswer(_ method: HTTPMethod, _ path: String, form: [String: String]) -> Request<Multi> {
        call(method, path, form: form, as: Wrapped<Multi>.self) { $0.value }
    }

    /// The name Reddit makes from a display name (as PRAW's `sluggify`): runs of characters other
    /// than letters and digits become one `_`, without `_` at either end, in lower case; over 21
    /// characters it is cut to 21 and back to the last `_`; empty, it is `_`.
    static func multiredditName(for displayName: String) -> String {
        var slug = ""
        for character in displayName {
            if character.isLetter || character.isNumber {
                slug.append(contentsOf: character.lowercased())
            } else if !slug.hasSuffix("_") {
                slug.append("_")
            }
        }
        while slug.hasPrefix("_") { slug.removeFirst() }
        while slug.hasSuffix("_") { slug.removeLast() }
        if slug.count > 21 {
            slug = String(slug.prefix(21))
            if let cut = slug.lastIndex(of: "_"), cut > slug.startIndex { slug = String(slug[..<cut]) }
        }
        return slug.isEmpty ? "_" : slug
    }
}
