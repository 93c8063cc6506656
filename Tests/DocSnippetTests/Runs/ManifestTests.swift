import Foundation
import TestSupport
import Testing

/// The `manifest` blocks (whole Package.swift files: the README's installation, CourierTesting's
/// test target) load as they are written, against this checkout: SwiftPM compiles each manifest
/// and resolves every `.product(name:package:)` it names in a package beside a checkout named
/// `Courier`.
@Suite struct ManifestTests {
    @Test(arguments: DocBlocks.manifests.map { "\($0.document):\($0.line)" })
    func theManifestLoads(_ block: String) async throws {
        let manifest = try #require(DocBlocks.manifests.first { "\($0.document):\($0.line)" == block })
        let folder = try makeTemporaryFolder("doc-manifest")
        defer { try? FileManager.default.removeItem(at: folder) }
        // ../Courier, as the manifests say, is this checkout.
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("Courier"), withDestinationURL: ExtractionTests.root)
        let app = folder.appendingPathComponent("MyApp")
        for target in ["Sources/MyApp", "Tests/MyAppTests"] {
            let directory = app.appendingPathComponent(target)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data("// empty\n".utf8).write(to: directory.appendingPathComponent("File.swift"))
        }
        try Data(manifest.text.utf8).write(to: app.appendingPathComponent("Package.swift"))
        // show-dependencies loads the package graph, which fails on a product the dependency
        // does not have ("product 'X' required by package 'myapp' … not found in package 'Courier'").
        let dependencies = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            arguments: ["swift", "package", "--package-path", app.path, "--disable-sandbox", "show-dependencies"])
        #expect(dependencies.lowercased().contains("courier"))
    }
}
