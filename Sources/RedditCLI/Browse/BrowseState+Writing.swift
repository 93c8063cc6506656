import Foundation
package import RedditAPI

/// Writing from the browser (reply, message, submit: the text comes from the editor) and the
/// inbox screens.
extension BrowseState {
    /// A page of the inbox.
    package struct Inbox: Sendable {
        package var messages: [Message]
        package var after: Fullname?
        package var selected = 0
        /// Which of the inbox's views this is (Tab shows the next).
        package var section: InboxSection
        /// The view Tab last asked for, when it could not be shown (offline, unread): the next
        /// Tab goes on from it.
        package var asked: InboxSection?

        package init(messages: [Message], after: Fullname?, section: InboxSection = .all) {
            self.messages = messages
            self.after = after
            self.section = section
        }
    }

    /// The inbox item selected in the inbox, or the one open.
    var selectedMessage: Message? {
        switch current {
        case .inbox(let inbox): inbox.messages.indices.contains(inbox.selected) ? inbox.messages[inbox.selected] : nil
        case .message(let message): message
        case .posts, .thread, .moderation, .subreddits: nil
        }
    }

    /// Opens the bottom-line prompt for `kind`, holding `text`.
    mutating func openPrompt(_ kind: PromptKind, text: String = "") {
        promptKind = kind
        searchPrompt = text
    }

    /// `c`: a reply to the selected post, comment or inbox item.
    mutating func replyToSelection() -> Effect? {
        if let message = selectedMessage { return .write(.reply(to: message.name)) }
        switch current {
        case .posts(let list):
            guard list.posts.indices.contains(list.selected) else { return nil }
            return .write(.reply(to: list.posts[list.selected].name))
        case .thread(let thread):
            guard thread.rows.indices.contains(thread.selected) else {
                return .write(.reply(to: thread.tree.link.name))
            }
            guard case .comment(let comment) = thread.rows[thread.selected].content else {
                status = "select the post or a comment to reply to"
                return nil
            }
            return .write(.reply(to: comment.name))
        case .inbox, .message, .moderation, .subreddits:
            return nil
        }
    }

    /// Enter on a writing prompt: the next question, or the write once everything is known.
    mutating func finishWritingPrompt(_ answer: String) -> Effect? {
        switch promptKind {
        case .submitSubreddit:
            let subreddit = CommandParser.stripSubredditPrefix(answer)
            guard !subreddit.isEmpty else {
                status = "no subreddit, nothing posted"
                return nil
            }
            openPrompt(.submitTitle(subreddit: subreddit))
        case .submitTitle(let subreddit):
            guard !answer.isEmpty else {
                status = "no title, nothing posted"
                return nil
            }
            return .write(.submit(SubmitCommandOptions(subreddit: subreddit, title: answer, content: .text(nil))))
        case .messageRecipient:
            guard !answer.isEmpty else {
                status = "no recipient, nothing sent"
                return nil
            }
            openPrompt(.messageSubject(to: CommandParser.recipient(answer)))
        case .messageSubject(let recipient):
            guard !answer.isEmpty else {
                status = "no subject, nothing sent"
                return nil
            }
            return .write(.message(MessageOptions(recipient: recipient, subject: answer)))
        case .moderatedSubreddit:
            return finishModeratedSubredditPrompt(answer)
        case .search, .subreddit:
            break
        }
        return nil
    }

    /// What the bottom line says while a prompt is open, before the text typed.
    var promptLabel: (before: String, after: String) {
        switch promptKind {
        case .search: ("search: ", "  (Enter to search, Esc to cancel)")
        case .subreddit:
            ("go to: ", "  (subreddit, u/name, a+b, /m/multi, /comments/ID, URL, saved, subs; Esc cancels)")
        case .submitSubreddit: ("post to r/", "  (Enter, then the title; Esc cancels)")
        case .submitTitle(let subreddit): ("title of your post to r/\(subreddit): ", "  (Enter opens the editor)")
        case .messageRecipient: ("message to (user, or #subreddit): ", "  (Esc cancels)")
        case .messageSubject: ("subject: ", "  (Enter opens the editor; Esc cancels)")
        case .moderatedSubreddit: ("moderate r/", "  ('mod': all you moderate; Enter; Esc cancels)")
        }
    }

    // MARK: the inbox

    /// Shows a loaded inbox page: on top of the current screen, or appended to the inbox shown
    /// when it is the next page.
    package mutating func didLoadInbox(_ page: Listing, isNextPage: Bool, section: InboxSection = .all) {
        let messages = page.children.compactMap(\.message)
        if isNextPage, case .inbox(var inbox) = current {
            let known = Set(inbox.messages.map(\.name))
            let new = messages.filter { !known.contains($0.name) }
            inbox.messages += new
            inbox.after = new.isEmpty ? nil : page.after
            if new.isEmpty { status = "no more messages" }
            replaceCurrent(.inbox(inbox))
            return
        }
        if case .inbox = current { stack.removeLast() }
        stack.append(.inbox(Inbox(messages: messages, after: page.after, section: section)))
    }

    /// `n` in the inbox, or moving past its last item: the next page, when there is one.
    mutating func nextInboxPage() -> Effect? {
        guard case .inbox(let inbox) = current, let after = inbox.after else { return nil }
        return .inbox(inbox.section, after: after)
    }

    /// Tab in the inbox: its next view (all, unread, messages, replies, mentions, sent).
    mutating func nextInboxSection() -> Effect? {
        guard case .inbox(var inbox) = current else { return nil }
        let all = InboxSection.allCases
        let next = all[((all.firstIndex(of: inbox.asked ?? inbox.section) ?? 0) + 1) % all.count]
        inbox.asked = next
        replaceCurrent(.inbox(inbox))
        return .inbox(next, after: nil)
    }
}
