import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

@testable import RedditAPI

/// Collections: calls that take a subreddit's name read its fullname first, an unknown id is
/// nil, and the model reads the recordings.
@Suite struct PostCollectionsTests {
    static let acknowledged = Data(#"{"json": {"errors": []}}"#.utf8)

    static func transport() -> StubTransport {
        StubTransport { request in
            switch request.url.path {
            case "/r/announcements/about":
                return try Fixture("things/subreddit_about_announcements.json").response(for: request.url)
            case "/api/v1/collections/create_collection":
                return try Fixture("praw/collections/collection_create__200__2.json").response(for: request.url)
            case "/api/v1/collections/subreddit_collections":
                return try Fixture("praw/collections/collection_subreddit__200__2.json").response(for: request.url)
            default:
                return HTTPResponse(statusCode: 200, headers: [:], body: Self.acknowledged, url: request.url)
            }
        }
    }

    @Test func callsNamingASubredditReadItsFullnameFirst() async throws {
        let transport = Self.transport()
        let collections = try makeClient(transport).collections
        let subredditID = try JSON.TapeDecoder().decode(
            Wrapped<Subreddit>.self, from: try Fixture("things/subreddit_about_announcements.json").body
        ).value.name

        let created = try await collections.create(in: "announcements", title: "Title", layout: .gallery)
        #expect(created.id == "2e4e446f-7a50-43d8-b282-40b80325a663" && created.postIDs.isEmpty)
        #expect(
            transport.requests.map(\.url.path) == ["/r/announcements/about", "/api/v1/collections/create_collection"])
        #expect(
            transport.requests[1].form == [
                "sr_fullname": subredditID.rawValue, "title": "Title", "description": "", "display_layout": "GALLERY",
                "api_type": "json",
            ])

        transport.clearRequests()
        let all = try await collections.all(in: "announcements")
        #expect(all.map(\.title) == [String(repeating: "a", count: 100), "The title!"])
        #expect(all[0].postIDs.count == 7 && all[0].layout == nil)
        #expect(transport.requests.last?.query("sr_fullname") == subredditID.rawValue)
    }

    @Test func anUnknownCollectionIsNilAndAKnownOneKeepsItsPosts() async throws {
        let unknown = try JSON.TapeDecoder().decode(
            CollectionLookup.self, from: try Fixture("praw/collections/collection__200__1.json").body)
        #expect(unknown.collection == nil)
        let known = try #require(
            try JSON.TapeDecoder().decode(
                CollectionLookup.self, from: try Fixture("praw/collections/collection__200__2.json").body
            ).collection)
        #expect(known.postIDs == ["t3_axdfp2", "t3_hgi36j"] && known.primaryPostID == "t3_axdfp2")
        #expect(known.posts?.children.isEmpty == true && known.subredditID == "t5_7ss0q")
        #expect(known.created == Date(timeIntervalSince1970: 1_593_317_212.619))
    }

    @Test func anInvalidLayoutIsATypedRedditError() async throws {
        let transport = StubTransport(fixture: try Fixture("praw/collections/collection_create__200__1.json"))
        let error = await #expect(throws: HTTPError.self) {
            try await makeClient(transport).send(
                Reddit.createCollection(in: "t5_29ey0j", title: "The title!", layout: "milk before cereal"))
        }
        guard case .api(let errors)? = error?.redditError?.kind else {
            Issue.record("not an api error: \(String(describing: error))")
            return
        }
        #expect(errors.map(\.code) == ["INVALID_OPTION"] && errors.first?.field == "display_layout")
    }

    @Test func writesSendWhatPRAWSends() async throws {
        let transport = Self.transport()
        let client = try makeClient(transport)
        try await client.send(Reddit.setCollectionLayout("c1", nil))
        try await client.send(Reddit.reorderCollection("c1", posts: ["t3_a", "t3_b"]))
        try await client.send(Reddit.followCollection("c1", false))
        #expect(
            transport.requests.map(\.form) == [
                ["collection_id": "c1", "display_layout": "", "api_type": "json"],
                ["collection_id": "c1", "link_ids": "t3_a,t3_b", "api_type": "json"],
                ["collection_id": "c1", "follow": "false", "api_type": "json"],
            ])
    }
}
