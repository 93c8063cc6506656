import Foundation

// The scanner's rarer paths, kept out of JSONScanner.swift (whose hot loops want their helpers
// in the same file, see ``JSONScanner/Document``): escapes, multi-byte UTF-8, and the error
// for a document that is not valid JSON.
extension JSONScanner {
    /// Checks the escape at `start` (a backslash); returns the offset after it.
    func scanEscape(at start: Int) throws -> Int {
        switch document.byte(start + 1) {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return start + 2
        case UInt8(ascii: "u"):
            guard start + 6 <= document.count, let unit = JSONScanner.hexUnit(document.bytes + start + 2) else {
                throw failure(at: start, "Invalid \\u escape; four hexadecimal digits were expected")
            }
            switch unit {
            case 0xD800...0xDBFF:
                guard start + 12 <= document.count, document.byte(start + 6) == UInt8(ascii: "\\"),
                    document.byte(start + 7) == UInt8(ascii: "u"),
                    let low = JSONScanner.hexUnit(document.bytes + start + 8), (0xDC00...0xDFFF).contains(low)
                else {
                    throw failure(at: start, "Invalid \\u escape; a high surrogate must be followed by a low surrogate")
                }
                return start + 12
            case 0xDC00...0xDFFF:
                throw failure(at: start, "Invalid \\u escape; a low surrogate without a high surrogate before it")
            default:
                return start + 6
            }
        default:
            throw failure(at: start, "Invalid escape sequence")
        }
    }

    /// The UTF-16 unit written as four hexadecimal digits at `digits`, or nil.
    static func hexUnit(_ digits: UnsafePointer<UInt8>) -> UInt16? {
        var unit: UInt16 = 0
        for offset in 0..<4 {
            let byte = digits[offset]
            let value: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            unit = unit << 4 | UInt16(value)
        }
        return unit
    }

    /// Checks the multi-byte UTF-8 sequence at `start` (Unicode's table of well-formed
    /// sequences: no overlong forms, no surrogates, nothing above U+10FFFF); returns the offset
    /// after it.
    func scanUTF8Sequence(at start: Int) throws -> Int {
        let lead = document.byte(start)
        let second = document.byte(start + 1)
        // The second byte's range depends on the lead (the table's exceptions); the others are
        // plain continuation bytes, 0x80–0xBF.
        @inline(always) func continuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
        let length: Int
        var secondLow: UInt8 = 0x80
        var secondHigh: UInt8 = 0xBF
        if lead >= 0xC2 && lead <= 0xDF {
            length = 2
        } else if lead >= 0xE0 && lead <= 0xEF {
            length = 3
            if lead == 0xE0 { secondLow = 0xA0 } else if lead == 0xED { secondHigh = 0x9F }
        } else if lead >= 0xF0 && lead <= 0xF4 {
            length = 4
            if lead == 0xF0 { secondLow = 0x90 } else if lead == 0xF4 { secondHigh = 0x8F }
        } else {
            throw failure(at: start, "Invalid UTF-8 in a string")
        }
        guard second >= secondLow, second <= secondHigh,
            length < 3 || continuation(document.byte(start + 2)),
            length < 4 || continuation(document.byte(start + 3)),
            start + length <= document.count
        else {
            throw failure(at: start, "Invalid UTF-8 in a string")
        }
        return start + length
    }

    // MARK: Errors

    /// `dataCorrupted` for a failure at byte `offset`, with the path of the value being scanned.
    func failure(at offset: Int, _ reason: String) -> DecodingError {
        var path: [any CodingKey] = []
        for level in 0..<depth {
            let entry = open[level]
            let key = level == depth - 1 ? innermostKey : entry.key
            if tokens[entry.container].isObject {
                // A key is recorded once scanned; a failure inside a key leaves the previous one
                // (or none) recorded, which still points close by.
                if key > entry.container, let text = Self.plainText(of: tokens[key], in: document.bytes) {
                    path.append(JSONCodingKey(stringValue: text))
                }
            } else {
                let index = level == depth - 1 ? members : open[level + 1].outerMembers
                path.append(JSONCodingKey(intValue: Int(index)))
            }
        }
        return .dataCorrupted(
            .init(
                codingPath: path,
                debugDescription: "The given data was not valid JSON: \(reason) at byte offset \(offset)."))
    }

    /// A scanned key's text, when it needs no unescaping (for error paths only).
    private static func plainText(of token: JSONToken, in bytes: UnsafePointer<UInt8>) -> String? {
        guard token.flags & JSONToken.escaped == 0 else { return "(escaped key)" }
        return String(
            decoding: UnsafeBufferPointer(start: bytes + Int(token.start), count: Int(token.end - token.start)),
            as: UTF8.self)
    }
}
