/// Every route, by area. Each area lives in its own file (`FixtureRoutes+Flair.swift` holds
/// `flair`), named after the recordings' area folders; a helper adding an area fills its file
/// and touches no other.
package enum FixtureRoutes {
    /// Every area's routes.
    package static let all: [FixtureRoute] =
        moderation + modmail + flair + wiki + live + collections + emoji + widgets + rules + subreddit + user
        + relationships + multireddits + drafts + messages + listings + submissions + comments + preferences + other
}
