import RedditAPI

extension LiveThreadDetails: FixtureSummarizable {
    package var fixtureSummary: String { "\(id) " + FixtureSummary.quoted(title) + " (\(state))" }
}

extension LiveUpdate: FixtureSummarizable {
    package var fixtureSummary: String { "\(name) by \(author ?? "[deleted]")" + (stricken ? " (stricken)" : "") }
}

extension LiveContributors: FixtureSummarizable {
    package var fixtureSummary: String { "\(contributors.count) contributors, \(invited.count) invited" }
}
