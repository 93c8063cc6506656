package import Foundation
package import RedditAPI

/// Where the writes of an account wait when they cannot reach Reddit (`reddit outbox`): a file
/// of the configuration folder, one an account.
package struct WriteOutbox: Sendable {
    /// The outbox's file.
    package let file: URL
    /// Offline on purpose with a signed-in account: writes wait here to be sent later, instead
    /// of only being described (the demo recording, with no account, keeps describing them).
    package var keepsOfflineWrites = false

    package init(file: URL, keepsOfflineWrites: Bool = false) {
        self.file = file
        self.keepsOfflineWrites = keepsOfflineWrites
    }

    /// The outbox file of an account in a configuration folder: `outbox.json` for the default
    /// account, `outbox-NAME.json` for another (a write waits for the account that made it).
    package static func file(in directory: URL, account: String) -> URL {
        directory.appendingPathComponent(account == Accounts.defaultName ? "outbox.json" : "outbox-\(account).json")
    }

    /// The waiting entries, oldest first (none when the file cannot be read: `reddit outbox`
    /// says why).
    package func entries() -> [Outbox.Entry] { (try? Outbox(fileURL: file).entries()) ?? [] }
}

extension RedditService {
    /// Runs `work`, the write `write` (nil: a write the outbox does not hold), unless it should
    /// wait in the outbox: offline with a signed-in account, or when `work` fails because
    /// Reddit cannot be reached (a transport failure, not an answer of Reddit's). Writes waiting
    /// from before are sent first, so that writes reach Reddit in the order they were made.
    func queueing(_ write: OutboxWrite?, _ work: () async throws(CLIError) -> WriteOutcome) async throws(CLIError)
        -> WriteOutcome
    {
        guard let write, let outbox else { return try await work() }
        guard sendsWrites else {
            guard outbox.keepsOfflineWrites else { return try await work() }
            return try await keep(write, in: outbox, mayHaveArrived: false)
        }
        if !outbox.entries().isEmpty {
            // What stops this send (the network still down) fails the write below the same way.
            _ = try? await sendOutbox()
        }
        do {
            return try await work()
        } catch {
            guard let failure = error.networkFailure else { throw error }
            do {
                return try await keep(write, in: outbox, mayHaveArrived: failure.mayHaveArrived)
            } catch let kept {
                throw CLIError("\(error.message); and it could not be kept in the outbox: \(kept.message)")
            }
        }
    }

    private func keep(_ write: OutboxWrite, in outbox: WriteOutbox, mayHaveArrived: Bool) async throws(CLIError)
        -> WriteOutcome
    {
        do {
            try await Outbox(fileURL: outbox.file).add(write, mayHaveArrived: mayHaveArrived)
        } catch {
            throw CLIError("cannot write the outbox \(outbox.file.path): \(error)")
        }
        return .queued(write.summary)
    }

    /// Sends the writes waiting in the outbox, in order; nil when there is no outbox, nothing
    /// waits, or writes are not sent (offline).
    package func sendOutbox() async throws(CLIError) -> Outbox.Report? {
        guard sendsWrites, let outbox, !outbox.entries().isEmpty else { return nil }
        do {
            return try await Outbox(fileURL: outbox.file).send(through: client)
        } catch {
            throw CLIError("cannot use the outbox \(outbox.file.path): \(error)")
        }
    }

    /// The line said after the waiting writes were sent at the start of a run: how many went,
    /// how many still wait; nil when nothing waits any more and nothing was sent.
    static func outboxLine(_ report: Outbox.Report) -> String? {
        let done = report.sent + report.foundAlreadySent
        let waiting = "\(report.pending) still waiting (reddit outbox lists them)"
        if done == 0 { return report.pending > 0 ? "outbox: " + waiting : nil }
        return "outbox: \(done) queued write\(done == 1 ? "" : "s") sent" + (report.pending > 0 ? ", " + waiting : "")
    }
}
