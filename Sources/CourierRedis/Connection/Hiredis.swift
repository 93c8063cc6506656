#if os(Linux)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few hiredis functions ``RedisConnection`` calls, loaded from the system's hiredis at run
/// time, so that the package builds (and every other target runs) where hiredis is absent.
///
/// hiredis changed two struct layouts between 0.14 (Debian 12's `libhiredis0.14`) and 1.x: 1.x
/// put a `funcs` pointer before `redisContext.err` and a `double dval` and `char vtype[4]` into
/// `redisReply`. Which layout applies is told by a symbol that only 1.x exports
/// (`redisConnectWithOptions`), and the fields are read at the offsets of that layout.
struct Hiredis: Sendable {
    typealias Context = OpaquePointer
    let connect: @convention(c) (UnsafePointer<CChar>, Int32, timeval) -> Context?
    let setTimeout: @convention(c) (Context, timeval) -> Int32
    let commandArgv:
        @convention(c) (Context, Int32, UnsafePointer<UnsafePointer<CChar>?>, UnsafePointer<Int>) ->
            UnsafeMutableRawPointer?
    let freeReply: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let free: @convention(c) (Context) -> Void
    /// True for hiredis 1.x layouts.
    let modern: Bool

    /// hiredis loaded once per process, or why it could not be.
    static let loaded: Result<Hiredis, RedisError> = load()

    private static func load() -> Result<Hiredis, RedisError> {
        var handle: UnsafeMutableRawPointer?
        var reasons: [String] = []
        for name in ["libhiredis.so.0.14", "libhiredis.so.1.1.0", "libhiredis.so.1.0.0", "libhiredis.so"] {
            if let opened = dlopen(name, RTLD_NOW | RTLD_LOCAL) {
                handle = opened
                break
            }
            reasons.append(dlerror().map { String(cString: $0) } ?? name)
        }
        guard let handle else {
            return .failure(.unavailable("hiredis is not installed (" + reasons.joined(separator: "; ") + ")"))
        }
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard
            let connect = symbol(
                "redisConnectWithTimeout", as: (@convention(c) (UnsafePointer<CChar>, Int32, timeval) -> Context?).self),
            let setTimeout = symbol("redisSetTimeout", as: (@convention(c) (Context, timeval) -> Int32).self),
            let commandArgv = symbol(
                "redisCommandArgv",
                as: (@convention(c) (Context, Int32, UnsafePointer<UnsafePointer<CChar>?>, UnsafePointer<Int>) ->
                    UnsafeMutableRawPointer?).self),
            let freeReply = symbol("freeReplyObject", as: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self),
            let free = symbol("redisFree", as: (@convention(c) (Context) -> Void).self)
        else { return .failure(.unavailable("the hiredis found lacks redisCommandArgv or its companions")) }
        let modern = dlsym(handle, "redisConnectWithOptions") != nil
        return .success(
            Hiredis(
                connect: connect, setTimeout: setTimeout, commandArgv: commandArgv, freeReply: freeReply, free: free,
                modern: modern))
    }

    /// The context's error, or nil when it has none.
    func error(of context: Context) -> String? {
        let base = UnsafeRawPointer(context)
        let errOffset = modern ? MemoryLayout<UnsafeRawPointer>.size : 0
        guard base.load(fromByteOffset: errOffset, as: Int32.self) != 0 else { return nil }
        let text = (base + errOffset + 4).assumingMemoryBound(to: CChar.self)
        return String(cString: text)
    }

    /// Copies a reply tree into Swift values.
    func reply(_ pointer: UnsafeRawPointer) -> RedisReply {
        let type = pointer.load(as: Int32.self)
        let integer = pointer.load(fromByteOffset: 8, as: Int64.self)
        let lenOffset = modern ? 24 : 16
        let len = pointer.load(fromByteOffset: lenOffset, as: Int.self)
        let str = pointer.load(fromByteOffset: lenOffset + 8, as: UnsafePointer<UInt8>?.self)
        let elementsOffset = modern ? 48 : 32
        let count = pointer.load(fromByteOffset: elementsOffset, as: Int.self)
        let elements = pointer.load(fromByteOffset: elementsOffset + 8, as: UnsafePointer<UnsafeRawPointer?>?.self)
        func text() -> String {
            guard let str else { return "" }
            return String(decoding: UnsafeBufferPointer(start: str, count: len), as: UTF8.self)
        }
        switch type {
        case 1: return .string(text())  // REDIS_REPLY_STRING
        case 2:  // REDIS_REPLY_ARRAY
            guard let elements else { return .array([]) }
            return .array((0..<count).map { index in elements[index].map(reply) ?? .null })
        case 3: return .integer(Int(integer))  // REDIS_REPLY_INTEGER
        case 5: return .status(text())  // REDIS_REPLY_STATUS
        case 6: return .error(text())  // REDIS_REPLY_ERROR
        default: return .null  // REDIS_REPLY_NIL, and RESP3 kinds that RESP2 never sends
        }
    }
}
