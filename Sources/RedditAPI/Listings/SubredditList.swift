public import Courier

/// A list of subreddits Reddit keeps: the popular, new, default or premium ones, or the
/// signed-in user's subscriptions and the subreddits where they contribute or moderate.
public enum SubredditList: String, Sendable, Hashable, CaseIterable {
    /// The most active subreddits (`/subreddits/popular`).
    case popular
    /// The newest subreddits (`/subreddits/new`).
    case new
    /// The subreddits signed-out visitors see (`/subreddits/default`).
    case `default`
    /// The subreddits only Reddit Premium members may post in (`/subreddits/premium`).
    case premium
    /// Your subscriptions (`/subreddits/mine/subscriber`; scope `mysubreddits`).
    case subscribed = "mine/subscriber"
    /// The subreddits where you are an approved user (`/subreddits/mine/contributor`).
    case contributing = "mine/contributor"
    /// The subreddits you moderate (`/subreddits/mine/moderator`).
    case moderating = "mine/moderator"
}

extension Reddit {
    /// One page of a list of subreddits; each child is a ``Thing/subreddit(_:)``.
    ///
    /// ```swift
    /// for try await case .subreddit(let sub) in reddit.items(Reddit.subreddits(.moderating)) {
    ///     print(sub.displayName)
    /// }
    /// ```
    public static func subreddits(_ list: SubredditList, page: PageParameters = .first) -> Request<Listing> {
        get("/subreddits/" + list.rawValue, page.queryItems)
    }
}
