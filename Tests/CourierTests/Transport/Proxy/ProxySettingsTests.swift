import Courier
import Foundation
import Testing

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
    func descriptionHidesCredentials() {
        let proxy = Proxy(.http, host: "proxy.corp", port: 3128, username: "alice", password: "hunter2")
        #expect(proxy.description == "http://proxy.corp:3128 (with credentials)")
        let error = ProxyError(proxy: proxy, reason: .authenticationFailed)
        #expect(!error.description.contains("hunter2") && !error.description.contains("alice"))
        #expect(error.description.contains("proxy.corp:3128"))
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
        #expect(fallback.proxy(for: httpURL) == Proxy(.socks5, host: "everything", port: 9))
        #expect(fallback.proxy(for: httpsURL) == Proxy(.socks5, host: "everything", port: 9))
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

    @Test("Explicit settings: one proxy for both schemes, none for other schemes")
    func explicit() {
        let proxy = Proxy(.socks5, host: "socks", port: 1080)
        let settings = ProxySettings.always(proxy, except: ["api.example.com"])
        #expect(settings.proxy(for: URL(string: "https://other.example.com/")!) == proxy)
        #expect(settings.proxy(for: URL(string: "http://other.example.com/")!) == proxy)
        #expect(settings.proxy(for: httpsURL) == nil)
        #expect(settings.proxy(for: URL(string: "file:///tmp/x")!) == nil)
        #expect(ProxySettings.none.proxy(for: httpsURL) == nil)
    }
}
