public import Foundation

/// Where the real servers started by `Scripts/test` listen.
///
/// A test that needs a server calls one of these; when the variable is missing the test fails
/// (never skips) with a message saying how to run the suite.
public enum TestServers {
    /// httpbin (gunicorn) on loopback.
    public static func httpbin() throws -> URL { try url(from: "COURIER_HTTPBIN_URL") }
    /// The project's fault server (`Tests/Servers/fault_server.py`).
    public static func faults() throws -> URL { try url(from: "COURIER_FAULT_URL") }
    /// The same fault server on a second port whose listen backlog is 10.
    public static func faultsWithSmallBacklog() throws -> URL { try url(from: "COURIER_FAULT_SMALL_BACKLOG_URL") }
    /// The seeded fault proxy (`Tests/Servers/fault_proxy.py`), in front of ``faultProxyUpstream()``.
    public static func faultProxy() throws -> URL { try url(from: "COURIER_FAULT_PROXY_URL") }
    /// The fault server behind ``faultProxy()`` (a second instance, for the fault matrix alone).
    public static func faultProxyUpstream() throws -> URL { try url(from: "COURIER_FAULT_UPSTREAM_URL") }
    /// The hostile HTTP server (`Tests/Servers/hostile_server.py`): lying 206s, huge header
    /// sections, redirects to other schemes, error bodies that echo secrets.
    public static func hostile() throws -> URL { try url(from: "COURIER_HOSTILE_URL") }
    /// django-oauth-toolkit (`Tests/Servers/oauth_server.py`).
    public static func oauth() throws -> URL { try url(from: "COURIER_OAUTH_URL") }

    /// The URL in an environment variable set by `Scripts/test`.
    public static func url(from variable: String) throws -> URL {
        guard let text = ProcessInfo.processInfo.environment[variable], let url = URL(string: text) else {
            throw MissingServer(variable: variable)
        }
        return url
    }

    /// A value (a proxy's address, a password) in an environment variable set by `Scripts/test`.
    public static func value(from variable: String) throws -> String {
        guard let text = ProcessInfo.processInfo.environment[variable] else { throw MissingServer(variable: variable) }
        return text
    }

    /// A test server's address is missing from the environment.
    public struct MissingServer: Error, CustomStringConvertible {
        /// The environment variable that was not set.
        public let variable: String
        /// How to fix it.
        public var description: String {
            "\(variable) is not set: run the suite with Scripts/test, which starts the test servers"
        }
    }
}

/// A unique name for server-side counters, so parallel tests never share one.
public func uniqueKey(_ prefix: String = "k") -> String {
    prefix + "-" + UUID().uuidString.prefix(8).lowercased()
}
