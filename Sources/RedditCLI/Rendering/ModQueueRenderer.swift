import Foundation
import RedditAPI

/// One item of a moderation queue as a moderator scans it: what it is and whose, with its
/// locked mark and what was done to it here; its title or text; its reports beside it (users'
/// reasons with how many gave each, moderators' reasons with the moderator's name).
struct ModQueueRenderer: Sendable {
    var style: TextStyle
    /// The columns each line may use.
    var width: Int
    var now: Date
    /// The author and subreddit columns' widths, the widest of the page, so that they line up.
    var authorWidth = 0
    var subredditWidth = 0

    /// A renderer whose columns fit the widest author and subreddit of `items` (at most 24).
    init(style: TextStyle, width: Int, now: Date, items: [BrowseState.QueueItem] = []) {
        self.style = style
        self.width = width
        self.now = now
        authorWidth = min(24, items.map { TextLayout.width("u/" + Self.author(of: $0)) }.max() ?? 0)
        subredditWidth = min(24, items.map { TextLayout.width("r/" + $0.subreddit) }.max() ?? 0)
    }

    static func author(of item: BrowseState.QueueItem) -> String {
        switch item.content {
        case .post(let post): post.author
        case .comment(let comment): comment.author
        }
    }

    /// Two lines, or three when the item has reports.
    func lines(for item: BrowseState.QueueItem) -> [String] {
        let kind: String
        let author: String
        let created: Date
        let text: String
        switch item.content {
        case .post(let post):
            (kind, author, created, text) = ("post", post.author, post.created, post.title)
        case .comment(let comment):
            (kind, author, created, text) = ("comment", comment.author, comment.created, comment.body)
        }
        var head = [
            TextLayout.padRight(kind, to: 7), TextLayout.padRight("u/\(author)", to: authorWidth),
            TextLayout.padRight("r/\(item.subreddit)", to: subredditWidth), TextLayout.age(of: created, now: now),
        ]
        let count = item.details.reportCount
        if count > 0 { head.append(TextLayout.count(count, "report", "reports")) }
        var flags: [String] = []
        if item.isLocked { flags.append("locked") }
        if item.isDistinguished { flags.append("distinguished") }
        flags += item.marks.filter { !flags.contains($0) }
        let marks = flags.isEmpty ? "" : "  " + flags.map { "[\($0)]" }.joined(separator: " ")
        var lines = [
            Self.fit([(head.joined(separator: " · "), style.dim), (marks, style.green)], to: width),
            TextLayout.truncate(text.split(whereSeparator: \.isNewline).joined(separator: " "), to: width),
        ]
        if let reports = reports(item.details) {
            lines.append(style.yellow(TextLayout.truncate(reports, to: width)))
        }
        return lines
    }

    /// The pieces, each in its style, cut to `width` columns as plain text (so that the colour
    /// codes never count and a cut never splits one).
    static func fit(_ pieces: [(text: String, style: (String) -> String)], to width: Int) -> String {
        var room = width
        var line = ""
        for piece in pieces where room > 0 && !piece.text.isEmpty {
            let text = TextLayout.truncate(piece.text, to: room)
            room -= TextLayout.width(text)
            line += piece.style(text)
        }
        return line
    }

    /// `reports: 2× "spam" · 1× (no reason) · u/mod: "rule 3"`; nil without reports.
    func reports(_ details: ModerationDetails) -> String? {
        func quoted(_ reason: String?) -> String {
            reason.map { $0.isEmpty ? "(no reason)" : "\"\($0)\"" } ?? "(no reason)"
        }
        let users = details.userReports.map { "\($0.count)× \(quoted($0.reason))" }
        let moderators = details.moderatorReports.map { "u/\($0.moderator): \(quoted($0.reason))" }
        let all = users + moderators
        return all.isEmpty ? nil : "reports: " + all.joined(separator: " · ")
    }
}
