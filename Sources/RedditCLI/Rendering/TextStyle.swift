/// ANSI styling, on or off: off it returns text unchanged, so the same rendering code serves
/// terminals, pipes and golden tests.
package struct TextStyle: Sendable {
    /// Whether escape sequences are written.
    package let isEnabled: Bool

    package init(isEnabled: Bool) { self.isEnabled = isEnabled }

    /// Colour when standard output is a terminal, `NO_COLOR` is unset or empty, and the user did
    /// not pass `--no-color` (https://no-color.org).
    package static func decide(isTerminal: Bool, environment: [String: String], noColorFlag: Bool) -> TextStyle {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return TextStyle(isEnabled: isTerminal && !noColor && !noColorFlag && environment["TERM"] != "dumb")
    }

    package func bold(_ text: String) -> String { wrap(text, "1") }
    package func dim(_ text: String) -> String { wrap(text, "2") }
    package func italic(_ text: String) -> String { wrap(text, "3") }
    package func reverse(_ text: String) -> String { wrap(text, "7") }
    package func strikethrough(_ text: String) -> String { wrap(text, "9") }
    package func red(_ text: String) -> String { wrap(text, "31") }
    package func green(_ text: String) -> String { wrap(text, "32") }
    package func yellow(_ text: String) -> String { wrap(text, "33") }
    package func blue(_ text: String) -> String { wrap(text, "34") }
    package func magenta(_ text: String) -> String { wrap(text, "35") }
    package func cyan(_ text: String) -> String { wrap(text, "36") }

    private func wrap(_ text: String, _ code: String) -> String {
        isEnabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
