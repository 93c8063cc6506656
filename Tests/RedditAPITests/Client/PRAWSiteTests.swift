import Courier
import CourierOAuth
import CourierTesting
import Foundation
import TestSupport
import Testing

@testable import RedditAPI

/// `praw.ini` read as PRAW 7 reads it: the files, the sites, `[DEFAULT]`, `praw_*` variables,
/// the errors, and a client made from a site.
@Suite struct PRAWSiteTests {
    /// A home folder, a configuration folder and a working directory, each possibly with a praw.ini.
    final class Folders {
        let root: URL
        var home: URL { root.appendingPathComponent("home") }
        var config: URL { root.appendingPathComponent("xdg") }
        var appData: URL { root.appendingPathComponent("appdata") }
        var work: URL { root.appendingPathComponent("work") }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("praw-ini-\(UUID().uuidString)")
            for folder in [home.appendingPathComponent(".config"), config, appData, work] {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func write(_ text: String, in folder: URL) throws {
            try Data(text.utf8).write(to: folder.appendingPathComponent("praw.ini"))
        }

        func load(_ site: String? = nil, _ environment: [String: String]) throws(RedditUsageError) -> PRAWSite {
            try PRAWSite.load(site, environment: environment, workingDirectory: work)
        }
    }

    static let agent = "linux:dev.courier.bot:1.0 (by /u/courier_tests)"

    @Test func theWorkingDirectoryOverridesTheUserFolderWhichOverridesPRAWsDefaults() throws {
        let folders = try Folders()
        try folders.write(
            """
            [DEFAULT]
            user_agent = \(Self.agent)
            timeout = 30

            [bot]
            client_id = from-user-folder
            client_secret = s3cret
            subreddits = swift+iosprogramming
            """, in: folders.config)
        try folders.write(
            """
            [bot]
            client_id: from-working-directory
            """, in: folders.work)
        let site = try folders.load("bot", ["XDG_CONFIG_HOME": folders.config.path, "HOME": folders.home.path])
        #expect(site.clientID == "from-working-directory")
        #expect(site.clientSecret == "s3cret")
        #expect(site.userAgent == Self.agent)
        #expect(site.timeout == 30 && site.ratelimitSeconds == 5)
        #expect(site.oauthURL.absoluteString == "https://oauth.reddit.com")
        #expect(site.redditURL.absoluteString == "https://www.reddit.com")
        #expect(site.custom["subreddits"] == "swift+iosprogramming")
        #expect(site.custom["comment_kind"] == "t1")
        #expect(site.custom["client_id"] == nil)
        #expect(
            site.files == [
                "<PRAW defaults>", folders.config.appendingPathComponent("praw.ini").path,
                folders.work.appendingPathComponent("praw.ini").path,
            ])
    }

    @Test func theUserFolderIsAPPDATAThenXDGConfigHomeThenHomeConfig() throws {
        let folders = try Folders()
        try folders.write("[s]\nclient_id = appdata", in: folders.appData)
        try folders.write("[s]\nclient_id = xdg", in: folders.config)
        try folders.write("[s]\nclient_id = home", in: folders.home.appendingPathComponent(".config"))
        let all = ["APPDATA": folders.appData.path, "XDG_CONFIG_HOME": folders.config.path, "HOME": folders.home.path]
        #expect(try folders.load("s", all).clientID == "appdata")
        #expect(try folders.load("s", all.filter { $0.key != "APPDATA" }).clientID == "xdg")
        #expect(try folders.load("s", ["HOME": folders.home.path]).clientID == "home")
        #expect(throws: RedditUsageError.self) { try folders.load("s", [:]) }
    }

    @Test func prawEnvironmentVariablesComeBeforeTheFileAndPickTheSite() throws {
        let folders = try Folders()
        try folders.write(
            "[one]\nclient_id = file-one\nusername = alice\ntimeout = 20\n[two]\nclient_id = file-two", in: folders.work
        )
        let environment = [
            "praw_client_id": "from-env", "praw_username": "", "praw_site": "one", "praw_timeout": "99",
        ]
        let site = try folders.load(nil, environment)
        #expect(site.name == "one")
        #expect(site.clientID == "from-env")
        #expect(site.username == "alice")  // an empty variable counts as not set
        #expect(site.timeout == 20)  // PRAW reads timeout from the files only
        #expect(try folders.load("two", environment).name == "two")  // the site named wins over praw_site
        #expect(try folders.load(nil, [:]).name == "DEFAULT")
    }

    @Test func theINISyntaxIsConfigparsers() throws {
        let folders = try Folders()
        try folders.write(
            """
            # a comment
            ; another
            [bot]
            Client_ID = abc # not a comment
            user_agent: \(Self.agent)
            description = first line
              second line
            empty =
            """, in: folders.work)
        let site = try folders.load("bot", [:])
        #expect(site.clientID == "abc # not a comment")
        #expect(site.custom["description"] == "first line\nsecond line")
        #expect(site.custom["empty"] == "")
    }

    @Test(
        arguments: [
            ("[bot]\nclient_id = a\nclient_id = b", 3, "client_id", "set twice"),
            ("client_id = a\n[bot]", 1, nil, "before any [section]"),
            ("[bot]\npassword hunter2", 2, nil, "no '=' or ':'"),
            ("[bot]\n[bot]", 2, nil, "appears twice"),
            ("[bot]\ntimeout = soon", 2, "timeout", "whole number"),
            ("[bot]\noauth_url = oauth.reddit.com", 2, "oauth_url", "http or https URL"),
        ] as [(String, Int, String?, String)])
    func aBadFileNamesTheFileTheLineAndTheKey(text: String, line: Int, key: String?, reason: String) throws {
        let folders = try Folders()
        try folders.write(text, in: folders.work)
        let file = folders.work.appendingPathComponent("praw.ini").path
        do {
            _ = try folders.load("bot", [:])
            Issue.record("\(text) was accepted")
        } catch {
            guard case .badConfiguration(let badFile, let badLine, let badKey, let why) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(badFile == file && badLine == line && badKey == key && why.contains(reason), "\(error)")
            #expect(error.description.hasPrefix("\(file), line \(line)"))
            #expect(!error.description.contains("hunter2"))
        }
    }

    @Test func aMissingSiteListsTheSites() throws {
        let folders = try Folders()
        try folders.write("[alpha]\nclient_id = a\n[beta]\nclient_id = b", in: folders.work)
        #expect(
            throws: RedditUsageError.badConfiguration(
                file: folders.work.appendingPathComponent("praw.ini").path, line: nil, key: nil,
                reason: "no site [gamma]; the sites are alpha, beta")
        ) { try folders.load("gamma", [:]) }
    }

    @Test func secretsAreNeverShown() throws {
        let folders = try Folders()
        try folders.write(
            "[bot]\nclient_id = id1\nclient_secret = SECRET1\npassword = SECRET2\nrefresh_token = SECRET3",
            in: folders.work)
        let site = try folders.load("bot", [:])
        var dumped = ""
        dump(site, to: &dumped)
        for text in [site.description, String(reflecting: site), dumped] {
            #expect(!text.contains("SECRET"), "\(text)")
            #expect(text.contains("id1"))
        }
    }

    @Test func aClientFromASiteSignsInWithThePasswordGrantOnTheSitesHosts() async throws {
        let folders = try Folders()
        try folders.write(
            """
            [bot]
            client_id = script-id
            client_secret = script-secret
            username = bot_account
            password = pw
            user_agent = \(Self.agent)
            reddit_url = https://www.example.test
            oauth_url = https://oauth.example.test
            """, in: folders.work)
        let transport = StubTransport { request in
            let body =
                request.url.path == "/api/v1/access_token"
                ? #"{"access_token": "tok", "token_type": "bearer", "expires_in": 3600, "scope": "*"}"#
                : #"{"name": "bot_account"}"#
            return HTTPResponse(
                statusCode: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8), url: request.url)
        }
        let reddit = try RedditClient(site: try folders.load("bot", [:]), transport: transport)
        _ = try await reddit.http.send(Request<Data>(path: "/api/v1/me"))
        let token = try #require(transport.requests.first)
        #expect(token.url.absoluteString == "https://www.example.test/api/v1/access_token")
        #expect(token.form["grant_type"] == "password" && token.form["username"] == "bot_account")
        #expect(token.headers["Authorization"] == "Basic " + Data("script-id:script-secret".utf8).base64EncodedString())
        let call = try #require(transport.requests.last)
        #expect(call.url.host == "oauth.example.test" && call.headers["Authorization"] == "bearer tok")
        #expect(call.timeout == .seconds(16))
    }

    @Test func aSiteWithoutAUserAgentIsAnErrorNamingTheKey() throws {
        let folders = try Folders()
        try folders.write("[bot]\nclient_id = a", in: folders.work)
        #expect {
            try RedditClient(
                site: try folders.load("bot", [:]),
                transport: StubTransport(answering: { _ in throw URLError(.badURL) }))
        } throws: { error in
            guard case .badConfiguration(_, _, "user_agent", _)? = error as? RedditUsageError else { return false }
            return true
        }
    }
}
