public import Courier
public import Foundation

/// Finding subreddits and joining them: Reddit's lists of subreddits, recommendations, the
/// signed-in user's `r/all` and `r/mod` filters, quarantine opt-ins, a subreddit's stickied
/// posts, a random subreddit and share links.
///
/// ```swift
/// let popular = try await reddit.send(Reddit.subreddits(.popular, page: .init(limit: 25)))
/// let pinned = try await reddit.send(Reddit.stickiedPost(of: "swift"))   // t3_…
/// ```
extension Reddit {
    /// One page of a list of subreddits Reddit keeps.
    public static func subreddits(_ directory: SubredditDirectory, page: PageParameters = .first) -> Request<Listing> {
        get("/subreddits/" + directory.rawValue, page.queryItems)
    }

    /// Names of subreddits like `subreddits`, leaving out `omitting` (`/api/recommend/sr/NAMES`).
    public static func recommendedSubreddits(for subreddits: [String], omitting: [String] = []) -> Request<[String]> {
        let names = subreddits.map(segment).joined(separator: ",")
        let query = [URLQueryItem(name: "omit", value: omitting.joined(separator: ","))]
        return Request<Void>(path: "/api/recommend/sr/" + names, query: query)
            .reading([RecommendedSubreddit].self) { $0.map(\.name) }
    }

    /// The subreddits a user filters out of `r/all` or `r/mod` (`feed`: `all` or `mod`), as a
    /// multireddit (`/api/filter/user/USER/f/FEED`). Only the signed-in user's own filters.
    public static func subredditFilters(of feed: String, user: String) -> Request<Multi> {
        unwrapped(filterPath(feed, user))
    }

    /// Filters `subreddit` out of `r/all` or `r/mod`; answers with the filtered subreddit's name.
    public static func addSubredditFilter(_ subreddit: String, to feed: String, user: String) -> Request<String> {
        call(
            .put, filterPath(feed, user) + "/r/" + segment(subreddit),
            form: ["model": JSON.object(["name": .string(subreddit)]).description], as: RecommendedSubreddit.self
        ) { $0.name }
    }

    /// Stops filtering `subreddit` out of `r/all` or `r/mod`.
    public static func removeSubredditFilter(_ subreddit: String, from feed: String, user: String) -> Request<Void> {
        bodiless(.delete, filterPath(feed, user) + "/r/" + segment(subreddit))
    }

    private static func filterPath(_ feed: String, _ user: String) -> String {
        "/api/filter/user/" + segment(user) + "/f/" + segment(feed)
    }

    /// Opts in to seeing a quarantined subreddit (`/api/quarantine_optin`). Reddit answers with
    /// a redirect to the subreddit, which is taken as the acknowledgement.
    public static func optInToQuarantine(_ subreddit: String) -> Request<Void> {
        quarantine("/api/quarantine_optin", subreddit)
    }

    /// Opts out of a quarantined subreddit again (`/api/quarantine_optout`).
    public static func optOutOfQuarantine(_ subreddit: String) -> Request<Void> {
        quarantine("/api/quarantine_optout", subreddit)
    }

    private static func quarantine(_ path: String, _ subreddit: String) -> Request<Void> {
        write(.post, path, form: ["sr_name": subreddit]).allowed(statusCodes: Set(200..<300).union(redirects))
    }

    /// A subreddit's stickied post in `slot` 1 (the top one) or 2 (`/r/SUB/about/sticky`):
    /// Reddit answers with a redirect to the post, read into its fullname. A subreddit without
    /// one answers 404.
    public static func stickiedPost(of subreddit: String, slot: Int = 1) -> Request<Fullname> {
        redirect(.get, "/r/" + segment(subreddit) + "/about/sticky", query: [("num", String(slot))]) { location in
            guard let id = pathSegments(location).split(separator: "comments").dropFirst().first?.first else {
                return nil
            }
            return Fullname(kind: .link, id: id)
        }
    }

    /// A random subreddit's name (`/r/random`, or `/r/randnsfw` for an NSFW one): Reddit
    /// answers with a redirect to it.
    public static func randomSubreddit(nsfw: Bool = false) -> Request<String> {
        redirect(.get, nsfw ? "/r/randnsfw" : "/r/random") { location in
            let segments = pathSegments(location)
            return segments.count >= 2 && segments[0] == "r" ? segments[1] : nil
        }
    }

    /// Where a share link (`https://www.reddit.com/r/SUB/s/ID`, as the apps make them) leads:
    /// Reddit answers with a redirect to the post or comment, whose URL this answers with. The
    /// link is asked for at its own host, as PRAW does.
    public static func resolveShareLink(_ link: URL) -> Request<URL> {
        redirect(.get, link.absoluteString) { $0 }
    }

    /// The statuses a call that takes a redirect as its answer accepts.
    static let redirects: Set<Int> = [301, 302, 303, 307, 308]

    /// A request answered by a redirect, whose `Location` (resolved against the request's URL)
    /// `read` turns into the answer; nil from `read`, a missing `Location` or a status that is
    /// not a redirect fail as a decoding error.
    static func redirect<Value>(
        _ method: HTTPMethod, _ path: String, query: [(String, String)] = [],
        _ read: @escaping @Sendable (URL) -> Value?
    ) -> Request<Value> {
        Request<Void>(method: method, path: path, query: query.map { URLQueryItem(name: $0.0, value: $0.1) })
            .map { _, response, _ in
                guard let location = response.headers["Location"],
                    let url = URL(string: location, relativeTo: response.url),
                    let value = read(url.absoluteURL)
                else {
                    throw DecodingError.dataCorrupted(
                        .init(
                            codingPath: [],
                            debugDescription: "expected a redirect to the answer, found HTTP \(response.statusCode) "
                                + "with Location \(response.headers["Location"] ?? "none")"))
                }
                return value
            }
            .allowed(statusCodes: redirects)
    }

    /// A URL's path segments, without empty ones.
    private static func pathSegments(_ url: URL) -> [String] {
        url.path.split(separator: "/").map(String.init)
    }
}

/// `{"sr_name": NAME}` of `/api/recommend/sr`, and `{"name": NAME}` of a new filter.
struct RecommendedSubreddit: Decodable, Sendable {
    let name: String

    private enum CodingKeys: String, CodingKey {
        case srName = "sr_name"
        case name
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decodeIfPresent(String.self, forKey: .srName) ?? c.decode(String.self, forKey: .name)
    }
}
