import Courier
package import RedditAPI

/// The inbox (its listings and marking read), and the newest items `watch` starts from.
extension RedditService {
    package func inbox(_ section: InboxSection, page: PageOptions) async throws(CLIError) -> Answer<Listing> {
        let page = PageParameters(after: page.after.map { Fullname($0) }, limit: page.limit)
        let request: Request<Listing> =
            switch section {
            case .all: Reddit.inbox(page: page)
            case .unread: Reddit.unread(page: page)
            case .messages: Reddit.messages(page: page)
            case .sent: Reddit.sentMessages(page: page)
            case .mentions: Reddit.mentions(page: page)
            case .replies: Reddit.commentReplies(page: page)
            }
        do {
            let response = try await client.response(request)
            return Answer(value: response.value, bodies: [response.data])
        } catch {
            throw Self.describe(error)
        }
    }

    /// A subreddit's newest posts or comments, one page (what `watch` shows offline).
    package func newestItems(in subreddit: String, comments: Bool) async throws(CLIError) -> Listing {
        do {
            return try await client.send(
                comments ? Reddit.subredditComments(subreddit) : Reddit.listing(.new, subreddit: subreddit))
        } catch {
            throw Self.describe(error)
        }
    }

    /// Marks `names` read; none marks the whole inbox read.
    @discardableResult
    package func markRead(_ names: [Fullname]) async throws(CLIError) -> WriteOutcome {
        try await write(names.isEmpty ? Reddit.markAllRead() : Reddit.markRead(names))
    }
}
