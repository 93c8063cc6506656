import Foundation

/// What a ``ResumingStream`` saves: the names of the newest items it knows were handled (newest
/// last) and the one handed over whose handling is not yet known to have finished.
struct StreamCheckpoint: Codable, Sendable, Equatable {
    /// How many handled names are kept: enough to meet one of them when walking back even after
    /// many of the newest were deleted.
    static let kept = 100

    /// Handled items, newest last.
    var handled: [Fullname] = []
    /// The item handed over last, not yet confirmed (the consumer has not asked for the next).
    var pending: Fullname?

    /// Moves the pending item, if any, to the handled ones.
    mutating func confirmPending() {
        guard let pending else { return }
        handled.append(pending)
        if handled.count > Self.kept { handled.removeFirst(handled.count - Self.kept) }
        self.pending = nil
    }

    /// The checkpoint as JSON.
    var encoded: Data {
        // Two arrays of strings always encode.
        (try? JSONEncoder().encode(self)) ?? Data()
    }

    /// A stored checkpoint; nil for bytes that are not one.
    init?(_ data: Data) {
        guard let decoded = try? JSONDecoder().decode(StreamCheckpoint.self, from: data) else { return nil }
        self = decoded
    }

    init() {}
}

/// How far apart two fullnames are in Reddit's id sequence (ids are base-36 counters per kind):
/// an upper bound of the items between them, or nil when either is not such an id.
func idDistance(from older: Fullname, to newer: Fullname) -> Int? {
    func number(_ name: Fullname) -> (kind: Substring, value: Int)? {
        let parts = name.rawValue.split(separator: "_", maxSplits: 1)
        guard parts.count == 2, let value = Int(parts[1], radix: 36) else { return nil }
        return (parts[0], value)
    }
    guard let a = number(older), let b = number(newer), a.kind == b.kind else { return nil }
    let (difference, overflow) = b.value.subtractingReportingOverflow(a.value)
    return overflow ? nil : difference
}
