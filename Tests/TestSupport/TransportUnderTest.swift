public import Courier
public import Testing

/// The transports the integration suites run against: each test runs once per case.
public enum TransportUnderTest: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case urlSession
    case curl

    /// A new transport for one test; `CurlTransport` failing to load fails the test with its
    /// reason. Never a shared one: URLSession queues requests beyond a few connections per host,
    /// so a test would otherwise wait behind other tests' slow requests.
    public func make() throws -> any HTTPTransport {
        switch self {
        case .urlSession: URLSessionTransport()
        #if os(Linux)
        case .curl: try CurlTransport()
        #else
        case .curl: URLSessionTransport()
        #endif
        }
    }

    /// The transport's type name, shown in test names.
    public var testDescription: String {
        switch self {
        case .urlSession: "URLSessionTransport"
        case .curl: "CurlTransport"
        }
    }
}
