import Foundation

/// An INI file read the way Python's `configparser.ConfigParser` reads it with the settings PRAW
/// uses (no interpolation): `[section]` headers, `key = value` or `key: value` (the first `=` or
/// `:` splits), keys lower-cased, values and keys stripped, comment lines starting with `#` or
/// `;`, no inline comments (`a = b # c` has the value `b # c`), a line indented deeper than its
/// key continuing the value on a new line, and `[DEFAULT]` giving every section its keys. A key
/// before any section, a line without `=` or `:`, or a section or key given twice in one file
/// are errors, as in `configparser`.
struct INIFile: Sendable {
    /// A value and where it was written.
    struct Value: Sendable, Hashable {
        var text: String
        let file: String
        let line: Int
    }

    /// Why a file could not be read: the file, the line (1-based), the key when there is one.
    struct ParseError: Error, Sendable, Hashable {
        let file: String
        let line: Int
        let key: String?
        let reason: String
    }

    /// The name of the section every other section inherits from.
    static let defaultSection = "DEFAULT"

    /// The sections in the order first seen, each key's value (the last file read wins).
    private(set) var sections: [String: [String: Value]] = [:]
    private(set) var sectionOrder: [String] = []

    /// Reads `text` (the contents of `file`) over what earlier files set.
    mutating func read(_ text: String, file: String) throws(ParseError) {
        var section: String?
        var sectionsOfThisFile: Set<String> = []
        var keysOfThisFile: Set<String> = []
        var open: (key: String, indent: Int)?
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            let stripped = line.trimmingCharacters(in: .whitespaces)
            if stripped.hasPrefix("#") || stripped.hasPrefix(";") { continue }
            if stripped.isEmpty {
                open = nil
                continue
            }
            let indent = line.prefix { $0 == " " || $0 == "\t" }.count
            if let current = open, let name = section, indent > current.indent {
                sections[name]?[current.key]?.text += "\n" + stripped
                continue
            }
            open = nil
            if stripped.hasPrefix("["), let close = stripped.lastIndex(of: "]") {
                let name = String(stripped[stripped.index(after: stripped.startIndex)..<close])
                guard !name.isEmpty else {
                    throw ParseError(file: file, line: number, key: nil, reason: "empty section name")
                }
                guard sectionsOfThisFile.insert(name).inserted else {
                    throw ParseError(file: file, line: number, key: nil, reason: "section [\(name)] appears twice")
                }
                section = name
                if sections[name] == nil {
                    sections[name] = [:]
                    sectionOrder.append(name)
                }
                continue
            }
            guard let name = section else {
                throw ParseError(
                    file: file, line: number, key: nil, reason: "a setting before any [section] header")
            }
            guard let split = stripped.firstIndex(where: { $0 == "=" || $0 == ":" }) else {
                throw ParseError(
                    file: file, line: number, key: nil, reason: "expected 'key = value' (no '=' or ':' on the line)")
            }
            let key = stripped[..<split].trimmingCharacters(in: .whitespaces).lowercased()
            guard !key.isEmpty else {
                throw ParseError(file: file, line: number, key: nil, reason: "a value without a key")
            }
            guard keysOfThisFile.insert(name + "\u{0}" + key).inserted else {
                throw ParseError(
                    file: file, line: number, key: key, reason: "\(key) is set twice in [\(name)]")
            }
            let value = stripped[stripped.index(after: split)...].trimmingCharacters(in: .whitespaces)
            sections[name]?[key] = Value(text: value, file: file, line: number)
            open = (key, indent)
        }
    }

    /// Whether the section exists (`DEFAULT` always does).
    func has(_ section: String) -> Bool { section == Self.defaultSection || sections[section] != nil }

    /// The section's settings with `[DEFAULT]`'s beneath them.
    func items(_ section: String) -> [String: Value] {
        var items = sections[Self.defaultSection] ?? [:]
        if section != Self.defaultSection {
            items.merge(sections[section] ?? [:]) { _, own in own }
        }
        return items
    }
}
