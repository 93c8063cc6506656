import Synchronization

/// What a documentation block runs in: a generated `<Document>SnippetsComplete` for a block that
/// needs nothing else, or a hand-written `<Document>Snippets` (Contexts/) that also declares the
/// names a `partial` block takes from the surrounding text.
///
/// A block's `print` lands in ``printed`` (this `print` is found before the standard library's),
/// so a test can check what the block shows.
protocol DocSnippetContext: Sendable {
    /// The lines the block printed.
    var printed: PrintedLines { get }
}

extension DocSnippetContext {
    /// Records the line instead of writing it to standard output.
    func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
        printed.append(items.map { "\($0)" }.joined(separator: separator))
    }
}

/// The lines a block printed, in order.
final class PrintedLines: Sendable {
    private let storage = Mutex<[String]>([])

    /// Adds a line.
    func append(_ line: String) { storage.withLock { $0.append(line) } }

    /// Every line so far.
    var lines: [String] { storage.withLock { $0 } }
}
