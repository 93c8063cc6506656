package import Foundation

/// HTTP dates (RFC 9110 §5.6.7): the IMF-fixdate form, plus the two obsolete forms a recipient
/// must still accept. Shared by `Retry-After` (RetryPolicy) and freshness (ResponseCache).
package enum HTTPDate {
    private static let formats = [
        "EEE, dd MMM yyyy HH:mm:ss zzz",  // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
        "EEEE, dd-MMM-yy HH:mm:ss zzz",  // RFC 850: Sunday, 06-Nov-94 08:49:37 GMT
        "EEE MMM d HH:mm:ss yyyy",  // asctime: Sun Nov  6 08:49:37 1994
    ]

    /// The date, or nil when the text is none of the three forms. Runs of spaces are folded
    /// first (asctime pads one-digit days with a space).
    package static func parse(_ text: String) -> Date? {
        let normalized = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        let formatter = gmtFormatter()
        for format in formats {
            formatter.dateFormat = format
            if let date = formatter.date(from: normalized) { return date }
        }
        return nil
    }

    /// The IMF-fixdate form of `date`.
    package static func format(_ date: Date) -> String {
        let formatter = gmtFormatter()
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    private static func gmtFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        return formatter
    }
}
