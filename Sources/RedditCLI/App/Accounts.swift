import Foundation

/// The accounts `reddit` keeps signed in: each with its own token file in the configuration
/// directory (refreshed under that file's cross-process lock, as one login always was), and
/// the name of the one commands use.
///
/// The account named `default` keeps its tokens in `token.json`, where a login made before
/// accounts existed left them; any other in `accounts/NAME.json`. `reddit accounts use NAME`
/// writes the name to the file `account`; `--account NAME` overrides it for one command.
struct Accounts: Sendable {
    /// The configuration directory.
    let directory: URL

    /// The account used when none was chosen.
    static let defaultName = "default"

    /// Whether `name` can name an account: 1 to 40 letters, digits, `_` or `-` (a Reddit user
    /// name fits), so that it is also a safe file name.
    static func isValidName(_ name: String) -> Bool {
        (1...40).contains(name.count)
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
    }

    /// What to say about a name that ``isValidName(_:)`` refuses.
    static func invalidNameMessage(_ name: String) -> String {
        "'\(name)' cannot name an account: use 1 to 40 letters, digits, _ or -"
    }

    /// The file holding `name`'s tokens.
    func tokenFile(for name: String) -> URL {
        name == Self.defaultName
            ? directory.appendingPathComponent("token.json")
            : directory.appendingPathComponent("accounts").appendingPathComponent("\(name).json")
    }

    /// The file naming the current account.
    var currentFile: URL { directory.appendingPathComponent("account") }

    /// The accounts with a token file, sorted (`default` first).
    func names() -> [String] {
        var names: [String] = []
        if FileManager.default.fileExists(atPath: tokenFile(for: Self.defaultName).path) {
            names.append(Self.defaultName)
        }
        let folder = directory.appendingPathComponent("accounts")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        names += files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
            .filter { Self.isValidName($0) && $0 != Self.defaultName }.sorted()
        return names
    }

    /// The account `reddit accounts use` chose, else `default`.
    func current() -> String {
        guard let data = try? Data(contentsOf: currentFile) else { return Self.defaultName }
        let name = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return Self.isValidName(name) ? name : Self.defaultName
    }

    /// Makes `name` the account commands use; it must be signed in.
    func use(_ name: String) throws(CLIError) {
        guard Self.isValidName(name) else { throw CLIError(Self.invalidNameMessage(name)) }
        guard names().contains(name) else { throw CLIError(notSignedIn(name)) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data((name + "\n").utf8).write(to: currentFile, options: .atomic)
        } catch {
            throw CLIError("cannot write \(currentFile.path): \(error.localizedDescription)")
        }
    }

    /// Says that `name` has no tokens and how to get them.
    func notSignedIn(_ name: String) -> String {
        let known = names()
        return "no account '\(name)': sign in with 'reddit login --account \(name)'"
            + (known.isEmpty ? "" : " (signed in: \(known.joined(separator: ", ")))")
    }

    /// `reddit accounts`: one line per account, the current one marked with `*`.
    func listing(current: String) -> String {
        let names = names()
        guard !names.isEmpty else {
            return "No accounts signed in. Sign in with: reddit login [--account NAME]\n"
        }
        return names.map { name in
            (name == current ? "* " : "  ") + name + "  (" + tokenFile(for: name).path + ")"
        }.joined(separator: "\n") + "\n"
    }

    /// `reddit accounts --json`: `[{"name": …, "current": …, "token_file": …}]`.
    func json(current: String) -> String {
        let objects = names().map { name -> [String: Any] in
            ["name": name, "current": name == current, "token_file": tokenFile(for: name).path]
        }
        let data =
            (try? JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
