import Foundation

/// What `getrusage` says about this process.
enum ProcessUsage {
    private static func current() -> rusage {
        var usage = rusage()
        #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        #else
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #endif
        return usage
    }

    /// User and system CPU time used so far, in seconds: a loaded machine disturbs it much less
    /// than the wall clock.
    static func cpuSeconds() -> Double {
        let usage = current()
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// Minor page faults so far.
    static func minorFaults() -> Int { Int(current().ru_minflt) }

    /// The largest resident size so far, in bytes (Darwin counts in bytes, Linux in KiB).
    static func maximumResidentBytes() -> Int {
        #if canImport(Darwin)
        Int(current().ru_maxrss)
        #else
        Int(current().ru_maxrss) * 1024
        #endif
    }
}
