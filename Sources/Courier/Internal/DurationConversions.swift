extension Duration {
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
