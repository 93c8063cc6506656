#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few cmark-gfm functions ``MarkdownParser`` calls, loaded from the system's
/// `libcmark-gfm` and `libcmark-gfm-extensions` at run time (Debian: `libcmark-gfm-dev` and
/// `libcmark-gfm-extensions-dev`), as libcurl is, so that the package builds and `reddit` runs
/// where they are absent: without them text is shown as written, links still numbered.
///
/// cmark-gfm is GitHub-flavoured CommonMark's reference parser; the declarations below are its
/// public C API from `cmark-gfm.h`, `cmark-gfm-extension_api.h` and
/// `cmark-gfm-core-extensions.h`. Node kinds are read by name (`cmark_node_get_type_string`),
/// since the extensions' kinds are numbered at run time.
struct CMark: Sendable {
    typealias Node = OpaquePointer
    typealias Parser = OpaquePointer

    let parserNew: @convention(c) (Int32) -> Parser?
    let parserFree: @convention(c) (Parser) -> Void
    let parserFeed: @convention(c) (Parser, UnsafePointer<CChar>, Int) -> Void
    let parserFinish: @convention(c) (Parser) -> Node?
    let attachExtension: @convention(c) (Parser, OpaquePointer) -> Int32
    let findExtension: @convention(c) (UnsafePointer<CChar>) -> OpaquePointer?
    let nodeFree: @convention(c) (Node) -> Void
    let firstChild: @convention(c) (Node) -> Node?
    let next: @convention(c) (Node) -> Node?
    let typeString: @convention(c) (Node) -> UnsafePointer<CChar>?
    let literal: @convention(c) (Node) -> UnsafePointer<CChar>?
    let url: @convention(c) (Node) -> UnsafePointer<CChar>?
    let headingLevel: @convention(c) (Node) -> Int32
    /// `cmark_list_type`: 1 for bullets, 2 for numbers.
    let listType: @convention(c) (Node) -> Int32
    let listStart: @convention(c) (Node) -> Int32
    /// A table's column count (`cmark_gfm_extensions_get_table_columns`).
    let tableColumns: @convention(c) (Node) -> UInt16
    /// A table's alignments, one byte a column: `l`, `c`, `r` or 0 for none.
    let tableAlignments: @convention(c) (Node) -> UnsafeMutablePointer<UInt8>?

    /// The extensions attached to every parser: GitHub's tables, `~~strikethrough~~` and bare
    /// `www.` and `https://` links.
    static let extensionNames = ["table", "strikethrough", "autolink"]

    /// cmark-gfm loaded once per process, or nil when the libraries are not installed.
    static let loaded: CMark? = load()

    private static func load() -> CMark? {
        #if canImport(Darwin)
        let suffixes = [".0.29.0.gfm.6.dylib", ".dylib"]
        let names = suffixes.map { "libcmark-gfm" + $0 }
        let extensionNames = suffixes.map { "libcmark-gfm-extensions" + $0 }
        #else
        let names = ["libcmark-gfm.so.0.29.0.gfm.6", "libcmark-gfm.so"]
        let extensionNames = ["libcmark-gfm-extensions.so.0.29.0.gfm.6", "libcmark-gfm-extensions.so"]
        #endif
        guard let core = DynamicLibrary.open(names), let extensions = DynamicLibrary.open(extensionNames) else {
            return nil
        }
        func symbol<T>(_ handle: UnsafeMutableRawPointer, _ name: String, as type: T.Type) -> T? {
            DynamicLibrary.symbol(handle, name, as: type)
        }
        guard
            let register = symbol(
                extensions, "cmark_gfm_core_extensions_ensure_registered", as: (@convention(c) () -> Void).self),
            let parserNew = symbol(core, "cmark_parser_new", as: (@convention(c) (Int32) -> Parser?).self),
            let parserFree = symbol(core, "cmark_parser_free", as: (@convention(c) (Parser) -> Void).self),
            let parserFeed = symbol(
                core, "cmark_parser_feed", as: (@convention(c) (Parser, UnsafePointer<CChar>, Int) -> Void).self),
            let parserFinish = symbol(core, "cmark_parser_finish", as: (@convention(c) (Parser) -> Node?).self),
            let attachExtension = symbol(
                core, "cmark_parser_attach_syntax_extension",
                as: (@convention(c) (Parser, OpaquePointer) -> Int32).self),
            let findExtension = symbol(
                core, "cmark_find_syntax_extension", as: (@convention(c) (UnsafePointer<CChar>) -> OpaquePointer?).self),
            let nodeFree = symbol(core, "cmark_node_free", as: (@convention(c) (Node) -> Void).self),
            let firstChild = symbol(core, "cmark_node_first_child", as: (@convention(c) (Node) -> Node?).self),
            let next = symbol(core, "cmark_node_next", as: (@convention(c) (Node) -> Node?).self),
            let typeString = symbol(
                core, "cmark_node_get_type_string", as: (@convention(c) (Node) -> UnsafePointer<CChar>?).self),
            let literal = symbol(
                core, "cmark_node_get_literal", as: (@convention(c) (Node) -> UnsafePointer<CChar>?).self),
            let url = symbol(core, "cmark_node_get_url", as: (@convention(c) (Node) -> UnsafePointer<CChar>?).self),
            let headingLevel = symbol(core, "cmark_node_get_heading_level", as: (@convention(c) (Node) -> Int32).self),
            let listType = symbol(core, "cmark_node_get_list_type", as: (@convention(c) (Node) -> Int32).self),
            let listStart = symbol(core, "cmark_node_get_list_start", as: (@convention(c) (Node) -> Int32).self),
            let tableColumns = symbol(
                extensions, "cmark_gfm_extensions_get_table_columns", as: (@convention(c) (Node) -> UInt16).self),
            let tableAlignments = symbol(
                extensions, "cmark_gfm_extensions_get_table_alignments",
                as: (@convention(c) (Node) -> UnsafeMutablePointer<UInt8>?).self)
        else { return nil }
        register()
        let cmark = CMark(
            parserNew: parserNew, parserFree: parserFree, parserFeed: parserFeed, parserFinish: parserFinish,
            attachExtension: attachExtension, findExtension: findExtension, nodeFree: nodeFree,
            firstChild: firstChild, next: next, typeString: typeString, literal: literal, url: url,
            headingLevel: headingLevel, listType: listType, listStart: listStart, tableColumns: tableColumns,
            tableAlignments: tableAlignments)
        // All three extensions or none: a half-equipped parser would show tables as pipes.
        guard extensionNamesFound(cmark) else { return nil }
        return cmark
    }

    private static func extensionNamesFound(_ cmark: CMark) -> Bool {
        extensionNames.allSatisfy { name in name.withCString { cmark.findExtension($0) } != nil }
    }

    /// Parses `text` and hands the document's root to `body`; the tree is freed afterwards.
    func withDocument<T>(_ text: String, _ body: (Node) -> T) -> T? {
        // CMARK_OPT_DEFAULT: raw HTML is not rendered anyway; nothing here writes HTML.
        guard let parser = parserNew(0) else { return nil }
        defer { parserFree(parser) }
        for name in Self.extensionNames {
            if let syntax = name.withCString(findExtension) { _ = attachExtension(parser, syntax) }
        }
        var bytes = Array(text.utf8)
        bytes.append(0)
        bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                parserFeed(parser, $0, buffer.count - 1)
            }
        }
        guard let document = parserFinish(parser) else { return nil }
        defer { nodeFree(document) }
        return body(document)
    }

    /// The children of `node`, in order.
    func children(of node: Node) -> [Node] {
        var result: [Node] = []
        var child = firstChild(node)
        while let current = child {
            result.append(current)
            child = next(current)
        }
        return result
    }

    /// The node's kind: "paragraph", "heading", "table_cell", "strikethrough"...
    func kind(of node: Node) -> String { typeString(node).map { String(cString: $0) } ?? "" }

    /// The node's text (code, text nodes), "" when it has none.
    func text(of node: Node) -> String { literal(node).map { String(cString: $0) } ?? "" }

    /// A table's column alignments, in order.
    func alignments(of table: Node) -> [MarkdownAlignment] {
        let count = Int(tableColumns(table))
        guard count > 0, let bytes = tableAlignments(table) else { return [] }
        return (0..<count).map { column in
            switch bytes[column] {
            case UInt8(ascii: "c"): .center
            case UInt8(ascii: "r"): .right
            default: .left
            }
        }
    }

    /// A link's address, "" when it has none.
    func address(of node: Node) -> String { url(node).map { String(cString: $0) } ?? "" }
}
