import Foundation
import Testing

/// ARCHITECTURE.md names every place where Sources make their own concurrency: each
/// `@unchecked Sendable` type, each `Thread`, each `DispatchQueue(label:)` and each type holding
/// a `Mutex`. A new one that the map does not name fails here, saying what and where.
@Suite("ARCHITECTURE.md names the concurrency in Sources")
struct ArchitectureTests {
    /// Something ARCHITECTURE.md must name, and where it was found.
    struct Finding: CustomStringConvertible {
        let kind: String
        let name: String
        let location: String
        var description: String { "\(location): \(kind) \(name)" }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every `.swift` file under Sources, by path relative to the package root, with its lines.
    static func sources() throws -> [(path: String, lines: [Substring])] {
        let sources = root.appendingPathComponent("Sources")
        guard let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else {
            return []
        }
        var found: [(String, [Substring])] = []
        for case let url as URL in files where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            let path = String(url.path.dropFirst(root.path.count + 1))
            found.append((path, text.split(separator: "\n", omittingEmptySubsequences: false)))
        }
        return found.sorted { $0.0 < $1.0 }
    }

    /// A line with the comment after `//` removed (a `//` inside a string literal is rare enough
    /// in these lines to ignore).
    static func code(_ line: Substring) -> Substring {
        guard let comment = line.range(of: "//") else { return line }
        return line[..<comment.lowerBound]
    }

    /// The name a type declaration on `line` declares (`final class CurlTransfer: ...` gives
    /// `CurlTransfer`), nil when the line declares none.
    static func declaredType(_ line: Substring) -> String? {
        let words = code(line).split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" })
        for (index, word) in words.enumerated().dropLast()
        where ["class", "struct", "enum", "actor", "extension"].contains(word) {
            return String(words[index + 1])
        }
        return nil
    }

    /// How many `{` and `}` a line of code opens and closes, outside string literals.
    static func braces(_ code: Substring) -> (opened: Int, closed: Int) {
        var (opened, closed, inString, previous) = (0, 0, false, Character(" "))
        for character in code {
            if character == "\"", previous != "\\" {
                inString.toggle()
            } else if !inString, character == "{" {
                opened += 1
            } else if !inString, character == "}" {
                closed += 1
            }
            previous = character
        }
        return (opened, closed)
    }

    /// Whether `code` starts a `Thread` (`Thread { ... }`, `Thread(block:)`, `detachNewThread`),
    /// not a type whose name ends in `Thread`.
    static func startsThread(_ code: Substring) -> Bool {
        if code.contains("Thread(block:") || code.contains("detachNewThread") { return true }
        var rest = code[...]
        while let found = rest.range(of: "Thread {") {
            let before = rest[..<found.lowerBound].last
            if before.map({ !$0.isLetter && !$0.isNumber && $0 != "_" }) ?? true { return true }
            rest = rest[found.upperBound...]
        }
        return false
    }

    /// What Sources hold that ARCHITECTURE.md must name: a `Thread` or a `Mutex` is named by the
    /// innermost type whose braces hold it.
    static func findings() throws -> [Finding] {
        var findings: [Finding] = []
        for (path, lines) in try sources() {
            var types: [(name: String, depth: Int)] = []
            var depth = 0
            var declared: String?
            for (index, line) in lines.enumerated() {
                let code = Self.code(line)
                let location = "\(path):\(index + 1)"
                let name = declaredType(line)
                if let name { declared = name }
                let enclosing = types.last?.name ?? "?"
                if code.contains("@unchecked Sendable"), let name {
                    findings.append(Finding(kind: "@unchecked Sendable", name: name, location: location))
                }
                if startsThread(code) {
                    findings.append(Finding(kind: "Thread in", name: enclosing, location: location))
                }
                if let label = code.range(of: "DispatchQueue(label: \"") {
                    let literal = code[label.upperBound...].prefix { $0 != "\"" && $0 != "\\" }
                    findings.append(Finding(kind: "DispatchQueue", name: String(literal), location: location))
                }
                if code.contains("Mutex(") || code.contains("Mutex<"), !code.contains("import") {
                    findings.append(Finding(kind: "Mutex in", name: enclosing, location: location))
                }
                let (opened, closed) = braces(code)
                for _ in 0..<opened {
                    depth += 1
                    if let type = declared {
                        types.append((type, depth))
                        declared = nil
                    }
                }
                for _ in 0..<closed {
                    if types.last?.depth == depth { types.removeLast() }
                    depth -= 1
                }
            }
        }
        return findings
    }

    /// The identifiers ARCHITECTURE.md names in code spans (`` `CurlEventLoop.IdleHandle` ``
    /// names `CurlEventLoop` and `IdleHandle`), and its whole text for queue labels.
    static func architecture() throws -> (names: Set<String>, text: String) {
        let text = try String(contentsOf: root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        var names: Set<String> = []
        for (index, span) in text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
        where index % 2 == 1 {
            for word in span.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }) {
                names.insert(String(word))
            }
        }
        return (names, text)
    }

    @Test("Every @unchecked Sendable type, Thread, DispatchQueue label and Mutex holder in Sources is named")
    func everythingNamed() throws {
        let (names, text) = try Self.architecture()
        let findings = try Self.findings()
        // The scan itself works: it sees the ones this file was written against.
        #expect(findings.contains { $0.kind == "@unchecked Sendable" && $0.name == "CurlTransfer" })
        #expect(findings.contains { $0.kind == "Thread in" && $0.name == "CurlEventLoop" })
        #expect(findings.contains { $0.kind == "DispatchQueue" && $0.name == "Courier.EventMonitor" })
        #expect(findings.contains { $0.kind == "Mutex in" && $0.name == "RequestContext" })
        let missing = findings.filter { finding in
            finding.kind == "DispatchQueue" ? !text.contains(finding.name) : !names.contains(finding.name)
        }
        #expect(
            missing.isEmpty,
            "ARCHITECTURE.md does not name:\n\(missing.map { "  \($0)" }.joined(separator: "\n"))")
    }

    /// One concept a file: a file that grows past 500 lines is split by concern (issue 47), and
    /// generated files are written in pieces (Benchmarks/tools/generate-document-models.py).
    @Test("No Swift file in Sources is longer than 500 lines")
    func filesStaySmall() throws {
        let sources = try Self.sources()
        #expect(sources.count > 100, "the scan sees Sources")
        // A file ends with a newline, which the split counts as one more, empty, line.
        let long = sources.filter { $0.lines.count - 1 > 500 }.map { "\($0.path): \($0.lines.count - 1) lines" }
        #expect(long.isEmpty, "over 500 lines:\n\(long.joined(separator: "\n"))")
    }
}
