import Foundation
import RedditFixtureCheck
import Testing

/// The committed copy of PRAW's endpoint table agrees with the recordings' INDEX.md.
@Suite struct PRAWEndpointTableTests {
    @Test func theTableHoldsPRAWs228KeysAndEveryListingOfTheIndex() throws {
        let index = try String(contentsOf: Fixture.root.appendingPathComponent("praw/INDEX.md"), encoding: .utf8)
        var rows: [String: String] = [:]
        for line in index.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let key = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            guard !key.hasPrefix("unmapped/") else { continue }
            rows[key] = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
        }
        let table = Dictionary(uniqueKeysWithValues: PRAWEndpoints.all.map { ($0.key, $0.template) })
        #expect(PRAWEndpoints.apiPath.count == 228)
        #expect(Set(PRAWEndpoints.apiPath.map(\.key)).count == 228)
        #expect(table.filter { !PRAWEndpoints.unrecorded.contains($0.key) } == rows)
        #expect(index.contains(PRAWEndpoints.unrecorded.sorted().map { "`\($0)`" }.joined(separator: ", ")))
    }

    @Test func pathsMatchTheMostSpecificTemplate() {
        #expect(PRAWEndpoints.match(path: "/r/test/wiki/revisions/index")?.key == "wiki_page_revisions")
        #expect(PRAWEndpoints.match(path: "/r/test/wiki/a/b/c")?.parameters == ["subreddit": "test", "page": "a/b/c"])
        #expect(PRAWEndpoints.match(path: "/r/mod/about/log/.json")?.key == "about_log")
        #expect(PRAWEndpoints.match(path: "/api/v1/test/emoji_asset_upload_s3.json")?.key == "emoji_lease")
        #expect(
            PRAWEndpoints.match(path: "/r/%3CTEST_SUBREDDIT%3E/hot")?.parameters == ["subreddit": "<TEST_SUBREDDIT>"])
        #expect(PRAWEndpoints.match(path: "/no/such/endpoint") == nil)
    }
}
