/// How a transport's connections to one origin are used at one moment: a snapshot, for a
/// dashboard or a test that waits for a state.
///
/// What each of a ``CurlTransport``'s event loops counts per origin; ``CurlTransport/connectionGauges()``
/// adds them up for each origin it has connections to or requests for.
struct ConnectionGauges: Sendable, Equatable {
    /// The origin, `scheme://host:port` (the port always written), lowercased.
    var origin: String
    /// Connections open or opening to the origin (over a proxy: to the proxy, for this origin's
    /// requests).
    var open: Int
    /// Open connections carrying no request right now, kept for the next one.
    var idle: Int
    /// Requests on the wire: sent and waiting for or receiving their response.
    var active: Int
    /// Requests waiting for a connection: behind the per-host limit, or while their
    /// connection opens.
    var queued: Int

    /// Creates a snapshot.
    init(origin: String, open: Int = 0, idle: Int = 0, active: Int = 0, queued: Int = 0) {
        self.origin = origin
        self.open = open
        self.idle = idle
        self.active = active
        self.queued = queued
    }
}
