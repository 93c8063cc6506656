package import Foundation

/// Column arithmetic for a monospaced terminal: widths of characters (wide CJK and emoji take
/// two columns), truncation with an ellipsis, word wrapping, and the short numbers and ages of a
/// listing line.
package enum TextLayout {
    /// Columns `text` takes on a terminal.
    package static func width(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    static func width(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// `text` cut to at most `columns`, ending in "…" when cut.
    package static func truncate(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        if width(text) <= columns { return text }
        var result = ""
        var used = 0
        for character in text {
            let w = width(of: character)
            if used + w > columns - 1 { break }
            result.append(character)
            used += w
        }
        return result + "…"
    }

    /// `text` padded with spaces on the right to `columns` (truncated first if longer).
    package static func padRight(_ text: String, to columns: Int) -> String {
        let cut = truncate(text, to: columns)
        return cut + String(repeating: " ", count: max(0, columns - width(cut)))
    }

    /// `text` padded with spaces on the left to `columns`.
    package static func padLeft(_ text: String, to columns: Int) -> String {
        String(repeating: " ", count: max(0, columns - width(text))) + text
    }

    /// Lines of at most `columns`, broken at spaces; paragraphs and blank lines are kept.
    /// `items` joined by `separator` on as few lines as fit in `columns`, breaking only
    /// between items (a metadata line such as `r/x · u/y · 3 points`); an item wider than a line
    /// is wrapped at word boundaries.
    package static func joinWrapping(_ items: [String], separator: String, to columns: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for item in items where !item.isEmpty {
            let candidate = line.isEmpty ? item : line + separator + item
            if width(candidate) <= columns || line.isEmpty {
                line = candidate
            } else {
                lines.append(line)
                line = item
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.flatMap { width($0) > columns ? wrap($0, to: columns) : [$0] }
    }

    package static func wrap(_ text: String, to columns: Int) -> [String] {
        let columns = max(columns, 8)
        var lines: [String] = []
        for paragraph in text.replacingOccurrences(of: "\r\n", with: "\n").split(
            separator: "\n", omittingEmptySubsequences: false)
        {
            var line = ""
            var used = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                var word = String(word).replacingOccurrences(of: "\t", with: " ")
                var w = width(word)
                if used > 0, used + 1 + w > columns {
                    lines.append(line)
                    line = ""
                    used = 0
                }
                if w > columns {
                    // A word longer than a line (a URL) is split hard, on a line of its own.
                    if used > 0 { lines.append(line) }
                    var chunk = ""
                    var chunkWidth = 0
                    for character in word {
                        let cw = width(of: character)
                        if chunkWidth + cw > columns {
                            lines.append(chunk)
                            chunk = ""
                            chunkWidth = 0
                        }
                        chunk.append(character)
                        chunkWidth += cw
                    }
                    word = chunk
                    w = chunkWidth
                    line = ""
                    used = 0
                }
                if used > 0 {
                    line += " "
                    used += 1
                }
                line += word
                used += w
            }
            lines.append(line)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// `text` after `prefix`, or an empty line when `text` is empty (no trailing spaces).
    package static func indent(_ text: some StringProtocol, by prefix: String) -> String {
        text.isEmpty ? "" : prefix + text
    }

    /// "1 point", "2 points", "1.2k points".
    package static func count(_ number: Int, _ singular: String, _ plural: String) -> String {
        number == 1 ? "1 \(singular)" : "\(compact(number)) \(plural)"
    }

    /// 999, 1.2k, 12k, 1.5M.
    package static func compact(_ number: Int) -> String {
        let magnitude = abs(number)
        let sign = number < 0 ? "-" : ""
        switch magnitude {
        case ..<1_000: return "\(number)"
        case ..<10_000: return sign + oneDecimal(Double(magnitude) / 1_000) + "k"
        case ..<1_000_000: return sign + "\(magnitude / 1_000)k"
        default: return sign + oneDecimal(Double(magnitude) / 1_000_000) + "M"
        }
    }

    private static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded(.down))
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }

    /// How long ago `date` was, relative to `now`: "now", "5m", "3h", "2d", "4mo", "9y".
    package static func age(of date: Date, now: Date) -> String {
        let seconds = Int(now.timeIntervalSince(date))
        switch seconds {
        case ..<60: return "now"
        case ..<3_600: return "\(seconds / 60)m"
        case ..<86_400: return "\(seconds / 3_600)h"
        case ..<(30 * 86_400): return "\(seconds / 86_400)d"
        case ..<(365 * 86_400): return "\(seconds / (30 * 86_400))mo"
        default: return "\(seconds / (365 * 86_400))y"
        }
    }
}
