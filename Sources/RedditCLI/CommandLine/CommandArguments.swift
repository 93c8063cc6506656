/// The arguments after a command's name, consumed piece by piece: options first, then
/// positionals; ``finish()`` rejects whatever is left (an unknown flag, an extra argument).
struct CommandArguments {
    let command: String
    private var tokens: [String]
    /// Words after `--`: positional whatever they look like (`search -- -term`).
    private var literals: [String]

    init(command: String, tokens: [String], literals: [String] = []) {
        self.command = command
        self.tokens = tokens
        self.literals = literals
    }

    /// The raw value of `--name value` or `--name=value`, removed from the arguments.
    mutating func value(_ name: String) throws(UsageError) -> String? {
        var found: String?
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token == name {
                guard index + 1 < tokens.count else { throw usage("\(name) needs a value") }
                found = tokens[index + 1]
                tokens.removeSubrange(index...(index + 1))
            } else if token.hasPrefix(name + "=") {
                found = String(token.dropFirst(name.count + 1))
                tokens.remove(at: index)
            } else {
                index += 1
            }
        }
        if let found, found.isEmpty { throw usage("\(name) needs a value") }
        return found
    }

    /// Whether the flag `name` (no value) is present; removes it.
    mutating func flag(_ name: String) -> Bool {
        let before = tokens.count
        tokens.removeAll { $0 == name }
        return tokens.count != before
    }

    /// `--name value` where the value is one of an enum's cases.
    mutating func option<Value: RawRepresentable & CaseIterable>(
        _ name: String, aliases: KeyValuePairs<String, Value> = [:]
    ) throws(UsageError) -> Value?
    where Value.RawValue == String {
        guard let raw = try value(name) else { return nil }
        if let alias = aliases.first(where: { $0.key == raw.lowercased() }) { return alias.value }
        guard let parsed = Value(rawValue: raw.lowercased()) else {
            let names = aliases.map(\.key) + Value.allCases.map(\.rawValue)
            throw usage("\(name) must be one of: \(names.joined(separator: ", ")) (got '\(raw)')")
        }
        return parsed
    }

    /// `--name N` with N a whole number in `range`.
    mutating func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let raw = try value(name) else { return nil }
        guard let number = Int(raw), range.contains(number) else {
            throw usage("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound) (got '\(raw)')")
        }
        return number
    }

    /// `--limit` and `--after`.
    mutating func page() throws(UsageError) -> PageOptions {
        let limit = try integer("--limit", in: 1...100)
        let after = try value("--after")
        if let after, !FullnameCheck.isFullname(after) {
            throw usage("--after takes a fullname such as t3_48dxvx (got '\(after)')")
        }
        return PageOptions(limit: limit, after: after)
    }

    /// The next positional argument; missing is a usage error naming `what`.
    mutating func positional(_ what: String) throws(UsageError) -> String {
        guard let value = optionalPositional(what: what) else { throw usage("missing \(what)") }
        return value
    }

    /// The next positional argument, if any.
    mutating func optionalPositional(what: String) -> String? {
        guard let index = tokens.firstIndex(where: { !isFlag($0) }) else {
            return literals.isEmpty ? nil : literals.removeFirst()
        }
        return tokens.remove(at: index)
    }

    /// The next positional argument read as one of an enum's cases.
    mutating func optionalPositional<Value: RawRepresentable & CaseIterable>(as type: Value.Type, what: String)
        throws(UsageError) -> Value?
    where Value.RawValue == String {
        guard let raw = optionalPositional(what: what) else { return nil }
        guard let value = Value(rawValue: raw.lowercased()) else {
            throw usage(
                "\(what) must be one of: \(Value.allCases.map(\.rawValue).joined(separator: ", ")) (got '\(raw)')")
        }
        return value
    }

    /// A thing's fullname (`t3_abc`, `t1_xyz`).
    mutating func fullname() throws(UsageError) -> String {
        let raw = try positional("fullname (for example t3_48dxvx or t1_cu5tt8h)")
        guard FullnameCheck.isFullname(raw) else {
            throw usage("'\(raw)' is not a fullname: use t3_<id> for a post or t1_<id> for a comment")
        }
        return raw
    }

    /// Every positional argument left.
    mutating func remainingPositionals() -> [String] {
        let words = tokens.filter { !isFlag($0) } + literals
        tokens = tokens.filter { isFlag($0) }
        literals = []
        return words
    }

    /// Fails on anything not consumed.
    func finish() throws(UsageError) {
        if let flag = tokens.first(where: isFlag) { throw usage(CommandSuggestion.unknownOption(flag)) }
        if let extra = tokens.first { throw usage("unexpected argument '\(extra)'") }
        if let extra = literals.first { throw usage("unexpected argument '\(extra)'") }
    }

    private func isFlag(_ token: String) -> Bool { Self.isFlag(token) }

    private static func isFlag(_ token: String) -> Bool { token.hasPrefix("-") && token.count > 1 }

    private func usage(_ message: String) -> UsageError { UsageError(message: message, command: command) }
}

/// Recognizes Reddit fullnames: `t<digit>_<base-36 id>`.
enum FullnameCheck {
    static func isFullname(_ text: String) -> Bool {
        let parts = text.split(separator: "_", maxSplits: 1)
        guard parts.count == 2, parts[0].count == 2, parts[0].first == "t", parts[0].last?.isNumber == true else {
            return false
        }
        return isID36(parts[1])
    }

    static func isID36(_ text: some StringProtocol) -> Bool {
        !text.isEmpty && text.count <= 16
            && text.allSatisfy { ($0.isASCII && $0.isLetter) || ($0.isASCII && $0.isNumber) }
    }
}
