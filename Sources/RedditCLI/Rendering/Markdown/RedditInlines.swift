import Foundation

/// Reddit's additions to Markdown inside plain text runs: superscript (`^word`,
/// `^(some words)`), spoilers (`>!hidden!<`, marked before parsing so that a leading `>` is not
/// read as a quote) and `r/name` and `u/name` mentions as links.
enum RedditInlines {
    /// What stands in for `>!` and `!<` while cmark-gfm parses (private-use characters it treats
    /// as plain text).
    static let spoilerOpen: Character = "\u{E000}"
    static let spoilerClose: Character = "\u{E001}"

    /// `text` with Reddit's spoiler marks replaced by the stand-ins.
    static func markSpoilers(_ text: String) -> String {
        text.replacingOccurrences(of: ">!", with: String(spoilerOpen))
            .replacingOccurrences(of: "!<", with: String(spoilerClose))
    }

    /// `text` with a space put after the `#`s of a heading written without one (`#Heading`,
    /// `##[A link](…)`), as old Reddit read them: a line that starts with one to six `#` and
    /// then a letter, `[`, `*`, `_` or `~`, outside fenced code. A `#` followed by a digit or
    /// other sign (`#1 reason`, `#!/bin/sh`), or not at a line's start, stays text.
    static func spaceHeadings(_ text: String) -> String {
        var fence: (mark: Character, length: Int)?
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let indent = line.prefix(while: { $0 == " " }).count
            let body = line.dropFirst(indent)
            if indent < 4, let mark = body.first, mark == "`" || mark == "~" {
                let length = body.prefix(while: { $0 == mark }).count
                if length >= 3 {
                    if let open = fence {
                        if open.mark == mark, length >= open.length { fence = nil }
                    } else {
                        fence = (mark, length)
                    }
                }
            }
            let hashes = line.prefix(while: { $0 == "#" }).count
            if fence == nil, (1...6).contains(hashes), let next = line.dropFirst(hashes).first,
                next.isLetter || "[*_~".contains(next)
            {
                lines.append(line.prefix(hashes) + " " + line.dropFirst(hashes))
            } else {
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `text` with the stand-ins turned back into what the author wrote (inside code).
    static func unmarkSpoilers(_ text: String) -> String {
        text.replacingOccurrences(of: String(spoilerOpen), with: ">!")
            .replacingOccurrences(of: String(spoilerClose), with: "!<")
    }

    /// Splits a plain run into runs with superscripts and mentions; `register` numbers a link.
    static func expand(
        _ text: String, traits: MarkdownSpan.Traits, register: (_ url: String, _ text: String, _ mention: Bool) -> Int
    ) -> [MarkdownSpan] {
        var spans: [MarkdownSpan] = []
        var plain = ""
        let characters = Array(text)
        var index = 0
        func flush() {
            if !plain.isEmpty { spans.append(MarkdownSpan(plain, traits)) }
            plain = ""
        }
        while index < characters.count {
            let character = characters[index]
            let atWordStart = index == 0 || characters[index - 1].isWhitespace || characters[index - 1] == "("
            if character == "^", index + 1 < characters.count, !characters[index + 1].isWhitespace {
                var end = index + 1
                var raised = ""
                if characters[end] == "(", let close = characters[(end + 1)...].firstIndex(of: ")") {
                    raised = String(characters[(end + 1)..<close])
                    end = close + 1
                } else {
                    while end < characters.count, !characters[end].isWhitespace, characters[end] != "^" {
                        end += 1
                    }
                    raised = String(characters[(index + 1)..<end])
                }
                if !raised.isEmpty {
                    flush()
                    spans.append(MarkdownSpan(raised, traits.union(.superscript)))
                    index = end
                    continue
                }
            }
            if atWordStart, let mention = mention(in: characters, at: index) {
                flush()
                let written = String(characters[index..<mention.end])
                let number = register(
                    "https://www.reddit.com/\(mention.kind)/\(mention.name)",
                    written.hasPrefix("/") ? String(written.dropFirst()) : written, true)
                spans.append(MarkdownSpan(written, traits, link: number))
                index = mention.end
                continue
            }
            plain.append(character)
            index += 1
        }
        flush()
        return spans
    }

    /// An `r/name`, `/r/name`, `u/name` or `/u/name` starting at `index`.
    private static func mention(in characters: [Character], at index: Int) -> (kind: String, name: String, end: Int)? {
        var position = index
        if characters[position] == "/" { position += 1 }
        guard position + 2 < characters.count, "ru".contains(characters[position]), characters[position + 1] == "/"
        else { return nil }
        let kind = String(characters[position])
        var end = position + 2
        while end < characters.count, characters[end].isASCII,
            characters[end].isLetter || characters[end].isNumber
                || characters[end] == "_" || characters[end] == "-"
        {
            end += 1
        }
        guard end - (position + 2) >= 2 else { return nil }
        return (kind, String(characters[(position + 2)..<end]), end)
    }

    /// Marks the runs between spoiler stand-ins as spoilers (and drops the stand-ins).
    static func applySpoilers(_ spans: [MarkdownSpan]) -> [MarkdownSpan] {
        var result: [MarkdownSpan] = []
        var inside = false
        for span in spans {
            if span.traits.contains(.code) {
                var copy = span
                if inside { copy.traits.insert(.spoiler) }
                result.append(copy)
                continue
            }
            var current = ""
            func flush() {
                guard !current.isEmpty else { return }
                var piece = span
                piece.text = current
                if inside { piece.traits.insert(.spoiler) }
                result.append(piece)
                current = ""
            }
            for character in span.text {
                if character == spoilerOpen {
                    flush()
                    inside = true
                } else if character == spoilerClose {
                    flush()
                    inside = false
                } else {
                    current.append(character)
                }
            }
            flush()
        }
        return result
    }

    /// Unicode's raised forms where every character has one ("2", "nd"), else nil.
    static func raised(_ text: String) -> String? {
        let table: [Character: Character] = [
            "0": "⁰", "1": "¹", "2": "²", "3": "³", "4": "⁴", "5": "⁵", "6": "⁶", "7": "⁷", "8": "⁸", "9": "⁹",
            "+": "⁺", "-": "⁻", "=": "⁼", "(": "⁽", ")": "⁾", "n": "ⁿ", "i": "ⁱ",
        ]
        var result = ""
        for character in text {
            guard let raisedCharacter = table[character] else { return nil }
            result.append(raisedCharacter)
        }
        return result
    }
}
