import Courier
import Foundation

/// Filters a recorded moderation queue or log the way Reddit filters a live one, so that one
/// recording answers every filter: a queue by `only` (`links` keeps posts, `comments` keeps
/// comments), the log by `type` (the action) and `mod` (the moderator).
///
/// `Scripts/build-offline-cassette.py` records a queue's recordings of one kind each as one
/// merged listing and leaves these items out of the recorded URL; ``OfflineTransport`` leaves
/// them out of the live request's URL the same way and filters here.
package enum ModerationFilter {
    /// The queues filtered by `only`.
    package static let queues: Set<String> = ["modqueue", "reports", "spam", "edited", "unmoderated"]
    /// The query items that filter instead of selecting a recording.
    static let queryItems: Set<String> = ["only", "mod", "type"]

    /// Whether `segments` (a normalized path's) name a queue or the log: `r/SUB/about/QUEUE`.
    static func isFiltered(_ segments: [String]) -> Bool {
        segments.count == 4 && segments[0] == "r" && segments[2] == "about"
            && (queues.contains(segments[3]) || segments[3] == "log")
    }

    /// `response` with only the children the filters of `query` keep; unchanged for any other
    /// request or when nothing filters.
    static func filter(_ response: HTTPResponse, query: [URLQueryItem], request: HTTPRequest) -> HTTPResponse {
        let segments = request.url.path.split(separator: "/").map(String.init).filter { !$0.isEmpty }
        guard request.method == .get, response.statusCode == 200, isFiltered(segments) else { return response }
        let values = Dictionary(query.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
        let keep: ([String: Any]) -> Bool
        if segments[3] == "log" {
            let action = values["type"]
            let moderator = values["mod"]?.lowercased()
            guard action != nil || moderator != nil else { return response }
            keep = { child in
                let data = child["data"] as? [String: Any] ?? [:]
                return (action == nil || data["action"] as? String == action)
                    && (moderator == nil || (data["mod"] as? String)?.lowercased() == moderator)
            }
        } else {
            guard let only = values["only"] else { return response }
            let kind = only == "links" ? "t3" : only == "comments" ? "t1" : only
            keep = { $0["kind"] as? String == kind }
        }
        guard var root = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any],
            var data = root["data"] as? [String: Any], let children = data["children"] as? [[String: Any]]
        else { return response }
        data["children"] = children.filter(keep)
        root["data"] = data
        var filtered = response
        filtered.body = (try? JSONSerialization.data(withJSONObject: root)) ?? response.body
        return filtered
    }
}
