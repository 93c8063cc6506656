public import Foundation

/// Finds an executable product of this package that the tests launch as a child process (the
/// store's crash helper, the OAuth refresh helper): it is built next to the test bundle.
public enum HelperExecutable {
    /// A helper that is not where the build puts it.
    public struct NotFound: Error, CustomStringConvertible {
        /// What was looked for, where, and how to build it.
        public let description: String
    }

    /// The executable `name` next to the test bundle in the build directory.
    public static func url(named name: String) throws -> URL {
        var candidates: [URL] = []
        if let main = Bundle.main.executableURL?.deletingLastPathComponent() { candidates.append(main) }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        for bundle in Bundle.allBundles { candidates.append(bundle.bundleURL.deletingLastPathComponent()) }
        for directory in candidates {
            let url = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw NotFound(
            description: "\(name) not found next to the tests (looked in \(candidates.map(\.path))); "
                + "build with `swift build --build-tests` or run `Scripts/test`")
    }
}
