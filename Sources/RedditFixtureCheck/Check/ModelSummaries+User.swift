import RedditAPI

// Account, Subreddit and Trophy are summarized by the routes that answer them (closures in
// FixtureRoutes+User.swift), so that other areas may give them a summary of their own.

extension Preferences: FixtureSummarizable {
    package var fixtureSummary: String { "\(values.count) preferences" }
}

extension SubredditKarma: FixtureSummarizable {
    package var fixtureSummary: String { "\(subreddit) \(linkKarma)+\(commentKarma)" }
}
