import RedditAPI

extension Draft: FixtureSummarizable {
    package var fixtureSummary: String { "\(id) \(content.kind) " + FixtureSummary.quoted(content.title ?? "") }
}
