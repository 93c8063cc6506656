import Foundation
package import RedditAPI

/// A write whose text the user gives: a reply, an edit, a message, a post or a modmail reply. One description of
/// what the editor asks for, what is said when it is done, and how it is sent, shared by the
/// `reply`/`edit`/`message`/`submit` commands and by `browse`.
package enum TextWrite: Equatable, Sendable {
    case reply(to: Fullname)
    case edit(Fullname)
    /// A private message (the options' `text` is not used: the text is given to ``send(_:through:)``).
    case message(MessageOptions)
    case submit(SubmitCommandOptions)
    /// A moderator's reply to a modmail conversation (by its id), which the user reads.
    case modmailReply(conversation: String)

    /// What the editor's template asks the user to write; nil when the write has no text (a
    /// link, image or crosspost submission).
    package var what: String? {
        switch self {
        case .reply(let name): "your reply to \(name.rawValue)"
        case .edit(let name): "the new text of \(name.rawValue)"
        case .message(let options): "your message to \(Self.describe(options.recipient))"
        case .submit(let options):
            if case .text = options.content { "the text of your post '\(options.title)'" } else { nil }
        case .modmailReply(let id): "your reply to modmail \(id)"
        }
    }

    /// What is said once Reddit accepted it.
    package var done: String {
        switch self {
        case .reply(let name): "replied to \(name.rawValue)"
        case .edit(let name): "edited \(name.rawValue)"
        case .message(let options): "message sent to \(Self.describe(options.recipient))"
        case .submit(let options): "posted to r/\(options.subreddit)"
        case .modmailReply(let id): "replied to modmail \(id)"
        }
    }

    /// Sends it with `text` (offline: says what would be sent).
    package func send(_ text: String?, through service: RedditService) async throws(CLIError)
        -> RedditService.WriteOutcome
    {
        switch self {
        case .reply(let name): try await service.reply(to: name, text: text ?? "")
        case .edit(let name): try await service.edit(name, text: text ?? "")
        case .message(let options): try await service.compose(options, text: text ?? "")
        case .submit(let options): try await service.submit(options, text: text)
        case .modmailReply(let id): try await service.replyToModmail(id, text: text ?? "", internal: false)
        }
    }

    static func describe(_ recipient: MessageRecipient) -> String {
        switch recipient {
        case .user(let name): "u/\(name)"
        case .subreddit(let name): "the moderators of r/\(name)"
        }
    }
}
