import Courier
import Foundation

/// How ``ReplayTransport`` pairs a live request with a recorded interaction.
///
/// By default a request matches an interaction when the method, the URL path and the query
/// items (in any order) are equal. A recorded value that was redacted (`LoggingMonitor.Redactor.placeholder`)
/// matches any live value, so a request carrying a real token still finds its interaction.
public struct ReplayMatching: Sendable {
    /// In which order interactions are served.
    public enum Order: Sendable {
        /// Each request takes the first unused interaction that matches.
        case anyOrder
        /// Requests must arrive in the recorded order: each one must match the next interaction.
        case sequential
    }

    /// The order interactions are served in; ``Order/anyOrder`` by default.
    public var order: Order
    /// Query item names left out of the comparison (for example Reddit's `raw_json`).
    public var ignoredQueryItems: Set<String>
    /// Whether scheme, host and port must match too; false by default (the path decides).
    public var matchesHost: Bool
    /// Whether bodies must match too: JSON compared as values, forms field by field, anything
    /// else byte for byte. False by default.
    public var matchesBody: Bool
    /// Whether an interaction may answer again once every interaction that matches has been
    /// used (the last one used answers). False by default: each interaction answers once.
    public var reusesInteractions: Bool

    /// Creates matching rules; the defaults compare method, path and query.
    public init(
        order: Order = .anyOrder, ignoredQueryItems: Set<String> = [], matchesHost: Bool = false,
        matchesBody: Bool = false, reusesInteractions: Bool = false
    ) {
        self.order = order
        self.ignoredQueryItems = ignoredQueryItems
        self.matchesHost = matchesHost
        self.matchesBody = matchesBody
        self.reusesInteractions = reusesInteractions
    }

    /// Method, path and query, in any order, each interaction once.
    public static let `default` = ReplayMatching()

    private static let escapedPlaceholder =
        LoggingMonitor.Redactor.placeholder.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""

    /// One way a request differs from a recorded one.
    struct Difference {
        /// How far apart this makes them: a method or path weighs more than a query item.
        let weight: Int
        /// A phrase saying what differs.
        let text: String
    }

    /// Why `request` does not match `recorded`; empty when it matches.
    func differences(between request: HTTPRequest, and recorded: Cassette.RecordedRequest) -> [Difference] {
        var differences: [Difference] = []
        if request.method != recorded.method {
            differences.append(Difference(weight: 10, text: "recorded method \(recorded.method)"))
        }
        // A redacted value is written unescaped (`token=<redacted>`), which URLComponents refuses.
        let escapedURL = recorded.url.replacingOccurrences(
            of: LoggingMonitor.Redactor.placeholder, with: Self.escapedPlaceholder)
        guard let recordedURL = URLComponents(string: escapedURL) else {
            return differences + [Difference(weight: 10, text: "unreadable URL \(recorded.url)")]
        }
        let live = URLComponents(url: request.url, resolvingAgainstBaseURL: true)
        if matchesHost, let live,
            (live.scheme, live.host, live.port) != (recordedURL.scheme, recordedURL.host, recordedURL.port)
        {
            let host =
                "\(recordedURL.scheme ?? "")://\(recordedURL.host ?? "")\(recordedURL.port.map { ":\($0)" } ?? "")"
            differences.append(Difference(weight: 5, text: "recorded host \(host)"))
        }
        if (live?.percentEncodedPath ?? request.url.path) != recordedURL.percentEncodedPath {
            differences.append(Difference(weight: 10, text: "recorded path \(recordedURL.percentEncodedPath)"))
        }
        differences += queryDifferences(live: live?.queryItems ?? [], recorded: recordedURL.queryItems ?? [])
        if matchesBody,
            !BodyComparison.equal(
                live: request.body.map(Cassette.Interaction.recordedBytes), recorded: recorded.body?.data,
                contentType: request.headers["Content-Type"])
        {
            differences.append(Difference(weight: 1, text: "body differs"))
        }
        return differences
    }

    private func queryDifferences(live: [URLQueryItem], recorded: [URLQueryItem]) -> [Difference] {
        var unmatched = live.filter { !ignoredQueryItems.contains($0.name) }
        var missing: [String] = []
        for item in recorded where !ignoredQueryItems.contains(item.name) {
            let index = unmatched.firstIndex {
                $0.name == item.name && BodyComparison.valuesMatch(live: $0.value, recorded: item.value)
            }
            if let index {
                unmatched.remove(at: index)
            } else {
                missing.append(item.value.map { "\(item.name)=\($0)" } ?? item.name)
            }
        }
        var differences: [Difference] = []
        if !missing.isEmpty {
            differences.append(
                Difference(weight: missing.count, text: "recorded query has " + missing.joined(separator: "&")))
        }
        if !unmatched.isEmpty {
            let extra = unmatched.map { item in item.value.map { "\(item.name)=\($0)" } ?? item.name }.joined(
                separator: "&")
            differences.append(
                Difference(
                    weight: unmatched.count,
                    text: "request's query has " + LoggingMonitor.Redactor.default.redactForm(extra)))
        }
        return differences
    }
}

/// Compares a live body with a recorded (redacted) one.
enum BodyComparison {
    static func valuesMatch(live: String?, recorded: String?) -> Bool {
        recorded == LoggingMonitor.Redactor.placeholder || live == recorded
    }

    static func equal(live: Data?, recorded: Data?, contentType: String?) -> Bool {
        let live = live ?? Data()
        let recorded = recorded ?? Data()
        if live == recorded { return true }
        if let liveJSON = try? JSONSerialization.jsonObject(with: live, options: [.fragmentsAllowed]),
            let recordedJSON = try? JSONSerialization.jsonObject(with: recorded, options: [.fragmentsAllowed])
        {
            return jsonEqual(liveJSON, recordedJSON)
        }
        let isForm = contentType.flatMap(MediaType.init).map { $0.subtype == "x-www-form-urlencoded" } ?? false
        if isForm, let liveText = String(data: live, encoding: .utf8),
            let recordedText = String(data: recorded, encoding: .utf8)
        {
            return formFields(liveText).elementsEqual(formFields(recordedText)) {
                $0.0 == $1.0 && valuesMatch(live: $0.1, recorded: $1.1)
            }
        }
        return false
    }

    private static func formFields(_ text: String) -> [(String, String)] {
        text.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { String($0) }
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }.sorted { $0.0 == $1.0 ? $0.1 < $1.1 : $0.0 < $1.0 }
    }

    private static func jsonEqual(_ live: Any, _ recorded: Any) -> Bool {
        switch (live, recorded) {
        case (_, let recorded as String) where recorded == LoggingMonitor.Redactor.placeholder:
            return true
        case (let live as [String: Any], let recorded as [String: Any]):
            return live.count == recorded.count
                && live.allSatisfy { key, value in recorded[key].map { jsonEqual(value, $0) } ?? false }
        case (let live as [Any], let recorded as [Any]):
            return live.count == recorded.count && zip(live, recorded).allSatisfy { jsonEqual($0, $1) }
        case (let live as String, let recorded as String):
            return live == recorded
        case (let live as NSNumber, let recorded as NSNumber):
            return live == recorded
        case (is NSNull, is NSNull):
            return true
        default:
            return false
        }
    }
}
