// One worker of the fleet test (issue 38). It shares a Redis with the other workers: the rate
// budget (RedisRateBudget) and the token (RedisTokenStore, with a local copy in a token folder
// of its own, so no file lock is shared). It reads `/r/fleet/new` from the fake Reddit
// (Tests/Servers/fake_reddit.py) through RedditClient until `--stop-at` (or until the file
// `--stop-file` exists), then prints one JSON line: {"ok": …, "tooMany": …, "failures": …,
// "state": "…", "lastError": "…", "events": […], "fallbackRequests": …, "convergeSeconds": …}
// (requests answered while the budget fell back to the local share, and the time from Redis's
// recovery to the end of that share; -1 without a recovery).
//
//   courier-fleet-helper --reddit URL --redis HOST:PORT --token-dir DIR --fleet-size N
//                        [--client-id ID] (--sign-in | --stop-at EPOCH-SECONDS [--stop-file PATH])
//
// `--sign-in` signs the fleet in once (a password grant) and exits.
import Courier
import CourierOAuth
import CourierRedis
import Foundation
import RedditAPI
import RedditFleet
import Synchronization

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

var options: [String: String] = [:]
var signIn = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    if argument == "--sign-in" {
        signIn = true
        continue
    }
    guard argument.hasPrefix("--"), let value = arguments.popFirst() else { fail("bad argument \(argument)") }
    options[argument] = value
}
guard let reddit = options["--reddit"].flatMap(URL.init(string:)),
    let redis = options["--redis"].flatMap({ URL(string: "redis://" + $0) }),
    let tokenDirectory = options["--token-dir"], let fleetSize = options["--fleet-size"].flatMap(Int.init)
else { fail("usage: courier-fleet-helper --reddit URL --redis HOST:PORT --token-dir DIR --fleet-size N ...") }

let events = Mutex<[String]>([])
let recoveredAt = Mutex<ContinuousClock.Instant?>(nil)
let connection: RedisConnection
do {
    connection = try RedisConnection(url: redis) { event in
        let text: String
        switch event {
        case .unreachable: text = "unreachable"
        case .recovered:
            text = "recovered"
            recoveredAt.withLock { $0 = .now }
        }
        events.withLock { $0.append(text) }
    }
} catch { fail("\(error)") }

let clientID = options["--client-id"] ?? "fleet-client"
let local = FileTokenStore(fileURL: URL(fileURLWithPath: tokenDirectory).appendingPathComponent("token.json"))
let store = RedisTokenStore(connection: connection, namespace: "fleet:" + clientID, local: local)
let configuration = OAuthConfiguration(
    authorizationEndpoint: reddit.appendingPathComponent("api/v1/authorize"),
    tokenEndpoint: reddit.appendingPathComponent("api/v1/access_token"),
    clientID: clientID,
    clientAuthentication: .basic,
    redirectURI: URL(string: "http://127.0.0.1/callback")!,
    scopes: ["identity", "read"]
)
var sessionOptions = OAuthSession.Options()
// Tokens live 8 s on the fake server: refresh 2 s before expiry.
sessionOptions.refreshMargin = .seconds(2)
sessionOptions.maximumRefreshes = 1000
let session = OAuthSession(configuration: configuration, store: store, options: sessionOptions)

if signIn {
    do {
        _ = try await session.signIn(with: .password(username: "fleetbot", password: "hunter2"))
    } catch { fail("sign-in failed: \(error)") }
    print("{\"signedIn\":true}")
    exit(0)
}
guard let stopAt = options["--stop-at"].flatMap(TimeInterval.init) else { fail("--stop-at is needed") }

do { _ = try await session.restore() } catch { fail("restore failed: \(error)") }
let budget = RedisRateBudget(connection: connection, namespace: "fleet:" + clientID, fleetSize: fleetSize)
let client = RedditClient(
    userAgent: try! UserAgent("linux:courier.fleet:1.0 (by /u/courier)"),
    authentication: .session(session),
    sharedBudget: budget,
    configure: { $0.baseURL = reddit }
)

var ok = 0
var tooMany = 0
var failures = 0
var lastError = ""
var fallbackRequests = 0
var lastFallback: ContinuousClock.Instant?
let stopFile = options["--stop-file"]
while Date().timeIntervalSince1970 < stopAt, !(stopFile.map { FileManager.default.fileExists(atPath: $0) } ?? false) {
    do {
        _ = try await client.send(Reddit.listing(.new, subreddit: "fleet"))
        ok += 1
        if budget.isFallingBack {
            fallbackRequests += 1
            lastFallback = .now
        }
    } catch {
        if error.statusCode == 429 { tooMany += 1 } else { failures += 1 }
        lastError = String(describing: error)
        if case .signedOut = await session.state { break }
    }
}
let state = await session.state
var convergeSeconds = -1.0
if let recovered = recoveredAt.withLock({ $0 }), let lastFallback, lastFallback > recovered {
    let (seconds, attoseconds) = recovered.duration(to: lastFallback).components
    convergeSeconds = Double(seconds) + Double(attoseconds) / 1e18
}
let report: [String: Any] = [
    "ok": ok, "tooMany": tooMany, "failures": failures, "state": "\(state)", "lastError": lastError,
    "events": events.withLock { $0 }, "fallbackRequests": fallbackRequests, "convergeSeconds": convergeSeconds,
]
let json = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
print(String(decoding: json, as: UTF8.self))
