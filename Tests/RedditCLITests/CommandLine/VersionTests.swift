import Foundation
import Testing

@testable import RedditCLI

/// The version is written once (``CourierVersion``); what `reddit --version` prints, the newest
/// entry of CHANGELOG.md and the README's installation line say the same.
@Suite struct VersionTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theChangelogsNewestEntryIsThisVersion() throws {
        let changelog = try String(contentsOf: Self.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let newest = try #require(changelog.split(separator: "\n").first { $0.hasPrefix("## ") })
        #expect(newest.hasPrefix("## \(CourierVersion.current)"), "CHANGELOG.md's newest entry is \(newest)")
    }

    @Test func theReadmeInstallsThisVersion() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("from: \"\(CourierVersion.current)\")"))
        #expect(readme.contains("This is release \(CourierVersion.current)"))
    }

    @Test func redditPrintsThisVersion() {
        #expect(HelpText.version == CourierVersion.current)
        #expect(CourierVersion.current.split(separator: ".").count == 3)
    }
}
