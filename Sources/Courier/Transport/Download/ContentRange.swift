import Foundation

/// A 206's `Content-Range: bytes first-last/total` (RFC 9110 §14.4), read strictly: what a resumed
/// download checks against what it asked for and what the first response announced.
struct ContentRange: Equatable {
    /// The first byte the part holds.
    let first: Int64
    /// The last byte the part holds (inclusive).
    let last: Int64
    /// The whole representation's length; nil when the server wrote `*` (unknown).
    let total: Int64?

    /// How many bytes the part holds.
    var count: Int64 { last - first + 1 }

    /// The range in `value`, or nil when it is not a satisfied byte range: another unit, a
    /// missing or non-numeric bound, `last` before `first`, or `last` past the total.
    init?(_ value: String) {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard trimmed.count <= 128, trimmed.lowercased().hasPrefix("bytes ") else { return nil }
        let spec = trimmed.dropFirst("bytes ".count).trimmingCharacters(in: .whitespaces)
        let halves = spec.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2 else { return nil }
        let bounds = halves[0].split(separator: "-", omittingEmptySubsequences: false)
        guard bounds.count == 2, let first = Self.number(bounds[0]), let last = Self.number(bounds[1]),
            first <= last
        else { return nil }
        let total: Int64?
        if halves[1] == "*" {
            total = nil
        } else {
            guard let length = Self.number(halves[1]), last < length else { return nil }
            total = length
        }
        self.first = first
        self.last = last
        self.total = total
    }

    /// Only digits (no sign, no spaces inside), at most 18 of them: no overflow.
    private static func number(_ text: Substring) -> Int64? {
        guard !text.isEmpty, text.count <= 18, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int64(text)
    }
}
