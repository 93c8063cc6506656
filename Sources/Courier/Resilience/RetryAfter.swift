import Foundation

/// Reads a `Retry-After` header (RFC 9110 §10.2.3): a number of seconds, or an HTTP-date.
enum RetryAfter {
    /// The wait the response asks for, or nil when it has no valid `Retry-After`.
    ///
    /// A date is measured from the response's own `Date` header when it has one, so a skewed
    /// client clock does not change the wait; otherwise from `now`. A date in the past means
    /// no wait.
    static func delay(in headers: HTTPHeaders, now: Date = Date()) -> Duration? {
        guard let value = headers["Retry-After"]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if value.allSatisfy(\.isASCIIDigit) {
            // More digits than an Int holds is still "a very long time"; the policy caps it.
            return .seconds(Int(value) ?? Int.max)
        }
        guard let date = httpDate(value) else { return nil }
        let reference = headers["Date"].flatMap(httpDate) ?? now
        return .seconds(max(0, date.timeIntervalSince(reference)))
    }

    /// Parses the three HTTP-date forms: IMF-fixdate, RFC 850 and asctime.
    static func httpDate(_ text: String) -> Date? {
        let normalized = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: normalized) { return date }
        }
        return nil
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
