public import Foundation

/// Makes a fresh, empty folder under the system's temporary directory, named with `prefix` and a
/// unique suffix; the test removes it when done.
public func makeTemporaryFolder(_ prefix: String = "courier-test") throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}
