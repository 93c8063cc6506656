import Foundation
import RedditAPI

/// Keeps the text of a write that could not be sent, so that nothing the user wrote is lost:
/// the next time they write to the same place, the editor opens with it (as rtv does).
///
/// One file a target in `drafts/` of the configuration directory (`reply-t1_abc.md`…), written
/// atomically with owner-only permissions; removed once the write is sent (or, offline, shown).
struct DraftStore {
    let directory: URL

    init(environment: [String: String]) {
        directory = CLIConfiguration.directory(environment: environment).appendingPathComponent("drafts")
    }

    /// Where the draft of `write` is kept.
    func file(for write: TextWrite) -> URL {
        directory.appendingPathComponent(write.draftName + ".md")
    }

    /// The kept draft of `write`, if there is one.
    func draft(for write: TextWrite) -> String? {
        guard let data = try? Data(contentsOf: file(for: write)) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        return text.isEmpty ? nil : text
    }

    /// Keeps `text` as the draft of `write`; the file's path, or nil when it could not be written.
    func keep(_ text: String, for write: TextWrite) -> URL? {
        let file = file(for: write)
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try Data(text.utf8).write(to: file, options: .atomic)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
            return file
        } catch {
            return nil
        }
    }

    /// Forgets the draft of `write` (it was sent).
    func remove(for write: TextWrite) {
        try? FileManager.default.removeItem(at: file(for: write))
    }

    /// Writes `write` with text from the editor, opened on the kept draft when there is one, and
    /// sends it; when sending fails the text is kept and the error says where. Nil when the text
    /// was left empty. Without a kept draft the editor starts on `initialText` (an edit's
    /// current text), when given.
    func writeAndSend(
        _ write: TextWrite, what: String, editor: TextEditor, startingWith initialText: String? = nil,
        send: (String) async throws(CLIError) -> RedditService.WriteOutcome
    ) async throws(CLIError) -> RedditService.WriteOutcome? {
        guard let text = try await editor.edit(what: what, draft: draft(for: write) ?? initialText) else { return nil }
        do {
            let outcome = try await send(text)
            remove(for: write)
            return outcome
        } catch {
            guard let file = keep(text, for: write) else { throw error }
            var kept = error
            kept.message += "; your text is kept for next time in \(file.path)"
            throw kept
        }
    }
}

extension TextWrite {
    /// The draft's file name: what is written, and where.
    var draftName: String {
        let name =
            switch self {
            case .reply(let target): "reply-\(target.rawValue)"
            case .edit(let target): "edit-\(target.rawValue)"
            case .message(let options): "message-\(Self.describe(options.recipient))-\(options.subject)"
            case .submit(let options): "submit-\(options.subreddit)-\(options.title)"
            case .modmailReply(let id): "modmail-\(id)"
            }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_"))
        return String(name.unicodeScalars.map { allowed.contains($0) ? Character($0) : "_" }.prefix(100))
    }
}
