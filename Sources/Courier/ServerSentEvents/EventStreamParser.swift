/// Reads a `text/event-stream` body as it arrives, byte chunk by byte chunk, following the WHATWG
/// HTML standard's "event stream interpretation" rules:
///
/// - lines end with CRLF, LF or CR, also when a CR ends one chunk and its LF starts the next;
/// - a blank line dispatches the event gathered so far; an event whose data buffer is empty
///   dispatches nothing (its type is forgotten too);
/// - `data` lines are joined with LF and the final LF is removed;
/// - a line starting with `:` is a comment; a line without a colon is a field with an empty value;
///   one space after the colon is removed;
/// - `retry` counts only when its value is all ASCII digits; `id` is ignored when it contains
///   NULL; unknown fields are ignored;
/// - one UTF-8 byte order mark at the start of the stream is skipped; invalid UTF-8 is replaced
///   with U+FFFD;
/// - an `id` field sets the last event id buffer, which becomes the stream's last event id when
///   the next blank line dispatches (even when nothing is dispatched for lack of data); the last
///   event id persists across events, and across connections: ``startNewStream()`` keeps it (as
///   browsers do, so a reconnected stream that sends no `id` still reports the one the client
///   resumed from).
///
/// An event still incomplete when its connection ends is discarded by ``startNewStream()``.
/// Lines are split on bytes (CR and LF never occur inside a multi-byte UTF-8 sequence), so a
/// character split across two chunks is decoded whole.
struct EventStreamParser: Sendable {
    typealias Event = HTTPClient.ServerSentEvent

    /// An event (or a line) grew beyond ``maximumEventSize`` bytes before it was dispatched.
    struct EventTooLarge: Error, Equatable {
        /// The limit that was passed.
        let limit: Int
    }

    /// The most bytes an event's pending line and data may hold before the stream is refused.
    let maximumEventSize: Int
    /// The reconnection time the latest valid `retry` field set, kept across connections.
    private(set) var reconnectionTime: Duration?
    /// The stream's last event id string, set from the buffer when an event is dispatched (even
    /// one with no data); empty means none. A reconnection sends it as `Last-Event-ID`.
    private(set) var lastEventID = ""
    /// The last event id buffer: what `id` fields set since the last dispatch.
    private var lastEventIDBuffer = ""

    private var line: [UInt8] = []
    private var data: [UInt8] = []
    private var eventType: [UInt8] = []
    private var retryInEvent: Duration?
    /// A CR ended the previous line: an LF right after it belongs to the same line end.
    private var afterCR = false
    /// How many bytes of a leading byte order mark have been matched; nil once the start of the
    /// stream is past.
    private var bomMatched: Int? = 0

    private static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    private static let lf: UInt8 = 0x0A
    private static let cr: UInt8 = 0x0D
    private static let colon: UInt8 = 0x3A
    private static let space: UInt8 = 0x20

    /// Creates a parser for a new stream.
    init(maximumEventSize: Int = 16 << 20, lastEventID: String = "") {
        self.maximumEventSize = maximumEventSize
        self.lastEventID = lastEventID
        lastEventIDBuffer = lastEventID
    }

    /// Reads `bytes`, appending every event they complete to `events`.
    mutating func feed(_ bytes: some Sequence<UInt8>, into events: inout [Event]) throws(EventTooLarge) {
        for byte in bytes {
            if let matched = bomMatched {
                if byte == Self.bom[matched] {
                    bomMatched = matched + 1 == Self.bom.count ? nil : matched + 1
                    continue
                }
                bomMatched = nil
                // Not a byte order mark after all: the bytes held back are ordinary text.
                for held in Self.bom.prefix(matched) { try take(held, into: &events) }
            }
            try take(byte, into: &events)
        }
    }

    /// Forgets the event being gathered and the current line (the connection ended) and expects a
    /// new stream, which may start with its own byte order mark. The last event id and the
    /// reconnection time are kept; an `id` read in the discarded event is forgotten.
    mutating func startNewStream() {
        lastEventIDBuffer = lastEventID
        line.removeAll(keepingCapacity: true)
        data.removeAll(keepingCapacity: true)
        eventType.removeAll()
        retryInEvent = nil
        afterCR = false
        bomMatched = 0
    }

    private mutating func take(_ byte: UInt8, into events: inout [Event]) throws(EventTooLarge) {
        switch byte {
        case Self.lf where afterCR:
            afterCR = false
        case Self.lf, Self.cr:
            afterCR = byte == Self.cr
            processLine(into: &events)
            line.removeAll(keepingCapacity: true)
        default:
            afterCR = false
            guard line.count + data.count < maximumEventSize else { throw EventTooLarge(limit: maximumEventSize) }
            line.append(byte)
        }
    }

    private mutating func processLine(into events: inout [Event]) {
        guard let first = line.first else {
            dispatch(into: &events)
            return
        }
        if first == Self.colon { return }
        let name: ArraySlice<UInt8>
        var value: ArraySlice<UInt8>
        if let colon = line.firstIndex(of: Self.colon) {
            name = line[..<colon]
            value = line[(colon + 1)...]
            if value.first == Self.space { value = value.dropFirst() }
        } else {
            name = line[...]
            value = []
        }
        switch String(decoding: name, as: UTF8.self) {
        case "event":
            eventType = Array(value)
        case "data":
            data.append(contentsOf: value)
            data.append(Self.lf)
        case "id":
            if !value.contains(0) { lastEventIDBuffer = String(decoding: value, as: UTF8.self) }
        case "retry":
            if let milliseconds = Self.milliseconds(value) {
                reconnectionTime = .milliseconds(milliseconds)
                retryInEvent = reconnectionTime
            }
        default:
            break
        }
    }

    private mutating func dispatch(into events: inout [Event]) {
        defer {
            data.removeAll(keepingCapacity: true)
            eventType.removeAll()
            retryInEvent = nil
        }
        lastEventID = lastEventIDBuffer
        guard !data.isEmpty else { return }
        data.removeLast()
        events.append(
            Event(
                id: lastEventID.isEmpty ? nil : lastEventID,
                type: eventType.isEmpty ? "message" : String(decoding: eventType, as: UTF8.self),
                data: String(decoding: data, as: UTF8.self),
                retry: retryInEvent
            ))
    }

    /// A `retry` value made only of ASCII digits, saturating rather than overflowing; nil otherwise.
    private static func milliseconds(_ value: ArraySlice<UInt8>) -> Int64? {
        guard !value.isEmpty else { return nil }
        var total: Int64 = 0
        for byte in value {
            guard (0x30...0x39).contains(byte) else { return nil }
            let (times10, overflow1) = total.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int64(byte - 0x30))
            total = overflow1 || overflow2 ? .max : sum
        }
        return total
    }
}
