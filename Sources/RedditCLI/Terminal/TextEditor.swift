import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Asks the user for a text in `$VISUAL` or `$EDITOR`: the editor opens a temporary file holding
/// the text to start from, then a fence line and the instructions below it. Everything above the
/// fence is the text, every line kept (`#` headings included); the fence carries a token made
/// for this edit, so no text the user writes can look like it. An empty text cancels. Used by
/// the writing commands and by `browse`.
struct TextEditor {
    let environment: [String: String]

    /// The editor setting (`$VISUAL`, else `$EDITOR`), nil when neither is set.
    var command: String? {
        [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty }
    }

    /// The text written, or nil when it was left empty (the caller cancels). A `draft` (kept
    /// from a write that failed) starts the file, above the template.
    ///
    /// The editor runs on the same terminal; while it does, Ctrl-C and Ctrl-\ reach only the
    /// editor (this process ignores them, as `git` does).
    func edit(what: String, draft: String? = nil) async throws(CLIError) -> String? {
        let fence = Self.fence()
        let text = Self.text(
            in: try await edit(file: (draft.map { $0 + "\n" } ?? "") + Self.template(what: what, fence: fence)),
            fence: fence)
        return text.isEmpty ? nil : text
    }

    /// `text` as the editor left it, every line kept (a wiki page's Markdown headings start
    /// with `#`, so nothing is a comment here).
    func edit(text: String) async throws(CLIError) -> String {
        try await edit(file: text)
    }

    /// Opens a temporary file holding `contents` in the editor; the file's contents after.
    private func edit(file contents: String) async throws(CLIError) -> String {
        guard let editor = command else {
            throw CLIError("no text: pass --text, or set $EDITOR (or $VISUAL) to write it in an editor")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("reddit-\(UUID().uuidString).md")
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            try Data(contents.utf8).write(to: file)
        } catch {
            throw CLIError("cannot write a temporary file for the editor: \(error.localizedDescription)")
        }
        // The editor setting may hold arguments (`code --wait`), so the shell splits it.
        let status = try await Self.run(
            ["/bin/sh", "-c", editor + " \"$1\"", "sh", file.path], environment: environment,
            program: "the editor '\(editor)'")
        // WIFEXITED and WEXITSTATUS, which Swift does not import.
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            throw CLIError("the editor '\(editor)' failed (status \(code)); nothing sent")
        }
        guard let data = try? Data(contentsOf: file) else {
            throw CLIError("cannot read the text the editor wrote")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Starts `arguments` and waits for it to end; its wait status.
    ///
    /// Not Foundation's `Process`: that starts the child in a process group of its own, in the
    /// background of the terminal, where an editor cannot read keys or set the terminal's modes
    /// (vim quits with "Vim: Finished."). Here the child stays in this process's group, as `git`
    /// starts its editor, with every signal at its default. Meanwhile this process ignores
    /// SIGINT and SIGQUIT (Ctrl-C in the editor is the editor's), and a thread of its own waits,
    /// so no thread of the concurrency pool is held. `program` names it in errors. Also runs
    /// mailcap's terminal programs (``BrowseSession`` media).
    static func run(
        _ arguments: [String], environment: [String: String], program: String
    ) async throws(CLIError) -> Int32 {
        #if canImport(Darwin)
        var attributes: Darwin.posix_spawnattr_t? = nil
        #else
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t()
        var none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for variable in envp { free(variable) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], nil, &attributes, argv, envp)
        guard spawned == 0 else {
            throw CLIError("cannot start \(program): \(String(cString: strerror(spawned)))")
        }
        let previous = [SIGINT, SIGQUIT].map { ($0, signal($0, SIG_IGN)) }
        defer { for (number, handler) in previous { signal(number, handler) } }
        let child = pid
        return await withCheckedContinuation { continuation in
            Thread {
                var status: Int32 = 0
                while waitpid(child, &status, 0) < 0 && errno == EINTR {}
                continuation.resume(returning: status)
            }.start()
        }
    }

    /// A fence line for one edit: a token of random hexadecimal digits makes it a line no text
    /// contains by chance.
    static func fence() -> String {
        let token = UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
        return "-------- \(token) -------- write above this line; it and all below are left out"
    }

    /// The file the editor opens after the starting text: an empty line, the fence, then the
    /// instructions.
    static func template(what: String, fence: String) -> String {
        """

        \(fence)
        Write \(what) above the line of dashes (Markdown; every line is kept, '#' ones too).
        An empty text cancels. Without the line of dashes, the whole file is the text.
        """ + "\n"
    }

    /// The text above `fence` (the whole file when the fence line is gone: nothing the user
    /// wrote is dropped), without blank lines before or after it and trailing spaces at its end.
    static func text(in file: String, fence: String) -> String {
        var lines = file.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? $0.dropLast() : $0
        }
        if let end = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == fence }) {
            lines = Array(lines[..<end])
        }
        while let first = lines.first, first.allSatisfy(\.isWhitespace) { lines.removeFirst() }
        while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
        guard !lines.isEmpty else { return "" }
        var text = lines.joined(separator: "\n")
        while text.last?.isWhitespace == true { text.removeLast() }
        return text
    }
}
