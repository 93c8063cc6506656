package import Foundation

extension Duration {
    /// The duration in seconds, as a `TimeInterval` (what Foundation's dates and timers take).
    /// The one conversion of the package: its modules and tools use it through `package` access.
    package var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }

    /// The duration in whole milliseconds, rounded toward zero (what libcurl's and `poll`'s
    /// millisecond arguments take), saturating at `Int`'s bounds.
    var wholeMilliseconds: Int {
        let (seconds, attoseconds) = components
        let (milliseconds, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        let (total, overflowAgain) = milliseconds.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
        guard !overflow, !overflowAgain else { return seconds < 0 ? .min : .max }
        return Int(clamping: total)
    }
}
