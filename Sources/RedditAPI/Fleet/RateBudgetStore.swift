/// Where a client takes each request from Reddit's rate-limit budget and records what the
/// `X-Ratelimit-*` headers said, so that several clients (processes, machines) can share one
/// budget.
///
/// Implementations: ``LocalRateBudget`` (one process; this process's share of a fleet's budget)
/// and the RedditFleet library's `RedisRateBudget` (a fleet through Redis). Give one to ``RedditClient`` as its
/// `sharedBudget`; without one, the client paces itself by the headers alone, as one process.
public protocol RateBudgetStore: Sendable {
    /// Takes one request from the budget: nil when the request may be sent now, or how long to
    /// wait before asking again.
    func take() async -> Duration?
    /// Records the budget a response reported.
    func record(_ status: RateLimitStatus) async
}
