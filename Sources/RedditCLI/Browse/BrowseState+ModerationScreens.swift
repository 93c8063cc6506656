import Foundation
package import RedditAPI

/// The moderator's screens of the browser (`M`): what each holds, and the work they ask for.
extension BrowseState {
    /// One of the moderator's screens.
    package enum ModerationView: Sendable {
        case menu(ModeratorMenu)
        case queue(ModQueue)
        /// The removal reasons to pick from before removing an item of a queue.
        case reasons(RemovalReasonPicker)
        case modmail(ModmailList)
        /// One modmail conversation, read in full.
        case conversation(ModmailConversation)
        case log(ModLog)
    }

    /// The moderator menu: which subreddit, and which of its screens.
    package struct ModeratorMenu: Sendable {
        /// The entries, in the order shown.
        package enum Entry: CaseIterable, Sendable {
            case queue, reports, unmoderated, modmail, log

            var title: String {
                switch self {
                case .queue: "mod queue"
                case .reports: "reports"
                case .unmoderated: "unmoderated"
                case .modmail: "modmail"
                case .log: "mod log"
                }
            }

            var about: String {
                switch self {
                case .queue: "reported items and items the spam filter caught, waiting for a decision"
                case .reports: "reported items, with their reports"
                case .unmoderated: "posts no moderator has approved or removed yet"
                case .modmail: "the conversations of every subreddit you moderate"
                case .log: "what the moderators did"
                }
            }
        }

        /// The subreddit the queues and the log are of (`mod`: every one you moderate).
        package var subreddit: String
        /// The subreddits the user moderates.
        package var moderated: [String]
        package var selected = 0

        package init(subreddit: String, moderated: [String]) {
            self.subreddit = subreddit
            self.moderated = moderated
        }
    }

    /// A post or comment of a moderation queue, with what the queue says about it.
    package struct QueueItem: Sendable {
        package enum Content: Sendable {
            case post(Link)
            case comment(Comment)
        }

        package var content: Content
        package var details: ModerationDetails
        /// Whether it is locked, as last known here.
        package var isLocked: Bool
        /// Whether it is distinguished as a moderator's, as last known here.
        package var isDistinguished: Bool
        /// What was done to it in this session ("approved", "removed: Spam"), shown beside it.
        package var marks: [String] = []

        package init(content: Content, details: ModerationDetails) {
            self.content = content
            self.details = details
            isLocked = details.isLocked
            switch content {
            case .post(let post): isDistinguished = post.distinguished != nil
            case .comment(let comment): isDistinguished = comment.distinguished != nil
            }
        }

        package var name: Fullname {
            switch content {
            case .post(let post): post.name
            case .comment(let comment): comment.name
            }
        }

        package var subreddit: String {
            switch content {
            case .post(let post): post.subreddit
            case .comment(let comment): comment.subreddit
            }
        }
    }

    /// A moderation queue of one subreddit.
    package struct ModQueue: Sendable {
        package var queue: ModerationQueue
        package var subreddit: String
        package var items: [QueueItem]
        package var after: Fullname?
        package var selected = 0

        package init(queue: ModerationQueue, subreddit: String, items: [QueueItem], after: Fullname?) {
            self.queue = queue
            self.subreddit = subreddit
            self.items = items
            self.after = after
        }

        var selectedItem: QueueItem? { items.indices.contains(selected) ? items[selected] : nil }
    }

    /// The removal reasons of the item's subreddit; the first row removes without a reason.
    package struct RemovalReasonPicker: Sendable {
        package var item: Fullname
        package var subreddit: String
        package var reasons: [RemovalReason]
        /// 0 is "no reason"; `n` is `reasons[n - 1]`.
        package var selected = 0

        package init(item: Fullname, subreddit: String, reasons: [RemovalReason]) {
            self.item = item
            self.subreddit = subreddit
            self.reasons = reasons
        }
    }

    /// Modmail conversations.
    package struct ModmailList: Sendable {
        package var conversations: [ModmailConversation]
        package var selected = 0

        package init(conversations: [ModmailConversation]) {
            self.conversations = conversations
        }
    }

    /// A page of a subreddit's moderation log.
    package struct ModLog: Sendable {
        package var subreddit: String
        package var entries: [ModAction]
        package var after: String?
        package var selected = 0

        package init(subreddit: String, entries: [ModAction], after: String?) {
            self.subreddit = subreddit
            self.entries = entries
            self.after = after
        }
    }

    /// A moderator's action on an item of a queue.
    package enum ModeratorAction: Equatable, Sendable {
        case approve(Fullname)
        /// Remove, with the removal reason picked (nil: none).
        case remove(Fullname, reason: RemovalReason?)
        /// Remove as spam (which also trains the subreddit's spam filter).
        case spam(Fullname)
        /// Lock (true) or unlock.
        case lock(Fullname, Bool)
        /// Distinguish as a moderator's (true) or remove the mark.
        case distinguish(Fullname, Bool)

        package var name: Fullname {
            switch self {
            case .approve(let name), .remove(let name, _), .spam(let name), .lock(let name, _),
                .distinguish(let name, _):
                name
            }
        }

        /// The mark shown beside the item once done.
        package var mark: String {
            switch self {
            case .approve: "approved"
            case .remove(_, let reason): "removed" + (reason.map { ": \($0.title)" } ?? "")
            case .spam: "spam"
            case .lock(_, let locked): locked ? "locked" : "unlocked"
            case .distinguish(_, let on): on ? "distinguished" : "undistinguished"
            }
        }
    }

    /// The work a moderator's key asks the loop for.
    package enum ModeratorEffect: Equatable, Sendable {
        /// The menu, for `subreddit` (nil: every one you moderate; offline the first recorded).
        case menu(subreddit: String?)
        case queue(ModerationQueue, subreddit: String, after: Fullname?)
        /// Modmail of every subreddit you moderate.
        case modmail
        case log(subreddit: String, after: String?)
        /// Load the removal reasons of `subreddit`, then pick one to remove `item` with.
        case removalReasons(subreddit: String, item: Fullname)
        case act(ModeratorAction)
    }
}
