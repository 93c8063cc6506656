/// ANSI styling, on or off: off it returns text unchanged, so the same rendering code serves
/// terminals, pipes and golden tests.
package struct TextStyle: Sendable {
    /// Whether escape sequences are written.
    package let isEnabled: Bool
    /// Whether only ASCII is drawn for the marks of the interface (`--ascii`).
    package var isASCII = false
    /// The codes each role writes (`--theme`).
    package var theme = Theme.standard

    package init(isEnabled: Bool) { self.isEnabled = isEnabled }

    /// The mark of an upvote.
    package var upMark: String { isASCII ? "^" : "▲" }
    /// The mark of a downvote.
    package var downMark: String { isASCII ? "v" : "▼" }

    /// Colour when standard output is a terminal, `NO_COLOR` is unset or empty, and the user did
    /// not pass `--no-color` (https://no-color.org).
    package static func decide(isTerminal: Bool, environment: [String: String], noColorFlag: Bool) -> TextStyle {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return TextStyle(isEnabled: isTerminal && !noColor && !noColorFlag && environment["TERM"] != "dumb")
    }

    package func bold(_ text: String) -> String { wrap(text, "bold") }
    package func dim(_ text: String) -> String { wrap(text, "dim") }
    package func italic(_ text: String) -> String { wrap(text, "italic") }
    package func reverse(_ text: String) -> String { wrap(text, "reverse") }
    package func strikethrough(_ text: String) -> String { wrap(text, "strikethrough") }
    package func red(_ text: String) -> String { wrap(text, "red") }
    package func green(_ text: String) -> String { wrap(text, "green") }
    package func yellow(_ text: String) -> String { wrap(text, "yellow") }
    package func blue(_ text: String) -> String { wrap(text, "blue") }
    package func magenta(_ text: String) -> String { wrap(text, "magenta") }
    package func cyan(_ text: String) -> String { wrap(text, "cyan") }

    private func wrap(_ text: String, _ role: String) -> String {
        let code = theme.code(role)
        return isEnabled && !text.isEmpty && !code.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// The interface's marks that are not ASCII, each with the one ASCII character drawn for it
    /// under `--ascii` (one column for one, so every layout stays as wide).
    static let asciiMarks: [Character: Character] = [
        "…": "~", "·": "-", "│": "|", "─": "-", "▲": "^", "▼": "v", "↑": "^", "↓": "v", "▏": "|", "→": ">",
        "←": "<", "↵": "\\", "•": "*", "◦": "o", "▪": "*", "×": "x", "–": "-", "—": "-", "‘": "'", "’": "'",
        "“": "\"", "”": "\"", "❯": ">", "⋯": "~",
    ]

    /// `text` with the interface's marks drawn in ASCII when ``isASCII`` (else unchanged).
    package func ascii(_ text: String) -> String {
        guard isASCII else { return text }
        return String(text.map { Self.asciiMarks[$0] ?? $0 })
    }
}
