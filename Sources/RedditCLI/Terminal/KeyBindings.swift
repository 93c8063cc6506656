/// Key bindings from the config file (`"keys": {"w": "k", "s": "j", "Tab": "Enter"}`): each entry
/// makes a key act as one of the browser's own keys, as if that key had been pressed. Text typed
/// at a prompt is never remapped.
package struct KeyBindings: Sendable, Equatable {
    /// Pairs of a key pressed and the browser's key it stands for.
    package private(set) var pairs: [(pressed: Key, acts: Key)] = []

    package init() {}

    /// The bindings of a config file's `keys` object; an error names a key it cannot read.
    package init(_ entries: [String: String]) throws(CLIError) {
        for (pressed, acts) in entries.sorted(by: { $0.key < $1.key }) {
            guard let from = Self.key(named: pressed) else { throw Self.unknown(pressed) }
            guard let to = Self.key(named: acts) else { throw Self.unknown(acts) }
            pairs.append((from, to))
        }
    }

    /// The key `key` acts as.
    package func resolve(_ key: Key) -> Key {
        pairs.first { $0.pressed == key }?.acts ?? key
    }

    /// Names of keys that are not one character.
    static let names: [String: Key] = [
        "Up": .up, "Down": .down, "Left": .left, "Right": .right, "PageUp": .pageUp, "PageDown": .pageDown,
        "Home": .home, "End": .end, "Enter": .enter, "Space": .space, "Escape": .escape, "Backspace": .backspace,
        "Tab": .tab,
    ]

    /// The key a config file names: one character, or one of ``names``.
    static func key(named name: String) -> Key? {
        if let key = names[name] { return key }
        guard name.count == 1, let character = name.first, character != " " else { return nil }
        return .character(character)
    }

    private static func unknown(_ name: String) -> CLIError {
        CLIError(
            "config file: \"keys\": no key '\(name)'; a key is one character or one of "
                + names.keys.sorted().joined(separator: ", "))
    }

    package static func == (lhs: KeyBindings, rhs: KeyBindings) -> Bool {
        lhs.pairs.count == rhs.pairs.count
            && zip(lhs.pairs, rhs.pairs).allSatisfy { $0.pressed == $1.pressed && $0.acts == $1.acts }
    }
}
