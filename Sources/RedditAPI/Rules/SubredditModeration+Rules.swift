public import Courier

extension SubredditModeration {
    // MARK: Rules

    /// The subreddit's rules, in order.
    public func rules() async throws(HTTPError) -> [SubredditRules.Rule] {
        try await client.send(Reddit.rules(of: subreddit)).rules
    }

    /// Adds a rule; answers with it as Reddit made it.
    @discardableResult
    public func addRule(_ rule: SubredditRules.Rule) async throws(HTTPError) -> SubredditRules.Rule {
        try await client.send(Reddit.addRule(rule, to: subreddit))
    }

    /// Replaces the rule titled `oldShortName` with `rule`; answers with it.
    @discardableResult
    public func updateRule(named oldShortName: String, to rule: SubredditRules.Rule) async throws(HTTPError)
        -> SubredditRules.Rule
    {
        try await client.send(Reddit.updateRule(named: oldShortName, to: rule, in: subreddit))
    }

    /// Deletes the rule titled `shortName`.
    public func deleteRule(named shortName: String) async throws(HTTPError) {
        _ = try await client.send(Reddit.deleteRule(named: shortName, in: subreddit))
    }

    /// Puts the rules in the order of their titles; answers with them in that order.
    @discardableResult
    public func reorderRules(_ shortNames: [String]) async throws(HTTPError) -> [SubredditRules.Rule] {
        try await client.send(Reddit.reorderRules(shortNames, in: subreddit))
    }
}
