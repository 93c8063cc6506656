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

    /// The committed public API, which `Scripts/public-api --check` keeps equal to the sources.
    static let apiBaseline = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("API/RedditAPI.txt")

    /// The real recordings: PRAW's, and the older set's folders.
    static let recordingFolders = [
        "praw", "actions", "comments", "errors", "inbox", "listings", "media", "morechildren", "search", "streams",
        "things", "users", "writes",
    ]

    /// Endpoints whose only recording is hand-written (neither PRAW's cassettes nor
    /// ../shared/fixtures hold one): each has a body under Fixtures/praw-handwritten, checked by
    /// PRAWRecordingTests. Shrink this list as real recordings arrive; never grow it.
    static let handWrittenOnly = [
        "Reddit.muteAuthor(of:)", "Reddit.unmuteAuthor(of:)", "Reddit.unblockSubreddit(of:)",
        "Reddit.renameMultireddit(_:of:to:)",
    ]

    /// Every public request factory (one public path per endpoint) is named by a route of the
    /// fixture check and passes on a real recording; a gap names the files to add.
    @Test func everyPublicRequestFactoryPassesOnARealRecording() async throws {
        var passedOnRecording = Set<String>()
        for folder in Self.recordingFolders {
            let report = await CheckReport.check(folder: try Fixture.root.appendingPathComponent(folder))
            passedOnRecording.formUnion(report.results.filter(\.passed).compactMap(\.endpoint))
        }
        let handWritten = await CheckReport.check(folder: try Fixture.root.appendingPathComponent("praw-handwritten"))
        let factories = EndpointCoverage.factories(
            inAPIBaseline: try String(contentsOf: Self.apiBaseline, encoding: .utf8))
        #expect(factories.count >= 250)
        let gaps = EndpointCoverage.gaps(
            factories: factories, passedOnRecording: passedOnRecording,
            passedByHand: Set(handWritten.results.filter(\.passed).compactMap(\.endpoint)))
        #expect(gaps.filter { gap in !Self.handWrittenOnly.contains(where: { gap.hasPrefix($0 + " ") }) } == [])
        // A known gap that a real recording closed leaves the list.
        #expect(Self.handWrittenOnly.filter { known in !gaps.contains(where: { $0.hasPrefix(known + " ") }) } == [])
    }

    /// A factory without a route, or with a route but no recording, is named with the files to add.
    @Test func aGapNamesTheRouteAndTheRecordingToAdd() {
        let factories = ["Reddit.approve(_:)", "Reddit.madeUp(_:)", "Reddit.lock(_:)"]
        let gaps = EndpointCoverage.gaps(factories: factories, passedOnRecording: ["approve"], passedByHand: [])
        #expect(gaps.count == 2)
        #expect(gaps.first?.hasPrefix("Reddit.madeUp(_:) has no route: add a FixtureRoute") == true)
        #expect(gaps.first?.contains("Tests/RedditAPITests/Fixtures/praw/AREA/") == true)
        #expect(
            gaps.last
                == "Reddit.lock(_:) (lock) has a route but passes on no recording: add "
                + "Tests/RedditAPITests/Fixtures/praw/moderation/lock__200__1.json with its .meta.json, "
                + "then run Scripts/reddit-coverage")
    }

    @Test func theFactoriesAreReadFromTheAPIBaseline() {
        let baseline = """
            Reddit.approve(_:): static func approve(_ id: Fullname) -> Request<Void>
            Reddit.flairCSVLimit: static let flairCSVLimit: Int
            Reddit.multiredditName(for:): static func multiredditName(for displayName: String) -> String
            Reddit: enum Reddit
            """
        #expect(EndpointCoverage.factories(inAPIBaseline: baseline) == ["Reddit.approve(_:)"])
    }
}
