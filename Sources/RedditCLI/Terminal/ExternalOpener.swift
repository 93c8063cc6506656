import Foundation

/// Opens a URL outside the terminal: `$BROWSER` (the first of its `:`-separated commands),
/// else `xdg-open`, else `open` (macOS); and copies text through the terminal (OSC 52).
package enum ExternalOpener {
    /// Starts the browser on `url` and returns the status line to show: what was opened, or
    /// the URL itself when there is no way to open it.
    package static func open(_ url: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> String
    {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        var candidates: [String] = []
        if let browser = environment["BROWSER"]?.split(separator: ":").first.map(String.init), !browser.isEmpty {
            candidates.append(browser)
        }
        candidates += ["xdg-open", "open"]
        for candidate in candidates {
            guard let executable = resolve(candidate, path: path) else { continue }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = [url]
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            do {
                try process.run()
                return "opened \(url)"
            } catch {
                continue
            }
        }
        return "no browser found (set BROWSER); the link: \(url)"
    }

    /// The executable `command` names: a path as given, else the first match on `path`.
    static func resolve(_ command: String, path: String) -> String? {
        if command.contains("/") { return FileManager.default.isExecutableFile(atPath: command) ? command : nil }
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(command)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The OSC 52 sequence that asks the terminal to put `text` on the clipboard (works over SSH
    /// and in tmux with `set-clipboard on`).
    package static func osc52(_ text: String) -> String {
        "\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}"
    }
}
