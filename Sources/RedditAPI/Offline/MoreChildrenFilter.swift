import Courier
import Foundation

/// Keeps a recorded `morechildren` answer to the comments a live request asks for.
///
/// The recording matches any request for its post (the ids asked for are not a key field, since
/// the client batches them its own way), so without this a stub whose comments were not recorded
/// would be answered with other comments, which the tree then cannot place: the stub vanished
/// and nothing appeared. Now such a request is an ``OfflineMiss`` ("not recorded") and the stub
/// stays.
enum MoreChildrenFilter {
    /// `response` with only the things whose ids `request` asks for; unchanged for any other
    /// request. Throws `miss` when none of the asked-for comments was recorded.
    static func filter(_ response: HTTPResponse, request: HTTPRequest, miss: OfflineMiss) throws -> HTTPResponse {
        guard request.method == .post, request.url.path.hasPrefix("/api/morechildren"), response.statusCode == 200,
            let asked = askedIDs(request),
            var root = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any],
            var json = root["json"] as? [String: Any], var data = json["data"] as? [String: Any],
            let things = data["things"] as? [[String: Any]]
        else { return response }
        let kept = things.filter { thing in
            ((thing["data"] as? [String: Any])?["id"] as? String).map(asked.contains) ?? false
        }
        guard !kept.isEmpty else { throw miss }
        data["things"] = kept
        json["data"] = data
        root["json"] = json
        guard let body = try? JSONSerialization.data(withJSONObject: root) else { return response }
        var filtered = response
        filtered.body = body
        return filtered
    }

    /// The comment ids of the request's `children` field (form body or query).
    private static func askedIDs(_ request: HTTPRequest) -> Set<String>? {
        var fields: [String: String] = [:]
        if let body = request.body?.data, let text = String(data: body, encoding: .utf8) {
            for pair in text.split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                if parts.count == 2, let name = OfflineTransport.formDecode(parts[0]) {
                    fields[name] = OfflineTransport.formDecode(parts[1])
                }
            }
        }
        for item in URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? [] {
            fields[item.name] = item.value
        }
        guard let children = fields["children"] else { return nil }
        return Set(children.split(separator: ",").map(String.init))
    }
}
