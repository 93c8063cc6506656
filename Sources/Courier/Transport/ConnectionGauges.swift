/// How a transport's connections to one origin are used at one moment: a snapshot, for a
/// dashboard or a test that waits for a state.
///
/// ``CurlTransport/connectionGauges()`` returns one for each origin it has connections to or
/// requests for. URLSession keeps its connection pool to itself, so ``URLSessionTransport`` has
/// none to give.
public struct ConnectionGauges: Sendable, Equatable {
    /// The origin, `scheme://host:port` (the port always written), lowercased.
    public var origin: String
    /// Connections open or opening to the origin (over a proxy: to the proxy, for this origin's
    /// requests).
    public var open: Int
    /// Open connections carrying no request right now, kept for the next one.
    public var idle: Int
    /// Requests on the wire: sent and waiting for or receiving their response.
    public var active: Int
    /// Requests waiting for a connection: behind the per-host limit, or while their
    /// connection opens.
    public var queued: Int

    /// Creates a snapshot.
    public init(origin: String, open: Int = 0, idle: Int = 0, active: Int = 0, queued: Int = 0) {
        self.origin = origin
        self.open = open
        self.idle = idle
        self.active = active
        self.queued = queued
    }
}
