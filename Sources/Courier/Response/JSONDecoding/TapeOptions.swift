import Foundation

/// A ``JSON/TapeDecoder``'s strategies, held by the tape of each decode.
struct TapeOptions {
    /// How keys are matched.
    enum Keys {
        case useDefaultKeys
        case convertFromSnakeCase
        case custom(@Sendable ([any CodingKey]) -> any CodingKey)
    }

    let keys: Keys
    let dates: JSONDecoder.DateDecodingStrategy
    let data: JSONDecoder.DataDecodingStrategy
    let floats: JSONDecoder.NonConformingFloatDecodingStrategy
    let userInfo: [CodingUserInfoKey: any Sendable]
    /// Whether `Date` decodes through its own `init(from:)`.
    let datesDeferred: Bool
    /// Whether `Data` is read as Base64.
    let dataAsBase64: Bool
    /// Whether `Data` decodes through its own `init(from:)`.
    let dataDeferred: Bool
    /// Whether the key strategy is other than `useDefaultKeys`.
    let convertsKeys: Bool

    init(
        keys: JSONDecoder.KeyDecodingStrategy, dates: JSONDecoder.DateDecodingStrategy,
        data: JSONDecoder.DataDecodingStrategy, floats: JSONDecoder.NonConformingFloatDecodingStrategy,
        userInfo: [CodingUserInfoKey: any Sendable]
    ) {
        switch keys {
        case .useDefaultKeys: self.keys = .useDefaultKeys
        case .convertFromSnakeCase: self.keys = .convertFromSnakeCase
        case .custom(let convert): self.keys = .custom(convert)
        @unknown default: self.keys = .useDefaultKeys
        }
        if case .useDefaultKeys = self.keys { convertsKeys = false } else { convertsKeys = true }
        self.dates = dates
        self.data = data
        self.floats = floats
        self.userInfo = userInfo
        if case .deferredToDate = dates { datesDeferred = true } else { datesDeferred = false }
        if case .base64 = data { dataAsBase64 = true } else { dataAsBase64 = false }
        if case .deferredToData = data { dataDeferred = true } else { dataDeferred = false }
    }

    /// `JSONDecoder`'s defaults.
    static let standard = TapeOptions(
        keys: .useDefaultKeys, dates: .deferredToDate, data: .base64, floats: .throw, userInfo: [:])

    /// The name a key of the document is matched by: itself, or converted by the strategy
    /// (`path` is the container's coding path, for a custom strategy).
    func convertedKey(_ key: String, path: @autoclosure () -> [any CodingKey]) -> String {
        switch keys {
        case .useDefaultKeys: key
        case .convertFromSnakeCase: Self.convertFromSnakeCase(key)
        case .custom(let convert): convert(path() + [JSONCodingKey(stringValue: key)]).stringValue
        }
    }

    /// Foundation's rules: leading and trailing underscores are kept; between them, the words
    /// split at underscores are joined, the first lowercased and the others capitalized; a key
    /// without an inner underscore is kept as is.
    static func convertFromSnakeCase(_ key: String) -> String {
        guard let first = key.firstIndex(where: { $0 != "_" }) else { return key }
        var last = key.index(before: key.endIndex)
        while last > first, key[last] == "_" { key.formIndex(before: &last) }
        let words = key[first...last].split(separator: "_")
        let joined: String
        if words.count == 1 {
            joined = String(key[first...last])
        } else {
            joined =
                words[0].lowercased()
                + words.dropFirst().map(capitalized).joined()
        }
        return String(key[..<first]) + joined + String(key[key.index(after: last)...])
    }

    /// Foundation's `capitalized`: a cased letter is titlecased after anything but a cased letter
    /// (case-ignorable characters such as `'` are passed over) and lowercased after one.
    private static func capitalized(_ word: Substring) -> String {
        var result = ""
        var afterCased = false
        for scalar in word.unicodeScalars {
            let properties = scalar.properties
            if properties.isCased {
                result += afterCased ? properties.lowercaseMapping : properties.titlecaseMapping
                afterCased = true
            } else {
                result.unicodeScalars.append(scalar)
                if !properties.isCaseIgnorable { afterCased = false }
            }
        }
        return result
    }
}
