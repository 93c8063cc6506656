package import Courier
import Foundation
import RedditAPI

/// How to rebuild the requests of one PRAW endpoint key through RedditAPI's public API.
///
/// `key` is PRAW's `API_PATH` key (the sidecar's `api_path_key`), or the sidecar's
/// `fixture_key` for recordings PRAW's table does not name (`listing/subreddit_hot`,
/// `unmapped/...`). Several routes may serve one key (PRAW's `friend` adds to every list): they
/// are tried in order, and a route that throws ``FixtureRouteError/unsupported(_:)`` passes the
/// recording to the next.
package struct FixtureRoute: Sendable {
    /// The endpoint key.
    package let key: String
    /// The public call that serves it, for the coverage table (`Reddit.approve(_:)`).
    package let call: String
    /// Builds the call from a recorded request.
    package let build: @Sendable (RecordedRequest) throws(FixtureRouteError) -> FixtureCall

    /// A route for `key`, served by `call`.
    package init(
        _ key: String, call: String,
        build: @escaping @Sendable (RecordedRequest) throws(FixtureRouteError) -> FixtureCall
    ) {
        self.key = key
        self.call = call
        self.build = build
    }
}

/// One request built through the public API, ready to be sent and compared, with what the
/// comparison may tolerate for this call.
package struct FixtureCall: Sendable {
    /// The model the answer decodes to, for the report (`Listing`, `ItemListing<ModAction>`, `Void`).
    package let model: String
    /// Sends the request through `client` and summarizes the decoded answer.
    let send: @Sendable (RedditClient) async throws(HTTPError) -> String
    /// Fields this call always sends with these values, tolerated when PRAW did not send them
    /// (defaults Reddit applies anyway, such as `spam=false`).
    package private(set) var defaults: [Field] = []
    /// Fields PRAW sent that this call leaves out, by name, each with the reason it may
    /// (`accounts`, the old name of `users`, sent by an earlier PRAW alongside it).
    package private(set) var legacy: [String: String] = [:]
    /// Fields whose values this call compares by a rule of its own, by name (a CSV that PRAW
    /// quoted differently from one version to the next).
    package private(set) var equivalences: [String: @Sendable (String, String) -> Bool] = [:]
    /// Fields an older PRAW spelled differently, by the old name: the name this call sends
    /// (PRAW 3's `where` is `sort`).
    package private(set) var renamed: [String: String] = [:]

    /// A call that sends `request` and summarizes its answer with `summary` (by default
    /// ``FixtureSummary/describe(_:)``).
    package init<Value: Sendable>(
        _ request: Request<Value>, summary: @escaping @Sendable (Value) -> String = { FixtureSummary.describe($0) }
    ) {
        model = FixtureSummary.modelName(Value.self)
        send = { client throws(HTTPError) in summary(try await client.send(request)) }
    }

    /// This call, tolerating `fields` when PRAW did not send them.
    package func sendingDefaults(_ fields: [Field]) -> FixtureCall {
        var copy = self
        copy.defaults += fields
        return copy
    }

    /// This call, comparing the values of the field `name` with `equivalent` (what PRAW sent,
    /// what we sent) instead of as text.
    package func comparing(_ name: String, by equivalent: @escaping @Sendable (String, String) -> Bool) -> FixtureCall {
        var copy = self
        copy.equivalences[name] = equivalent
        return copy
    }

    /// This call, leaving out PRAW's `unique` query item: a counter PRAW adds so that no cache
    /// answers, which selects nothing.
    package var leavingOutUnique: FixtureCall {
        leavingOut("unique", because: "PRAW's cache-busting counter, which selects nothing")
    }

    /// This call, reading the field PRAW sent as `old` as the field `new` it sends.
    package func reading(_ old: String, as new: String) -> FixtureCall {
        var copy = self
        copy.renamed[old] = new
        return copy
    }

    /// This call, tolerating that it leaves out the field `name` PRAW sent, for `reason`.
    package func leavingOut(_ name: String, because reason: String) -> FixtureCall {
        var copy = self
        copy.legacy[name] = reason
        return copy
    }
}
