public import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Receives the OAuth redirect for a command-line app on `127.0.0.1` (RFC 8252 §7.3).
///
/// Listen first, put ``redirectURI`` in the configuration, open the authorization URL in the
/// browser, then wait:
///
/// ```swift
/// let receiver = try LoopbackRedirectReceiver()
/// var configuration = OAuthConfiguration.generic(baseURL: authURL, clientID: id, redirectURI: receiver.redirectURI)
/// // … open the URL of session.beginSignIn() …
/// let redirect = try await receiver.waitForRedirect(timeout: .seconds(300))
/// try await session.completeSignIn(redirectURL: redirect)
/// ```
///
/// It answers the one request to ``path`` with a short HTML page and returns its URL; requests
/// to other paths (a browser's `/favicon.ico`) get a 404 and are otherwise ignored.
public final class LoopbackRedirectReceiver: Sendable {
    /// The port listened on.
    public let port: UInt16
    /// The path the redirect must arrive at.
    public let path: String
    private let listener: Int32
    private let page: String
    private let closed = Atomic<Bool>(false)

    /// The redirect URI to register and send: `http://127.0.0.1:<port><path>`.
    public var redirectURI: URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// Starts listening on 127.0.0.1.
    ///
    /// - Parameters:
    ///   - port: The port; 0 picks a free one.
    ///   - path: The redirect's path (default `/callback`).
    ///   - page: The HTML shown in the browser after the redirect.
    /// - Throws: ``LoopbackError/socket(operation:code:)`` when the port cannot be bound.
    public init(port: UInt16 = 0, path: String = "/callback", page: String? = nil) throws(LoopbackError) {
        self.path = path.hasPrefix("/") ? path : "/" + path
        self.page =
            page ?? """
                <!doctype html><html><head><meta charset="utf-8"><title>Sign-in complete</title></head>
                <body><p>Sign-in complete. You can close this window and return to the app.</p></body></html>
                """
        let (listener, port) = try Socket.listen(port: port)
        self.listener = listener
        self.port = port
    }

    deinit { close() }

    /// Stops listening; a waiting call fails with ``LoopbackError/closed``.
    public func close() {
        if closed.exchange(true, ordering: .acquiringAndReleasing) == false {
            Socket.close(listener)
        }
    }

    /// Waits for the redirect and returns its full URL (with `code` and `state`), then stops
    /// listening.
    ///
    /// - Throws: ``LoopbackError/timedOut`` after `timeout`, ``LoopbackError/cancelled`` when the
    ///   task is cancelled, ``LoopbackError/closed`` after ``close()``.
    /// - Parameters:
    ///   - timeout: How long to wait for the browser.
    ///   - expectedState: The `state` of the authorization request. A redirect that carries an
    ///     `error` (the user denied access) or another `state` is still returned (the session
    ///     reports the failure), but the browser is told the sign-in failed.
    public func waitForRedirect(timeout: Duration = .seconds(300), expectedState: String? = nil)
        async throws(LoopbackError) -> URL
    {
        let cancelled = Atomic<Bool>(false)
        let deadline = ContinuousClock.now.advanced(by: timeout)
        let result: Result<URL, LoopbackError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let thread = Thread { [self] in
                    continuation.resume(
                        returning: serve(
                            until: deadline, expectedState: expectedState,
                            cancelled: { cancelled.load(ordering: .relaxed) }))
                }
                thread.name = "LoopbackRedirectReceiver"
                thread.start()
            }
        } onCancel: {
            cancelled.store(true, ordering: .relaxed)
        }
        close()
        return try result.get()
    }

    /// Accepts connections until the redirect arrives, the deadline passes or the wait is cancelled.
    private func serve(until deadline: ContinuousClock.Instant, expectedState: String?, cancelled: () -> Bool)
        -> Result<URL, LoopbackError>
    {
        while true {
            if closed.load(ordering: .acquiring) { return .failure(.closed) }
            if cancelled() { return .failure(.cancelled) }
            let remaining = ContinuousClock.now.duration(to: deadline)
            if remaining <= .zero { return .failure(.timedOut) }
            // Short slices so cancellation and close() are noticed promptly.
            let slice = min(remaining, .milliseconds(100))
            let milliseconds = Int32(
                max(1, slice.components.seconds * 1000 + slice.components.attoseconds / 1_000_000_000_000_000))
            guard Socket.waitReadable(listener, milliseconds: milliseconds) else { continue }
            guard let client = Socket.accept(listener) else { continue }
            let head = Socket.readHead(client, limit: 16 * 1024, timeoutSeconds: 5)
            guard let target = head.flatMap(Self.requestTarget), target.method == "GET",
                target.path == path
            else {
                Socket.respond(client, status: "404 Not Found", html: "<!doctype html><p>Not found.</p>")
                Socket.close(client)
                continue
            }
            let redirect = URL(string: "http://127.0.0.1:\(port)\(target.raw)")!
            Socket.respond(
                client, status: "200 OK",
                html: Self.failure(of: redirect, expectedState: expectedState).map(Self.failurePage) ?? page)
            Socket.close(client)
            return .success(redirect)
        }
    }

    /// Method, path and raw target from a request head's first line.
    /// Why the redirect says the sign-in failed: the server's `error` (and its description), or
    /// a `state` other than the one sent; nil when it looks like a success.
    static func failure(of redirect: URL, expectedState: String?) -> String? {
        let items = URLComponents(url: redirect, resolvingAgainstBaseURL: false)?.queryItems ?? []
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
        if let error = value("error") {
            return error + (value("error_description").map { ": \($0)" } ?? "")
        }
        if let expectedState, value("state") != expectedState {
            return "the answer did not match this sign-in (wrong state)"
        }
        return nil
    }

    /// The page shown in the browser when the sign-in failed.
    static func failurePage(_ reason: String) -> String {
        let escaped = reason.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        return """
            <!doctype html><html><head><meta charset="utf-8"><title>Sign-in failed</title></head>
            <body><p>Sign-in failed (\(escaped)). Return to the app and try again.</p></body></html>
            """
    }

    static func requestTarget(_ head: String) -> (method: String, path: String, raw: String)? {
        guard let line = head.split(separator: "\r\n", maxSplits: 1).first ?? head.split(separator: "\n").first else {
            return nil
        }
        let parts = line.split(separator: " ")
        guard parts.count == 3, parts[2].hasPrefix("HTTP/"), parts[1].hasPrefix("/"),
            URL(string: "http://127.0.0.1" + parts[1]) != nil
        else { return nil }
        let raw = String(parts[1])
        let path = String(raw.prefix { $0 != "?" && $0 != "#" })
        return (String(parts[0]), path, raw)
    }
}

/// Why ``LoopbackRedirectReceiver`` stopped without a redirect.
public enum LoopbackError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A socket call failed (`errno` in `code`).
    case socket(operation: String, code: Int32)
    /// No redirect arrived in time.
    case timedOut
    /// The waiting task was cancelled.
    case cancelled
    /// The receiver was closed.
    case closed

    /// A readable account of the failure.
    public var description: String {
        switch self {
        case .socket(let operation, let code): "\(operation) failed: \(String(cString: strerror(code)))"
        case .timedOut: "no redirect arrived before the timeout"
        case .cancelled: "waiting for the redirect was cancelled"
        case .closed: "the redirect receiver was closed"
        }
    }
}
