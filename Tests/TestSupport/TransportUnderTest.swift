import Courier
import Testing

/// The transports the integration suites run against: each test runs once per case.
public enum TransportUnderTest: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case urlSession
    case curl

    /// The transport itself; `CurlTransport` failing to load fails the test with its reason.
    public func make() throws -> any HTTPTransport {
        switch self {
        case .urlSession: URLSessionTransport.shared
        #if os(Linux)
        case .curl: try CurlTransport()
        #else
        case .curl: URLSessionTransport.shared
        #endif
        }
    }

    public var testDescription: String {
        switch self {
        case .urlSession: "URLSessionTransport"
        case .curl: "CurlTransport"
        }
    }
}
