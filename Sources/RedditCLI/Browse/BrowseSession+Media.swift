import Foundation

/// `o` on a picture, video or gallery: the user's mailcap programs, else the browser.
extension BrowseSession {
    /// Opens each item with its mailcap entry; without one for the first item, opens `page` (the
    /// post's link) as any link is opened. Entries marked `needsterminal` or `copiousoutput` run
    /// in the foreground with the terminal given back (a `copiousoutput` program's text paged
    /// with `$PAGER`, else `less`); others start in the background.
    func openMedia(_ items: [MediaItem], page: String, on state: inout BrowseState, events: TerminalEvents) async {
        let mailcap = Mailcap.load(environment: environment)
        // Programs that read standard input get the media downloaded, which needs the network.
        let allowsStandardInput = !offline
        guard let first = items.first,
            mailcap.entry(for: first.mimeType, allowsStandardInput: allowsStandardInput) != nil
        else {
            state.status = ExternalOpener.open(page, environment: environment)
            return
        }
        var opened = 0
        var problems: [String] = []
        for item in items {
            guard let entry = mailcap.entry(for: item.mimeType, allowsStandardInput: allowsStandardInput) else {
                problems.append("no mailcap entry for \(item.mimeType)")
                continue
            }
            do throws(CLIError) {
                var command = entry.shellCommand(file: item.url, mimeType: item.mimeType)
                if !entry.takesFileName {
                    let file = try await MediaDownload.temporaryFile(from: item.url)
                    command = entry.shellCommand(standardInputFrom: file.path, mimeType: item.mimeType)
                }
                if entry.needsTerminal || entry.copiousOutput {
                    if entry.copiousOutput {
                        command =
                            "{ \(command); } | " + (environment["PAGER"].flatMap { $0.isEmpty ? nil : $0 } ?? "less")
                    }
                    try await runInTerminal(command, events: events)
                } else {
                    try Self.start(command, environment: environment)
                }
                opened += 1
            } catch {
                problems.append(error.message)
            }
        }
        let what = items.count == 1 ? items[0].url : "\(opened) of \(items.count) items"
        state.status = TextLayout.truncate(
            (opened > 0 ? "opened \(what) with mailcap" : "nothing opened") + problems.map { "; " + $0 }.joined(),
            to: 300)
    }

    /// Runs `command` with the terminal in its normal modes, then takes it back.
    private func runInTerminal(_ command: String, events: TerminalEvents) async throws(CLIError) {
        events.pause()
        RawTerminal.restore()
        let status: Int32
        do throws(CLIError) {
            status = try await TextEditor.run(
                ["/bin/sh", "-c", command], environment: environment, program: "the mailcap command")
        } catch {
            try resumeTerminal(events)
            throw error
        }
        try resumeTerminal(events)
        // WIFEXITED and WEXITSTATUS, which Swift does not import.
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            throw CLIError(
                "the mailcap command failed (status \(status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)))"
            )
        }
    }

    /// Starts `command` in the background, its output discarded.
    private static func start(_ command: String, environment: [String: String]) throws(CLIError) {
        do {
            _ = try Mailcap.startShell(command, environment: environment)
        } catch {
            throw CLIError("cannot start the mailcap command: \(error.localizedDescription)")
        }
    }

}
