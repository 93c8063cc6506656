public import Courier
import Foundation

/// Other users: a profile's posts and comments, the subreddits a user moderates, whether a
/// name is free, popular and new users, searching them, and summaries by account id. (A user's
/// profile and trophies are ``Reddit/userAbout(_:)`` and ``Reddit/trophies(of:)``.)
///
/// ```swift
/// let free = try await reddit.send(Reddit.usernameAvailable("courier_bot"))
/// let mods = try await reddit.send(Reddit.moderatedSubreddits(of: "spez"))
/// ```
extension Reddit {
    /// A user's posts and comments as their profile lists them (`/user/NAME`), in `sort` order
    /// when given.
    public static func userProfile(_ username: String, sort: UserListingSort? = nil, page: PageParameters = .first)
        -> Request<Listing>
    {
        get("/user/" + segment(username), (sort?.queryItems ?? []) + page.queryItems)
    }

    /// The subreddits a user moderates (not their own profile); empty when none.
    public static func moderatedSubreddits(of username: String) -> Request<[Subreddit]> {
        decoded("/user/" + segment(username) + "/moderated_subreddits", as: ModeratedList.self) { $0.subreddits }
    }

    /// Whether a username is free to register; Reddit answers a name it would never accept with
    /// `BAD_USERNAME` (a ``RedditError``).
    public static func usernameAvailable(_ name: String) -> Request<Bool> {
        get("/api/username_available", [("user", name)])
    }

    /// Popular users' profiles (each a `t5` profile subreddit, `u_NAME`).
    public static func popularUsers(page: PageParameters = .first) -> Request<Listing> {
        get("/users/popular", page.queryItems)
    }

    /// New users' profiles, newest first (each a `t5` profile subreddit, `u_NAME`).
    public static func newUsers(page: PageParameters = .first) -> Request<Listing> {
        get("/users/new", page.queryItems)
    }

    /// Users whose name or profile matches `query` (`t2` accounts).
    public static func searchUsers(_ query: String, page: PageParameters = .first) -> Request<Listing> {
        get("/users/search", [("q", query)] + page.queryItems)
    }

    /// The most account ids ``accounts(_:)`` takes in one call.
    public static let accountsLimit = 100

    /// Short summaries of accounts by fullname (`t2_…`), at most ``accountsLimit``: name,
    /// karma, creation date, avatar (`/api/user_data_by_account_ids`). Reddit leaves unknown ids
    /// out, and answers 404 when it knows none; ``RedditClient/accounts(_:)`` batches longer
    /// lists and reads that 404 as "none".
    public static func accounts(_ ids: [Fullname]) -> Request<[Account]> {
        let asked = Array(ids.prefix(accountsLimit))
        return decoded("/api/user_data_by_account_ids", as: [String: AccountSummary].self) { found in
            asked.compactMap { id in found[id.rawValue].map { $0.account(id: id) } }
        }
        .withQuery([("ids", asked.map(\.rawValue).joined(separator: ","))])
    }
}

extension RedditClient {
    /// Summaries of any number of accounts, asked 100 at a time, in the order asked; ids Reddit
    /// does not know are left out (a batch it knows none of answers 404, read as none, as PRAW does).
    public func accounts(_ ids: [Fullname]) async throws(HTTPError) -> [Account] {
        var accounts: [Account] = []
        var start = ids.startIndex
        while start < ids.endIndex {
            let end = min(start + Reddit.accountsLimit, ids.endIndex)
            do {
                accounts += try await send(Reddit.accounts(Array(ids[start..<end])))
            } catch  where error.statusCode == 404 {
                // None of this batch exists.
            }
            start = end
        }
        return accounts
    }

    /// New users' profiles as they are made (``RedditStream`` over ``Reddit/newUsers(page:)``).
    public func newUsers(options: StreamOptions = .init()) -> RedditStream<Subreddit> {
        RedditStream(client: self, options: options, request: { Reddit.newUsers(page: $0) }, extract: \.subreddit)
    }
}

/// `/user/NAME/moderated_subreddits`: `{"kind": "ModeratedList", "data": [...]}`, or `{}` for none.
struct ModeratedList: Decodable, Sendable {
    let subreddits: [Subreddit]

    private struct Entry: Decodable {
        let name: String
        let displayName: String
        let title: String?
        let url: String?
        let subscribers: Int?
        let created: Double?
        let over18: Bool?
        let subredditType: String?
        let communityIcon: String?
        let iconImage: String?

        private enum CodingKeys: String, CodingKey {
            case name, title, url, subscribers
            case displayName = "sr"
            case created = "created_utc"
            case over18 = "over_18"
            case subredditType = "subreddit_type"
            case communityIcon = "community_icon"
            case iconImage = "icon_img"
        }
    }

    private enum Keys: String, CodingKey { case data }

    init(from decoder: any Decoder) throws {
        let entries = try decoder.container(keyedBy: Keys.self).decodeIfPresent([Entry].self, forKey: .data) ?? []
        subreddits = entries.map { entry in
            Subreddit(
                name: Fullname(entry.name), displayName: entry.displayName, title: entry.title ?? "",
                subscribers: entry.subscribers, created: Date(timeIntervalSince1970: entry.created ?? 0),
                over18: entry.over18 ?? false, url: entry.url ?? "/r/\(entry.displayName)/",
                subredditType: entry.subredditType ?? "public",
                iconURL: [entry.communityIcon, entry.iconImage].compactMap { $0 }.first { !$0.isEmpty })
        }
    }
}

/// One value of `/api/user_data_by_account_ids`'s object, keyed by fullname.
struct AccountSummary: Decodable, Sendable {
    let name: String
    let created: Double?
    let linkKarma: Int?
    let commentKarma: Int?
    let profileImage: String?

    private enum CodingKeys: String, CodingKey {
        case name
        case created = "created_utc"
        case linkKarma = "link_karma"
        case commentKarma = "comment_karma"
        case profileImage = "profile_img"
    }

    func account(id: Fullname) -> Account {
        Account(
            id: id.id, name: name, created: Date(timeIntervalSince1970: created ?? 0), linkKarma: linkKarma ?? 0,
            commentKarma: commentKarma ?? 0, iconURL: profileImage)
    }
}
