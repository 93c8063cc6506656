package import Foundation
package import RedditAPI

/// Renders posts as aligned columns: score, comments, age, subreddit, title and domain.
package struct ListingRenderer: Sendable {
    package var style: TextStyle
    /// The terminal's width; nil never truncates (output to a pipe or file).
    package var width: Int?
    package var now: Date
    package var changes: LocalChanges
    /// The subreddit the listing is inside, if any: the subreddit column and the `(self.Name)`
    /// domain of its text posts say nothing there and are left out.
    package var subreddit: String?

    package init(
        style: TextStyle, width: Int?, now: Date, changes: LocalChanges = LocalChanges(), subreddit: String? = nil
    ) {
        self.style = style
        self.width = width
        self.now = now
        self.changes = changes
        self.subreddit = subreddit
    }

    /// The widths of the fixed columns, computed once per page so every line aligns.
    package struct Columns: Sendable {
        var score: Int
        var comments: Int
        var age: Int
        var subreddit: Int

        /// Columns taken before the title.
        var prefixWidth: Int { score + 2 + comments + 2 + age + 2 + (subreddit > 0 ? subreddit + 2 : 0) }
    }

    private func score(of post: Link) -> Int {
        changes.score(post.name, recorded: post.score, recordedVote: post.likes)
    }

    /// Column widths fitted to `posts`.
    package func columns(for posts: [Link]) -> Columns {
        Columns(
            score: max(5, posts.map { TextLayout.compact(score(of: $0)).count }.max() ?? 0),
            comments: max(4, posts.map { TextLayout.compact($0.commentCount).count }.max() ?? 0),
            age: max(3, posts.map { TextLayout.age(of: $0.created, now: now).count }.max() ?? 0),
            subreddit: isInsideOneSubreddit(posts)
                ? 0 : min(22, max(9, posts.map { TextLayout.width("r/" + $0.subreddit) }.max() ?? 0))
        )
    }

    /// Whether every post is in ``subreddit`` (a multireddit such as `a+b` keeps the column).
    private func isInsideOneSubreddit(_ posts: [Link]) -> Bool {
        guard let subreddit, !subreddit.contains("+") else { return false }
        return posts.allSatisfy { $0.subreddit.caseInsensitiveCompare(subreddit) == .orderedSame }
    }

    /// Below this many columns for the title, a post takes rtv's narrow layout: its title on
    /// lines of its own, then a line of score, comments, age and subreddit.
    static let narrowTitleRoom = 24

    /// Whether posts are laid out narrow (title first, then the numbers) at this width.
    package func isNarrow(_ columns: Columns) -> Bool {
        width.map { $0 - columns.prefixWidth < Self.narrowTitleRoom } ?? false
    }

    /// The header line naming the columns; nil in the narrow layout, which has no columns.
    package func header(_ columns: Columns) -> String? {
        if isNarrow(columns) { return nil }
        let fixed =
            TextLayout.padLeft("SCORE", to: columns.score) + "  "
            + TextLayout.padLeft("CMTS", to: columns.comments) + "  "
            + TextLayout.padLeft("AGE", to: columns.age) + "  "
            + (columns.subreddit > 0 ? TextLayout.padRight("SUBREDDIT", to: columns.subreddit) + "  " : "")
        // In a narrow window the title column is narrower than its label: cut the label, so the
        // header never wraps onto the next line.
        let room = width.map { max(1, $0 - TextLayout.width(fixed)) } ?? 5
        return style.dim(fixed + TextLayout.truncate("TITLE", to: room))
    }

    /// One post's line (the first of ``lines(_:columns:)``).
    package func line(_ post: Link, columns: Columns) -> String { lines(post, columns: columns)[0] }

    /// One post's lines: one, or two when the title does not fit (the second under the title
    /// column, cut with "…" if the title is longer still).
    package func lines(_ post: Link, columns: Columns) -> [String] {
        if isNarrow(columns) { return narrowLines(post) }
        let scoreText = TextLayout.padLeft(TextLayout.compact(score(of: post)), to: columns.score)
        let score = paintedScore(scoreText, of: post)
        let marks = Markers.post(
            post, saved: changes.isSaved(post.name, recorded: post.saved), showsArchived: false)
        let flair = Markers.linkFlair(post)
        let titleText = (marks.map(\.text) + [post.title] + (flair.map { [$0.text] } ?? [])).joined(separator: " ")
        let hidesDomain =
            columns.subreddit == 0 && post.domain.caseInsensitiveCompare("self." + post.subreddit) == .orderedSame
        let domain = hidesDomain ? "" : "(\(post.domain))"
        var titleLines = [titleText]
        var showDomain = !hidesDomain
        if let width {
            let room = width - columns.prefixWidth
            let domainRoom = hidesDomain ? 0 : TextLayout.width(domain) + 2
            if TextLayout.width(titleLines[0]) + domainRoom > room {
                if room >= 20 {
                    let wrapped = TextLayout.wrap(titleLines[0], to: room)
                    let rest = wrapped.dropFirst().joined(separator: " ")
                    if TextLayout.width(rest) + domainRoom > room {
                        showDomain = false
                        titleLines = [wrapped[0], TextLayout.truncate(rest, to: room)]
                    } else {
                        titleLines = [wrapped[0], rest]
                    }
                } else {
                    showDomain = false
                    titleLines = [TextLayout.truncate(titleLines[0], to: max(room, 1))]
                }
            }
        }
        let painter = Markers(style: style)
        let titles = titleLines.map { painter.paint(marks + (flair.map { [$0] } ?? []), in: $0) }
        let first =
            score + voteMark(of: post)
            + TextLayout.padLeft(TextLayout.compact(post.commentCount), to: columns.comments) + "  "
            + TextLayout.padLeft(TextLayout.age(of: post.created, now: now), to: columns.age) + "  "
            + (columns.subreddit > 0
                ? style.cyan(TextLayout.padRight("r/" + post.subreddit, to: columns.subreddit)) + "  " : "")
            + titles[0]
        var result = [first] + titles.dropFirst().map { String(repeating: " ", count: columns.prefixWidth) + $0 }
        if showDomain { result[result.count - 1] += (titleLines.last!.isEmpty ? "" : "  ") + style.dim(domain) }
        return result
    }

    /// A page of posts, with a header and a hint for the next page.
    package func render(_ listing: Listing, nextPageCommand: String?) -> String {
        let posts = listing.links
        guard !posts.isEmpty else { return style.dim("(no posts)") + "\n" }
        let columns = columns(for: posts)
        var lines = header(columns).map { [$0] } ?? []
        lines += posts.flatMap { self.lines($0, columns: columns) }
        if let after = listing.after, let nextPageCommand {
            lines.append(style.dim("more: \(nextPageCommand) --after \(after.rawValue)"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The score coloured by the user's vote.
    private func paintedScore(_ text: String, of post: Link) -> String {
        switch changes.vote(post.name, recorded: post.likes) {
        case .up: style.yellow(text)
        case .down: style.blue(text)
        case .none: style.bold(text)
        }
    }

    /// The two columns after the score: the user's vote as an arrow (seen without colour too),
    /// else spaces.
    private func voteMark(of post: Link) -> String {
        switch changes.vote(post.name, recorded: post.likes) {
        case .up: style.yellow(style.upMark) + " "
        case .down: style.blue(style.downMark) + " "
        case .none: "  "
        }
    }

    /// rtv's narrow layout: the title (with its marks) wrapped to the width on up to three
    /// lines, then score, comments, age, subreddit and domain on one line.
    private func narrowLines(_ post: Link) -> [String] {
        let width = max(self.width ?? 80, 10)
        let marks = Markers.post(
            post, saved: changes.isSaved(post.name, recorded: post.saved), showsArchived: false)
        let flair = Markers.linkFlair(post)
        let titleText = (marks.map(\.text) + [post.title] + (flair.map { [$0.text] } ?? [])).joined(separator: " ")
        var titles = TextLayout.wrap(titleText, to: width)
        if titles.count > 3 {
            titles = Array(titles.prefix(2)) + [TextLayout.truncate(titles[2...].joined(separator: " "), to: width)]
        }
        let painter = Markers(style: style)
        let vote = voteMark(of: post).trimmingCharacters(in: .whitespaces)
        let numbers = [
            paintedScore(TextLayout.compact(score(of: post)), of: post) + (vote.isEmpty ? "" : " " + vote),
            TextLayout.compact(post.commentCount) + " cmts", TextLayout.age(of: post.created, now: now),
        ]
        let place = [
            subreddit.map { post.subreddit.caseInsensitiveCompare($0) == .orderedSame } == true
                ? "" : style.cyan("r/" + post.subreddit),
            post.domain.caseInsensitiveCompare("self." + post.subreddit) == .orderedSame ? "" : style.dim(post.domain),
        ].filter { !$0.isEmpty }
        let meta = TextLayout.joinWrapping(numbers + place, separator: " · ", to: width)
        return titles.map { painter.paint(marks + (flair.map { [$0] } ?? []), in: $0) } + meta
    }
}
