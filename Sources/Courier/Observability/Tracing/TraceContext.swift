import Foundation

/// A W3C Trace Context (`traceparent` and `tracestate`): the trace a call belongs to and the
/// span that made it.
///
/// Set one for a task with ``current`` and every call the task makes through a client with the
/// ``Interceptor/traceContext(samplesNewTraces:)`` interceptor joins that trace, as a child of
/// ``parentSpanID``:
///
/// ```swift
/// if let incoming = TraceContext(traceparent: header) {
///     try await TraceContext.$current.withValue(incoming) {
///         try await client.send(request)
///     }
/// }
/// ```
///
/// The interceptor reports each attempt to ``EventMonitor/spanDidEnd(_:attempt:start:end:statusCode:error:requestID:)``
/// as a context whose ``spanID`` is the attempt's own span.
///
/// Identifiers follow the specification: a trace id is 32 lowercase hexadecimal digits, a span
/// id 16, and neither may be all zeros; anything else is refused (the initialisers return nil).
public struct TraceContext: Sendable, Hashable {
    /// The trace: 32 lowercase hexadecimal digits, not all zeros.
    public let traceID: String
    /// The span the calls are made from (their parent): 16 lowercase hexadecimal digits, not all
    /// zeros; nil when the calls start the trace.
    public let parentSpanID: String?
    /// Whether the trace is recorded (the `sampled` flag).
    public var sampled: Bool
    /// The vendors' `tracestate` list, passed on as it is; nil for none.
    public let traceState: String?
    /// The span itself, in a context reported to ``EventMonitor/spanDidEnd(_:attempt:start:end:statusCode:error:requestID:)``:
    /// the attempt's span id, sent in `traceparent`. Nil in a context made from identifiers or
    /// read from a `traceparent` (its calls get span ids of their own).
    public internal(set) var spanID: String?

    /// The trace context of the current task: calls made in it join this trace. Nil by default,
    /// and then each call starts a trace of its own.
    @TaskLocal public static var current: TraceContext?

    /// Why a context breaks the W3C Trace Context rules.
    struct Invalid: Error, CustomStringConvertible {
        /// What is wrong.
        let reason: String
        /// A readable account.
        var description: String { "invalid trace context: \(reason)" }
    }

    /// A context from identifiers the caller holds; nil when an identifier is not lowercase
    /// hexadecimal of the right length, or all zeros, or when `traceState` is not a valid
    /// `tracestate` list.
    public init?(traceID: String, parentSpanID: String? = nil, sampled: Bool = true, traceState: String? = nil) {
        do {
            try self.init(
                checkingTraceID: traceID, parentSpanID: parentSpanID, sampled: sampled, traceState: traceState)
        } catch {
            return nil
        }
    }

    /// A context from identifiers, or why they break the rules.
    init(checkingTraceID traceID: String, parentSpanID: String?, sampled: Bool, traceState: String?)
        throws(Invalid)
    {
        try Self.check(traceID, digits: 32, name: "trace id")
        if let parentSpanID { try Self.check(parentSpanID, digits: 16, name: "parent span id") }
        if let traceState { try Self.check(traceState: traceState) }
        self.traceID = traceID
        self.parentSpanID = parentSpanID
        self.sampled = sampled
        self.traceState = traceState
    }

    /// A new trace with a random id, started by this process.
    init(newTraceSampled sampled: Bool) {
        traceID = Self.randomID(bytes: 16)
        parentSpanID = nil
        self.sampled = sampled
        traceState = nil
    }

    /// A context read from the `traceparent` (and `tracestate`) header fields of a request
    /// received, for the calls made while answering it.
    ///
    /// Version `00` must be exactly `00-<trace id>-<parent id>-<flags>`; a later version may carry
    /// more fields after these, which are ignored; version `ff` is refused. Nil when the field
    /// breaks the rules.
    public init?(traceparent: String, tracestate: String? = nil) {
        do {
            try self.init(checkingTraceparent: traceparent, tracestate: tracestate)
        } catch {
            return nil
        }
    }

    /// A context read from `traceparent`, or why it breaks the rules.
    init(checkingTraceparent traceparent: String, tracestate: String?) throws(Invalid) {
        let fields = traceparent.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 4 else { throw Invalid(reason: "traceparent must have four fields") }
        let version = fields[0]
        try Self.check(version, digits: 2, name: "version", zeroAllowed: true)
        guard version != "ff" else { throw Invalid(reason: "traceparent version ff is not allowed") }
        guard version != "00" || fields.count == 4 else {
            throw Invalid(reason: "traceparent version 00 has exactly four fields")
        }
        try Self.check(fields[3], digits: 2, name: "flags", zeroAllowed: true)
        let flags = UInt8(fields[3], radix: 16) ?? 0
        try self.init(
            checkingTraceID: fields[1], parentSpanID: fields[2], sampled: flags & 1 == 1,
            traceState: tracestate.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The `traceparent` value for a request sent as span `spanID` of this trace.
    func traceparent(spanID: String) -> String {
        "00-\(traceID)-\(spanID)-\(sampled ? "01" : "00")"
    }

    private static func check(_ text: String, digits: Int, name: String, zeroAllowed: Bool = false) throws(Invalid) {
        let hex = text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
        guard text.utf8.count == digits, hex else {
            throw Invalid(reason: "the \(name) must be \(digits) lowercase hexadecimal digits")
        }
        guard zeroAllowed || text.utf8.contains(where: { $0 != 48 }) else {
            throw Invalid(reason: "the \(name) must not be all zeros")
        }
    }

    /// At most 32 `key=value` members, 512 characters, printable ASCII without `,` or `=` in a value.
    private static func check(traceState: String) throws(Invalid) {
        guard traceState.utf8.count <= 512, traceState.utf8.allSatisfy({ (0x20...0x7e).contains($0) }) else {
            throw Invalid(reason: "tracestate must be at most 512 printable ASCII characters")
        }
        let members = traceState.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty
        }
        guard members.count <= 32 else { throw Invalid(reason: "tracestate has more than 32 members") }
        for member in members {
            let parts = member.split(separator: "=", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw Invalid(reason: "each tracestate member must be key=value")
            }
        }
    }

    /// A new random identifier of `bytes` bytes, never all zeros.
    static func randomID(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        while true {
            let values = (0..<bytes).map { _ in UInt8.random(in: 0...255, using: &generator) }
            guard values.contains(where: { $0 != 0 }) else { continue }
            return values.map { byte in
                let text = String(byte, radix: 16)
                return byte < 16 ? "0" + text : text
            }.joined()
        }
    }
}
