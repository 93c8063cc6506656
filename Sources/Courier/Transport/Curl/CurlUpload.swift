#if os(Linux)
import Foundation
import Glibc

// Request bodies that are not in memory: libcurl pulls them through a read callback, a chunk at a
// time, from the transfer's ``BodyReader`` (files read from disk, a stream from its bounded
// buffer). libcurl is never asked to rewind: a retry or a redirect hop is a new transfer with a
// new reader, which opens the files again or makes a new sequence.

extension CurlOption {
    /// CURLOPT_POST: send a body (with CURLOPT_CUSTOMREQUEST for methods other than POST).
    static let post: Int32 = 47
    /// CURLOPT_UPLOAD_BUFFERSIZE
    static let uploadBufferSize: Int32 = 280
    /// CURLOPT_READDATA
    static let readData: Int32 = 10009
    /// CURLOPT_READFUNCTION
    static let readFunction: Int32 = 20012
    /// What a read callback returns to abort the transfer (CURL_READFUNC_ABORT).
    static let readAbort = 0x1000_0000
    /// What a read callback returns to pause the upload until `curl_easy_pause` (CURL_READFUNC_PAUSE).
    static let readPause = 0x1000_0001
}

extension CurlTransfer {
    /// Sets libcurl up to pull the body from ``bodyReader``: `Content-Length` when its length is
    /// known, chunked otherwise (the header is added with the others).
    func setUnbufferedBody(curl: LibCurl, check: (Int32) -> Void) {
        check(curl.setLong(easy, CurlOption.post, 1))
        // Bigger reads than libcurl's 64 KiB default: a quarter as many callbacks and syscalls
        // for a large file.
        check(curl.setLong(easy, CurlOption.uploadBufferSize, 256 << 10))
        check(curl.setOffset(easy, CurlOption.postFieldSizeLarge, bodyReader?.length ?? -1))
        let me = Unmanaged.passUnretained(self).toOpaque()
        check(curl.setPointer(easy, CurlOption.readData, me))
        check(
            curl.setCallback(easy, CurlOption.readFunction) { buffer, size, count, context in
                guard let context, let buffer else { return CurlOption.readAbort }
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
                return transfer.readBody(into: UnsafeMutableRawBufferPointer(start: buffer, count: size * count))
            })
    }

    /// The read callback: the next bytes of the body, 0 at its end, a pause while a stream has
    /// nothing yet, an abort when the body cannot be read. Loop thread.
    private func readBody(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let bodyReader else { return 0 }
        do {
            switch try bodyReader.read(into: buffer, whenReadable: resumeUpload) {
            case .bytes(let count): return count
            case .end: return 0
            case .wait: return CurlOption.readPause
            }
        } catch {
            uploadError = error
            return CurlOption.readAbort
        }
    }
}
#endif
