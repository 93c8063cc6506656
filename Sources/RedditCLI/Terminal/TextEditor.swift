import Foundation

/// Asks the user for a text in `$VISUAL` or `$EDITOR`, as `git commit` does: the editor opens a
/// temporary file holding a commented template; lines starting with `#` are dropped and an
/// empty result cancels.
struct TextEditor {
    let environment: [String: String]

    /// The text written, or nil when it was left empty (the caller cancels).
    func edit(what: String) throws(CLIError) -> String? {
        let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty }
        guard let editor else {
            throw CLIError("no text: pass --text, or set $EDITOR (or $VISUAL) to write it in an editor")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("reddit-\(UUID().uuidString).md")
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            try Data(Self.template(what: what).utf8).write(to: file)
        } catch {
            throw CLIError("cannot write a temporary file for the editor: \(error.localizedDescription)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The editor setting may hold arguments (`code --wait`), so the shell splits it.
        process.arguments = ["-c", editor + " \"$1\"", "sh", file.path]
        process.environment = environment
        do {
            try process.run()
        } catch {
            throw CLIError("cannot start the editor '\(editor)': \(error.localizedDescription)")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CLIError("the editor '\(editor)' failed (status \(process.terminationStatus)); nothing sent")
        }
        guard let data = try? Data(contentsOf: file) else {
            throw CLIError("cannot read the text the editor wrote")
        }
        let text = Self.strip(String(decoding: data, as: UTF8.self))
        return text.isEmpty ? nil : text
    }

    /// The file the editor opens: an empty first line, then comments.
    static func template(what: String) -> String {
        """

        # Write \(what) above this line (Markdown).
        # Lines starting with '#' are ignored; an empty text cancels.
        """ + "\n"
    }

    /// The text without comment lines and surrounding blank space.
    static func strip(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("#") }
            .joined(separator: "\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
