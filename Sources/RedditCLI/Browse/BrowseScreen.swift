package import Foundation
import RedditAPI

/// Draws a ``BrowseState`` into exactly `rows` lines of at most `columns` columns: a title bar,
/// the content scrolled to keep the selection visible, and a key help or status line.
package struct BrowseScreen: Sendable {
    package var style: TextStyle
    package var columns: Int
    package var rows: Int
    package var now: Date

    package init(style: TextStyle, columns: Int, rows: Int, now: Date) {
        self.style = style
        self.columns = max(columns, 20)
        self.rows = max(rows, 4)
        self.now = now
    }

    /// Rows left for content between the title bar and the status line.
    package var contentRows: Int { rows - 2 }

    /// The smallest window the browser draws in.
    package static let minimumSize = (columns: 30, rows: 6)

    /// A frame and, for a thread, the first line shown and each item's lines (for line scrolling).
    package struct Layout {
        package var frame: [String]
        package var threadTop = 0
        package var itemLines: [Range<Int>] = []
    }

    /// The frame's lines, `rows` of them.
    package func lines(for state: BrowseState) -> [String] { layout(for: state).frame }

    /// The frame, and where a thread's items are.
    package func layout(for state: BrowseState) -> Layout {
        var content: [String]
        var top: Int
        var title: String
        var items: [Range<Int>] = []
        switch state.current {
        case .posts(let list):
            title = list.title
            let selectedLine: Int
            (content, selectedLine) = postLines(list, changes: state.changes)
            top = scrollTop(selected: selectedLine, total: content.count)
        case .thread(let thread):
            title = "r/\(thread.tree.link.subreddit) · \(thread.tree.link.title)"
            (content, items) = threadLines(thread, changes: state.changes, revealed: state.revealedSpoilers)
            top = threadTop(requested: state.threadTop, item: items[thread.selected + 1], total: content.count)
        case .inbox(let inbox):
            title =
                "inbox · "
                + InboxSection.allCases.map { $0 == inbox.section ? "[\($0.rawValue)]" : $0.rawValue }.joined(
                    separator: " ")
            // Too narrow for every view's name: the current one, which a cut would hide.
            if TextLayout.width(" reddit · \(title) · \(state.sourceLabel)") > columns {
                title = "inbox · [\(inbox.section.rawValue)]"
            }
            let selectedLine: Int
            (content, selectedLine) = inboxLines(inbox)
            top = scrollTop(selected: selectedLine, total: content.count)
        case .subreddits(let list):
            title = "subscriptions"
            let selectedLine: Int
            (content, selectedLine) = subredditLines(list)
            top = scrollTop(selected: selectedLine, total: content.count)
        case .message(let message):
            title = "inbox · \(message.subject)"
            content = messageLines(message)
            top = min(max(0, state.threadTop), max(0, content.count - contentRows))
        case .moderation(let view):
            (title, content, top) = moderationLayout(view, state: state)
        }
        if let links = state.linkChoices {
            title = "links of the selected text (Enter or 1-9 opens, other keys close)"
            content = links.enumerated().map { index, link in
                TextLayout.truncate(
                    (index == state.linkSelected ? "> " : "  ") + TextLayout.padLeft("\(index + 1)", to: 3) + "  "
                        + link,
                    to: columns)
            }
            top = scrollTop(selected: state.linkSelected, total: content.count)
        }
        if state.showsHelp {
            content = KeyHelp.lines(columns: columns)
            top = min(max(0, state.helpTop), max(0, content.count - contentRows))
            let last = min(content.count, top + contentRows)
            title =
                content.count > contentRows
                ? "keys \(top + 1)-\(last) of \(content.count) (↓ Space more, other keys close)"
                : "keys (any key closes)"
        }
        if state.showsOutbox {
            content = OutboxCommand.render(state.queuedWrites).split(separator: "\n").map {
                TextLayout.truncate("  " + $0, to: columns)
            }
            top = 0
            title = "outbox (any key closes; reddit outbox send, drop ID)"
        }
        // The writes waiting to be sent, counted where the eye looks first.
        let queued = state.queuedWrites.isEmpty ? "" : " · \(state.queuedWrites.count) queued"
        var frame = [
            style.reverse(
                TextLayout.padRight(
                    TextLayout.truncate(" reddit\(queued) · \(title) · \(state.sourceLabel)", to: columns),
                    to: columns))
        ]
        frame += content.dropFirst(top).prefix(contentRows)
        while frame.count < rows - 1 { frame.append("") }
        let bottom = bottomLines(state)
        frame.removeLast(bottom.count - 1)
        frame += bottom
        return Layout(frame: frame, threadTop: top, itemLines: items)
    }

    /// Where a thread starts: the requested line, unless that leaves the selected item out of
    /// view (then the item is brought in, whole when it fits).
    private func threadTop(requested: Int, item: Range<Int>, total: Int) -> Int {
        var top = requested
        if item.count <= contentRows {
            if item.lowerBound < top { top = item.lowerBound }
            if item.upperBound > top + contentRows { top = item.upperBound - contentRows }
        } else if item.lowerBound >= top + contentRows || item.upperBound <= top {
            top = item.lowerBound
        }
        return min(max(0, top), max(0, total - contentRows))
    }

    func scrollTop(selected: Int, total: Int) -> Int {
        guard total > contentRows else { return 0 }
        // Keep the selection a third of the way down the screen when it can be.
        let wanted = selected - contentRows / 3
        return min(max(0, wanted), total - contentRows)
    }

    /// The status or key help at the bottom: one line, or two for a long status (what an offline
    /// write would have sent).
    private func bottomLines(_ state: BrowseState) -> [String] {
        if let prompt = state.searchPrompt {
            let label = state.promptLabel
            return [TextLayout.truncate(label.before + prompt + "▏" + label.after, to: columns)]
        }
        if let status = state.status {
            // Wrapped at word boundaries (what a write would send is one long form) on at most
            // two lines; the second is cut when even that is not enough.
            let oneLine = status.replacingOccurrences(of: "\n", with: " ")
            if TextLayout.width(oneLine) <= columns { return [style.yellow(oneLine)] }
            let wrapped = Self.statusLines(oneLine, columns: columns)
            var lines = Array(wrapped.prefix(2))
            if wrapped.count > 2, let last = lines.last {
                lines[lines.count - 1] = TextLayout.truncate(
                    last + " " + wrapped[2...].joined(separator: " "), to: columns)
            }
            return lines.map { style.yellow($0) }
        }
        if state.showsHelp {
            return [style.dim(KeyHelp.footer(["↓ Space PgDn more", "↑ PgUp back"], columns: columns))]
        }
        let items: [String]
        switch state.current {
        case .posts:
            items = ["↑↓/jk move", "Enter open", "q quit", "u/d vote", "s save", "/ search", "n next page", "c reply"]
        case .thread:
            items = [
                "↑↓/jk move", "Enter fold", "q back", "c reply", "u/d vote", "m more", "J/K sibling/parent", "S sort",
            ]
        case .inbox:
            items = ["↑↓/jk move", "Enter read", "Tab next view", "q back", "c reply", "m mark read", "n next page"]
        case .message: items = ["↑↓/jk scroll", "q back", "c reply", "m mark read", "o open in the browser"]
        case .subreddits: items = ["↑↓/jk move", "Enter open", "q back"]
        case .moderation(let view): items = moderationHelp(view)
        }
        return [style.dim(KeyHelp.footer(items, columns: columns))]
    }

    /// `text` in lines of `columns`, broken at spaces; a word longer than a whole line (a form
    /// an offline write would send) fills the rest of its line and goes on on the next.
    static func statusLines(_ text: String, columns: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let separator = line.isEmpty ? "" : " "
            if TextLayout.width(line + separator + word) <= columns {
                line += separator + word
                continue
            }
            // A line left less than half full is filled instead (a form is one long word).
            if TextLayout.width(word) <= columns, columns - TextLayout.width(line) < columns / 2 {
                lines.append(line)
                line = String(word)
                continue
            }
            line += separator
            for character in word {
                if TextLayout.width(line) + TextLayout.width(of: character) > columns {
                    lines.append(line)
                    line = ""
                }
                line.append(character)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    private func marker(_ isSelected: Bool) -> String {
        isSelected ? style.bold(style.yellow("> ")) : "  "
    }

    /// The mark on every further line of the selected item, so that the selection stays in view
    /// while a tall post or comment scrolls by lines.
    private var continuationMarker: String { style.bold(style.yellow("│ ")) }

    private func postLines(_ list: BrowseState.PostList, changes: LocalChanges) -> ([String], Int) {
        guard !list.posts.isEmpty else { return ([style.dim("  (no posts)")], 0) }
        let renderer = ListingRenderer(
            style: style, width: columns - 2, now: now, changes: changes, subreddit: list.listing?.subreddit)
        let layout = renderer.columns(for: list.posts)
        var lines = renderer.header(layout).map { ["  " + $0] } ?? []
        var selectedLine = lines.count
        for (index, post) in list.posts.enumerated() {
            let isSelected = index == list.selected
            if isSelected { selectedLine = lines.count }
            for (offset, line) in renderer.lines(post, columns: layout).enumerated() {
                lines.append((offset == 0 ? marker(isSelected) : isSelected ? continuationMarker : "  ") + line)
            }
        }
        if list.after != nil { lines.append(style.dim("  … press n or move past the end for the next page")) }
        // Below about 40 columns the fixed columns alone are wider than the window.
        return (lines.map { TextLayout.truncateStyled($0, to: columns, style: style) }, selectedLine)
    }

    /// The thread's lines and each item's lines: the post first, then each row.
    private func threadLines(_ thread: BrowseState.Thread, changes: LocalChanges, revealed: Set<String>) -> (
        [String], [Range<Int>]
    ) {
        var renderer = ThreadRenderer(style: style, width: columns - 2, now: now, changes: changes)
        renderer.revealedSpoilers = revealed
        renderer.linksOpenByNumber = true
        let header = renderer.postHeader(thread.tree.link)
        var lines = header.enumerated().map { offset, line in
            thread.selected != -1
                ? TextLayout.indent(line, by: "  ") : (offset == 0 ? marker(true) : continuationMarker) + line
        }
        var items = [0..<lines.count]
        lines.append("  " + style.dim(String(repeating: "─", count: min(columns - 2, 60))))
        let rows = thread.rows
        if rows.isEmpty { lines.append(style.dim("  (no comments)")) }
        for (index, row) in rows.enumerated() {
            let start = lines.count
            let rowLines = renderer.lines(for: row, postAuthor: thread.tree.link.author)
            let isSelected = index == thread.selected
            for (offset, text) in rowLines.enumerated() {
                lines.append((offset == 0 ? marker(isSelected) : isSelected ? continuationMarker : "  ") + text)
            }
            items.append(start..<lines.count)
        }
        return (lines.map { TextLayout.truncateStyled($0, to: columns, style: style) }, items)
    }
}

extension TextLayout {
    /// Truncates a line that may hold colour codes: without colour it is plain truncation;
    /// with colour, lines are laid out narrower than the screen already, so they are kept.
    static func truncateStyled(_ line: String, to columns: Int, style: TextStyle) -> String {
        style.isEnabled ? line : truncate(line, to: columns)
    }
}
