import Foundation
import RedditAPI

/// `P`: the selected post, comment or message as plain text in `$PAGER` (else `less`), with the
/// terminal given back meanwhile, as rtv opens one in the pager.
extension BrowseSession {
    func showInPager(_ state: BrowseState, events: TerminalEvents) async throws(CLIError) {
        guard let text = Self.pagerText(of: state, width: RawTerminal.size()?.columns ?? 80) else {
            throw CLIError("select a post, comment or message to read it in the pager")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("reddit-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            try Data(text.utf8).write(to: file)
        } catch {
            throw CLIError("cannot write a temporary file for the pager: \(error.localizedDescription)")
        }
        let pager = environment["PAGER"].flatMap { $0.isEmpty ? nil : $0 } ?? "less"
        events.pause()
        RawTerminal.restore()
        let status: Int32
        do throws(CLIError) {
            status = try await TextEditor.run(
                ["/bin/sh", "-c", pager + " \"$1\"", "sh", file.path], environment: environment,
                program: "the pager '\(pager)'")
        } catch {
            try resumeTerminal(events)
            throw error
        }
        try resumeTerminal(events)
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            throw CLIError(
                "the pager '\(pager)' failed (status \(status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)))"
            )
        }
    }

    /// The selected item as plain text `width` columns wide: a post's header and text, a
    /// comment's header and body, or a message; nil when nothing is selected.
    static func pagerText(of state: BrowseState, width: Int) -> String? {
        let renderer = ThreadRenderer(style: TextStyle(isEnabled: false), width: max(20, width), now: Date())
        switch state.current {
        case .thread(let thread):
            if thread.rows.indices.contains(thread.selected) {
                let row = thread.rows[thread.selected]
                guard case .comment = row.content else { return nil }
                var flat = row
                flat.depth = 0
                return renderer.lines(for: flat, postAuthor: thread.tree.link.author).joined(separator: "\n") + "\n"
            }
            return renderer.postHeader(thread.tree.link).joined(separator: "\n") + "\n"
        case .posts:
            guard let post = state.selectedPost else { return nil }
            return renderer.postHeader(post).joined(separator: "\n") + "\n"
        case .message(let message):
            return "\(message.subject)\nfrom u/\(message.author)\n\n\(message.body)\n"
        default:
            return nil
        }
    }
}
