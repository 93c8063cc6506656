import Foundation
import TestSupport
import Testing

/// `o` on a media post inside `reddit browse --offline`, in tmux: the user's mailcap entry runs
/// with the media's address (a recording script stands in for the viewer), else the browser.
@Suite(.serialized) struct BrowseMediaTests {
    /// A directory with a script that writes its arguments (and, when asked, the terminal's
    /// modes) to files, and a mailcap file naming it.
    private struct Recorder {
        let directory: URL
        var script: URL { directory.appendingPathComponent("record.sh") }
        var arguments: URL { directory.appendingPathComponent("arguments.txt") }
        var modes: URL { directory.appendingPathComponent("modes.txt") }
        var mailcap: URL { directory.appendingPathComponent("mailcap") }

        init(mailcap lines: (String) -> String) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "reddit-media-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let body = """
                #!/bin/sh
                stty -a > '\(directory.path)/modes.txt' 2>/dev/null
                printf '%s\\n' "$@" >> '\(directory.path)/arguments.txt'

                """
            try Data(body.utf8).write(to: script)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
            try Data(lines(script.path).utf8).write(to: mailcap)
        }

        /// The recorded arguments, once the script has written them. Called once the browser
        /// said it started the program, so only a hang reaches the deadline (``hangLimit``, the
        /// same bound as every wait for the screen); then the screen says where the browser was.
        func recorded(_ tmux: TmuxSession) async throws -> [String] {
            let deadline = ContinuousClock.now + hangLimit
            while ContinuousClock.now < deadline {
                if let text = try? String(contentsOf: arguments, encoding: .utf8), text.hasSuffix("\n") {
                    return text.split(separator: "\n").map(String.init)
                }
                try await Task.sleep(for: .milliseconds(50))
            }
            throw TmuxSession.Failure(
                description: "the mailcap program wrote nothing; the screen was:\n"
                    + (try tmux.screen()).joined(separator: "\n"))
        }
    }

    /// Waits for the first screen, then selects the imgur post: each key waits for the selection
    /// it moves (the first screen is drawn once the terminal is in raw mode, so a key sent from
    /// then on waits in the terminal until the browser reads it).
    private func waitUntilReady(_ tmux: TmuxSession) async throws {
        try await BrowseInTmux.select("Ba Dum Tsss", in: tmux)
    }

    @Test func aVideoPostOpensWithTheMailcapEntryForItsType() async throws {
        let recorder = try Recorder { script in
            "image/*; \(script) image %s\nvideo/*; \(script) video %t %s\n"
        }
        let tmux = try TmuxSession(
            command: try BrowseInTmux.command("", environment: ["MAILCAPS": recorder.mailcap.path]))
        defer { tmux.close() }
        try await waitUntilReady(tmux)
        try tmux.send("o")
        // The state the key leads to first (the browser started the program), then what the
        // program recorded.
        try await tmux.waitFor(text: "opened http://i.imgur.com/eoF76hj.mp4 with mailcap")
        // The front page's first post links imgur's .gifv: its .mp4 is what a player reads.
        #expect(try await recorder.recorded(tmux) == ["video", "video/mp4", "http://i.imgur.com/eoF76hj.mp4"])
        try tmux.send("Q")
        try await BrowseInTmux.expectRestored(tmux)
    }

    @Test func aTerminalProgramGetsTheTerminalInItsNormalModes() async throws {
        let recorder = try Recorder { script in "video/mp4; \(script) %s; needsterminal\n" }
        let tmux = try TmuxSession(
            command: try BrowseInTmux.command("--post 3hahrw", environment: ["MAILCAPS": recorder.mailcap.path]))
        defer { tmux.close() }
        try await tmux.waitFor(text: "Ba Dum Tsss")
        try tmux.send("o")
        // The program ran in the foreground: the browser says so once it has ended.
        try await tmux.waitFor(text: "with mailcap")
        #expect(try await recorder.recorded(tmux) == ["http://i.imgur.com/eoF76hj.mp4"])
        let modes = try String(contentsOf: recorder.modes, encoding: .utf8).split(whereSeparator: \.isWhitespace)
        #expect(modes.contains("icanon") && modes.contains("echo"), "the program had line editing and echo")
        // The browser has the terminal back afterwards.
        #expect(try tmux.isOnAlternateScreen())
        try tmux.send("Q")
        try await BrowseInTmux.expectRestored(tmux)
    }

    @Test func withoutAMailcapEntryTheBrowserOpensTheLink() async throws {
        let recorder = try Recorder { script in "image/*; \(script) %s\n" }
        let tmux = try TmuxSession(
            command: try BrowseInTmux.command(
                "", environment: ["MAILCAPS": recorder.mailcap.path, "BROWSER": recorder.script.path]))
        defer { tmux.close() }
        try await waitUntilReady(tmux)
        try tmux.send("o")
        try await tmux.waitFor(text: "opened http://i.imgur.com/eoF76hj.gifv")
        // No entry for video: $BROWSER gets the post's own link.
        #expect(try await recorder.recorded(tmux) == ["http://i.imgur.com/eoF76hj.gifv"])
        try tmux.send("Q")
        try await BrowseInTmux.expectRestored(tmux)
    }
}

/// `v` inside `reddit browse --offline`, in tmux: what it says when it cannot draw (the
/// recording holds no picture bytes; drawing itself is tested on a local file, ImagePreviewTests).
@Suite(.serialized) struct BrowsePreviewTests {
    private func bottomLine(after key: String, environment: [String: String]) async throws -> [String] {
        let tmux = try TmuxSession(command: try BrowseInTmux.command("", environment: environment))
        defer { tmux.close() }
        try await BrowseInTmux.select("Ba Dum Tsss", in: tmux)
        try tmux.send(key)
        let screen = try await tmux.waitFor("what v says") { screen in
            screen.contains { $0.contains("image previews") || $0.contains("pictures are not recorded") }
        }
        try tmux.send("Q")
        try await BrowseInTmux.expectRestored(tmux)
        return screen
    }

    @Test func offlineThePictureIsNotRecordedAndTheLinkIsOffered() async throws {
        let screen = try await bottomLine(after: "v", environment: ["NO_COLOR": ""])
        // A long status wraps at word boundaries: the address starts the second line.
        let bottom = screen.filter { !$0.isEmpty }.suffix(2).joined(separator: " ")
        #expect(
            bottom.hasPrefix("offline: pictures are not recorded; previews work online (o opens https://i.redditmedia"),
            "\(bottom)")
    }

    @Test func noColorTurnsPreviewsOff() async throws {
        let screen = try await bottomLine(after: "v", environment: [:])
        #expect(screen.contains { $0.hasPrefix("image previews are off under NO_COLOR") })
    }

    @Test func theConfigFileTurnsPreviewsOff() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("reddit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: home.appendingPathComponent("reddit"), withIntermediateDirectories: true)
        try Data(#"{"image_preview": false}"#.utf8).write(
            to: home.appendingPathComponent("reddit/config.json"))
        let screen = try await bottomLine(after: "v", environment: ["NO_COLOR": "", "XDG_CONFIG_HOME": home.path])
        #expect(
            screen.contains { $0.hasPrefix("image previews are off (\"image_preview\": false in the config file)") })
    }
}
