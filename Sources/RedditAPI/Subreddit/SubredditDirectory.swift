/// A list of subreddits Reddit keeps (`/subreddits/WHERE`), for ``Reddit/subreddits(_:page:)``.
public enum SubredditDirectory: String, Sendable, Hashable, CaseIterable {
    /// The most popular subreddits (`/subreddits/popular`).
    case popular
    /// The newest subreddits (`/subreddits/new`).
    case new
    /// The subreddits a signed-out visitor sees (`/subreddits/default`).
    case `default`
    /// Subreddits only Reddit Premium members may join (`/subreddits/premium`).
    case premium
    /// The subreddits the signed-in user subscribes to (`/subreddits/mine/subscriber`; scope `mysubreddits`).
    case subscribed = "mine/subscriber"
    /// The subreddits where the signed-in user is an approved user (`/subreddits/mine/contributor`).
    case approved = "mine/contributor"
    /// The subreddits the signed-in user moderates (`/subreddits/mine/moderator`).
    case moderated = "mine/moderator"
}
