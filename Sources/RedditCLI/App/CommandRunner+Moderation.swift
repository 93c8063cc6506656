import Courier
import Foundation
import RedditAPI

/// The moderator's commands: `mod`, `modmail`, `wiki` and `flair`.
extension CommandRunner {
    /// Runs `command` if it is one of these; false otherwise.
    func runModeratorCommand(_ command: Command) async throws(CLIError) -> Bool {
        let renderer = DetailRenderer(style: style, width: width, now: now)
        let prefix = "reddit \(offline ? "--offline " : "")"
        switch command {
        case .moderator(.queue(let subreddit, let queue, let only, let page)):
            let listing = try await load { () async throws(CLIError) in
                try await service.moderationQueue(queue, of: subreddit, only: only, page: page)
            }
            let next =
                "\(prefix)mod queue \(subreddit) \(queue.rawValue)" + (only.map { " --only \($0.rawValue)" } ?? "")
            try print(listing) {
                renderer.render(
                    queue: listing.value, details: ModerationDetails.byName(inListing: listing.bodies.first),
                    nextPageCommand: next)
            }
        case .moderator(.log(let subreddit, let action, let moderator, let limit, let after)):
            let log = try await load { () async throws(CLIError) in
                try await service.moderationLog(
                    of: subreddit, action: action, moderator: moderator, limit: limit, after: after)
            }
            let next =
                "\(prefix)mod log \(subreddit)" + (action.map { " --type \($0)" } ?? "")
                + (moderator.map { " --mod \($0)" } ?? "")
            try print(log) { renderer.render(log: log.value, nextPageCommand: next) }
        case .moderator(.approve(let fullname)):
            let outcome = try await load { () async throws(CLIError) in try await service.approve(Fullname(fullname)) }
            report(outcome, done: "approved \(fullname)")
        case .moderator(.remove(let fullname, let spam, let reasonID)):
            let outcome = try await load { () async throws(CLIError) in
                try await service.remove(Fullname(fullname), spam: spam, reasonID: reasonID)
            }
            report(outcome, done: "removed \(fullname)" + (spam ? " as spam" : ""))
        case .modmail(.list(let subreddits, let unread)):
            let conversations = try await load { () async throws(CLIError) in
                try await service.modmailConversations(in: subreddits, unreadFirst: unread)
            }
            try print(conversations) {
                renderer.render(
                    conversations: unread ? conversations.value.filter { $0.lastUnread != nil } : conversations.value)
            }
        case .modmail(.reply(let id, let text, let isInternal)):
            var text = text
            if text == nil {
                let what = isInternal ? "a private moderator note in \(id)" : "your reply to modmail \(id)"
                guard let written = try await TextEditor(environment: environment).edit(what: what) else {
                    throw CLIError("empty text, nothing sent")
                }
                text = written
            }
            let body = text ?? ""
            let outcome = try await load { () async throws(CLIError) in
                try await service.replyToModmail(id, text: body, internal: isInternal)
            }
            report(outcome, done: isInternal ? "wrote a private note in \(id)" : "replied to modmail \(id)")
        case .wiki(let subreddit, let name, let edit, let reason):
            let page = try await load { () async throws(CLIError) in try await service.wikiPage(name, in: subreddit) }
            guard edit else {
                try print(page) { renderer.render(wiki: page.value, name: name, subreddit: subreddit) }
                return true
            }
            try await editWiki(name, in: subreddit, page: page.value, reason: reason)
        case .flair(let subreddit, let user, let text):
            let outcome = try await load { () async throws(CLIError) in
                try await service.setFlair(of: user, in: subreddit, text: text)
            }
            report(outcome, done: "set u/\(user)'s flair in r/\(subreddit) to \"\(text)\"")
        default:
            return false
        }
        return true
    }

    /// Opens the page's Markdown in the editor and sends what it became, based on the revision
    /// read (Reddit refuses the edit if someone changed the page meanwhile). Unchanged text
    /// sends nothing.
    private func editWiki(_ name: String, in subreddit: String, page: WikiPage, reason: String?)
        async throws(CLIError)
    {
        let before = page.contentMarkdown.replacingOccurrences(of: "\r\n", with: "\n")
        let after = try await TextEditor(environment: environment).edit(text: before)
        guard
            after.trimmingCharacters(in: .whitespacesAndNewlines)
                != before.trimmingCharacters(
                    in: .whitespacesAndNewlines)
        else { throw CLIError("the page was not changed, nothing sent") }
        let outcome = try await load { () async throws(CLIError) in
            try await service.editWikiPage(
                name, in: subreddit, content: after, reason: reason, previousRevision: page.revisionID)
        }
        report(outcome, done: "edited r/\(subreddit) wiki page \(name)")
    }
}
