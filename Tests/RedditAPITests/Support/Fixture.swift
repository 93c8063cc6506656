import Courier
import Foundation

/// A recorded Reddit response from `Fixtures/`: the body and, from its `.meta.json` sidecar,
/// the status and headers it came with.
struct Fixture {
    let name: String
    let body: Data
    let status: Int
    let headers: HTTPHeaders
    let requestPath: String

    struct Missing: Error, CustomStringConvertible {
        let name: String
        var description: String { "fixture \(name) is missing from Tests/RedditAPITests/Fixtures" }
    }

    private struct Meta: Decodable {
        struct Response: Decodable {
            let status_code: Int
            let headers: [String: String?]
        }
        struct RequestInfo: Decodable { let path: String }
        let fixture: String
        let response: Response
        let request: RequestInfo
    }

    static var root: URL {
        get throws {
            guard let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
                throw Missing(name: "Fixtures/")
            }
            return url
        }
    }

    /// Loads `group/name.json` (or `.txt`, `.html`) with its sidecar.
    init(_ relativePath: String) throws {
        let root = try Self.root
        let bodyURL = root.appendingPathComponent(relativePath)
        let metaURL = bodyURL.deletingPathExtension().appendingPathExtension("meta.json")
        guard let body = try? Data(contentsOf: bodyURL), let metaData = try? Data(contentsOf: metaURL) else {
            throw Missing(name: relativePath)
        }
        let meta = try JSONDecoder().decode(Meta.self, from: metaData)
        name = relativePath
        self.body = body
        status = meta.response.status_code
        var headers = HTTPHeaders()
        for (key, value) in meta.response.headers.sorted(by: { $0.key < $1.key }) {
            // Bodies are stored decompressed.
            if let value, key != "content-encoding", key != "content-length" { headers[key] = value }
        }
        self.headers = headers
        requestPath = meta.request.path
    }

    /// The fixture as a transport response to `url`.
    func response(for url: URL) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: headers, body: body, url: url)
    }

    /// Every fixture body in the shared set (sidecars excluded), as `group/name.ext`; the PRAW
    /// recordings under `praw/` and `praw-handwritten/` are checked by `PRAWRecordingTests`.
    static func all() throws -> [String] {
        let root = try root
        let groups = try FileManager.default.contentsOfDirectory(atPath: root.path)
        var names: [String] = []
        for group in groups.sorted() {
            var isDirectory: ObjCBool = false
            guard
                FileManager.default.fileExists(
                    atPath: root.appendingPathComponent(group).path, isDirectory: &isDirectory),
                isDirectory.boolValue, !["LICENSES", "praw", "praw-handwritten", "rtv"].contains(group)
            else { continue }
            for file in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(group).path)
                .sorted()
            where !file.hasSuffix(".meta.json") {
                names.append(group + "/" + file)
            }
        }
        return names
    }
}
