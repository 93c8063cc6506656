public import Courier
import Foundation

/// Changing a subreddit's rules (scope `modconfig`): add, update, delete and reorder. Reading
/// them is ``rules(of:)``. Each change answers with the rules Reddit sent back.
///
/// ```swift
/// let added = try await reddit.send(
///     Reddit.addRule(SubredditRules.Rule(shortName: "No spam", kind: "all", description: "Spam is removed."), to: "swift"))
/// try await reddit.send(Reddit.reorderRules(["No spam", "Be kind"], in: "swift"))
/// ```
extension Reddit {
    /// Adds a rule (`/api/add_subreddit_rule`); answers with it as Reddit made it (its
    /// priority, its description as HTML).
    public static func addRule(_ rule: SubredditRules.Rule, to subreddit: String) -> Request<SubredditRules.Rule> {
        post("/api/add_subreddit_rule", ruleForm(rule, subreddit)).readingThrowing(ChangedRules.self) {
            try $0.first()
        }
    }

    /// Replaces the rule titled `oldShortName` with `rule` (`/api/update_subreddit_rule`); answers
    /// with it as Reddit now has it.
    public static func updateRule(named oldShortName: String, to rule: SubredditRules.Rule, in subreddit: String)
        -> Request<SubredditRules.Rule>
    {
        var form = ruleForm(rule, subreddit)
        form["old_short_name"] = oldShortName
        return post("/api/update_subreddit_rule", form).readingThrowing(ChangedRules.self) { try $0.first() }
    }

    /// Deletes the rule titled `shortName` (`/api/remove_subreddit_rule`); answers with the rules
    /// Reddit sent back.
    public static func deleteRule(named shortName: String, in subreddit: String) -> Request<[SubredditRules.Rule]> {
        post("/api/remove_subreddit_rule", ["r": subreddit, "short_name": shortName]).reading(ChangedRules.self) {
            $0.rules
        }
    }

    /// Puts the rules in the order of their titles (`/api/reorder_subreddit_rules`); answers
    /// with the rules in their new order. Every rule must be named once: Reddit refuses a list
    /// with a rule too many or too few (`SR_RULE_EXTRA_IN_ORDER`, `SR_RULE_MISSING_IN_ORDER`).
    public static func reorderRules(_ shortNames: [String], in subreddit: String) -> Request<[SubredditRules.Rule]> {
        // As PRAW sends it: each title percent-encoded, joined by commas.
        let order = shortNames.map { $0.addingPercentEncoding(withAllowedCharacters: ruleNameCharacters) ?? $0 }
        return post("/api/reorder_subreddit_rules", ["r": subreddit, "new_rule_order": order.joined(separator: ",")])
            .reading(ChangedRules.self) { $0.rules }
    }

    private static func ruleForm(_ rule: SubredditRules.Rule, _ subreddit: String) -> [String: String] {
        [
            "r": subreddit, "short_name": rule.shortName, "kind": rule.kind, "description": rule.description,
            "violation_reason": rule.violationReason ?? rule.shortName,
        ]
    }

    /// What Python's `urllib.parse.quote` leaves alone.
    private static let ruleNameCharacters = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-~")
}

/// `{"json": {"errors": [], "data": {"rules": "<a JSON array, as a string>"}}}`, the answer of
/// every change to the rules.
struct ChangedRules: Decodable, Sendable {
    let rules: [SubredditRules.Rule]

    private enum Keys: String, CodingKey { case json, data, rules }

    init(from decoder: any Decoder) throws {
        let json = try decoder.container(keyedBy: Keys.self).nestedContainer(keyedBy: Keys.self, forKey: .json)
        let data = try json.nestedContainer(keyedBy: Keys.self, forKey: .data)
        let text = try data.decode(String.self, forKey: .rules)
        rules = try JSON.TapeDecoder().decode([SubredditRules.Rule].self, from: Data(text.utf8))
    }

    /// The one rule an addition or an update answers with.
    func first() throws -> SubredditRules.Rule {
        guard let rule = rules.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "the answer holds no rule"))
        }
        return rule
    }
}
