import Courier
import CourierTesting
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import RedditAPI

/// The listings beyond a subreddit's: Reddit's default order, domains, duplicates across pages,
/// and a user's own lists.
@Suite struct ListingsTests {
    typealias E = EndpointTests

    @Test func withoutASortAListingIsInRedditsDefaultOrder() async throws {
        #expect(try await E.sent(Reddit.listing()).url.path == "/")
        #expect(try await E.sent(Reddit.listing(subreddit: "swift")).url.path == "/r/swift")
        #expect(try await E.sent(Reddit.listing(domain: "youtube.com")).url.path == "/domain/youtube.com")
        let top = try await E.sent(Reddit.listing(.top(.week), domain: "i.redd.it", page: .init(limit: 10)))
        #expect(top.url.path == "/domain/i.redd.it/top" && top.query("t") == "week" && top.query("limit") == "10")
    }

    @Test func aDomainCannotWalkThePath() async throws {
        let dots = try await E.sent(Reddit.listing(.hot, domain: ".."))
        #expect(dots.url.absoluteString.contains("/domain/%2E%2E/hot"))
        let slash = try await E.sent(Reddit.listing(.new, domain: "a/../../api/v1/me"))
        #expect(slash.url.absoluteString.contains("/domain/a%2F..%2F..%2Fapi%2Fv1%2Fme/new"))
    }

    /// The duplicates come second in Reddit's answer; the listing pages through them.
    @Test func duplicatesPageThroughTheSecondListing() async throws {
        let pair: @Sendable ([String], String?) -> String = { names, after in
            let post =
                #"{"kind": "Listing", "data": {"children": [{"kind": "t3", "data": {"id": "orig", "name": "t3_orig", "title": "o"}}]}}"#
            let children = names.map { #"{"kind": "t3", "data": {"id": "\#($0)", "name": "t3_\#($0)", "title": "d"}}"# }
            let cursor = after.map { #""\#($0)""# } ?? "null"
            return
                "[\(post), {\"kind\": \"Listing\", \"data\": {\"after\": \(cursor), \"children\": [\(children.joined(separator: ","))]}}]"
        }
        let transport = StubTransport { request in
            let body = request.url.query?.contains("after=t3_b") == true ? pair(["c"], nil) : pair(["a", "b"], "t3_b")
            return HTTPResponse(
                statusCode: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8), url: request.url)
        }
        var names: [String] = []
        for try await thing in try makeClient(transport).items(Reddit.duplicates(of: "t3_orig")) {
            names.append(thing.fullname?.rawValue ?? "")
        }
        #expect(names == ["t3_a", "t3_b", "t3_c"])
        #expect(transport.requests.map(\.url.path) == ["/duplicates/orig", "/duplicates/orig"])
        #expect(transport.requests.last?.query("after") == "t3_b")
    }

    @Test func aUsersOwnLists() async throws {
        #expect(try await E.sent(Reddit.userUpvoted("me")).url.path == "/user/me/upvoted")
        #expect(try await E.sent(Reddit.userDownvoted("me")).url.path == "/user/me/downvoted")
        #expect(try await E.sent(Reddit.userHidden("me")).url.path == "/user/me/hidden")
        #expect(try await E.sent(Reddit.userGildedGiven("me")).url.path == "/user/me/gilded/given")
    }
}
