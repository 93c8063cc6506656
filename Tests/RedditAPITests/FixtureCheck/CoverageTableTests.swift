import Foundation
import RedditFixtureCheck
import TestSupport
import Testing

/// The coverage table in the "Moderating with RedditAPI" article is what the code says now.
@Suite(.ownThread) struct CoverageTableTests {
    static let article = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/RedditAPI/RedditAPI.docc/ModeratingWithRedditAPI.md")

    @Test func theCommittedTableIsUpToDate() async throws {
        let recordings = await CheckReport.check(folder: try Fixture.root.appendingPathComponent("praw"))
        let handWritten = await CheckReport.check(folder: try Fixture.root.appendingPathComponent("praw-handwritten"))
        let generated = CoverageTable.markdown(recordings: recordings, handWritten: handWritten)
        let committed = CoverageTable.table(in: try String(contentsOf: Self.article, encoding: .utf8))
        #expect(committed == generated, "run Scripts/reddit-coverage and commit the article")
    }

    @Test func theTableHasARowForEveryPRAWKeyAndSaysWhichAreTested() async throws {
        let recordings = await CheckReport.check(folder: try Fixture.root.appendingPathComponent("praw"))
        let handWritten = await CheckReport.check(folder: try Fixture.root.appendingPathComponent("praw-handwritten"))
        let table = CoverageTable.markdown(recordings: recordings, handWritten: handWritten)
        let rows = table.split(separator: "\n").filter { $0.hasPrefix("| `") }
        #expect(rows.count == 228 + 31)
        #expect(rows.contains("| `approve` | `api/approve/` | `Reddit.approve(_:)` | recording |"))
        let served = Set(FixtureRoutes.all.map(\.key))
        // A key without a route says so, and says nothing about tests.
        for endpoint in PRAWEndpoints.all where !served.contains(endpoint.key) {
            #expect(rows.contains("| `\(endpoint.key)` | `\(endpoint.template)` | — |  |"))
        }
        let typed = PRAWEndpoints.apiPath.filter { served.contains($0.key) }.count
        #expect(table.contains("**\(typed) of 228** PRAW endpoints have a typed call"))
        #expect(typed >= 59)
    }
}
