import Courier
import Foundation

/// One write an ``Outbox`` keeps until Reddit has it.
///
/// Votes, saves, hides, subscriptions and the moderator's approvals, removals, locks and flair
/// set a state: sending one twice leaves the same state, so it is simply sent again after a
/// failure. A comment, a reply, an edit and a message are not
/// idempotent: after a failure that may have reached Reddit (the connection cut after the
/// request went out), the outbox looks for it before sending it again (see ``Outbox``).
public enum OutboxWrite: Codable, Sendable, Hashable {
    /// A vote on a post or comment (`/api/vote`).
    case vote(Vote, on: Fullname)
    /// Saves (`true`) or unsaves a post or comment.
    case save(Fullname, Bool)
    /// Hides (`true`) or unhides a post.
    case hide(Fullname, Bool)
    /// Subscribes (`true`) to a subreddit or unsubscribes from it, by name.
    case subscribe(String, Bool)
    /// A comment on a post or a reply to a comment or message (`/api/comment`).
    case reply(to: Fullname, text: String)
    /// New text for a post or comment of the account's (`/api/editusertext`).
    case edit(Fullname, text: String)
    /// A private message to a user (`/api/compose`).
    case message(to: String, subject: String, text: String)
    /// A moderator approves a post or comment (`/api/approve`).
    case approve(Fullname)
    /// A moderator removes a post or comment, as spam when `spam` (`/api/remove`).
    case remove(Fullname, spam: Bool)
    /// A moderator locks (`true`) or unlocks a post or comment.
    case lock(Fullname, Bool)
    /// A moderator sets a user's flair text in a subreddit (`/api/flair`).
    case userFlair(user: String, subreddit: String, text: String)

    /// Whether sending it twice leaves Reddit as sending it once does.
    public var isIdempotent: Bool {
        switch self {
        case .vote, .save, .hide, .subscribe, .edit, .approve, .remove, .lock, .userFlair: true
        case .reply, .message: false
        }
    }

    /// The request that makes the write.
    var request: Request<Void> {
        switch self {
        case .vote(let vote, let id): Reddit.vote(vote, on: id)
        case .save(let id, true): Reddit.save(id)
        case .save(let id, false): Reddit.unsave(id)
        case .hide(let id, true): Reddit.hide([id])
        case .hide(let id, false): Reddit.unhide([id])
        case .subscribe(let name, true): Reddit.subscribe(to: [name])
        case .subscribe(let name, false): Reddit.unsubscribe(from: [name])
        case .reply(let parent, let text): Reddit.reply(to: parent, text: text).map { _, _, _ in () }
        case .edit(let id, let text): Reddit.edit(id, text: text).map { _, _, _ in () }
        case .message(let to, let subject, let text): Reddit.compose(to: .user(to), subject: subject, text: text)
        case .approve(let id): Reddit.approve(id)
        case .remove(let id, let spam): Reddit.remove(id, spam: spam)
        case .lock(let id, true): Reddit.lock(id)
        case .lock(let id, false): Reddit.unlock(id)
        case .userFlair(let user, let subreddit, let text): Reddit.setUserFlair(user, in: subreddit, text: text)
        }
    }

    /// A line for lists: what the write does.
    public var summary: String {
        switch self {
        case .vote(let vote, let id): "vote \(vote == .up ? "up" : vote == .down ? "down" : "none") on \(id)"
        case .save(let id, let on): "\(on ? "save" : "unsave") \(id)"
        case .hide(let id, let on): "\(on ? "hide" : "unhide") \(id)"
        case .subscribe(let name, let on): "\(on ? "subscribe to" : "unsubscribe from") r/\(name)"
        case .reply(let parent, let text): "reply to \(parent): \(Self.excerpt(text))"
        case .edit(let id, let text): "edit \(id): \(Self.excerpt(text))"
        case .message(let to, let subject, _): "message u/\(to): \(Self.excerpt(subject))"
        case .approve(let id): "approve \(id)"
        case .remove(let id, let spam): "remove \(id)\(spam ? " as spam" : "")"
        case .lock(let id, let on): "\(on ? "lock" : "unlock") \(id)"
        case .userFlair(let user, let subreddit, let text): "flair u/\(user) in r/\(subreddit): \(Self.excerpt(text))"
        }
    }

    private static func excerpt(_ text: String) -> String {
        let line = text.split(separator: "\n").first.map(String.init) ?? ""
        return line.count > 40 ? String(line.prefix(39)) + "…" : line
    }
}
