/// A key the interactive browser reacts to.
package enum Key: Equatable, Sendable {
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, space, escape, backspace, tab
    /// Ctrl-C (raw mode delivers it as a byte instead of a signal).
    case interrupt
    /// Ctrl-D.
    case endOfInput
    /// Ctrl-Z (raw mode delivers it as a byte instead of SIGTSTP): suspend, as the shell does.
    case suspend
    /// A printable character.
    case character(Character)
}

/// Turns the bytes a terminal sends in raw mode into keys: ANSI escape sequences for arrows and
/// paging (CSI and SS3 forms), control bytes, and UTF-8 text. Bytes of an unfinished sequence
/// are kept for the next chunk.
package struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    package init() {}

    /// The keys in `bytes` (one read from the terminal). An escape byte at the very end of a
    /// chunk is the Escape key: terminals send a whole sequence in one write.
    package mutating func decode(_ bytes: [UInt8]) -> [Key] {
        var input = pending + bytes
        pending = []
        var keys: [Key] = []
        while !input.isEmpty {
            let (key, used) = Self.next(input)
            if used == 0 {
                pending = input
                break
            }
            if let key { keys.append(key) }
            input.removeFirst(used)
        }
        return keys
    }

    /// The first key in `bytes` and how many bytes it took; 0 means "need more bytes".
    private static func next(_ bytes: [UInt8]) -> (Key?, Int) {
        let first = bytes[0]
        switch first {
        case 0x1B:
            guard bytes.count > 1 else { return (.escape, 1) }
            if bytes[1] == UInt8(ascii: "[") || bytes[1] == UInt8(ascii: "O") { return escapeSequence(bytes) }
            return (.escape, 1)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x20: return (.space, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x09: return (.tab, 1)
        case 0x03: return (.interrupt, 1)
        case 0x04: return (.endOfInput, 1)
        case 0x1A: return (.suspend, 1)
        case 0x0E: return (.down, 1)  // Ctrl-N
        case 0x10: return (.up, 1)  // Ctrl-P
        case ..<0x20: return (nil, 1)
        default:
            let length = first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
            guard bytes.count >= length else { return (nil, 0) }
            guard let text = String(validating: bytes[0..<length], as: UTF8.self), let character = text.first else {
                return (nil, 1)
            }
            return (.character(character), length)
        }
    }

    /// `ESC [ … final` or `ESC O final`.
    private static func escapeSequence(_ bytes: [UInt8]) -> (Key?, Int) {
        var index = 2
        while index < bytes.count {
            let byte = bytes[index]
            if (0x40...0x7E).contains(byte) {
                let parameters = String(decoding: bytes[2..<index], as: UTF8.self)
                return (key(final: byte, parameters: parameters), index + 1)
            }
            index += 1
            if index > 16 { return (nil, index) }  // not a sequence we know: drop it
        }
        return (nil, 0)
    }

    private static func key(final: UInt8, parameters: String) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "~"):
            switch parameters {
            case "1", "7": .home
            case "4", "8": .end
            case "5": .pageUp
            case "6": .pageDown
            default: nil
            }
        default: nil
        }
    }
}
