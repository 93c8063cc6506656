import Courier
import Foundation
import RedditAPI

/// The `rules` area: reading a subreddit's rules, and adding, updating, deleting and reordering
/// them.
extension FixtureRoutes {
    static let rules: [FixtureRoute] = [
        FixtureRoute("rules", call: "Reddit.rules(of:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.rules(of: try r.path("subreddit")))
        },
        FixtureRoute("add_subreddit_rule", call: "Reddit.addRule(_:to:)") { r throws(FixtureRouteError) in
            let rule = try rule(r)
            return FixtureCall(Reddit.addRule(rule, to: try r.field("r"))).sendingDefaults(defaults(rule))
        },
        FixtureRoute("update_subreddit_rule", call: "Reddit.updateRule(named:to:in:)") { r throws(FixtureRouteError) in
            let rule = try rule(r)
            return FixtureCall(Reddit.updateRule(named: try r.field("old_short_name"), to: rule, in: try r.field("r")))
                .sendingDefaults(defaults(rule))
        },
        FixtureRoute("remove_subreddit_rule", call: "Reddit.deleteRule(named:in:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.deleteRule(named: try r.field("short_name"), in: try r.field("r")))
        },
        FixtureRoute("reorder_subreddit_rules", call: "Reddit.reorderRules(_:in:)") { r throws(FixtureRouteError) in
            // PRAW percent-encodes each title and joins them with commas.
            let names = try r.field("new_rule_order").split(separator: ",", omittingEmptySubsequences: false).map {
                $0.removingPercentEncoding ?? String($0)
            }
            return FixtureCall(Reddit.reorderRules(names, in: try r.field("r")))
        },
    ]

    /// What the calls send when the form leaves a field out: an empty description, and the
    /// title as the violation reason (as PRAW does when it is not given).
    private static func defaults(_ rule: SubredditRules.Rule) -> [Field] {
        [Field("description", ""), Field("violation_reason", rule.shortName)]
    }

    /// The rule a recorded form describes.
    private static func rule(_ r: RecordedRequest) throws(FixtureRouteError) -> SubredditRules.Rule {
        SubredditRules.Rule(
            shortName: try r.field("short_name"), kind: try r.field("kind"),
            description: r.optionalField("description") ?? "",
            violationReason: r.optionalField("violation_reason"))
    }
}
