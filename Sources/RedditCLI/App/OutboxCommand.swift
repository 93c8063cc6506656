import Foundation
import RedditAPI

/// `reddit outbox`: the writes waiting in `outbox.json` of the configuration folder.
struct OutboxCommand {
    let file: URL
    let json: Bool

    /// The outbox file of a configuration's account.
    static func file(_ configuration: CLIConfiguration) -> URL {
        WriteOutbox.file(in: configuration.directory, account: configuration.account)
    }

    /// Lists the entries, or drops one.
    func run(_ command: Command) async throws(CLIError) {
        let outbox = Outbox(fileURL: file)
        let entries: [Outbox.Entry]
        do { entries = try outbox.entries() } catch { throw CLIError("cannot read the outbox \(file.path): \(error)") }
        switch command {
        case .outbox(.drop(let prefix)):
            let matches = entries.filter { $0.id.uuidString.lowercased().hasPrefix(prefix.lowercased()) }
            guard matches.count == 1, let entry = matches.first else {
                throw CLIError(
                    matches.isEmpty
                        ? "no write in the outbox has an id starting with \(prefix) (reddit outbox lists them)"
                        : "\(matches.count) writes have ids starting with \(prefix): give more of the id")
            }
            do { try await outbox.drop(entry.id) } catch { throw CLIError("cannot write the outbox: \(error)") }
            Output.write("dropped \(Self.shortID(entry)): \(entry.write.summary)\n")
        default:
            Output.write(Self.render(entries))
        }
    }

    /// Sends the entries in order.
    func send(through client: RedditClient) async throws(CLIError) {
        let report: Outbox.Report
        do {
            report = try await Outbox(fileURL: file).send(through: client)
        } catch {
            throw CLIError("cannot use the outbox \(file.path): \(error)")
        }
        var line = "\(report.sent) sent"
        if report.foundAlreadySent > 0 { line += ", \(report.foundAlreadySent) already on Reddit (not sent again)" }
        line += ", \(report.pending) waiting"
        Output.write(line + "\n")
        if let reason = report.stoppedBecause { throw CLIError("stopped: \(reason)") }
    }

    /// One line an entry: its short id, when it was added, what it does, its last error.
    static func render(_ entries: [Outbox.Entry]) -> String {
        guard !entries.isEmpty else { return "the outbox is empty\n" }
        return entries.map { entry in
            var line = "\(shortID(entry))  \(entry.write.summary)"
            if entry.attempted { line += "  (sent once, not confirmed)" }
            if let error = entry.lastError { line += "\n          last error: \(error)" }
            return line
        }.joined(separator: "\n") + "\n"
    }

    static func shortID(_ entry: Outbox.Entry) -> String { String(entry.id.uuidString.lowercased().prefix(8)) }
}
