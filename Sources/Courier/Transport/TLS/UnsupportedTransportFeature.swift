/// A transport cannot do what its settings ask on this platform (adding a certificate authority
/// with URLSession on Linux, for instance).
public struct UnsupportedTransportFeature: Error, Sendable, Hashable, CustomStringConvertible {
    /// The transport (`URLSessionTransport`).
    public let transport: String
    /// What it cannot do.
    public let feature: String

    /// An error saying `transport` cannot do `feature` here.
    public init(transport: String, feature: String) {
        self.transport = transport
        self.feature = feature
    }

    /// A readable account.
    public var description: String { "\(transport) does not support \(feature) on this platform" }
}
