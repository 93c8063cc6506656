public import Foundation

/// `count` bytes of the pattern `(offset * step + seed) mod 256`, the test bodies' way of making a
/// byte out of place visible.
///
/// Built by doubling one 256-byte period (the pattern repeats every 256 bytes) instead of a
/// closure call a byte: a debug build spent about a microsecond a byte on `(0..<n).map`, so a
/// 64 MiB upload file held a thread of the cooperative pool for over a minute on a loaded machine,
/// and every other test in the process waited for it.
public func patternBytes(count: Int, seed: Int = 0, step: Int = 31) -> Data {
    guard count > 0 else { return Data() }
    var period = [UInt8](repeating: 0, count: 256)
    for offset in 0..<256 { period[offset] = UInt8(truncatingIfNeeded: offset &* step &+ seed) }
    var data = Data(period)
    while data.count < count { data.append(data) }
    return data.prefix(count)
}
