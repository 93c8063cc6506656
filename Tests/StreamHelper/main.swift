// A bot of the stream kill test (issue 49): it reads the new posts of a subreddit of the fake
// Reddit (Tests/Servers/fake_reddit.py) through a resuming stream whose checkpoint is in a
// FileCheckpointStore, and handles each post by appending one line to a log file:
// `<fullname> <R if handed over again, else N> <how many may be missing before it, or ->`. It exits 0 once it has handled the post `--last`. A failed poll is
// retried (the stream resumed from its checkpoint) up to 50 times.
//
//   courier-stream-helper --reddit URL --subreddit NAME --state DIR --log FILE --last FULLNAME
//                         [--client-id ID]
//
// With `--outbox FILE` instead it is a bot of the outbox kill test: it sends the outbox in FILE
// (an Outbox) until it is empty, then exits 0.
//
//   courier-stream-helper --reddit URL --outbox FILE [--client-id ID]
import Courier
import CourierOAuth
import Foundation
import RedditAPI

#if canImport(Glibc)
import Glibc
#endif

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

var options: [String: String] = [:]
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    guard argument.hasPrefix("--"), let value = arguments.popFirst() else { fail("bad argument \(argument)") }
    options[argument] = value
}
guard let reddit = options["--reddit"].flatMap(URL.init(string:)) else { fail("--reddit URL is needed") }
func makeClient(_ reddit: URL, clientID: String) -> RedditClient {
    let configuration = OAuthConfiguration(
        authorizationEndpoint: reddit.appendingPathComponent("api/v1/authorize"),
        tokenEndpoint: reddit.appendingPathComponent("api/v1/access_token"),
        clientID: clientID,
        clientAuthentication: .basic,
        redirectURI: URL(string: "http://127.0.0.1/callback")!,
        scopes: ["identity", "read"]
    )
    var sessionOptions = OAuthSession.Options()
    sessionOptions.automaticSignInGrant = .password(username: "streambot", password: "hunter2")
    sessionOptions.refreshMargin = .seconds(2)
    sessionOptions.maximumRefreshes = 1000
    let session = OAuthSession(configuration: configuration, options: sessionOptions)
    // swift-format-ignore: NeverUseForceTry
    let agent = try! UserAgent("linux:dev.courier.stream-helper:1.0 (by /u/courier_tests)")
    return RedditClient(userAgent: agent, authentication: .session(session)) { $0.baseURL = reddit }
}

if let outboxPath = options["--outbox"] {
    let client = makeClient(reddit, clientID: options["--client-id"] ?? "outbox-client")
    let outbox = Outbox(fileURL: URL(fileURLWithPath: outboxPath))
    for attempt in 1...100 {
        do {
            let report = try await outbox.send(through: client)
            if report.pending == 0 { exit(0) }
            FileHandle.standardError.write(Data("send \(attempt): \(report)\n".utf8))
        } catch {
            FileHandle.standardError.write(Data("send \(attempt) failed: \(error)\n".utf8))
        }
        try? await Task.sleep(for: .milliseconds(100))
    }
    fail("the outbox did not empty")
}

guard let subreddit = options["--subreddit"],
    let state = options["--state"], let logPath = options["--log"], let last = options["--last"]
else { fail("usage: courier-stream-helper --reddit URL --subreddit NAME --state DIR --log FILE --last FULLNAME") }

let log = open(logPath, O_WRONLY | O_APPEND | O_CREAT, 0o644)
guard log >= 0 else { fail("cannot open \(logPath)") }

let client = makeClient(reddit, clientID: options["--client-id"] ?? "stream-client")
let checkpoints = FileCheckpointStore(folder: URL(fileURLWithPath: state))

var failures = 0
while true {
    do {
        let stream = client.newPosts(in: subreddit, options: StreamOptions(maximumWait: .seconds(1)))
            .resuming(from: checkpoints, key: subreddit)
        for try await delivery in stream {
            let line =
                "\(delivery.name.rawValue) \(delivery.isRedelivery ? "R" : "N") "
                + "\(delivery.mayBeMissingBefore.map(String.init) ?? "-")\n"
            let written = line.withCString { write(log, $0, strlen($0)) }
            guard written == line.utf8.count else { fail("could not write to \(logPath)") }
            // No acknowledge(): asking for the next post acknowledges this one (one fsync a post,
            // not two), so a kill mid-handling hands that post over again, flagged.
            if delivery.name.rawValue == last { exit(0) }
        }
        fail("the stream ended")
    } catch {
        failures += 1
        FileHandle.standardError.write(Data("poll failed (\(failures)): \(error)\n".utf8))
        guard failures < 50 else { fail("giving up after \(failures) failures") }
        try? await Task.sleep(for: .milliseconds(200))
    }
}
