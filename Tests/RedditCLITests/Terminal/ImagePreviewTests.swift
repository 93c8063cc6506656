import Foundation
import TestSupport
import Testing

@testable import RedditCLI

@Suite struct ImagePreviewTests {
    /// A 16×8 PPM picture: the left half red, the right half blue.
    private func picture() throws -> URL {
        var bytes = Array("P6\n16 8\n255\n".utf8)
        for _ in 0..<8 {
            for x in 0..<16 { bytes += x < 8 ? [255, 0, 0] : [0, 0, 255] }
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("reddit-\(UUID().uuidString).ppm")
        try Data(bytes).write(to: file)
        return file
    }

    @Test func aPictureIsDrawnWithColouredSymbolsInTheCellsGiven() throws {
        let file = try picture()
        defer { try? FileManager.default.removeItem(at: file) }
        let text = try ImagePreview.render(file: file.path, columns: 8, rows: 20, mode: .symbols, environment: [:])
        let lines = text.split(separator: "\n")
        // Twice as wide as tall, in cells twice as tall as wide: as many rows as columns / 4 × 2.
        #expect(lines.count == 2, "\(lines.count) lines")
        #expect(text.contains("255;0;0"), "red is drawn")
        #expect(text.contains("0;0;255"), "blue is drawn")
        let visible = text.replacing(/\u{1B}\[[0-9;?]*[A-Za-z]/, with: "").split(separator: "\n")
        #expect(visible.allSatisfy { $0.count == 8 }, "\(visible)")
    }

    @Test func kittyAndSixelTerminalsGetTheirOwnSequences() throws {
        let file = try picture()
        defer { try? FileManager.default.removeItem(at: file) }
        let kitty = try ImagePreview.render(
            file: file.path, columns: 8, rows: 4, mode: .kitty, environment: ["TERM": "xterm-kitty"])
        #expect(kitty.contains("\u{1B}_G"), "kitty's graphics command")
        let sixels = try ImagePreview.render(
            file: file.path, columns: 8, rows: 4, mode: .sixels, environment: ["TERM": "foot"])
        #expect(sixels.contains("\u{1B}P"), "a sixel sequence (DCS)")
    }

    @Test func aFileThatIsNoPictureIsAnError() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("reddit-\(UUID().uuidString).txt")
        try Data("not a picture".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(throws: CLIError.self) {
            try ImagePreview.render(file: file.path, columns: 8, rows: 4, mode: .symbols, environment: [:])
        }
    }

    @Test func previewsAreOffWhenAskedUnderDumbTerminalsNoColorAndOffATerminal() {
        let on = ["TERM": "xterm-256color"]
        #expect(ImagePreview.unavailableReason(setting: true, environment: on, isTerminal: true) == nil)
        #expect(
            ImagePreview.unavailableReason(setting: false, environment: on, isTerminal: true)
                == "image previews are off (\"image_preview\": false in the config file)")
        #expect(
            ImagePreview.unavailableReason(setting: true, environment: ["TERM": "dumb"], isTerminal: true)
                == "image previews are off under TERM=dumb")
        #expect(
            ImagePreview.unavailableReason(
                setting: true, environment: on.merging(["NO_COLOR": "1"]) { $1 }, isTerminal: true)
                == "image previews are off under NO_COLOR")
        #expect(ImagePreview.unavailableReason(setting: true, environment: on, isTerminal: false) != nil)
    }

    @Test func kittyAndSixelTerminalsGetTheirGraphics() {
        #expect(ImagePreview.mode(environment: ["TERM": "xterm-kitty"]) == .kitty)
        #expect(ImagePreview.mode(environment: ["TERM": "xterm", "KITTY_WINDOW_ID": "1"]) == .kitty)
        #expect(ImagePreview.mode(environment: ["TERM": "foot"]) == .sixels)
        #expect(ImagePreview.mode(environment: ["TERM": "xterm-256color"]) == .symbols)
    }

    @Test func theConfigFileTurnsPreviewsOff() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("reddit-\(UUID().uuidString)")
        let directory = home.appendingPathComponent("reddit")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let environment = ["XDG_CONFIG_HOME": home.path]
        #expect(try CLIConfiguration.resolve(options: GlobalOptions(), environment: environment).imagePreview)
        try Data(#"{"image_preview": false}"#.utf8).write(to: directory.appendingPathComponent("config.json"))
        #expect(try !CLIConfiguration.resolve(options: GlobalOptions(), environment: environment).imagePreview)
        try Data(#"{"image_preview": "no"}"#.utf8).write(to: directory.appendingPathComponent("config.json"))
        #expect(throws: CLIError.self) {
            try CLIConfiguration.resolve(options: GlobalOptions(), environment: environment)
        }
    }
}

/// A picture fetched over HTTP (httpbin's PNG) as `v` and mailcap programs reading standard input get it.
@Suite struct MediaDownloadTests {
    @Test func aFetchedPNGIsDrawn() async throws {
        let url = try TestServers.httpbin().appendingPathComponent("image/png").absoluteString
        let file = try await MediaDownload.temporaryFile(from: url)
        defer { try? FileManager.default.removeItem(at: file) }
        let text = try ImagePreview.render(file: file.path, columns: 20, rows: 10, mode: .symbols, environment: [:])
        #expect(text.contains("\u{1B}[38;2;") || text.contains("\u{1B}[48;2;"), "drawn in true colour")
        #expect(!text.isEmpty)
    }

    @Test func aMissingPictureIsAnErrorSayingSo() async throws {
        let url = try TestServers.httpbin().appendingPathComponent("status/404").absoluteString
        await #expect(throws: CLIError.self) {
            _ = try await MediaDownload.temporaryFile(from: url)
        }
    }
}
