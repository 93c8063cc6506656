public import Courier
import Foundation

/// Flair on users and posts (scope `modflair`, or `flair` for your own): set, select and delete
/// a user's flair, list every user's, set many at once, set a post's, and the subreddit's
/// flair settings. Choosing a post's flair from a template is ``selectFlair(subreddit:link:templateID:text:)``;
/// the flair a post may get is ``flairSelector(subreddit:link:)``.
///
/// ```swift
/// try await reddit.send(Reddit.setUserFlair("spez", in: "swift", text: "Admin", cssClass: "admin"))
/// let page = try await reddit.send(Reddit.userFlairs(in: "swift", page: .init(limit: 100)))
/// ```
extension Reddit {
    /// Sets a user's flair text and CSS class (`/r/SUB/api/flair` with `name`).
    public static func setUserFlair(_ user: String, in subreddit: String, text: String = "", cssClass: String = "")
        -> Request<Void>
    {
        post(flairPath(subreddit, "flair"), ["name": user, "text": text, "css_class": cssClass])
    }

    /// Sets a post's flair text and CSS class (`/r/SUB/api/flair` with `link`).
    public static func setLinkFlair(_ link: Fullname, in subreddit: String, text: String = "", cssClass: String = "")
        -> Request<Void>
    {
        post(flairPath(subreddit, "flair"), ["link": link.rawValue, "text": text, "css_class": cssClass])
    }

    /// Gives a user the flair of a template (`/r/SUB/api/selectflair` with `name`), with `text`
    /// for an editable one.
    public static func selectUserFlair(_ user: String, in subreddit: String, templateID: String, text: String? = nil)
        -> Request<Void>
    {
        var form = ["name": user, "flair_template_id": templateID]
        if let text { form["text"] = text }
        return post(flairPath(subreddit, "selectflair"), form)
    }

    /// The flair a user has and may pick (`/r/SUB/api/flairselector`): the signed-in user's, or
    /// with `user` (moderators) someone else's.
    public static func userFlairChoices(in subreddit: String, user: String? = nil) -> Request<FlairSelection> {
        post(flairPath(subreddit, "flairselector"), user.map { ["name": $0] } ?? [:]).reading(FlairSelection.self) {
            $0
        }
    }

    /// Removes a user's flair (`/r/SUB/api/deleteflair`).
    public static func deleteUserFlair(_ user: String, in subreddit: String) -> Request<Void> {
        post(flairPath(subreddit, "deleteflair"), ["name": user])
    }

    /// One page of the users with flair and their flair (`/r/SUB/api/flairlist`), or one user's
    /// with `user`. ``ItemListing/after`` is the next page's cursor (Reddit's `next`).
    public static func userFlairs(in subreddit: String, user: String? = nil, page: PageParameters = .first) -> Request<
        ItemListing<UserFlair>
    > {
        var query = page.queryItems
        if let user { query.insert(("name", user), at: 0) }
        return Request<Void>(path: flairPath(subreddit, "flairlist"), query: query.map(URLQueryItem.init))
            .reading(FlairList.self) {
                ItemListing(items: $0.users, after: $0.next, before: $0.prev)
            }
    }

    /// The most users ``setUserFlairs(_:in:)`` takes in one call.
    public static let flairCSVLimit = 100

    /// Sets the flair of up to 100 users at once (`/r/SUB/api/flaircsv`); an empty text and CSS
    /// class remove a user's flair. Answers with one result per user, in order.
    ///
    /// - Throws: ``RedditUsageError/tooManyFlairs(_:)`` for more than ``flairCSVLimit`` users;
    ///   ``SubredditFlair/setUsers(_:)`` splits any number into calls.
    public static func setUserFlairs(_ flairs: [UserFlair], in subreddit: String) throws(RedditUsageError) -> Request<
        [FlairUpdateResult]
    > {
        guard flairs.count <= flairCSVLimit else { throw .tooManyFlairs(flairs.count) }
        return flairCSV(flairs, in: subreddit)
    }

    /// `/r/SUB/api/flaircsv` for users already known to be at most ``flairCSVLimit``.
    static func flairCSV(_ flairs: [UserFlair], in subreddit: String) -> Request<[FlairUpdateResult]> {
        let lines = flairs.map { flair in
            [flair.user, flair.text ?? "", flair.cssClass ?? ""].map(csvField).joined(separator: ",")
        }
        return post(flairPath(subreddit, "flaircsv"), ["flair_csv": lines.joined(separator: "\n")])
            .reading([FlairUpdateResult].self) { $0 }
    }

    /// Turns user and post flair on or off and lets users pick their own
    /// (`/r/SUB/api/flairconfig`).
    ///
    /// - Parameters:
    ///   - subreddit: The subreddit.
    ///   - userFlairPosition: `left` or `right` of the name; nil turns user flair off.
    ///   - usersMayAssign: Whether users may pick their own flair.
    ///   - linkFlairPosition: `left` or `right` of the title; nil turns post flair off.
    ///   - postersMayAssign: Whether posters may pick their post's flair.
    public static func configureFlair(
        in subreddit: String, userFlairPosition: String? = "right", usersMayAssign: Bool = false,
        linkFlairPosition: String? = "left", postersMayAssign: Bool = false
    ) -> Request<Void> {
        post(
            flairPath(subreddit, "flairconfig"),
            [
                "flair_enabled": String(userFlairPosition != nil), "flair_position": userFlairPosition ?? "right",
                "flair_self_assign_enabled": String(usersMayAssign), "link_flair_position": linkFlairPosition ?? "",
                "link_flair_self_assign_enabled": String(postersMayAssign),
            ])
    }

    /// A CSV field as Python's `csv` module writes it (what PRAW sends): quoted, with quotes
    /// doubled, only when it holds a comma, a quote or a line break.
    static func csvField(_ value: String) -> String {
        guard value.contains(where: { ",\"\r\n".contains($0) }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// `/r/SUB/api/flairlist`'s `{"users": [...], "next": cursor, "prev": cursor}`.
struct FlairList: Decodable, Sendable {
    let users: [UserFlair]
    let next: String?
    let prev: String?
}
