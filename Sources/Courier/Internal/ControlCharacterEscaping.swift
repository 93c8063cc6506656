extension String {
    /// The text with every character that could end a line or steer a terminal written as an
    /// escape: `\r`, `\n`, `\0`, `\t`, and `\u{XX}` for the other C0 and C1 controls, DEL and the
    /// Unicode line and paragraph separators. What reaches a log line or an error's description
    /// then stays on one line and cannot pass for a line of its own.
    ///
    /// Text without such characters is returned as it is, without a copy. Applying it twice gives
    /// the same text as once.
    var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: Self.needsEscape) else { return self }
        var escaped = ""
        escaped.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            guard Self.needsEscape(scalar) else {
                escaped.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\r": escaped += "\\r"
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            case "\0": escaped += "\\0"
            default: escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return escaped
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029: true
        default: false
        }
    }
}
