#if os(Linux)
@testable import Courier
import Foundation
import Testing
import TestSupport

/// CurlTransport through real proxies on loopback, started by `Scripts/test`: tinyproxy (an HTTP
/// proxy with basic authentication; https goes through CONNECT) and microsocks (SOCKS5 with a
/// user and password), in front of httpbin (http) and nginx (https, a certificate made for the
/// run).
@Suite("CurlTransport through proxies")
struct CurlProxyTests {
    enum Target: String, CaseIterable, CustomTestStringConvertible {
        case http, https
        var testDescription: String { rawValue }
    }

    private static func environment(_ name: String) throws -> String { try TestServers.value(from: name) }

    /// The test proxy of `kind` (tinyproxy for `.http`, microsocks for SOCKS), with the right
    /// password, a `wrong` one, or none.
    private func proxy(_ kind: Proxy.Kind, password: Password = .right) throws -> Proxy {
        let address = try Self.environment(kind == .http ? "COURIER_HTTP_PROXY" : "COURIER_SOCKS_PROXY")
        var proxy = try #require(Proxy(url: "\(kind.rawValue)://\(address)"))
        switch password {
        case .right:
            proxy.username = try Self.environment("COURIER_PROXY_USER")
            proxy.password = try Self.environment("COURIER_PROXY_PASSWORD")
        case .wrong:
            proxy.username = try Self.environment("COURIER_PROXY_USER")
            proxy.password = "wrong-proxy-password-5f2c"
        case .none:
            break
        }
        return proxy
    }

    enum Password { case right, wrong, none }

    /// A client of httpbin (http) or nginx (https) on a transport with `settings`.
    private func client(_ target: Target, _ settings: ProxySettings) throws -> (HTTPClient, path: String) {
        let authority = URL(fileURLWithPath: try TestServers.url(from: "COURIER_TLS_CA").path)
        let transport = try CurlTransport(timeout: .seconds(30), certificateAuthorities: authority, proxy: settings)
        switch target {
        case .http: return (HTTPClient(baseURL: try TestServers.httpbin(), transport: transport), "/headers")
        case .https:
            return (
                HTTPClient(baseURL: try TestServers.url(from: "COURIER_TLS_URL"), transport: transport), "/protocol"
            )
        }
    }

    /// The body, and whether tinyproxy forwarded the response (it adds itself to `Via` on plain
    /// http; a tunnel's bytes it cannot touch).
    private func send(_ target: Target, _ settings: ProxySettings) async throws -> (body: String, viaTinyproxy: Bool) {
        let (client, path) = try client(target, settings)
        let response = try await client.send(Request<String>(path: path))
        return (response.value, response.headers["Via"]?.contains("tinyproxy") == true)
    }

    /// What a proxy's refusal says: the proxy, its status (nil for SOCKS5), and whether it
    /// refused to authenticate the request.
    struct Refusal {
        let proxy: String
        let status: Int?
        let reason: String
        var refusedLogin: Bool { reason.contains("refused to authenticate") }
    }

    private func proxyError(_ target: Target, _ settings: ProxySettings) async throws -> (Refusal, HTTPError) {
        let (client, path) = try client(target, settings)
        let error = try await #require(throws: HTTPError.self) { try await client.send(Request<String>(path: path)) }
        guard case .proxyFailed(let proxy, let status, let reason) = error.kind else {
            Issue.record("not a proxy error: \(error)")
            throw error
        }
        #expect(error.isTransport)
        return (Refusal(proxy: proxy, status: status, reason: reason), error)
    }

    /// Settings sending every request through `proxy`, except to the hosts in `exceptions`.
    private func always(_ proxy: Proxy, except exceptions: [String] = []) throws -> ProxySettings {
        .always(try #require(proxy.url), except: exceptions)
    }

    @Test("An HTTP proxy with basic authentication carries http, and https through CONNECT", arguments: Target.allCases)
    func httpProxy(target: Target) async throws {
        let (body, viaTinyproxy) = try await send(target, try always(try proxy(.http)))
        switch target {
        case .http: #expect(viaTinyproxy && body.contains("\"Host\""), "\(body)")
        // Inside the tunnel, TLS and HTTP/2 are the transport's own, end to end.
        case .https: #expect(body == "HTTP/2.0")
        }
    }

    // (http, wrong password) is not among them: tinyproxy 1.11 answers a wrong password on a
    // plain http request with 401 and `WWW-Authenticate`, which is the origin's status to give
    // as far as HTTP says, so it stays an ordinary response (see `wrongPasswordOverHTTP`).
    @Test(
        "An HTTP proxy's 407 is HTTPError.proxyFailed naming the proxy and never the password",
        arguments: [(Target.http, Password.none), (.https, .none), (.https, .wrong)])
    func httpProxyRefuses(target: Target, password: Password) async throws {
        let proxy = try proxy(.http, password: password)
        let (error, wrapped) = try await proxyError(target, try always(proxy))
        #expect(error.refusedLogin && (error.status == 407 || error.status == 401), "\(error)")
        #expect(error.proxy == "http://\(proxy.host):\(proxy.port)")
        #expect(wrapped.description.contains("proxy http://\(proxy.host):\(proxy.port)"), "\(wrapped)")
        let password = try Self.environment("COURIER_PROXY_PASSWORD")
        for secret in [password, "wrong-proxy-password-5f2c"] {
            #expect(!wrapped.description.contains(secret))
            #expect(!String(reflecting: wrapped).contains(secret))
        }
    }

    @Test(
        "SOCKS5 and SOCKS5h with a user and password carry http and https",
        arguments: [Proxy.Kind.socks5, .socks5h], Target.allCases)
    func socks(kind: Proxy.Kind, target: Target) async throws {
        let (body, viaTinyproxy) = try await send(target, try always(try proxy(kind)))
        #expect(!viaTinyproxy)
        // The same call with a wrong password fails: the answer above did come through the proxy.
        let (refused, _) = try await proxyError(target, try always(try proxy(kind, password: .wrong)))
        #expect(refused.refusedLogin && refused.status == nil, "\(refused)")
        switch target {
        case .http: #expect(body.contains("\"Host\""))
        case .https: #expect(body == "HTTP/2.0")
        }
    }

    @Test(
        "A SOCKS5 server refusing the login is HTTPError.proxyFailed without the password", arguments: Target.allCases)
    func socksRefuses(target: Target) async throws {
        let (error, wrapped) = try await proxyError(target, try always(try proxy(.socks5h, password: .wrong)))
        #expect(error.refusedLogin && error.status == nil, "\(error)")
        #expect(!wrapped.description.contains("wrong-proxy-password-5f2c"))
    }

    @Test("A proxy that cannot be reached is a connectivity failure that names the proxy")
    func unreachable() async throws {
        let closed = try LoopbackPort.unused()
        let proxy = Proxy(.http, host: "127.0.0.1", port: closed, username: "u", password: "unreachable-secret")
        let (client, path) = try client(.https, try always(proxy))
        let error = try await #require(throws: HTTPError.self) { try await client.send(Request<String>(path: path)) }
        #expect(error.urlError?.code == .cannotConnectToHost, "\(error)")
        #expect(error.description.contains("the proxy http://127.0.0.1:\(closed) could not be reached"), "\(error)")
        #expect(!String(reflecting: error).contains("unreachable-secret"))
    }

    @Test("Hosts in the exceptions (no_proxy) are reached directly", arguments: Target.allCases)
    func exceptions(target: Target) async throws {
        // Without credentials the proxy refuses: only a direct connection succeeds.
        let refusing = try proxy(.http, password: .none)
        let (_, viaTinyproxy) = try await send(target, try always(refusing, except: ["localhost", "127.0.0.1"]))
        #expect(!viaTinyproxy)
        let (error, _) = try await proxyError(target, try always(refusing, except: ["localhost"]))
        #expect(error.refusedLogin)
    }

    @Test("The environment's proxy and no_proxy are honoured", arguments: Target.allCases)
    func environment(target: Target) async throws {
        let address = try Self.environment("COURIER_HTTP_PROXY")
        let user = try Self.environment("COURIER_PROXY_USER")
        let password = try Self.environment("COURIER_PROXY_PASSWORD")
        let variable = target == .http ? "http_proxy" : "HTTPS_PROXY"
        let through = try await send(target, .environment([variable: "http://\(user):\(password)@\(address)"]))
        #expect(through.viaTinyproxy == (target == .http))
        let anonymous = "http://\(address)"
        let (error, _) = try await proxyError(target, .environment([variable: anonymous]))
        #expect(error.refusedLogin)
        let direct = try await send(target, .environment([variable: anonymous, "NO_PROXY": "localhost,127.0.0.1"]))
        #expect(!direct.viaTinyproxy)
    }

    @Test("A password the proxy refuses on a plain http request never shows in the error")
    func wrongPasswordOverHTTP() async throws {
        let (client, path) = try client(.http, try always(try proxy(.http, password: .wrong)))
        let error = try await #require(throws: HTTPError.self) { try await client.send(Request<String>(path: path)) }
        #expect(!String(reflecting: error).contains("wrong-proxy-password-5f2c"))
        #expect(error.response?.headers["Server"]?.contains("tinyproxy") == true)
    }
}
#endif
