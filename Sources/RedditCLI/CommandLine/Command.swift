package import Foundation
package import RedditAPI

/// One invocation of `reddit`, as the command line asked for it.
package enum Command: Equatable, Sendable {
    /// A listing of posts: the front page or a subreddit.
    case listing(ListingOptions)
    /// A post and its comment tree.
    case comments(CommentsOptions)
    /// A user's overview, posts, comments or saved items.
    case user(name: String, section: UserSection, page: PageOptions)
    /// A search for posts.
    case search(SearchOptions)
    /// A subreddit's about page.
    case subreddit(name: String)
    /// Signs in with the browser (authorization code + PKCE), giving up after `timeout` seconds.
    case login(timeout: Int, paste: Bool)
    /// Lists the signed-in accounts, or (`use`) makes one the current account.
    case accounts(use: String?)
    /// The writes waiting in the outbox: listed, sent, or one dropped.
    case outbox(OutboxAction)
    /// Revokes the stored tokens and forgets them.
    case logout
    /// Shows the signed-in account.
    case whoami
    /// Lists the signed-in user's subscriptions.
    case subs
    /// Votes on a post or comment.
    case vote(VoteDirection, fullname: String)
    /// Saves (`true`) or unsaves (`false`) a post or comment.
    case save(Bool, fullname: String)
    /// Subscribes (`true`) to or unsubscribes (`false`) from a subreddit.
    case subscribe(Bool, subreddit: String)
    /// Replies to a post, comment or message; nil text asks the editor.
    case reply(fullname: String, text: String?)
    /// Replaces a post's or comment's text; nil text asks the editor.
    case edit(fullname: String, text: String?)
    /// Deletes your post or comment.
    case delete(fullname: String)
    /// Sends a private message.
    case message(MessageOptions)
    /// Submits a post.
    case submit(SubmitCommandOptions)
    /// A section of the inbox.
    case inbox(InboxSection, page: PageOptions)
    /// Marks messages read; no fullnames marks the whole inbox read.
    case markRead(fullnames: [String])
    /// New posts (or comments) of a subreddit as they arrive.
    case watch(subreddit: String, comments: Bool)
    /// A live thread's updates as they arrive, until the thread is closed.
    case live(thread: String)
    /// Fetches subreddits' front pages and top threads for `--offline` (or forgets them).
    case sync(SyncOptions)
    /// The interactive full-screen browser.
    case browse(BrowseOptions)
    /// A moderator's queues, log, approving and removing.
    case moderator(ModeratorCommand)
    /// New modmail: listing conversations and answering them.
    case modmail(ModmailCommand)
    /// A wiki page, shown, or (with `edit`) changed in the editor.
    case wiki(subreddit: String, page: String, edit: Bool, reason: String?)
    /// Sets a user's flair text in a subreddit.
    case flair(subreddit: String, user: String, text: String)
    /// Help: general (`nil`) or for one command.
    case help(String?)
    /// `--version`: the program's version.
    case version
}

/// The orders of a post listing the commands offer (RedditAPI's `ListingSort` carries the time
/// range inside; here it is a separate option, as on the command line).
package enum ListingOrder: String, CaseIterable, Sendable {
    case hot, new, top, rising, controversial
    /// The front page in Reddit's own order (personalized when signed in); front page only.
    case best

    /// Whether the sort takes a time range (`--time`).
    package var takesTimeRange: Bool { self == .top || self == .controversial }

    /// RedditAPI's sort; `top` and `controversial` default to the past day, as on Reddit.
    package func sort(time: TimeRange?) -> ListingSort {
        switch self {
        case .hot: .hot
        case .new: .new
        case .rising: .rising
        case .best: .best
        case .top: .top(time ?? .day)
        case .controversial: .controversial(time ?? .day)
        }
    }
}

/// Paging of a listing: how many items and where to start.
package struct PageOptions: Equatable, Sendable {
    /// How many items to ask for (1...100); nil uses Reddit's default (25).
    package var limit: Int?
    /// The fullname to continue after.
    package var after: String?

    package init(limit: Int? = nil, after: String? = nil) {
        self.limit = limit
        self.after = after
    }
}

/// `hot`, `new`, `top`, `rising`, `controversial`.
package struct ListingOptions: Equatable, Sendable {
    package var sort: ListingOrder
    /// The subreddit; nil is the front page.
    package var subreddit: String?
    package var time: TimeRange?
    package var page: PageOptions

    package init(
        sort: ListingOrder = .hot, subreddit: String? = nil, time: TimeRange? = nil, page: PageOptions = PageOptions()
    ) {
        self.sort = sort
        self.subreddit = subreddit
        self.time = time
        self.page = page
    }
}

/// `comments <post>`.
package struct CommentsOptions: Equatable, Sendable {
    /// The post's id36 (without `t3_`).
    package var postID: String
    package var sort: CommentSort?
    package var depth: Int?
    package var limit: Int?
    /// A comment permalink's comment (id36): shown in context instead of the whole post.
    package var commentID: String?
    /// How many parents of ``commentID`` to show.
    package var context: Int?

    package init(
        postID: String, sort: CommentSort? = nil, depth: Int? = nil, limit: Int? = nil, commentID: String? = nil,
        context: Int? = nil
    ) {
        self.postID = postID
        self.sort = sort
        self.depth = depth
        self.limit = limit
        self.commentID = commentID
        self.context = context
    }
}

/// The sections of a user's profile.
package enum UserSection: String, CaseIterable, Sendable {
    case overview, submitted, comments, saved
    /// What the user voted on or hid: only the signed-in user's own (Reddit answers 403 otherwise).
    case upvoted, downvoted, hidden
}

/// `search <query>`.
package struct SearchOptions: Equatable, Sendable {
    package var query: String
    package var subreddit: String?
    package var sort: SearchSort?
    package var time: TimeRange?
    package var page: PageOptions

    package init(
        query: String, subreddit: String? = nil, sort: SearchSort? = nil, time: TimeRange? = nil,
        page: PageOptions = PageOptions()
    ) {
        self.query = query
        self.subreddit = subreddit
        self.sort = sort
        self.time = time
        self.page = page
    }
}

/// `vote up|down|clear`.
package enum VoteDirection: String, CaseIterable, Sendable {
    case up, down, clear

    /// The vote to send.
    package var vote: Vote {
        switch self {
        case .up: .up
        case .down: .down
        case .clear: .none
        }
    }
}

/// `browse [subreddit] [--post ID]`.
package struct BrowseOptions: Equatable, Sendable {
    package var listing: ListingOptions
    /// A post to open first.
    package var postID: String?

    package init(listing: ListingOptions = ListingOptions(), postID: String? = nil) {
        self.listing = listing
        self.postID = postID
    }
}

/// Options every command accepts.
extension Command {
    /// Whether the command only reads public data, so it works with no registered app through
    /// Reddit's anonymous JSON.
    package var readsAnonymously: Bool {
        switch self {
        case .listing, .comments, .search, .subreddit, .browse, .watch, .live: true
        case .user(_, let section, _): section != .saved
        case .wiki(_, _, let edit, _): !edit
        case .sync(let options): options.subreddits != nil
        case .login, .accounts, .outbox, .logout, .whoami, .subs, .vote, .save, .subscribe, .help, .version, .reply,
            .edit,
            .delete,
            .message,
            .submit, .inbox, .markRead, .moderator, .modmail, .flair:
            false
        }
    }
}

package struct GlobalOptions: Equatable, Sendable {
    /// Replay the cassette shipped with the app instead of using the network.
    package var offline = false
    /// Print decoded models as JSON.
    package var json = false
    /// Never colour the output.
    package var noColor = false
    package var clientID: String?
    package var userAgent: String?
    /// A config file to read instead of the default one.
    package var configPath: String?
    /// Wait out Reddit's `RATELIMIT` on writes (up to 15 minutes) instead of failing.
    package var waitsOutRatelimit = false
    /// Print the whole chain of errors behind a failure.
    package var verbose = false
    /// The account to use instead of the current one (`reddit accounts use`).
    package var account: String?
    /// A Redis (`redis://host:port`) through which this command shares Reddit's rate-limit
    /// budget with other `reddit` commands and bots given the same one.
    package var shared: URL?
    /// A site of PRAW's `praw.ini` whose app, account and User-Agent to use (`--site NAME`).
    package var site: String?
    /// The colour theme: a built-in one's name or a JSON file (`--theme`).
    package var theme: String?
    /// Draw the interface's marks in ASCII (`--ascii`), for terminals without Unicode.
    package var ascii = false

    package init() {}
}

/// A parsed command line.
package struct Invocation: Equatable, Sendable {
    package var command: Command
    package var options: GlobalOptions

    package init(command: Command, options: GlobalOptions = GlobalOptions()) {
        self.command = command
        self.options = options
    }
}

/// What `reddit outbox` does.
package enum OutboxAction: Equatable, Sendable {
    /// Lists the waiting writes.
    case list
    /// Sends them, in order.
    case send
    /// Drops the write whose id starts with this text.
    case drop(String)
}
