import Courier
import Foundation
import RedditAPI

// What the report says about each model. A new area adds its models' summaries in its own file
// (the generic description names the type when there is none).

extension Thing: FixtureSummarizable {
    package var fixtureSummary: String {
        switch self {
        case .comment(let comment): "comment \(comment.name)"
        case .account(let account): "account \(account.name)"
        case .link(let link): "post \(link.name) " + FixtureSummary.quoted(link.title)
        case .message(let message): "message \(message.name)"
        case .subreddit(let subreddit): "subreddit \(subreddit.displayName)"
        case .trophy: "trophy"
        case .more(let more): "more (\(more.children.count) ids)"
        case .multi(let multi): "multireddit \(multi.name)"
        case .unknown(let kind): "unknown kind \(kind)"
        }
    }

    /// The kind as Reddit names it.
    var kindName: String {
        switch self {
        case .comment: "t1"
        case .account: "t2"
        case .link: "t3"
        case .message: "t4"
        case .subreddit: "t5"
        case .trophy: "t6"
        case .more: "more"
        case .multi: "LabeledMulti"
        case .unknown(let kind): kind
        }
    }
}

extension Listing: FixtureSummarizable {
    package var fixtureSummary: String { FixtureSummary.counted(children.map(\.kindName)) }
}

extension ItemListing: FixtureSummarizable {
    package var fixtureSummary: String {
        "\(items.count) item\(items.count == 1 ? "" : "s")" + (after.map { ", after \($0)" } ?? "")
    }
}

extension ModAction: FixtureSummarizable {
    package var fixtureSummary: String { "\(action) by \(moderator)" }
}

extension UserRelationship: FixtureSummarizable {
    package var fixtureSummary: String {
        name + (permissions.isEmpty ? "" : " (\(permissions.joined(separator: ",")))")
    }
}

extension SubredditTraffic: FixtureSummarizable {
    package var fixtureSummary: String { "\(days.count) days, \(hours.count) hours, \(months.count) months" }
}

extension RemovalReason: FixtureSummarizable {
    package var fixtureSummary: String { "\(id) " + FixtureSummary.quoted(title) }
}

extension ModNote: FixtureSummarizable {
    package var fixtureSummary: String {
        "\(type) about \(user)" + (note.map { " " + FixtureSummary.quoted($0) } ?? "")
    }
}

extension ModmailConversation: FixtureSummarizable {
    package var fixtureSummary: String {
        "\(id) " + FixtureSummary.quoted(subject) + ", \(messages.count) messages, \(actions.count) actions"
    }
}

extension ModmailUnreadCounts: FixtureSummarizable {
    package var fixtureSummary: String {
        counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }
}

extension SubmittedPost: FixtureSummarizable {
    package var fixtureSummary: String {
        name.map { "post \($0)" } ?? (websocketURL != nil ? "post pending (websocket)" : "post")
    }
}

extension Comment: FixtureSummarizable {
    package var fixtureSummary: String { "comment \(name)" }
}
