import Courier
import Foundation
import RedditAPI

// What the report says about the models of the subreddit, flair, wiki, rules, emoji and
// widgets areas.

extension Subreddit: FixtureSummarizable {
    package var fixtureSummary: String { "r/\(displayName) (\(name))" }
}

extension SubredditSettings: FixtureSummarizable {
    package var fixtureSummary: String {
        "\(values.count) settings" + (title.map { ", title " + FixtureSummary.quoted($0) } ?? "")
    }
}

extension PostRequirements: FixtureSummarizable {
    package var fixtureSummary: String { "body \(bodyRestrictionPolicy), link \(linkRestrictionPolicy)" }
}

extension SubredditStylesheet: FixtureSummarizable {
    package var fixtureSummary: String { "\(css.count) characters of CSS, \(images.count) images" }
}

extension FlairTemplate: FixtureSummarizable {
    package var fixtureSummary: String { "\(id) " + FixtureSummary.quoted(text) }
}

extension FlairUpdateResult: FixtureSummarizable {
    package var fixtureSummary: String { (ok ? "ok " : "refused ") + FixtureSummary.quoted(status) }
}

extension FlairSelection: FixtureSummarizable {
    package var fixtureSummary: String { "\(choices.count) choices" }
}

extension WikiPage: FixtureSummarizable {
    package var fixtureSummary: String {
        "\(contentMarkdown.count) characters" + (revisionID.map { ", revision \($0)" } ?? "")
    }
}

extension WikiPageSettings: FixtureSummarizable {
    package var fixtureSummary: String {
        "permission level \(permissionLevel), \(isListed ? "listed" : "unlisted"), \(editors.count) editors"
    }
}

extension SubredditRules: FixtureSummarizable {
    package var fixtureSummary: String { "\(rules.count) rules, \(siteRules.count) site rules" }
}

extension SubredditRules.Rule: FixtureSummarizable {
    package var fixtureSummary: String { "rule \(priority) " + FixtureSummary.quoted(shortName) }
}

extension Emoji: FixtureSummarizable {
    package var fixtureSummary: String { ":\(name):" + (isRedditEmoji ? " (Reddit's)" : "") }
}

extension Widget: FixtureSummarizable {
    package var fixtureSummary: String { "\(kind) \(id)" }
}

extension SubredditWidgets: FixtureSummarizable {
    package var fixtureSummary: String {
        "\(byID.count) widgets, \(sidebarOrder.count) in the sidebar, \(topbarOrder.count) in the top bar"
    }
}
