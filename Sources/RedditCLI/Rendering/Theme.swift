import Foundation

/// The interface's colours: the SGR codes each role of ``TextStyle`` writes (`yellow` marks the
/// selection and upvotes, `blue` links and downvotes, `cyan` subreddits, `dim` secondary text…).
/// Built in: `default`, `monochrome` (no colour: bold, underline and reverse carry the marks)
/// and `light` (for light backgrounds); `--theme FILE` or `"theme": "FILE"` reads a JSON object
/// of role to code, such as `{"yellow": "1;35", "dim": "90"}`, over the default.
package struct Theme: Sendable, Equatable {
    /// The theme's name (a built-in one's, or the file's path).
    package var name: String
    /// SGR parameters by role; a role left out keeps its default, an empty one draws plain text.
    package var codes: [String: String]

    /// The roles a theme may set, with their default codes.
    package static let defaults: [String: String] = [
        "bold": "1", "dim": "2", "italic": "3", "underline": "4", "reverse": "7", "strikethrough": "9",
        "red": "31", "green": "32", "yellow": "33", "blue": "34", "magenta": "35", "cyan": "36",
    ]

    package static let standard = Theme(name: "default", codes: [:])
    /// No colour at all: the selection and votes in bold, links underlined.
    package static let monochrome = Theme(
        name: "monochrome",
        codes: ["red": "1", "green": "", "yellow": "1", "blue": "4", "magenta": "", "cyan": ""])
    /// Dark colours that read on a white or pale background (yellow and cyan do not).
    package static let light = Theme(
        name: "light", codes: ["yellow": "1;35", "cyan": "34", "green": "32", "blue": "34;4", "dim": "90"])

    /// The built-in themes by name.
    package static let builtIn = [standard, monochrome, light]

    /// The code of `role`.
    package func code(_ role: String) -> String { codes[role] ?? Self.defaults[role] ?? "" }

    /// The theme `value` names: a built-in one, else a JSON file of role to code.
    package static func named(_ value: String) throws(CLIError) -> Theme {
        if let theme = builtIn.first(where: { $0.name == value }) { return theme }
        guard value.contains("/") || value.hasSuffix(".json") else {
            throw CLIError(
                "no theme '\(value)': the themes are " + builtIn.map(\.name).joined(separator: ", ")
                    + ", or a JSON file of role to colour code")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: value))
        } catch {
            throw CLIError("cannot read the theme file \(value): \(error.localizedDescription)")
        }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw CLIError("the theme file \(value) is not a JSON object like {\"yellow\": \"1;35\"}")
        }
        var codes: [String: String] = [:]
        for (role, code) in object.sorted(by: { $0.key < $1.key }) {
            guard defaults[role] != nil else {
                throw CLIError(
                    "the theme file \(value): unknown role \"\(role)\"; the roles are "
                        + defaults.keys.sorted().joined(separator: ", "))
            }
            guard let code = code as? String, code.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ";") }) else {
                throw CLIError(
                    "the theme file \(value): \"\(role)\" should be SGR numbers such as \"1;35\" (or \"\" for none)")
            }
            codes[role] = code
        }
        return Theme(name: value, codes: codes)
    }
}
