import RedditAPI

extension Multi: FixtureSummarizable {
    package var fixtureSummary: String { "multireddit \(path), \(subreddits.count) subreddits" }
}
