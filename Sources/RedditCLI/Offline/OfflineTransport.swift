package import Courier
import Foundation
package import CourierTesting

/// The transport of `reddit --offline`: answers from the cassette shipped with the app through
/// `ReplayTransport`, and never touches the network.
///
/// Live requests are normalized the way `Scripts/build-offline-cassette.py` normalized the
/// recorded ones (no trailing slash or `.json`, no volatile query items, default sorts left
/// out), so the client's exact query does not matter. Listings are paged like Reddit pages
/// them: `limit` (default 25) and `after` slice the recorded listing. A form request (vote,
/// save, morechildren) matches only when its key fields (`id`, `dir`, `link_id`…) are the
/// recorded ones. A request with no recording fails with ``OfflineMiss``, which lists what is
/// available offline.
package final class OfflineTransport: HTTPTransport {
    private let replay: ReplayTransport
    /// What the cassette holds, for the "not available offline" message.
    package let catalog: OfflineCatalog

    /// Query items that change from call to call and never select different data; keep in step
    /// with the builder script.
    static let volatileQueryItems: Set<String> = [
        "raw_json", "limit", "after", "before", "count", "show", "sr_detail", "rtj", "syntax",
        "restrict_sr", "include_over_18", "type", "depth", "api_type",
    ]
    /// Form fields that pick what an action acts on.
    static let keyFormFields: Set<String> = ["link_id", "id", "dir", "action", "sr_name", "grant_type", "device_id"]

    /// Serves `cassette`.
    package init(cassette: Cassette) {
        replay = ReplayTransport(cassette: cassette, matching: ReplayMatching(matchesBody: true, reusesInteractions: true))
        catalog = OfflineCatalog(cassette: cassette)
    }

    /// Serves the cassette shipped in the app's resources.
    package convenience init() throws(CLIError) {
        guard let url = Self.shippedCassette() else {
            throw CLIError("the offline cassette is missing from this build of reddit (Resources/Offline/offline-cassette.json)")
        }
        do {
            self.init(cassette: try Cassette(contentsOf: url))
        } catch {
            throw CLIError("the offline cassette cannot be read: \(error.description)")
        }
    }

    /// Where the cassette is: in the resource bundle next to the executable (a build or an
    /// install that kept it), else in the source tree this was built from. Looked up by hand
    /// because `Bundle.module` stops the program when its bundle is gone.
    static func shippedCassette(sourceFile: String = #filePath) -> URL? {
        let name = "Offline/offline-cassette.json"
        var candidates: [URL] = []
        for base in [Bundle.main.bundleURL, Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent()] {
            guard let base else { continue }
            candidates.append(base.appendingPathComponent("Courier_RedditCLI.resources").appendingPathComponent(name))
            candidates.append(base.appendingPathComponent("Courier_RedditCLI.bundle/Contents/Resources").appendingPathComponent(name))
        }
        for bundle in Bundle.allBundles where bundle.bundleURL.lastPathComponent.hasPrefix("Courier_RedditCLI") {
            candidates.append(bundle.bundleURL.appendingPathComponent(name))
        }
        let sourceTree = URL(fileURLWithPath: sourceFile).deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(sourceTree.appendingPathComponent("Resources").appendingPathComponent(name))
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }

    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let normalized = Self.normalize(request)
        let response: HTTPResponse
        do {
            response = try await replay.send(normalized)
        } catch is ReplayTransport.NoMatchError {
            throw OfflineMiss(method: request.method, path: normalized.url.path, catalog: catalog)
        }
        let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return try ListingPager.page(response, query: query, request: request, catalog: catalog)
    }

    /// The request as the cassette records it.
    static func normalize(_ request: HTTPRequest) -> HTTPRequest {
        var request = request
        guard var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false) else { return request }
        var path = components.path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        if path.hasSuffix(".json") { path.removeLast(5) }
        let segments = path.split(separator: "/").map(String.init)
        var query = (components.queryItems ?? []).filter { !volatileQueryItems.contains($0.name) }
        if segments.first == "user" {
            if segments.count == 3, segments[2] == "overview" { path = "/user/" + segments[1] }
            query.removeAll { $0.name == "sort" || $0.name == "t" }
        }
        if segments.first == "comments" { query.removeAll { $0.name == "sort" && $0.value == "confidence" } }
        if segments.contains("search") {
            query.removeAll { ($0.name == "sort" && $0.value == "relevance") || ($0.name == "t" && $0.value == "all") }
        }
        components.path = path
        components.queryItems = query.isEmpty ? nil : query
        if let url = components.url { request.url = url }
        if let body = request.body, let text = String(data: body, encoding: .utf8), request.method == .post {
            let fields = text.split(separator: "&").compactMap { pair -> (String, String)? in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                guard let name = parts.first.flatMap(formDecode), keyFormFields.contains(name) else { return nil }
                return (name, formEncode(parts.count > 1 ? formDecode(parts[1]) ?? "" : ""))
            }
            request.body = Data(fields.sorted { $0.0 < $1.0 }.map { "\($0.0)=\($0.1)" }.joined(separator: "&").utf8)
            request.headers["Content-Type"] = "application/x-www-form-urlencoded"
        }
        return request
    }
}

extension OfflineTransport {
    /// Form encoding as Python's `urlencode` writes it (the builder script's): `+` for spaces,
    /// letters, digits and `-._~` as they are, everything else percent-encoded.
    static func formEncode(_ text: String) -> String {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~ ")
        return (text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text).replacingOccurrences(of: " ", with: "+")
    }

    static func formDecode(_ text: String) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}

/// A request `reddit --offline` has no recording for.
package struct OfflineMiss: Error, CustomStringConvertible {
    package let method: HTTPMethod
    package let path: String
    package let catalog: OfflineCatalog

    package var description: String {
        "\(method) \(path) is not available offline. " + catalog.summary
    }
}
