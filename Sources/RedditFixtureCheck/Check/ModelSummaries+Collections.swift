import RedditAPI

extension PostCollection: FixtureSummarizable {
    package var fixtureSummary: String {
        "\(id) " + FixtureSummary.quoted(title) + ", \(postIDs.count) posts"
    }
}
