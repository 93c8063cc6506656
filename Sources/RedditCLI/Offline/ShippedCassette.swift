import Foundation
package import RedditAPI

/// The cassette `reddit --offline` replays, shipped in the app's resources, as RedditAPI's
/// public ``RedditRecordings``.
package enum ShippedCassette {
    /// The recordings of the shipped cassette.
    package static func recordings() throws(CLIError) -> RedditRecordings {
        guard let url = url() else {
            throw CLIError(
                "the offline cassette is missing from this build of reddit (Resources/Offline/offline-cassette.json)")
        }
        do {
            return try RedditRecordings(cassette: url)
        } catch {
            throw CLIError("the offline cassette cannot be read: \(error.description)")
        }
    }

    /// Where the cassette is: in the resource bundle next to the executable (a build or an
    /// install that kept it), else in the source tree this was built from. Looked up by hand
    /// because `Bundle.module` stops the program when its bundle is gone.
    static func url(sourceFile: String = #filePath) -> URL? {
        let name = "Offline/offline-cassette.json"
        var candidates: [URL] = []
        for base in [
            Bundle.main.bundleURL, Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent(),
        ] {
            guard let base else { continue }
            candidates.append(base.appendingPathComponent("Courier_RedditCLI.resources").appendingPathComponent(name))
            candidates.append(
                base.appendingPathComponent("Courier_RedditCLI.bundle/Contents/Resources").appendingPathComponent(name))
        }
        for bundle in Bundle.allBundles where bundle.bundleURL.lastPathComponent.hasPrefix("Courier_RedditCLI") {
            candidates.append(bundle.bundleURL.appendingPathComponent(name))
        }
        let sourceTree = URL(fileURLWithPath: sourceFile).deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(sourceTree.appendingPathComponent("Resources").appendingPathComponent(name))
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }
}

extension OfflineTransport {
    /// The transport of the shipped cassette (what ``ShippedCassette/recordings()`` runs on).
    package convenience init() throws(CLIError) {
        self.init(exchanges: try ShippedCassette.recordings().offline.catalog.exchanges)
    }
}
