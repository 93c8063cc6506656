/// The message for a command name `reddit` does not know, with the nearest known names
/// (`serch` → `search`, `comment` → `comments`).
enum CommandSuggestion {
    /// "unknown command 'NAME'", and "did you mean …?" when some command is near.
    static func unknown(_ name: String, asHelpTopic: Bool = false) -> String {
        let message = "unknown command '\(name)'"
        let subreddit = CommandParser.stripSubredditPrefix(name)
        if asHelpTopic {
            let near = nearest(to: name)
            return near.isEmpty
                ? message : message + "; did you mean " + near.map { "'\($0)'" }.joined(separator: " or ") + "?"
        }
        if subreddit != name || name.hasPrefix("/") {
            // `reddit r/askreddit`: a subreddit where a command goes.
            return message + "; for a subreddit: reddit hot \(subreddit) (or reddit browse \(subreddit))"
        }
        let near = nearest(to: name)
        guard !near.isEmpty else {
            let isName = !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
            return message + (isName ? "; for the subreddit r/\(name): reddit hot \(name)" : "")
                + "; reddit help lists the commands"
        }
        return message + "; did you mean " + near.map { "'\($0)'" }.joined(separator: " or ") + "?"
    }

    /// The options `reddit` knows, for "did you mean" after an unknown one.
    static let optionNames: Set<String> = [
        "--offline", "--json", "--no-color", "--ascii", "--theme", "--verbose", "--wait", "--client-id", "--user-agent",
        "--config",
        "--shared", "--account", "--help", "--version", "--after", "--all", "--comments", "--crosspost", "--depth",
        "--edit", "--image", "--internal", "--limit", "--mod", "--only", "--post", "--reason", "--sort", "--spam",
        "--subject", "--subreddit", "--text", "--time", "--timeout", "--title", "--type", "--unread", "--url",
    ]

    /// "unknown option '--NAME'", and "did you mean …?" when a known option is near.
    static func unknownOption(_ flag: String) -> String {
        let name = String(flag.split(separator: "=", maxSplits: 1).first ?? Substring(flag))
        let near = nearest(to: name, among: optionNames)
        let message = "unknown option '\(flag)'"
        guard !near.isEmpty else { return message }
        return message + "; did you mean " + near.map { "'\($0)'" }.joined(separator: " or ") + "?"
    }

    /// Up to three known commands within a small edit distance of `name` (or that start with it,
    /// or it with them), nearest first.
    static func nearest(to name: String, among names: Set<String> = HelpText.commandNames) -> [String] {
        let typed = name.lowercased()
        guard !typed.isEmpty else { return [] }
        let allowed = max(1, min(2, typed.count / 3))
        let scored = names.compactMap { candidate -> (Int, String)? in
            let distance = editDistance(typed, candidate)
            if distance <= allowed { return (distance, candidate) }
            if typed.count >= 3, candidate.hasPrefix(typed) || typed.hasPrefix(candidate) {
                return (allowed + 1, candidate)
            }
            return nil
        }
        return scored.sorted { $0 < $1 }.prefix(3).map(\.1)
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
    /// neighbouring letters (`brwose` is one swap from `browse`) each count one.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
