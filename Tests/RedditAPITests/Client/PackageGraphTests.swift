import Foundation
import Testing

/// RedditAPI links no Redis: a library user who never runs Redis does not link hiredis's wrapper.
/// The fleet's Redis budget lives in the RedditFleet target.
@Suite struct PackageGraphTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The text of the `.target(...)` declaration named `name` in Package.swift.
    static func target(_ name: String) throws -> String {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declarations = manifest.components(separatedBy: ".target(").dropFirst()
        return try #require(declarations.first { $0.contains("name: \"\(name)\"") })
            .components(separatedBy: "swiftSettings")[0]
    }

    @Test func redditAPIDependsOnNoRedis() throws {
        let redditAPI = try Self.target("RedditAPI")
        #expect(redditAPI.contains("\"Courier\""))
        #expect(!redditAPI.contains("CourierRedis"))
        let fleet = try Self.target("RedditFleet")
        #expect(fleet.contains("\"RedditAPI\"") && fleet.contains("\"CourierRedis\""))
    }

    @Test func noRedditAPISourceImportsRedis() throws {
        let folder = Self.root.appendingPathComponent("Sources/RedditAPI")
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        var importing: [String] = []
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            if text.split(separator: "\n").contains(where: { $0.hasSuffix("import CourierRedis") }) {
                importing.append(file.lastPathComponent)
            }
        }
        #expect(importing == [])
    }
}
