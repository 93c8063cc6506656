#if os(Linux)
import Foundation
import Glibc

/// The few libcurl functions ``CurlTransport`` calls, loaded from the system's `libcurl.so.4` at
/// run time. Package-visible so that courier-bench can drive libcurl with nothing of Courier
/// around it, as a measure of libcurl's own share of a request.
///
/// Why run time rather than a `systemLibrary` target: linking needs libcurl's headers
/// (`libcurl4-openssl-dev`), an extra package a fresh machine does not have, while the library
/// itself is always there because FoundationNetworking links it. `dlopen` keeps `swift build`
/// and `swift test` free of a set-up step. The price is that the C declarations below are
/// written by hand; they are libcurl's public, stable ABI (SONAME `libcurl.so.4`, unchanged
/// since 2006), and the option and info numbers are fixed by `curl.h`.
///
/// `curl_easy_setopt`, `curl_easy_getinfo` and `curl_multi_setopt` are variadic in C. Swift cannot
/// call a variadic C function through a pointer, so each is bound once per argument kind
/// (`long`, pointer, callback, `curl_off_t`) with a fixed prototype. On the Linux ABIs we run on
/// (x86-64 System V and AArch64 AAPCS64) a variadic callee reads integer and pointer arguments
/// from the same registers a fixed-prototype call fills, so this is correct there. (On x86-64 a
/// variadic call also puts the number of vector registers used in `%al`; the callee only tests
/// it to decide whether to save those registers, and none of our arguments is a float.) It would
/// not be correct on Apple's arm64 ABI, which passes variadic arguments on the stack: this file
/// is Linux only.
package struct LibCurl: Sendable {
    package typealias Handle = OpaquePointer
    package typealias WriteCallback =
        @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int
    /// `curl_xferinfo_callback`: context, download total and so far, upload total and so far.
    typealias ProgressCallback = @convention(c) (UnsafeMutableRawPointer?, Int64, Int64, Int64, Int64) -> Int32
    /// `curl_prereq_callback`: context, remote and local address, remote and local port.
    typealias PrereqCallback =
        @convention(c) (
            UnsafeMutableRawPointer?, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int32, Int32
        ) -> Int32

    package let easyInit: @convention(c) () -> Handle?
    package let easyCleanup: @convention(c) (Handle) -> Void
    let easyReset: @convention(c) (Handle) -> Void
    package let setLong: @convention(c) (Handle, Int32, Int) -> Int32
    package let setPointer: @convention(c) (Handle, Int32, UnsafeRawPointer?) -> Int32
    package let setCallback: @convention(c) (Handle, Int32, WriteCallback) -> Int32
    let setProgressCallback: @convention(c) (Handle, Int32, ProgressCallback) -> Int32
    let setPrereqCallback: @convention(c) (Handle, Int32, PrereqCallback) -> Int32
    let setOffset: @convention(c) (Handle, Int32, Int64) -> Int32
    let getInfo: @convention(c) (Handle, Int32, UnsafeMutableRawPointer) -> Int32
    let strerror: @convention(c) (Int32) -> UnsafePointer<CChar>?
    let slistAppend: @convention(c) (OpaquePointer?, UnsafePointer<CChar>) -> OpaquePointer?
    let slistFreeAll: @convention(c) (OpaquePointer?) -> Void
    package let multiInit: @convention(c) () -> Handle?
    package let multiCleanup: @convention(c) (Handle) -> Int32
    package let multiSetLong: @convention(c) (Handle, Int32, Int) -> Int32
    package let multiAdd: @convention(c) (Handle, Handle) -> Int32
    package let multiRemove: @convention(c) (Handle, Handle) -> Int32
    package let multiPerform: @convention(c) (Handle, UnsafeMutablePointer<Int32>) -> Int32
    package let multiPoll:
        @convention(c) (Handle, UnsafeMutableRawPointer?, UInt32, Int32, UnsafeMutablePointer<Int32>?) -> Int32
    let multiWakeup: @convention(c) (Handle) -> Int32
    let multiInfoRead: @convention(c) (Handle, UnsafeMutablePointer<Int32>) -> UnsafeMutableRawPointer?
    /// `curl_multi_timeout`: milliseconds until libcurl wants `curl_multi_perform` called (0:
    /// now, -1: no timer).
    let multiTimeout: @convention(c) (Handle, UnsafeMutablePointer<Int>) -> Int32
    /// `curl_easy_perform`, `curl_easy_send` and `curl_easy_recv`: a WebSocket's connection
    /// (`CURLOPT_CONNECT_ONLY`) is opened by the first and carries its frames with the others.
    let easyPerform: @convention(c) (Handle) -> Int32
    let easySend: @convention(c) (Handle, UnsafeRawPointer?, Int, UnsafeMutablePointer<Int>) -> Int32
    let easyReceive: @convention(c) (Handle, UnsafeMutableRawPointer?, Int, UnsafeMutablePointer<Int>) -> Int32
    let version: String

    /// libcurl loaded once per process, or why it could not be.
    package static let loaded: Result<LibCurl, CurlTransport.Unavailable> = load()

    private static func load() -> Result<LibCurl, CurlTransport.Unavailable> {
        guard let library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown dlopen error"
            return .failure(CurlTransport.Unavailable(reason: reason))
        }
        var missing: [String] = []
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            guard let pointer = dlsym(library, name) else {
                missing.append(name)
                return nil
            }
            return unsafeBitCast(pointer, to: type)
        }
        let globalInit = symbol("curl_global_init", as: (@convention(c) (Int) -> Int32).self)
        let versionFunction = symbol("curl_version", as: (@convention(c) () -> UnsafePointer<CChar>?).self)
        guard
            let easyInit = symbol("curl_easy_init", as: (@convention(c) () -> Handle?).self),
            let easyCleanup = symbol("curl_easy_cleanup", as: (@convention(c) (Handle) -> Void).self),
            let easyReset = symbol("curl_easy_reset", as: (@convention(c) (Handle) -> Void).self),
            let setLong = symbol("curl_easy_setopt", as: (@convention(c) (Handle, Int32, Int) -> Int32).self),
            let setPointer = symbol(
                "curl_easy_setopt", as: (@convention(c) (Handle, Int32, UnsafeRawPointer?) -> Int32).self),
            let setCallback = symbol(
                "curl_easy_setopt", as: (@convention(c) (Handle, Int32, WriteCallback) -> Int32).self),
            let setProgressCallback = symbol(
                "curl_easy_setopt", as: (@convention(c) (Handle, Int32, ProgressCallback) -> Int32).self),
            let setPrereqCallback = symbol(
                "curl_easy_setopt", as: (@convention(c) (Handle, Int32, PrereqCallback) -> Int32).self),
            let setOffset = symbol("curl_easy_setopt", as: (@convention(c) (Handle, Int32, Int64) -> Int32).self),
            let getInfo = symbol(
                "curl_easy_getinfo", as: (@convention(c) (Handle, Int32, UnsafeMutableRawPointer) -> Int32).self),
            let strerror = symbol("curl_easy_strerror", as: (@convention(c) (Int32) -> UnsafePointer<CChar>?).self),
            let slistAppend = symbol(
                "curl_slist_append", as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>) -> OpaquePointer?).self),
            let slistFreeAll = symbol("curl_slist_free_all", as: (@convention(c) (OpaquePointer?) -> Void).self),
            let multiInit = symbol("curl_multi_init", as: (@convention(c) () -> Handle?).self),
            let multiCleanup = symbol("curl_multi_cleanup", as: (@convention(c) (Handle) -> Int32).self),
            let multiSetLong = symbol("curl_multi_setopt", as: (@convention(c) (Handle, Int32, Int) -> Int32).self),
            let multiAdd = symbol("curl_multi_add_handle", as: (@convention(c) (Handle, Handle) -> Int32).self),
            let multiRemove = symbol("curl_multi_remove_handle", as: (@convention(c) (Handle, Handle) -> Int32).self),
            let multiPerform = symbol(
                "curl_multi_perform", as: (@convention(c) (Handle, UnsafeMutablePointer<Int32>) -> Int32).self),
            let multiPoll = symbol(
                "curl_multi_poll",
                as: (@convention(c) (Handle, UnsafeMutableRawPointer?, UInt32, Int32, UnsafeMutablePointer<Int32>?) ->
                    Int32).self
            ),
            let multiWakeup = symbol("curl_multi_wakeup", as: (@convention(c) (Handle) -> Int32).self),
            let multiInfoRead = symbol(
                "curl_multi_info_read",
                as: (@convention(c) (Handle, UnsafeMutablePointer<Int32>) -> UnsafeMutableRawPointer?).self),
            let multiTimeout = symbol(
                "curl_multi_timeout", as: (@convention(c) (Handle, UnsafeMutablePointer<Int>) -> Int32).self),
            let easyPerform = symbol("curl_easy_perform", as: (@convention(c) (Handle) -> Int32).self),
            let easySend = symbol(
                "curl_easy_send",
                as: (@convention(c) (Handle, UnsafeRawPointer?, Int, UnsafeMutablePointer<Int>) -> Int32).self),
            let easyReceive = symbol(
                "curl_easy_recv",
                as: (@convention(c) (Handle, UnsafeMutableRawPointer?, Int, UnsafeMutablePointer<Int>) -> Int32).self),
            let globalInit, let versionFunction
        else {
            // curl_multi_poll and curl_multi_wakeup need libcurl 7.68 (2020) or later.
            return .failure(CurlTransport.Unavailable(reason: "libcurl.so.4 lacks " + missing.joined(separator: ", ")))
        }
        let status = globalInit(CurlOption.globalAll)
        guard status == 0 else {
            return .failure(CurlTransport.Unavailable(reason: "curl_global_init failed with code \(status)"))
        }
        // CurlTransfer relies on the pre-request callback (libcurl 7.80, 2021) to keep libcurl
        // from sending a request twice: without it, refuse to run rather than re-send silently.
        if let probe = easyInit() {
            defer { easyCleanup(probe) }
            guard setPrereqCallback(probe, CurlOption.prereqFunction, { _, _, _, _, _ in 0 }) == 0 else {
                return .failure(
                    CurlTransport.Unavailable(reason: "libcurl.so.4 is older than 7.80 (no CURLOPT_PREREQFUNCTION)"))
            }
        }
        return .success(
            LibCurl(
                easyInit: easyInit, easyCleanup: easyCleanup, easyReset: easyReset, setLong: setLong,
                setPointer: setPointer, setCallback: setCallback, setProgressCallback: setProgressCallback,
                setPrereqCallback: setPrereqCallback, setOffset: setOffset, getInfo: getInfo,
                strerror: strerror, slistAppend: slistAppend, slistFreeAll: slistFreeAll, multiInit: multiInit,
                multiCleanup: multiCleanup, multiSetLong: multiSetLong, multiAdd: multiAdd, multiRemove: multiRemove,
                multiPerform: multiPerform, multiPoll: multiPoll, multiWakeup: multiWakeup,
                multiInfoRead: multiInfoRead, multiTimeout: multiTimeout, easyPerform: easyPerform,
                easySend: easySend, easyReceive: easyReceive,
                version: versionFunction().map { String(cString: $0) } ?? "libcurl"
            ))
    }

    /// The next transfer `multi` reports finished (`curl_multi_info_read`'s `CURLMSG_DONE`
    /// messages), with its `CURLcode`; nil when none is left. The caller removes the handle.
    package func nextFinished(_ multi: Handle) -> (easy: Handle, code: Int32)? {
        var remaining: Int32 = 0
        while let message = multiInfoRead(multi, &remaining) {
            // CURLMsg is { CURLMSG msg; CURL *easy_handle; union { void *; CURLcode } data; }:
            // an int, then two pointer-aligned slots. Read before removing the handle, which
            // frees the message.
            let slot = MemoryLayout<UnsafeRawPointer>.stride
            guard message.load(as: Int32.self) == CurlOption.messageDone,
                let easy = message.load(fromByteOffset: slot, as: OpaquePointer?.self)
            else { continue }
            return (easy, message.load(fromByteOffset: 2 * slot, as: Int32.self))
        }
        return nil
    }

    /// libcurl's text for a `CURLcode`.
    func message(for code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "curl error \(code)"
    }
}

/// Option, info and code numbers from `curl.h`. Each option number is a type base
/// (`CURLOPTTYPE_LONG` 0, `_OBJECTPOINT` 10000, `_FUNCTIONPOINT` 20000, `_OFF_T` 30000) plus a
/// fixed index; info numbers are a type base (`CURLINFO_STRING` 0x100000, `_LONG` 0x200000) plus
/// an index. These are part of libcurl's ABI and never change meaning.
package enum CurlOption {
    /// `CURL_GLOBAL_ALL`: initialise SSL (the Win32 bit does nothing here).
    static let globalAll = 3

    // Easy options taking a long.
    /// `CURLOPT_LOW_SPEED_LIMIT`: bytes per second below which a transfer counts as stalled.
    static let lowSpeedLimit: Int32 = 19
    /// `CURLOPT_LOW_SPEED_TIME`: seconds a transfer may stay stalled.
    static let lowSpeedTime: Int32 = 20
    /// `CURLOPT_NOPROGRESS`: 0 makes libcurl call the progress callback.
    static let noProgress: Int32 = 43
    /// `CURLOPT_NOBODY`: HEAD.
    static let noBody: Int32 = 44
    /// `CURLOPT_HTTPGET`.
    package static let httpGet: Int32 = 80
    /// `CURLOPT_HTTP_VERSION`.
    static let httpVersion: Int32 = 84
    /// `CURLOPT_NOSIGNAL`: no SIGALRM for DNS timeouts (required in threaded programs).
    package static let noSignal: Int32 = 99
    /// `CURLOPT_TIMEOUT_MS`: the whole transfer.
    static let timeoutMilliseconds: Int32 = 155
    /// `CURLOPT_CONNECTTIMEOUT_MS`.
    static let connectTimeoutMilliseconds: Int32 = 156
    /// `CURLOPT_PROTOCOLS` (bitmask).
    static let protocols: Int32 = 181
    /// `CURLOPT_PIPEWAIT`: while the first connection to a host opens, further transfers wait to
    /// learn whether it multiplexes (HTTP/2 through ALPN) rather than each opening one of their
    /// own; set for https only, where ALPN can offer HTTP/2.
    static let pipeWait: Int32 = 237
    /// `CURLOPT_TCP_KEEPALIVE`.
    static let tcpKeepAlive: Int32 = 213

    // Easy options taking a pointer (strings are copied by libcurl, lists are not).
    /// `CURLOPT_WRITEDATA`.
    static let writeData: Int32 = 10001
    /// `CURLOPT_URL`.
    package static let url: Int32 = 10002
    /// `CURLOPT_HTTPHEADER` (a `curl_slist`, kept alive by the caller).
    static let httpHeader: Int32 = 10023
    /// `CURLOPT_CAINFO`: a PEM file of trusted certificate authorities.
    static let caInfo: Int32 = 10065
    /// `CURLOPT_HEADERDATA`.
    static let headerData: Int32 = 10029
    /// `CURLOPT_PREREQDATA`: the pre-request callback's context (libcurl 7.80).
    static let prereqData: Int32 = 10313
    /// `CURLOPT_XFERINFODATA`: the progress callback's context.
    static let progressData: Int32 = 10057
    /// `CURLOPT_CUSTOMREQUEST`.
    static let customRequest: Int32 = 10036
    /// `CURLOPT_ACCEPT_ENCODING`: "" offers every encoding libcurl decodes, and decodes it.
    static let acceptEncoding: Int32 = 10102
    /// `CURLOPT_COPYPOSTFIELDS`: libcurl copies the body (size set first).
    static let copyPostFields: Int32 = 10165

    // Easy options taking a function pointer.
    /// `CURLOPT_WRITEFUNCTION`.
    package static let writeFunction: Int32 = 20011
    /// `CURLOPT_HEADERFUNCTION`.
    static let headerFunction: Int32 = 20079
    /// `CURLOPT_XFERINFOFUNCTION`.
    static let progressFunction: Int32 = 20219
    /// `CURLOPT_PREREQFUNCTION`: called each time a request is about to be sent, on a new or a
    /// reused connection (libcurl 7.80).
    static let prereqFunction: Int32 = 20312

    // Easy options taking a curl_off_t.
    /// `CURLOPT_POSTFIELDSIZE_LARGE`.
    static let postFieldSizeLarge: Int32 = 30120

    // Values.
    /// `CURL_HTTP_VERSION_2TLS`: HTTP/2 over TLS when the server offers it, HTTP/1.1 otherwise.
    static let httpVersion2OverTLS = 4
    /// `CURLPROTO_HTTP | CURLPROTO_HTTPS`.
    static let httpAndHTTPS = 1 | 2

    // Info.
    /// `CURLINFO_RESPONSE_CODE` (long).
    static let infoResponseCode: Int32 = 0x200000 + 2

    // Multi.
    /// `CURLMOPT_PIPELINING`.
    static let multiPipelining: Int32 = 3
    /// `CURLPIPE_MULTIPLEX`: several HTTP/2 streams share one connection.
    static let multiplex = 2
    /// `CURLMOPT_MAXCONNECTS`: idle connections the multi handle keeps open (0: 4 per easy handle
    /// added at the time, so it shrinks whenever few transfers run).
    static let multiMaxConnects: Int32 = 6
    /// `CURLMOPT_MAX_HOST_CONNECTIONS`: connections open at once to one host (0: no limit).
    package static let multiMaxHostConnections: Int32 = 7
    /// `CURL_PREREQFUNC_ABORT`: the pre-request callback stops the transfer
    /// (`CURLE_ABORTED_BY_CALLBACK`).
    static let prereqAbort: Int32 = 1
    /// `CURLMSG_DONE`.
    static let messageDone: Int32 = 1
}
#endif
