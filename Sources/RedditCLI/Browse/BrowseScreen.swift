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

    /// The frame's lines, `rows` of them.
    package func lines(for state: BrowseState) -> [String] {
        var content: [String]
        var selectedLine: Int
        var title: String
        switch state.current {
        case .posts(let list):
            title = list.title
            (content, selectedLine) = postLines(list, changes: state.changes)
        case .thread(let thread):
            title = "r/\(thread.tree.link.subreddit) · \(thread.tree.link.title)"
            (content, selectedLine) = threadLines(thread, changes: state.changes)
        }
        let top = scrollTop(selected: selectedLine, total: content.count)
        var frame = [style.reverse(TextLayout.padRight(" reddit · \(title) · \(state.sourceLabel)", to: columns))]
        frame += content.dropFirst(top).prefix(contentRows)
        while frame.count < rows - 1 { frame.append("") }
        frame.append(bottomLine(state))
        return frame
    }

    private func scrollTop(selected: Int, total: Int) -> Int {
        guard total > contentRows else { return 0 }
        // Keep the selection a third of the way down the screen when it can be.
        let wanted = selected - contentRows / 3
        return min(max(0, wanted), total - contentRows)
    }

    private func bottomLine(_ state: BrowseState) -> String {
        if let prompt = state.searchPrompt {
            return TextLayout.truncate("search: \(prompt)▏  (Enter to search, Esc to cancel)", to: columns)
        }
        if let status = state.status { return style.yellow(TextLayout.truncate(status, to: columns)) }
        let help: String
        switch state.current {
        case .posts: help = "↑↓/jk move · Enter open · u/d vote · s save · / search · n next page · q quit"
        case .thread: help = "↑↓/jk move · Enter fold/unfold · m more · u/d vote · s save · / search · q back"
        }
        return style.dim(TextLayout.truncate(help, to: columns))
    }

    private func marker(_ isSelected: Bool) -> String {
        isSelected ? style.bold(style.yellow("> ")) : "  "
    }

    private func postLines(_ list: BrowseState.PostList, changes: LocalChanges) -> ([String], Int) {
        guard !list.posts.isEmpty else { return ([style.dim("  (no posts)")], 0) }
        let renderer = ListingRenderer(style: style, width: columns - 2, now: now, changes: changes)
        let layout = renderer.columns(for: list.posts)
        var lines = ["  " + renderer.header(layout)]
        for (index, post) in list.posts.enumerated() {
            lines.append(marker(index == list.selected) + renderer.line(post, columns: layout))
        }
        if list.after != nil { lines.append(style.dim("  … press n or move past the end for the next page")) }
        return (lines, list.selected + 1)
    }

    private func threadLines(_ thread: BrowseState.Thread, changes: LocalChanges) -> ([String], Int) {
        let renderer = ThreadRenderer(style: style, width: columns - 2, now: now, changes: changes)
        var lines = renderer.postHeader(thread.tree.link).map { TextLayout.indent($0, by: "  ") }
        if thread.selected == -1, !lines.isEmpty { lines[0] = marker(true) + String(lines[0].dropFirst(2)) }
        lines.append("  " + style.dim(String(repeating: "─", count: min(columns - 2, 60))))
        var selectedLine = 0
        let rows = thread.rows
        if rows.isEmpty { lines.append(style.dim("  (no comments)")) }
        for (index, row) in rows.enumerated() {
            if index == thread.selected { selectedLine = lines.count }
            let rowLines = renderer.lines(for: row, postAuthor: thread.tree.link.author)
            for (offset, text) in rowLines.enumerated() {
                lines.append((offset == 0 ? marker(index == thread.selected) : "  ") + text)
            }
        }
        return (lines.map { TextLayout.truncateStyled($0, to: columns, style: style) }, selectedLine)
    }
}

extension TextLayout {
    /// Truncates a line that may hold colour codes: without colour it is plain truncation;
    /// with colour, lines are laid out narrower than the screen already, so they are kept.
    static func truncateStyled(_ line: String, to columns: Int, style: TextStyle) -> String {
        style.isEnabled ? line : truncate(line, to: columns)
    }
}
