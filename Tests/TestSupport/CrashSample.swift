import Foundation

/// A value that changes with every save and can tell whether it is whole, for crash-safety tests
/// that kill a writer at random moments.
///
/// Its size varies with `counter` so a torn write would show as a mismatch between the fields.
public struct CrashSample: Codable, Sendable, Equatable {
    /// Which save this is.
    public var counter: Int
    /// Filler derived from `counter`.
    public var items: [String]
    /// Derived from the other fields.
    public var checksum: Int

    /// The sample for save number `counter`.
    public init(counter: Int) {
        self.counter = counter
        items = (0..<(counter % 50 + 1)).map {
            "item-\(counter)-\($0)-" + String(repeating: "x", count: (counter * 7 + $0) % 300)
        }
        checksum = Self.checksum(counter: counter, items: items)
    }

    /// Whether the fields agree with each other, as they do for every value ever saved.
    public var isWhole: Bool {
        self == CrashSample(counter: counter) && checksum == Self.checksum(counter: counter, items: items)
    }

    private static func checksum(counter: Int, items: [String]) -> Int {
        items.reduce(counter) { ($0 &* 31) &+ $1.utf8.count }
    }
}
