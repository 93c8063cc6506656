import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

@testable import RedditAPI

/// Changing rules: the forms PRAW sends and the rules Reddit answers with inside a JSON string.
@Suite struct RuleChangeTests {
    @Test func aNewRuleTakesItsTitleAsViolationReasonAndComesBackAsRedditMadeIt() async throws {
        let answer = try Fixture("praw/rules/add_subreddit_rule__200__2.json")
        let transport = StubTransport { request in answer.response(for: request.url) }
        let rule = try await makeClient(transport).send(
            Reddit.addRule(SubredditRules.Rule(shortName: "PRAW Test", description: "Test by PRAW"), to: "swift"))
        #expect(
            transport.requests[0].form == [
                "api_type": "json", "r": "swift", "short_name": "PRAW Test", "kind": "all",
                "description": "Test by PRAW",
                "violation_reason": "PRAW Test",
            ])
        #expect(rule.shortName == "PRAW Test" && rule.violationReason == "PTest" && rule.priority == 4)
        #expect(rule.descriptionHTML == "<!-- SC_OFF --><p>Test by PRAW</p>\n<!-- SC_ON -->")
        #expect(rule.created == Date(timeIntervalSince1970: 1_587_987_466))
    }

    @Test func reorderingSendsEachTitleEncodedAndReadsTheNewOrder() async throws {
        let answer = try Fixture("praw/rules/reorder_subreddit_rules__200__1.json")
        let transport = StubTransport { request in answer.response(for: request.url) }
        let rules = try await makeClient(transport).send(
            Reddit.reorderRules(["Test post 12", "tesy all", "PRAW Update", "sdf", "a,b/c"], in: "swift"))
        #expect(
            transport.requests[0].form["new_rule_order"] == "Test%20post%2012,tesy%20all,PRAW%20Update,sdf,a%2Cb%2Fc")
        #expect(rules.map(\.shortName).prefix(2) == ["Test post 12", "tesy all"])
        #expect(rules.map(\.priority) == Array(0..<rules.count))
    }

    @Test func aRefusedOrderIsATypedError() async throws {
        let answer = try Fixture("praw/rules/reorder_subreddit_rules__400__1.json")
        let transport = StubTransport { request in answer.response(for: request.url) }
        let error = await #expect(throws: HTTPError.self) {
            try await makeClient(transport).send(Reddit.reorderRules(["a"], in: "swift"))
        }
        #expect(error?.redditError?.code == "SR_RULE_EXTRA_IN_ORDER")
    }
}
