import Foundation
import RedditAPI
import Testing

@testable import RedditCLI

/// `reddit --site NAME`: a site of PRAW's `praw.ini` gives the app, the account and the agent.
@Suite struct PRAWSiteOptionTests {
    @Test func siteIsAGlobalOption() throws {
        #expect(try CommandParser.parse(["--site", "bot1", "hot"]).options.site == "bot1")
        #expect(try CommandParser.parse(["whoami", "--site=bot2"]).options.site == "bot2")
    }

    @Test func aSiteBuildsASignedInServiceAndAMissingOneSaysWhichSitesThereAre() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("site-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(
            """
            [bot1]
            client_id = abc
            client_secret = SECRET
            username = bot
            password = PASSWORD
            user_agent = linux:dev.courier.bot:1.0 (by /u/courier_tests)
            """.utf8
        ).write(to: folder.appendingPathComponent("praw.ini"))
        let service = try ServiceFactory.site("bot1", environment: [:], shared: nil, workingDirectory: folder)
        #expect(service.client.authentication.isAuthenticated)
        #expect(service.client.userAgent.value == "linux:dev.courier.bot:1.0 (by /u/courier_tests)")
        #expect {
            try ServiceFactory.site("bot9", environment: [:], shared: nil, workingDirectory: folder)
        } throws: { error in
            let message = (error as? CLIError)?.message ?? ""
            return message.hasSuffix("praw.ini: no site [bot9]; the sites are bot1") && !message.contains("SECRET")
        }
    }
}
