package import Foundation

/// Reads a `Retry-After` header (RFC 9110 §10.2.3): a number of seconds, or an HTTP-date.
package enum RetryAfter {
    /// The wait the response asks for, or nil when it has no valid `Retry-After`.
    ///
    /// A date is measured from the response's own `Date` header when it has one, so a skewed
    /// client clock does not change the wait; otherwise from `now`. A date in the past means
    /// no wait.
    package static func delay(in headers: HTTPHeaders, now: Date = Date()) -> Duration? {
        guard let value = headers["Retry-After"]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
            return nil
        }
        if value.allSatisfy(\.isASCIIDigit) {
            // More digits than an Int holds is still "a very long time"; the policy caps it.
            return .seconds(Int(value) ?? Int.max)
        }
        guard let date = HTTPDate.parse(value) else { return nil }
        let reference = headers["Date"].flatMap(HTTPDate.parse) ?? now
        return .seconds(max(0, date.timeIntervalSince(reference)))
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
