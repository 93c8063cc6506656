/// Going back and quitting: `q`, Esc and ← go back a screen; on the first screen a stray Esc or
/// ← does nothing and `q` asks first, so that keys typed after a mistaken quit never reach the
/// shell. `Q` and Ctrl-C quit at once.
extension BrowseState {
    /// What `q` on the first screen asks.
    static let quitQuestion = "quit reddit? q or y quits, any other key stays"

    /// `q`, Esc or ←: back a screen, or on the first screen (`q` only) the question.
    mutating func goBack(_ key: Key) {
        if stack.count > 1 {
            stack.removeLast()
        } else if key == .character("q") {
            asksToQuit = true
            status = Self.quitQuestion
        }
    }

    /// The key after the question: `q` or `y` (or Ctrl-C) quits; any other key stays, unacted on.
    mutating func answerQuitQuestion(_ key: Key) -> Effect? {
        asksToQuit = false
        status = nil
        return [.character("q"), .character("y"), .character("Q"), .interrupt, .endOfInput].contains(key) ? .quit : nil
    }
}
