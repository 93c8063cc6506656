import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

@Suite("Pagination")
struct PagesTests {
    struct Page: Decodable, Sendable {
        let items: [Int]
        let next: String?
    }

    /// Three pages: cursor nil → "2" → "3" → end.
    let transport = StubTransport { request in
        let cursor = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first {
            $0.name == "after"
        }?.value
        let body =
            switch cursor {
            case nil: #"{"items":[1,2],"next":"2"}"#
            case "2": #"{"items":[3,4],"next":"3"}"#
            default: #"{"items":[5],"next":null}"#
            }
        return HTTPResponse(
            statusCode: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8), url: request.url)
    }

    @Test("Pages follow the cursor until it ends, and items flatten them")
    func followsCursor() async throws {
        let client = HTTPClient(baseURL: URL(string: "https://api.example.com"), transport: transport)
        let first = Request<Page>(path: "/items", query: [.init(name: "limit", value: "2")])
        var seen: [[Int]] = []
        for try await page in client.pages(first, cursorName: "after", cursor: { $0.value.next }) {
            seen.append(page.items)
        }
        #expect(seen == [[1, 2], [3, 4], [5]])
        #expect(transport.requests.map(\.url.query) == ["limit=2", "limit=2&after=2", "limit=2&after=3"])

        var items: [Int] = []
        for try await item in client.pages(first, cursorName: "after", cursor: { $0.value.next }).items(\.items) {
            items.append(item)
            if items.count == 3 { break }
        }
        #expect(items == [1, 2, 3])
        #expect(transport.requests.count == 5, "stopping early must not fetch the third page")
    }
}
