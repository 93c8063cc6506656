import Courier
import Foundation
import RedditAPI
import Testing

@testable import RedditCLI

/// What `reddit` says online, without reaching the network: an unresolvable proxy
/// (`https_proxy`, which libcurl honours) stands for "no network", and injected errors for the
/// rest.
@Suite struct OnlineMessagesTests {
    private static let noNetwork = ["https_proxy": "http://proxy.invalid:1", "HTTPS_PROXY": "http://proxy.invalid:1"]

    @Test func readingWorksWithoutARegisteredAppAndSaysSoOnce() async throws {
        let environment = try BuiltExecutable.isolatedEnvironment(Self.noNetwork)
        let run = try await BuiltExecutable.run(["hot", "swift"], environment: environment)
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(run.stderr)")
        #expect(lines.first?.hasPrefix("reddit: reading anonymously (lower rate limits)") == true)
        #expect(run.stderr.components(separatedBy: "reading anonymously").count == 2, "said once")
        // How to raise the limits: register an app and give its id.
        #expect(lines.first?.contains("To raise them, create an \"installed app\"") == true)
        #expect(lines[1].contains("https://www.reddit.com/prefs/apps") && lines[1].contains("REDDIT_CLIENT_ID="))
        #expect(
            lines.last
                == "reddit: can't reach www.reddit.com: no network (DNS lookup failed); reddit --offline works without it"
        )
        #expect(!run.stderr.contains("client id"), "no demand for a client id to read")
        // The next command does not say it again.
        let again = try await BuiltExecutable.run(["hot", "swift"], environment: environment)
        #expect(
            again.stderr
                == "reddit: can't reach www.reddit.com: no network (DNS lookup failed); reddit --offline works without it\n"
        )
    }

    @Test func aNetworkFailureIsOneLineAndTheChainOnlyWithVerbose() async throws {
        let environment = try BuiltExecutable.isolatedEnvironment(
            Self.noNetwork.merging(["REDDIT_CLIENT_ID": "abc"]) { a, _ in a })
        let quiet = try await BuiltExecutable.run(["hot"], environment: environment)
        #expect(quiet.status == 1)
        #expect(
            quiet.stderr
                == "reddit: can't reach www.reddit.com: no network (DNS lookup failed); reddit --offline works without it\n"
        )
        let verbose = try await BuiltExecutable.run(["hot", "--verbose"], environment: environment)
        #expect(
            verbose.stderr.hasPrefix(
                "reddit: can't reach www.reddit.com: no network (DNS lookup failed); reddit --offline works without it\n"
            ))
        #expect(verbose.stderr.contains("access_token"), "the chain names the token request: \(verbose.stderr)")
    }

    @Test func aConnectionFailureDeepInsideTheChainIsFound() {
        let refused = URLError(
            .cannotConnectToHost, userInfo: [NSURLErrorFailingURLErrorKey: URL(string: "http://127.0.0.1:9/x")!])
        let inner = HTTPError(.transport(refused), method: .post, url: URL(string: "http://127.0.0.1:9/x"))
        let outer = HTTPError(.interceptorFailed(inner), method: .get, url: URL(string: "https://oauth.reddit.com/hot"))
        #expect(
            RedditService.describe(outer).message
                == "can't reach 127.0.0.1: connection refused; reddit --offline works without it")
        #expect(RedditService.describe(outer).detail?.contains("an interceptor failed") == true)
    }

    @Test func aBadUserAgentIsReportedOnce() async throws {
        let run = try await BuiltExecutable.run(
            ["--offline", "hot"],
            environment: try BuiltExecutable.isolatedEnvironment(["REDDIT_USER_AGENT": "abcdefgh"]))
        #expect(run.status == 1)
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(run.stderr.components(separatedBy: "User-Agent").count == 2, "named once: \(run.stderr)")
    }

    @Test func configErrorsNameTheFieldAndTheFile() async throws {
        let environment = try BuiltExecutable.isolatedEnvironment()
        let directory = URL(fileURLWithPath: environment["XDG_CONFIG_HOME"]!).appendingPathComponent("reddit")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("config.json")
        try Data(#"{"redirect_port": 99999}"#.utf8).write(to: file)
        let port = try await BuiltExecutable.run(["whoami"], environment: environment)
        #expect(port.status == 1)
        #expect(
            port.stderr
                == "reddit: config file \(file.path): \"redirect_port\" must be a port from 1 to 65535, not 99999\n")
        try Data(#"{"client_id": 5}"#.utf8).write(to: file)
        let type = try await BuiltExecutable.run(["whoami"], environment: environment)
        #expect(
            type.stderr.contains("\"client_id\" should be a string") && type.stderr.contains(file.path),
            "\(type.stderr)")
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        let folder = try await BuiltExecutable.run(["whoami"], environment: environment)
        #expect(folder.stderr.hasPrefix("reddit: config file \(file.path) is a directory"))
    }

    /// Offline needs no configuration: a broken config file is said in one line and left out.
    @Test func aBrokenConfigFileDoesNotBlockOffline() async throws {
        let environment = try BuiltExecutable.isolatedEnvironment()
        let directory = URL(fileURLWithPath: environment["XDG_CONFIG_HOME"]!).appendingPathComponent("reddit")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("config.json")
        try Data(#"{"client_id": "abc""#.utf8).write(to: file)
        let run = try await BuiltExecutable.run(["--offline"], environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Ba Dum Tsss"))
        #expect(
            run.stderr
                == "reddit: config file \(file.path) is not a JSON object; expected JSON like {\"client_id\": \"…\", \"user_agent\": \"…\"} (left out: --offline needs no configuration)\n"
        )
    }

    @Test func aSearchForAWordStartingWithADash() throws {
        let invocation = try CommandParser.parse(["search", "--", "-term"])
        guard case .search(let options) = invocation.command else {
            Issue.record("not a search")
            return
        }
        #expect(options.query == "-term")
        #expect(throws: UsageError.self) { try CommandParser.parse(["search", "-term"]) }
    }

    @Test func aCommentPermalinkShowsThatCommentInContext() async throws {
        let link =
            "https://www.reddit.com/r/redditdev/comments/98vj9e/please_be_a_good_bot_citizen/e4j4830/?context=100&sort=new"
        let invocation = try CommandParser.parse(["comments", link])
        guard case .comments(let options) = invocation.command else {
            Issue.record("not comments")
            return
        }
        #expect(options.commentID == "e4j4830" && options.context == 100 && options.sort == .new)
        let run = try await BuiltExecutable.run(["--offline", "comments", link])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Please be a good 'bot' citizen of reddit\n"))
    }
}
