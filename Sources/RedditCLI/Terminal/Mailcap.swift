import Foundation

/// The user's mailcap entries (RFC 1524): which program shows which MIME type.
///
/// Read from `$MAILCAPS` (a `:`-separated list of files) when set, else from `~/.mailcap`,
/// `/etc/mailcap`, `/usr/etc/mailcap` and `/usr/local/etc/mailcap`, in that order; the first
/// entry whose type matches (and whose `test=` command succeeds) wins.
struct Mailcap: Sendable, Equatable {
    /// One line of a mailcap file.
    struct Entry: Sendable, Equatable {
        /// `type/subtype`; `type/*` (or a bare `type`) matches every subtype.
        var type: String
        /// The shell command; `%s` stands for the file (here: the URL), `%t` for the type.
        var command: String
        /// The program needs the terminal (`needsterminal`): run in the foreground.
        var needsTerminal = false
        /// The program writes text to read (`copiousoutput`): run in the foreground, paged.
        var copiousOutput = false
        /// A command that must exit with 0 for the entry to apply (`test=`).
        var test: String?

        /// Whether the entry shows `mimeType` (case-insensitive, `*` matching any subtype).
        func matches(_ mimeType: String) -> Bool {
            let wanted = mimeType.lowercased().split(separator: "/", maxSplits: 1)
            let own = type.lowercased().split(separator: "/", maxSplits: 1)
            guard wanted.count == 2, let major = own.first, major == wanted[0] else { return false }
            return own.count == 1 || own[1] == "*" || own[1] == wanted[1]
        }

        /// Whether the program takes the data as a file name (`%s`); otherwise it reads it from
        /// standard input.
        var takesFileName: Bool { command.contains("%s") }

        /// The command with `%s` replaced by `file` (quoted for the shell, so that nothing in a
        /// URL can run), `%t` by `mimeType` and `%%` by `%`; `%{…}` parameters become empty.
        func shellCommand(file: String, mimeType: String) -> String {
            var result = ""
            var characters = Substring(command)
            while let first = characters.first {
                characters.removeFirst()
                // An entry that quotes %s itself ('%s' or "%s") gets our quoting instead.
                if first == "'" || first == "\"", characters.hasPrefix("%s\(first)") {
                    result += Self.shellQuoted(file)
                    characters.removeFirst(3)
                    continue
                }
                guard first == "%", let next = characters.first else {
                    result.append(first)
                    continue
                }
                characters.removeFirst()
                switch next {
                case "s": result += Self.shellQuoted(file)
                case "t": result += Self.shellQuoted(mimeType)
                case "%": result += "%"
                case "{":
                    while let skipped = characters.first {
                        characters.removeFirst()
                        if skipped == "}" { break }
                    }
                default: result += "%" + String(next)
                }
            }
            return result
        }

        /// The command of an entry without `%s`, reading the downloaded `file` on standard input;
        /// the file is removed when the program ends.
        func shellCommand(standardInputFrom file: String, mimeType: String) -> String {
            let quoted = Self.shellQuoted(file)
            return "{ \(shellCommand(file: file, mimeType: mimeType)); } < \(quoted); rm -f \(quoted)"
        }

        /// `text` in single quotes for `/bin/sh`.
        static func shellQuoted(_ text: String) -> String {
            "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
    }

    /// The entries, in the order the files list them.
    var entries: [Entry]

    /// The files read, in order: `$MAILCAPS`, else the standard places.
    static func paths(environment: [String: String]) -> [String] {
        if let list = environment["MAILCAPS"], !list.isEmpty {
            return list.split(separator: ":").map(String.init)
        }
        let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        return ["\(home)/.mailcap", "/etc/mailcap", "/usr/etc/mailcap", "/usr/local/etc/mailcap"]
    }

    /// The entries of every readable file of ``paths(environment:)``; unreadable ones are left out.
    static func load(environment: [String: String]) -> Mailcap {
        Mailcap(
            entries: paths(environment: environment).flatMap { path -> [Entry] in
                guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
                return parse(text)
            })
    }

    /// The entries of one file's text: comments (`#`) and lines without a command left out,
    /// `\` at a line's end joining it with the next, `\;` a semicolon inside a field.
    static func parse(_ text: String) -> [Entry] {
        var entries: [Entry] = []
        var logical = ""
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if line.hasSuffix("\\") {
                logical += line.dropLast()
                continue
            }
            logical += line
            defer { logical = "" }
            let trimmed = logical.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            let fields = splitFields(trimmed)
            guard fields.count >= 2, !fields[0].isEmpty, !fields[1].isEmpty else { continue }
            var entry = Entry(type: fields[0], command: fields[1])
            for field in fields.dropFirst(2) {
                let parts = field.split(separator: "=", maxSplits: 1).map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                switch parts[0].lowercased() {
                case "needsterminal": entry.needsTerminal = true
                case "copiousoutput": entry.copiousOutput = true
                case "test" where parts.count == 2 && !parts[1].isEmpty: entry.test = parts[1]
                default: break
                }
            }
            entries.append(entry)
        }
        return entries
    }

    /// The `;`-separated fields of a line, trimmed, with `\;` kept as `;` and `\\` as `\`.
    private static func splitFields(_ line: String) -> [String] {
        var fields: [String] = []
        var field = ""
        var escaped = false
        for character in line {
            if escaped {
                if character != ";" && character != "\\" { field.append("\\") }
                field.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ";" {
                fields.append(field.trimmingCharacters(in: .whitespaces))
                field = ""
            } else {
                field.append(character)
            }
        }
        if escaped { field.append("\\") }
        fields.append(field.trimmingCharacters(in: .whitespaces))
        return fields
    }

    /// The first entry for `mimeType` whose test (if any) `passes`. Entries that read the data
    /// from standard input (no `%s`) count only when `allowsStandardInput` (online: `reddit`
    /// downloads the media for them); others get the media's address.
    func entry(
        for mimeType: String, allowsStandardInput: Bool = false, passes: (String) -> Bool = Mailcap.runTest
    ) -> Entry? {
        entries.first {
            $0.matches(mimeType) && ($0.takesFileName || allowsStandardInput) && ($0.test.map(passes) ?? true)
        }
    }

    /// Runs a `test=` command with `/bin/sh`; true when it exits with 0.
    static func runTest(_ command: String) -> Bool {
        guard let process = try? startShell(command) else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Starts `/bin/sh -c command` with no input and its output discarded (a viewer in the
    /// background, a `test=` command), in `environment` (nil: this process's).
    static func startShell(_ command: String, environment: [String: String]? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        if let environment { process.environment = environment }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}
