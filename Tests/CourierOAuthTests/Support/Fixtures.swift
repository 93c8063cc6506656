import Courier
import CourierOAuth
import Foundation
import Testing

/// Reddit's recorded token responses, with the status each came with.
enum RedditFixture {
    /// The body and status of `name` (without extension) from Fixtures/reddit.
    static func response(_ name: String, url: URL = URL(string: "https://www.reddit.com/api/v1/access_token")!) throws
        -> HTTPResponse
    {
        let directory = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
            .appendingPathComponent("reddit")
        let bodyURL = ["json", "txt"].map { directory.appendingPathComponent("\(name).\($0)") }
            .first { FileManager.default.fileExists(atPath: $0.path) }
        let body = try Data(contentsOf: try #require(bodyURL, "no fixture \(name)"))
        let meta = try JSONSerialization.jsonObject(
            with: Data(contentsOf: directory.appendingPathComponent("\(name).meta.json")))
        let response = try #require((meta as? [String: Any])?["response"] as? [String: Any])
        let status = try #require(response["status_code"] as? Int)
        return HTTPResponse(statusCode: status, headers: ["Content-Type": "application/json"], body: body, url: url)
    }
}

/// `token.json` in a new folder of its own under the temporary directory, named `<prefix>-<UUID>`;
/// the caller removes the folder.
func temporaryTokenFile(_ prefix: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent("token.json")
}
