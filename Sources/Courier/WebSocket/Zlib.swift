import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few zlib functions permessage-deflate needs (raw deflate and inflate), loaded from the
/// system's `libz.so.1` at run time, for the reason ``LibCurl`` is: linking would need zlib's
/// headers (`zlib1g-dev`), while the library itself is always there (libcurl links it). The
/// declarations are zlib's stable ABI (SONAME `libz.so.1` since 2006).
///
/// A `z_stream` is handled as raw memory at the field offsets of the LP64 ABIs (x86-64, AArch64):
/// `next_in` 0, `avail_in` 8, `next_out` 24, `avail_out` 32, 112 bytes in all.
struct Zlib: Sendable {
    typealias Stream = UnsafeMutableRawPointer

    let deflateInit: @convention(c) (Stream, Int32, Int32, Int32, Int32, Int32, UnsafePointer<CChar>, Int32) -> Int32
    let deflate: @convention(c) (Stream, Int32) -> Int32
    let deflateReset: @convention(c) (Stream) -> Int32
    let deflateEnd: @convention(c) (Stream) -> Int32
    let inflateInit: @convention(c) (Stream, Int32, UnsafePointer<CChar>, Int32) -> Int32
    let inflate: @convention(c) (Stream, Int32) -> Int32
    let inflateReset: @convention(c) (Stream) -> Int32
    let inflateEnd: @convention(c) (Stream) -> Int32
    let version: @convention(c) () -> UnsafePointer<CChar>

    static let streamSize = 112
    static let nextIn = 0
    static let availableIn = 8
    static let nextOut = 24
    static let availableOut = 32

    /// `Z_OK`, `Z_STREAM_END`, `Z_BUF_ERROR`; `Z_SYNC_FLUSH`; `Z_DEFLATED`.
    static let ok: Int32 = 0
    static let streamEnd: Int32 = 1
    static let bufferError: Int32 = -5
    static let syncFlush: Int32 = 2
    static let deflated: Int32 = 8

    /// zlib loaded once per process; nil when it cannot be (permessage-deflate is then not offered).
    static let loaded: Zlib? = load()

    private static func load() -> Zlib? {
        #if canImport(Glibc)
        let name = "libz.so.1"
        #else
        let name = "libz.dylib"
        #endif
        guard let library = dlopen(name, RTLD_NOW | RTLD_LOCAL) else { return nil }
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(library, name).map { unsafeBitCast($0, to: type) }
        }
        guard
            let deflateInit = symbol(
                "deflateInit2_",
                as: (@convention(c) (Stream, Int32, Int32, Int32, Int32, Int32, UnsafePointer<CChar>, Int32) -> Int32)
                    .self),
            let deflate = symbol("deflate", as: (@convention(c) (Stream, Int32) -> Int32).self),
            let deflateReset = symbol("deflateReset", as: (@convention(c) (Stream) -> Int32).self),
            let deflateEnd = symbol("deflateEnd", as: (@convention(c) (Stream) -> Int32).self),
            let inflateInit = symbol(
                "inflateInit2_", as: (@convention(c) (Stream, Int32, UnsafePointer<CChar>, Int32) -> Int32).self),
            let inflate = symbol("inflate", as: (@convention(c) (Stream, Int32) -> Int32).self),
            let inflateReset = symbol("inflateReset", as: (@convention(c) (Stream) -> Int32).self),
            let inflateEnd = symbol("inflateEnd", as: (@convention(c) (Stream) -> Int32).self),
            let version = symbol("zlibVersion", as: (@convention(c) () -> UnsafePointer<CChar>).self)
        else { return nil }
        return Zlib(
            deflateInit: deflateInit, deflate: deflate, deflateReset: deflateReset, deflateEnd: deflateEnd,
            inflateInit: inflateInit, inflate: inflate, inflateReset: inflateReset, inflateEnd: inflateEnd,
            version: version)
    }

    /// A zeroed `z_stream` (zlib's default allocator).
    static func allocateStream() -> Stream {
        let stream = Stream.allocate(byteCount: streamSize, alignment: 8)
        stream.initializeMemory(as: UInt8.self, repeating: 0, count: streamSize)
        return stream
    }

    /// Points the stream at its input.
    static func setInput(_ stream: Stream, _ input: UnsafeRawPointer?, count: Int) {
        stream.storeBytes(of: input, toByteOffset: nextIn, as: UnsafeRawPointer?.self)
        stream.storeBytes(of: UInt32(count), toByteOffset: availableIn, as: UInt32.self)
    }

    /// Points the stream at room for its output.
    static func setOutput(_ stream: Stream, _ output: UnsafeMutableRawPointer, capacity: Int) {
        stream.storeBytes(of: output, toByteOffset: nextOut, as: UnsafeMutableRawPointer?.self)
        stream.storeBytes(of: UInt32(capacity), toByteOffset: availableOut, as: UInt32.self)
    }

    /// Runs `step` (`deflate` or `inflate`, with a sync flush) over `input` until it has taken
    /// all of it and had room left for its output, handing `take` each piece of output with the
    /// status of the call that made it. `take` returns false to stop early.
    static func drive(
        _ stream: Stream, input: Data, step: (Stream) -> Int32,
        take: (UnsafeRawBufferPointer, Int32) -> Bool
    ) {
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 8)
        defer { chunk.deallocate() }
        input.withUnsafeBytes { bytes in
            setInput(stream, bytes.baseAddress, count: bytes.count)
            while true {
                setOutput(stream, chunk.baseAddress!, capacity: chunk.count)
                let status = step(stream)
                let produced = chunk.count - availableOutput(stream)
                guard take(UnsafeRawBufferPointer(rebasing: chunk[..<produced]), status) else { return }
                if availableOutput(stream) > 0 && availableInput(stream) == 0 { return }
            }
        }
    }

    static func availableInput(_ stream: Stream) -> Int {
        Int(stream.load(fromByteOffset: availableIn, as: UInt32.self))
    }

    static func availableOutput(_ stream: Stream) -> Int {
        Int(stream.load(fromByteOffset: availableOut, as: UInt32.self))
    }
}
