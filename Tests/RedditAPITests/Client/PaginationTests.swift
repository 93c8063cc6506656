import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

@testable import RedditAPI

@Suite struct PaginationTests {
    /// Page 1 without `after`, page 2 for `after=t1_ct5snit`, and an empty page after that.
    static func overviewTransport() throws -> StubTransport {
        let page1 = try Fixture("listings/user_overview_top_page1.json")
        let page2 = try Fixture("listings/user_overview_top_page2_after.json")
        let empty = try Fixture("listings/listing_empty.json")
        return StubTransport { request in
            switch request.query("after") {
            case nil: page1.response(for: request.url)
            case "t1_ct5snit": page2.response(for: request.url)
            default: empty.response(for: request.url)
            }
        }
    }

    @Test func itemsFlowAcrossPagesAndStop() async throws {
        let transport = try Self.overviewTransport()
        let client = try makeClient(transport)
        var things: [Thing] = []
        for try await thing in client.items(Reddit.userOverview("spez", sort: .top(.all), page: .init(limit: 100))) {
            things.append(thing)
        }
        #expect(things.count == 200)
        #expect(things.compactMap(\.link).count == 7)
        #expect(things.last?.fullname == "t1_cvqa8g8")
        // Page 3 (after=t1_cvqa8g8) is empty, which ends the sequence.
        #expect(transport.requests.map { $0.query("after") } == [nil, "t1_ct5snit", "t1_cvqa8g8"])
        #expect(transport.requests.map { $0.query("count") } == [nil, "100", "200"])
        #expect(transport.requests.allSatisfy { $0.query("sort") == "top" && $0.query("t") == "all" })
    }

    @Test func stopsEarlyWithoutFetchingMore() async throws {
        let transport = try Self.overviewTransport()
        let client = try makeClient(transport)
        var count = 0
        for try await _ in client.items(Reddit.userOverview("spez")) {
            count += 1
            if count == 150 { break }
        }
        #expect(transport.requests.count == 2)
    }

    @Test func aListingWithoutAfterIsOnePage() async throws {
        let transport = StubTransport(fixture: try Fixture("things/subreddits_mine_subscriber.json"))
        let client = try makeClient(transport)
        var pages = 0
        for try await page in client.pages(Reddit.subreddits(.subscribed, page: .init(limit: 100))) {
            pages += 1
            #expect(page.subreddits.count == 10)
        }
        #expect(pages == 1 && transport.requests.count == 1)
    }
}
