import Foundation
import Testing

@testable import Courier

/// Which proxy a URL goes through, from explicit settings and from the environment.
@Suite("Proxy settings")
struct ProxySettingsTests {
    private let httpURL = URL(string: "http://api.example.com/v1")!
    private let httpsURL = URL(string: "https://api.example.com/v1")!

    @Test("A proxy URL gives kind, host, port, and percent-decoded credentials")
    func parsesURL() throws {
        let proxy = try #require(Proxy(url: "socks5h://me%40corp:p%3Ass@10.0.0.1:1081"))
        #expect(proxy == Proxy(.socks5h, host: "10.0.0.1", port: 1081, username: "me@corp", password: "p:ss"))
        #expect(Proxy(url: "proxy.corp:3128") == Proxy(.http, host: "proxy.corp", port: 3128))
        #expect(Proxy(url: "http://proxy.corp")?.port == 80)
        #expect(Proxy(url: "socks5://proxy.corp")?.port == 1080)
        #expect(Proxy(url: "ftp://proxy.corp:21") == nil)
        #expect(Proxy(url: "") == nil)
    }

    @Test("A proxy's description never shows its user name or password")
    func descriptionHidesCredentials() throws {
        let proxy = Proxy(.http, host: "proxy.corp", port: 3128, username: "alice", password: "hunter2")
        #expect(proxy.description == "http://proxy.corp:3128 (with credentials)")
        let error = ProxyError.authenticationFailed(proxy, status: 407)
        #expect(!error.description.contains("hunter2") && !error.description.contains("alice"))
        #expect(error.description.contains("proxy.corp:3128"))
        let settings = ProxySettings.always(try #require(proxy.url))
        #expect(settings.http?.password == "hunter2", "the URL holds the credentials")
        for shown in [settings.description, String(reflecting: settings), dumped(settings)] {
            #expect(!shown.contains("hunter2") && !shown.contains("alice"), "\(shown)")
            #expect(shown.contains("proxy.corp:3128"), "\(shown)")
        }
    }

    private func dumped(_ value: some Any) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }

    @Test("Each scheme takes its own variable, lower case before upper case, then all_proxy")
    func environmentPrecedence() {
        let settings = ProxySettings.environment([
            "http_proxy": "http://lower:1", "HTTP_PROXY": "http://upper:2",
            "HTTPS_PROXY": "http://secure:3", "all_proxy": "socks5://all:4", "ALL_PROXY": "socks5://ALL:5",
        ])
        #expect(settings.proxy(for: httpURL)?.host == "lower")
        #expect(settings.proxy(for: httpsURL)?.host == "secure")
        let fallback = ProxySettings.environment(["ALL_PROXY": "socks5://everything:9", "https_proxy": ""])
        #expect(fallback.server(for: httpURL) == Proxy(.socks5, host: "everything", port: 9))
        #expect(fallback.server(for: httpsURL) == Proxy(.socks5, host: "everything", port: 9))
        #expect(fallback.proxy(for: httpURL)?.absoluteString == "socks5://everything:9")
        #expect(ProxySettings.environment([:]).proxy(for: httpsURL) == nil)
    }

    @Test("no_proxy (or NO_PROXY) names hosts, domains and addresses reached directly")
    func environmentExceptions() {
        let settings = ProxySettings.environment([
            "https_proxy": "http://proxy:3128", "http_proxy": "http://proxy:3128",
            "no_proxy": " localhost, .internal.example ,example.org:8443,127.0.0.1,[::1]", "NO_PROXY": "*",
        ])
        #expect(settings.proxy(for: URL(string: "https://LOCALHOST:9000/")!) == nil)
        #expect(settings.proxy(for: URL(string: "https://a.b.internal.example/")!) == nil)
        #expect(settings.proxy(for: URL(string: "https://internal.example/")!) == nil)
        #expect(settings.proxy(for: URL(string: "https://example.org/")!) == nil)
        #expect(settings.proxy(for: URL(string: "http://127.0.0.1:8080/")!) == nil)
        #expect(settings.proxy(for: URL(string: "http://[::1]:8080/")!) == nil)
        #expect(settings.proxy(for: URL(string: "https://notexample.org/")!)?.host == "proxy")
        #expect(settings.proxy(for: URL(string: "http://127.0.0.2/")!)?.host == "proxy")
        let upper = ProxySettings.environment(["https_proxy": "http://proxy:3128", "NO_PROXY": "*"])
        #expect(upper.proxy(for: httpsURL) == nil)
    }

    @Test("A transport refuses a proxy URL of another scheme, or without a host, naming it without credentials")
    func refusesBadProxyURL() throws {
        for text in ["ftp://me:secret-5f2c@proxy.corp:21", "http://me:secret-5f2c@:3128"] {
            let url = try #require(URL(string: text))
            let error = try #require(throws: HTTPError.self) { try ProxySettings.always(url).checked() }
            guard case .transportUnavailable = error.kind else {
                Issue.record("got \(error)")
                continue
            }
            #expect(!error.description.contains("secret-5f2c"), "\(error)")
        }
        _ = try ProxySettings.always(try #require(URL(string: "socks5h://me:pw@127.0.0.1:1080"))).checked()
    }

    @Test("Explicit settings: one proxy for both schemes, none for other schemes")
    func explicit() throws {
        let proxy = try #require(URL(string: "socks5://socks:1080"))
        let settings = ProxySettings.always(proxy, except: ["api.example.com"])
        #expect(settings.proxy(for: URL(string: "https://other.example.com/")!) == proxy)
        #expect(settings.proxy(for: URL(string: "http://other.example.com/")!) == proxy)
        #expect(settings.proxy(for: httpsURL) == nil)
        #expect(settings.proxy(for: URL(string: "file:///tmp/x")!) == nil)
        #expect(ProxySettings.none.proxy(for: httpsURL) == nil)
    }
}
