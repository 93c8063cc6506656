import Foundation

// Reading strings, numbers and Booleans from the tape's bytes, when a decoder asks for them.
extension JSONTape {
    /// The string at token `index`, unescaped.
    func string(at index: Int) throws -> String {
        let token = tokens[index]
        guard token.isString else { throw mismatch(String.self, at: index) }
        let raw = rawBytes(of: token)
        // The scanner validated the UTF-8, so decoding repairs nothing.
        if token.flags & JSONToken.escaped == 0 { return String(decoding: raw, as: UTF8.self) }
        return Self.unescape(raw)
    }

    /// The Boolean at token `index`.
    func bool(at index: Int) throws -> Bool {
        switch tokens[index].kind {
        case .true: true
        case .false: false
        default: throw mismatch(Bool.self, at: index)
        }
    }

    /// The integer at token `index`.
    ///
    /// As JSONDecoder: digits are read exactly, and out of range is `dataCorrupted`; a number
    /// with a fraction or an exponent is read as a `Double` and accepted when that is a whole
    /// number (`1.0`, `1e2`; `1.5` is `dataCorrupted`), and from 2^53 on, where doubles skip
    /// integers, from its decimal digits instead (the fraction cut off). JSONDecoder takes that
    /// last step through `Decimal`, whose quirks are not copied: at the very edge of the range
    /// (`9223372036854775807.0` into `Int`) it refuses what this accepts.
    func integer<Integer: FixedWidthInteger>(at index: Int, as type: Integer.Type = Integer.self) throws -> Integer {
        let token = tokens[index]
        guard token.isNumber else { throw mismatch(Integer.self, at: index) }
        let value: Integer?
        if token.flags & JSONToken.integer != 0 {
            value = exactInteger(token, as: Integer.self)
        } else {
            let double = parseDouble(token)
            value = double.magnitude < 0x1p53 ? Integer(exactly: double) : decimalInteger(token, as: Integer.self)
        }
        guard let value else {
            throw corrupted(at: index, "Parsed JSON number <\(sourceText(at: index))> does not fit in \(Integer.self).")
        }
        return value
    }

    /// The integer at token `index` as an `Int`: ``integer(at:as:)`` without its generic
    /// arithmetic for the common case, digits that fit (an unoptimized build calls through the
    /// protocol for every digit there).
    func integer(at index: Int) throws -> Int {
        let token = tokens[index]
        guard token.isNumber, token.flags & JSONToken.integer != 0, let value = exactInt(token) else {
            return try integer(at: index, as: Int.self)
        }
        return value
    }

    /// The digits of an integer token as an `Int`, or nil when they overflow.
    private func exactInt(_ token: JSONToken) -> Int? {
        var digit = bytes + Int(token.start)
        let end = bytes + Int(token.end)
        let negative = digit.pointee == 0x2D  // "-"
        if negative { digit += 1 }
        var value = 0
        while digit < end {
            let (shifted, overflowShifting) = value.multipliedReportingOverflow(by: 10)
            let next = Int(digit.pointee &- 0x30)  // "0"
            // Negative numbers are built downwards so that `Int.min` fits.
            let (sum, overflowAdding) =
                negative ? shifted.subtractingReportingOverflow(next) : shifted.addingReportingOverflow(next)
            if overflowShifting || overflowAdding { return nil }
            value = sum
            digit += 1
        }
        return value
    }

    /// The number at token `index` as a `Double`, correctly rounded.
    ///
    /// As JSONDecoder, a number too large for a `Double` (`1e400`) or so small it rounds to zero
    /// (`1e-400`) is `dataCorrupted`.
    func double(at index: Int) throws -> Double {
        let token = tokens[index]
        guard token.isNumber else {
            if let value = nonConforming(at: index) { return Double(value) }
            throw mismatch(Double.self, at: index)
        }
        let value = parseDouble(token)
        guard value.isFinite, value != 0 || !hasNonzeroDigit(token) else {
            throw corrupted(at: index, "Number \(sourceText(at: index)) is not representable in Swift.")
        }
        return value
    }

    /// The number at token `index` as a `Float`, parsed from its text (not rounded twice
    /// through a `Double`).
    func float(at index: Int) throws -> Float {
        let token = tokens[index]
        guard token.isNumber else {
            if let value = nonConforming(at: index) { return Float(value) }
            throw mismatch(Float.self, at: index)
        }
        let text = sourceText(at: index)
        guard let value = Float(text), value.isFinite, value != 0 || !hasNonzeroDigit(token) else {
            throw corrupted(at: index, "Number \(text) is not representable in Swift.")
        }
        return value
    }

    /// The number at token `index` as a `Decimal`, from its digits, as JSONDecoder reads it.
    func decimal(at index: Int) throws -> Decimal {
        guard tokens[index].isNumber else { throw mismatch(Decimal.self, at: index) }
        guard let value = Decimal(string: sourceText(at: index), locale: Locale(identifier: "en_US_POSIX")) else {
            throw corrupted(at: index, "Parsed JSON number <\(sourceText(at: index))> does not fit in Decimal.")
        }
        return value
    }

    /// With `convertFromString`, the infinity or NaN a string token stands for; otherwise nil.
    private func nonConforming(at index: Int) -> Double? {
        guard tokens[index].isString,
            case .convertFromString(let positiveInfinity, let negativeInfinity, let nan) = options.floats,
            let text = try? string(at: index)
        else { return nil }
        switch text {
        case positiveInfinity: return .infinity
        case negativeInfinity: return -.infinity
        case nan: return .nan
        default: return nil
        }
    }

    // MARK: Numbers

    /// The digits of an integer token, or nil when they overflow `Integer`.
    private func exactInteger<Integer: FixedWidthInteger>(_ token: JSONToken, as type: Integer.Type) -> Integer? {
        var digit = bytes + Int(token.start)
        let end = bytes + Int(token.end)
        let negative = digit.pointee == UInt8(ascii: "-")
        if negative { digit += 1 }
        var value: Integer = 0
        while digit < end {
            let (shifted, overflowShifting) = value.multipliedReportingOverflow(by: 10)
            let next = Integer(digit.pointee &- UInt8(ascii: "0"))
            // Negative numbers are built downwards so that `Integer.min` fits.
            let (sum, overflowAdding) =
                negative ? shifted.subtractingReportingOverflow(next) : shifted.addingReportingOverflow(next)
            if overflowShifting || overflowAdding { return nil }
            value = sum
            digit += 1
        }
        return value
    }

    /// A number with a fraction or an exponent, from 2^53 on: its decimal digits times its power
    /// of ten, the fraction cut off; nil when the magnitude does not fit (a negative number's
    /// magnitude must fit as a positive `Integer`, as in JSONDecoder's `Decimal` conversion).
    private func decimalInteger<Integer: FixedWidthInteger>(_ token: JSONToken, as type: Integer.Type) -> Integer? {
        var digit = bytes + Int(token.start)
        let end = bytes + Int(token.end)
        let negative = digit.pointee == UInt8(ascii: "-")
        if negative { digit += 1 }
        var digits: [UInt8] = []
        var exponent = 0
        var inFraction = false
        while digit < end, digit.pointee != UInt8(ascii: "e"), digit.pointee != UInt8(ascii: "E") {
            if digit.pointee == UInt8(ascii: ".") {
                inFraction = true
            } else {
                digits.append(digit.pointee &- UInt8(ascii: "0"))
                if inFraction { exponent -= 1 }
            }
            digit += 1
        }
        if digit < end {
            digit += 1
            let exponentNegative = digit.pointee == UInt8(ascii: "-")
            if digit.pointee == UInt8(ascii: "-") || digit.pointee == UInt8(ascii: "+") { digit += 1 }
            var written = 0
            while digit < end {
                if written < 100_000 { written = written * 10 + Int(digit.pointee &- UInt8(ascii: "0")) }
                digit += 1
            }
            exponent += exponentNegative ? -written : written
        }
        // A negative exponent drops that many trailing digits (the fraction).
        let kept = exponent < 0 ? max(0, digits.count + exponent) : digits.count
        var magnitude: UInt64 = 0
        for value in digits.prefix(kept) {
            let (shifted, overflowShifting) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflowAdding) = shifted.addingReportingOverflow(UInt64(value))
            if overflowShifting || overflowAdding { return nil }
            magnitude = sum
        }
        if exponent > 0, magnitude != 0 {
            for _ in 0..<exponent {
                let (shifted, overflow) = magnitude.multipliedReportingOverflow(by: 10)
                if overflow { return nil }
                magnitude = shifted
            }
        }
        guard let positive = Integer(exactly: magnitude) else { return nil }
        if negative {
            guard Integer.isSigned else { return magnitude == 0 ? 0 : nil }
            return 0 - positive
        }
        return positive
    }

    /// Powers of ten that are exact doubles.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// A number token as a `Double`: infinite or zero when out of range, unchecked.
    ///
    /// Most of Reddit's numbers (`1716243322.0`, `0.97`) have a mantissa below 2^53 and a small
    /// exponent; then the digits and the power of ten are both exact doubles and one
    /// multiplication or division rounds correctly (Clinger's fast path). Up to 19 significant
    /// digits (`-65.613616999999977`, as in GeoJSON) with a power of ten up to 10^19 either way,
    /// ``exactlyScaled(_:byPowerOfTen:)`` rounds correctly with integer arithmetic. Other numbers
    /// go through the standard library's correctly rounded parser.
    func parseDouble(_ token: JSONToken) -> Double {
        var digit = bytes + Int(token.start)
        let end = bytes + Int(token.end)
        let negative = digit.pointee == UInt8(ascii: "-")
        if negative { digit += 1 }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        var inFraction = false
        while digit < end {
            let byte = digit.pointee
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                break
            } else {
                let value = UInt64(byte &- UInt8(ascii: "0"))
                if mantissa != 0 || value != 0 { significantDigits += 1 }
                // 19 digits always fit in 64 bits; past them, the standard library's parser.
                if significantDigits > 19 { return slowDouble(token) }
                mantissa = mantissa &* 10 &+ value
                if inFraction { exponent -= 1 }
            }
            digit += 1
        }
        if digit < end {
            digit += 1
            var exponentNegative = false
            if digit.pointee == UInt8(ascii: "-") || digit.pointee == UInt8(ascii: "+") {
                exponentNegative = digit.pointee == UInt8(ascii: "-")
                digit += 1
            }
            var written = 0
            while digit < end {
                // Beyond a few thousand the result is 0 or infinite whatever the digits.
                if written < 100_000 { written = written * 10 + Int(digit.pointee &- UInt8(ascii: "0")) }
                digit += 1
            }
            exponent += exponentNegative ? -written : written
        }
        if mantissa == 0 { return negative ? -0.0 : 0.0 }
        let magnitude: Double
        if mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            magnitude =
                exponent >= 0
                ? Double(mantissa) * Self.exactPowersOfTen[exponent]
                : Double(mantissa) / Self.exactPowersOfTen[-exponent]
        } else if exponent >= -19, exponent <= 19 {
            magnitude = Self.exactlyScaled(mantissa, byPowerOfTen: exponent)
        } else {
            return slowDouble(token)
        }
        return negative ? -magnitude : magnitude
    }

    /// 10^0 through 10^19, every power of ten a `UInt64` holds.
    private static let integerPowersOfTen: [UInt64] = (0...19).map { power in
        (0..<power).reduce(1) { value, _ in value * 10 }
    }

    /// `mantissa` × 10^`power`, correctly rounded to nearest, ties to even, for |`power`| ≤ 19.
    ///
    /// Exact integer arithmetic: the product (at most 128 bits), or the quotient of the
    /// mantissa shifted left over the power of ten (63 or 64 bits, and whether a remainder was
    /// left), is rounded once by the conversion of its top 64 bits to `Double`, with the bits
    /// below them folded into the lowest bit (a sticky bit: at least nine bits below the
    /// rounding position, so it decides only a tie). Scaling by a power of two is then exact, as
    /// every result lies between 10^-19 and 2^128, far inside the normal range.
    static func exactlyScaled(_ mantissa: UInt64, byPowerOfTen power: Int) -> Double {
        if power >= 0 {
            let (high, low) = mantissa.multipliedFullWidth(by: integerPowersOfTen[power])
            if high == 0 { return Double(low) }
            let shift = high.leadingZeroBitCount
            let top = shift == 0 ? high : high << shift | low >> (64 - shift)
            let rest = low << shift
            return Double(top | (rest == 0 ? 0 : 1)) * powerOfTwo(64 - shift)
        }
        let divisor = integerPowersOfTen[-power]
        // Shifted so that the quotient has 63 or 64 bits and the high word stays below the divisor.
        let shift = 63 - (64 - mantissa.leadingZeroBitCount) + (64 - divisor.leadingZeroBitCount)
        let high = shift >= 64 ? mantissa << (shift - 64) : shift == 0 ? 0 : mantissa >> (64 - shift)
        let low = shift >= 64 ? 0 : mantissa << shift
        let (quotient, remainder) = divisor.dividingFullWidth((high, low))
        return Double(quotient | (remainder == 0 ? 0 : 1)) * powerOfTwo(-shift)
    }

    /// 2^`exponent`, for an exponent in the normal range.
    private static func powerOfTwo(_ exponent: Int) -> Double {
        Double(bitPattern: UInt64(1023 + exponent) << 52)
    }

    private func slowDouble(_ token: JSONToken) -> Double {
        // The text is valid JSON number syntax, which Double's parser accepts.
        Double(
            String(
                decoding: UnsafeBufferPointer(start: bytes + Int(token.start), count: Int(token.end - token.start)),
                as: UTF8.self)) ?? .nan
    }

    /// Whether a number's digits before its exponent include one that is not zero.
    private func hasNonzeroDigit(_ token: JSONToken) -> Bool {
        var digit = bytes + Int(token.start)
        let end = bytes + Int(token.end)
        while digit < end, digit.pointee != UInt8(ascii: "e"), digit.pointee != UInt8(ascii: "E") {
            if digit.pointee >= UInt8(ascii: "1"), digit.pointee <= UInt8(ascii: "9") { return true }
            digit += 1
        }
        return false
    }

    // MARK: Strings

    /// A string's bytes with escapes resolved (the scanner checked them, surrogate pairs included).
    static func unescape(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        guard let base = raw.baseAddress else { return "" }
        // Unescaping never lengthens: `\uXXXX` (6 bytes) is at most 3 UTF-8 bytes, a pair (12) is 4.
        return String(unsafeUninitializedCapacity: raw.count) { output in
            var i = 0
            var written = 0
            while i < raw.count {
                // The run up to the next backslash is copied as it is.
                var run = raw.count - i
                if let backslash = memchr(base + i, 0x5C, run) {
                    run = UnsafePointer(backslash.assumingMemoryBound(to: UInt8.self)) - (base + i)
                }
                if run > 0 {
                    (output.baseAddress! + written).update(from: base + i, count: run)
                    written += run
                    i += run
                    continue
                }
                let escaped = base[i + 1]
                i += 2
                let replacement: UInt8
                switch escaped {
                case UInt8(ascii: "b"): replacement = 0x08
                case UInt8(ascii: "f"): replacement = 0x0C
                case UInt8(ascii: "n"): replacement = 0x0A
                case UInt8(ascii: "r"): replacement = 0x0D
                case UInt8(ascii: "t"): replacement = 0x09
                case UInt8(ascii: "u"):
                    var scalar = UInt32(JSONScanner.hexUnit(base + i) ?? 0xFFFD)
                    i += 4
                    if (0xD800...0xDBFF).contains(scalar) {
                        let low = UInt32(JSONScanner.hexUnit(base + i + 2) ?? 0xDC00)
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low &- 0xDC00)
                        i += 6
                    }
                    written += writeUTF8(Unicode.Scalar(scalar) ?? "\u{FFFD}", to: output.baseAddress! + written)
                    continue
                default: replacement = escaped  // `"`, `\` and `/` stand for themselves
                }
                output[written] = replacement
                written += 1
            }
            return written
        }
    }

    /// Writes `scalar` as UTF-8; returns the number of bytes written.
    private static func writeUTF8(_ scalar: Unicode.Scalar, to output: UnsafeMutablePointer<UInt8>) -> Int {
        var count = 0
        for unit in UTF8.encode(scalar)! {
            output[count] = unit
            count += 1
        }
        return count
    }
}
