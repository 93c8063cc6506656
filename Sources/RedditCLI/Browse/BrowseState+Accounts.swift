/// `A`: switching accounts inside the browser. The session lists the signed-in accounts; the
/// bottom line shows them numbered, and the next key picks one (any other key keeps the
/// current account).
extension BrowseState {
    /// Shows the accounts to pick from, `current` marked with `*`; says how to sign in when
    /// there are none.
    package mutating func didListAccounts(_ names: [String], current: String) {
        guard !names.isEmpty else {
            status = "no accounts signed in: run reddit login --account NAME"
            return
        }
        let shown = names.prefix(9)
        accountChoices = Array(shown)
        status =
            "switch to account: "
            + shown.enumerated().map { "\($0.offset + 1) \($0.element)\($0.element == current ? "*" : "")" }
            .joined(separator: "  ") + "  (number; other keys keep it)"
    }

    /// The key after the list: a listed number switches to that account.
    mutating func answerAccountChoice(_ key: Key) -> Effect? {
        let names = accountChoices ?? []
        accountChoices = nil
        status = nil
        if case .character(let digit) = key, let number = Int(String(digit)), names.indices.contains(number - 1) {
            return .switchAccount(names[number - 1])
        }
        if key == .interrupt { return .quit }
        status = "account unchanged"
        return nil
    }
}
