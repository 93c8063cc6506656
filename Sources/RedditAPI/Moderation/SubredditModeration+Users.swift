public import Courier
import Foundation

extension SubredditModeration {
    // MARK: Moderators

    /// Stops moderating the subreddit: removes the signed-in user (read from `/api/v1/me`) from
    /// its moderators.
    public func leaveModeration() async throws(HTTPError) {
        let me = try await client.send(Reddit.me())
        try await client.send(Reddit.remove(me.name, from: .moderator, in: subreddit))
    }

    /// Stops being an approved user of the subreddit (its fullname is read from its about page).
    public func leaveContributor() async throws(HTTPError) {
        let about = try await client.send(Reddit.subredditAbout(subreddit))
        try await client.send(Reddit.leaveContributor(of: about.name))
    }
}
