import Courier
import Foundation

/// Pages a recorded listing the way Reddit pages a live one: `after` starts after that item,
/// `limit` (default 25, at most 100) caps the page, and the page's `after` names its last item
/// when more are recorded (and nothing when the recording ends).
enum ListingPager {
    static func page(_ response: HTTPResponse, query: [URLQueryItem], request: HTTPRequest, catalog: OfflineCatalog)
        throws -> HTTPResponse
    {
        guard request.method == .get, response.statusCode == 200,
            var root = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any],
            root["kind"] as? String == "Listing", var data = root["data"] as? [String: Any],
            let children = data["children"] as? [[String: Any]]
        else { return response }
        let values = Dictionary(query.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
        let limit = min(max(Int(values["limit"] ?? "") ?? 25, 1), 100)
        var start = 0
        if let after = values["after"], !after.isEmpty {
            guard let index = children.firstIndex(where: { name(of: $0) == after }) else {
                throw OfflineMiss(method: request.method, path: "\(request.url.path) after \(after)", catalog: catalog)
            }
            start = index + 1
        }
        let slice = Array(children[start..<min(children.count, start + limit)])
        data["children"] = slice
        if start + limit < children.count {
            data["after"] = slice.last.flatMap(name(of:)) ?? NSNull()
        } else {
            // The recording ends here: there is no next page offline, whatever Reddit's `after`
            // said when it was recorded (else "next page" would be offered, then found empty).
            data["after"] = NSNull()
        }
        data["dist"] = slice.count
        root["data"] = data
        var paged = response
        paged.body = (try? JSONSerialization.data(withJSONObject: root)) ?? response.body
        return paged
    }

    private static func name(of child: [String: Any]) -> String? {
        (child["data"] as? [String: Any])?["name"] as? String
    }
}
