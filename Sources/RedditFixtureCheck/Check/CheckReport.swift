package import Foundation

/// The results of checking a folder of recordings, one a file, in path order.
package struct CheckReport: Sendable {
    /// Every file's result.
    package let results: [CheckResult]

    /// Checks every recording under `folder` (recursively): each body with its `.meta.json`
    /// sidecar. Licence texts (`LICENSES/`) and Markdown files are not recordings. A body
    /// without a sidecar, a sidecar without a body or one that is not a sidecar is a failure
    /// of that file, never a crash.
    package static func check(folder: URL, with checker: FixtureChecker = FixtureChecker()) async -> CheckReport {
        var results: [CheckResult] = []
        for entry in RecordingFiles.list(folder) {
            switch entry {
            case .recording(let body, let sidecar, let file):
                do {
                    results.append(await checker.check(try Recording(body: body, sidecar: sidecar, file: file)))
                } catch {
                    results.append(CheckResult(unreadable: file, error))
                }
            case .orphan(let file, let error):
                results.append(CheckResult(unreadable: file, error))
            }
        }
        return CheckReport(results: results)
    }

    /// How many passed.
    package var passed: Int { results.filter(\.passed).count }
    /// How many failed (unsupported ones included).
    package var failed: Int { results.count - passed }
    /// How many no route serves.
    package var unsupported: Int { results.filter(\.isUnsupported).count }
    /// How many distinct endpoints the recordings hold.
    package var endpoints: Int { Set(results.compactMap(\.endpoint)).count }

    /// The closing line: `N passed, N failed (N unsupported), N distinct endpoints`.
    package var summary: String {
        "\(passed) passed, \(failed) failed (\(unsupported) unsupported), \(endpoints) distinct endpoints"
    }
}

/// The files of a folder of recordings.
enum RecordingFiles {
    enum Entry {
        case recording(body: URL, sidecar: URL, file: String)
        case orphan(file: String, Recording.LoadError)
    }

    static func list(_ folder: URL) -> [Entry] {
        let root = folder.standardizedFileURL
        guard
            let enumerator = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [.orphan(file: folder.path, .unreadable("not a readable folder"))] }
        var bodies: [String: URL] = [:]
        var sidecars: [String: URL] = [:]
        for case let url as URL in enumerator {
            if url.lastPathComponent == "LICENSES" {
                enumerator.skipDescendants()
                continue
            }
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let file = relativePath(url, in: root)
            if file.hasSuffix(".meta.json") {
                sidecars[String(file.dropLast(".meta.json".count))] = url
            } else if url.pathExtension.lowercased() != "md" {
                bodies[file] = url
            }
        }
        var entries: [(String, Entry)] = []
        var matched: Set<String> = []
        for (file, body) in bodies {
            let stem = (file as NSString).deletingPathExtension
            if let sidecar = sidecars[stem] {
                matched.insert(stem)
                entries.append((file, .recording(body: body, sidecar: sidecar, file: file)))
            } else {
                entries.append((file, .orphan(file: file, .noSidecar)))
            }
        }
        for (stem, _) in sidecars where !matched.contains(stem) {
            entries.append((stem + ".meta.json", .orphan(file: stem + ".meta.json", .noBody)))
        }
        return entries.sorted { $0.0 < $1.0 }.map(\.1)
    }

    private static func relativePath(_ url: URL, in root: URL) -> String {
        let path = url.standardizedFileURL.path
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
