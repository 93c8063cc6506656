/// What the commands need from Reddit, in the terminal's own terms.
///
/// ``RedditAPIService`` implements it over `RedditClient` (online or replaying the offline
/// cassette); tests may use a double. Every method throws ``CLIError``, whose message is the
/// one line `reddit` prints.
package protocol RedditService: Sendable {
    func listing(_ options: ListingOptions) async throws(CLIError) -> PostPage
    func thread(_ options: CommentsOptions) async throws(CLIError) -> PostThread
    /// The comments behind a "more" stub, nested.
    func moreComments(postID: String, childIDs: [String], sort: CommentSort?) async throws(CLIError) -> [CommentNode]
    func profile(user: String, section: UserSection, page: PageOptions) async throws(CLIError) -> (items: [ProfileItem], after: String?)
    func search(_ options: SearchOptions) async throws(CLIError) -> PostPage
    func subreddit(_ name: String) async throws(CLIError) -> SubredditSummary
    func me() async throws(CLIError) -> AccountSummary
    func subscriptions() async throws(CLIError) -> [SubredditSummary]
    func vote(_ fullname: String, _ direction: VoteDirection) async throws(CLIError)
    func setSaved(_ fullname: String, _ saved: Bool) async throws(CLIError)
    func setSubscribed(_ subreddit: String, _ subscribed: Bool) async throws(CLIError)
}

/// A failure `reddit` reports as one line and a non-zero exit status.
package struct CLIError: Error, Equatable, CustomStringConvertible {
    package var message: String
    /// 1 for failures, 2 for usage errors, 3 when something is missing offline.
    package var exitCode: Int32

    package init(_ message: String, exitCode: Int32 = 1) {
        self.message = message
        self.exitCode = exitCode
    }

    package var description: String { message }
}
