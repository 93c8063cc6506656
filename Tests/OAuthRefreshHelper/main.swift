// One of the two processes of CourierOAuth's cross-process refresh test. It runs an
// OAuthSession on a token file shared with the other process, against the django-oauth-toolkit
// test server, and calls the protected `/api/me` in a loop until the server has counted
// `--refreshes N` refresh grants under the test key (or the deadline passes). Then it prints one
// JSON line: {"calls": …, "failures": …, "state": "…", "lastError": "…", "tokens": […]}, where
// `tokens` are fingerprints of the access tokens it sent.
//
//   courier-oauth-refresh-helper --server URL --token-file FILE --key KEY --refreshes N
//                                [--peers P] [--deadline SECONDS] [--unshared]
//
// With `--peers P` it first waits until P helpers have started (each leaves a
// `<token file>.started.<pid>` file), so all of them live through every expiry.
//
// `--unshared` hides the file store's lock (the session sees a plain TokenStore), which is how
// every session behaved before refreshes were single-flight across processes.
//
// The session treats a token as stale 2 s after it was issued (`refreshMargin` = 58 s, the
// lifetime its token requests ask the server for with X-Token-Seconds: 60, minus 2 s), so an
// expiry comes every 2 s.
import Courier
import CourierOAuth
import Foundation
import Synchronization

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

var options: [String: String] = [:]
var flags: Set<String> = []
var remaining = CommandLine.arguments.dropFirst()
while let argument = remaining.popFirst() {
    guard argument.hasPrefix("--") else { fail("unexpected argument \(argument)") }
    if argument == "--unshared" {
        flags.insert(argument)
        continue
    }
    guard let value = remaining.popFirst() else { fail("\(argument) needs a value") }
    options[argument] = value
}
guard let server = options["--server"].flatMap(URL.init(string:)), let file = options["--token-file"],
    let key = options["--key"], let refreshes = options["--refreshes"].flatMap(Int.init)
else {
    fail(
        "usage: courier-oauth-refresh-helper --server URL --token-file FILE --key KEY --refreshes N [--deadline S] [--unshared]"
    )
}
let deadline = Date().addingTimeInterval(options["--deadline"].flatMap(TimeInterval.init) ?? 60)

/// A file store without its lock: what a session saw before stores could be shared.
struct UnsharedStore: TokenStore {
    let base: FileTokenStore
    func load() async throws -> Token? { try base.load() }
    func save(_ token: Token) async throws { try base.save(token) }
    func clear() async throws { try base.clear() }
}

let fileStore = FileTokenStore(fileURL: URL(fileURLWithPath: file))
let store: any TokenStore = flags.contains("--unshared") ? UnsharedStore(base: fileStore) : fileStore
let configuration = OAuthConfiguration(
    authorizationEndpoint: server.appendingPathComponent("o/authorize/"),
    tokenEndpoint: server.appendingPathComponent("o/token/"),
    revocationEndpoint: server.appendingPathComponent("o/revoke_token/"),
    clientID: "courier-public",
    redirectURI: URL(string: "http://127.0.0.1/callback")!,
    scopes: ["read"]
)
var sessionOptions = OAuthSession.Options()
sessionOptions.refreshMargin = .seconds(58)
sessionOptions.maximumRefreshes = 1000
let tokenClient = HTTPClient(baseURL: nil) {
    $0.interceptors = [
        .adapt {
            $0.headers["X-Test-Key"] = key
            $0.headers["X-Token-Seconds"] = "60"
        }
    ]
}
let session = OAuthSession(configuration: configuration, store: store, client: tokenClient, options: sessionOptions)
/// Fingerprints (not the tokens) of the access tokens this process sent, in order of first use.
let used = Mutex<[String]>([])
@Sendable func fingerprint(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return String(hash, radix: 16)
}
let api = HTTPClient(baseURL: server) {
    $0.interceptors = [
        OAuthInterceptor(session: session),
        .adapt { request in
            guard let header = request.headers["Authorization"] else { return }
            let print = fingerprint(header)
            used.withLock { if !$0.contains(print) { $0.append(print) } }
        },
    ]
}
let plain = HTTPClient(baseURL: server)

struct Me: Decodable, Sendable { let username: String }

func refreshCount() async -> Int {
    let request = Request<[String: Int]>(path: "/test/stats", query: [URLQueryItem(name: "key", value: key)])
    return (try? await plain.send(request).value["refresh_token"]) ?? 0
}

let peers = options["--peers"].flatMap(Int.init) ?? 1
let tokenFile = URL(fileURLWithPath: file)
let marker = tokenFile.deletingLastPathComponent().appendingPathComponent(
    tokenFile.lastPathComponent + ".started.\(ProcessInfo.processInfo.processIdentifier)")
_ = FileManager.default.createFile(atPath: marker.path, contents: nil)
func startedPeers() -> Int {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: tokenFile.deletingLastPathComponent().path)) ?? []
    return names.filter { $0.hasPrefix(tokenFile.lastPathComponent + ".started.") }.count
}
while startedPeers() < peers {
    guard Date() < deadline else { fail("only \(startedPeers()) of \(peers) helpers started") }
    try await Task.sleep(for: .milliseconds(10))
}

var calls = 0
var failures = 0
var lastError = ""
while Date() < deadline {
    calls += 1
    do {
        _ = try await api.send(Request<Me>(path: "/api/me"))
    } catch {
        failures += 1
        lastError = String(describing: error)
        if case .signedOut = await session.state { break }
    }
    if await refreshCount() >= refreshes { break }
    try await Task.sleep(for: .milliseconds(100))
}
let state = await session.state
let report: [String: Any] = [
    "calls": calls, "failures": failures, "state": "\(state)", "lastError": lastError, "tokens": used.withLock { $0 },
]
let json = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
FileHandle.standardOutput.write(json + Data("\n".utf8))
