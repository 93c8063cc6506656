import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The system's OpenSSL (`libssl.so.3`, loaded at run time like Courier loads libcurl), as the
/// TLS socket loop uses it: a client context trusting one certificate, and sessions over
/// connected sockets that read and write with blocking calls.
///
/// The ceiling over TLS is a keep-alive socket loop like ``SocketLoop`` with OpenSSL's record
/// layer in between: the same library libcurl uses for its TLS, so the two pay the same for the
/// cipher and the difference is the HTTP client around it.
final class OpenSSLClient: @unchecked Sendable {
    // `@unchecked Sendable`: the function pointers and the context never change after `init`, and
    // OpenSSL allows one `SSL_CTX` to make sessions on several threads; each session is used by
    // one thread only.

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private typealias Method = @convention(c) () -> OpaquePointer?
    private typealias ContextNew = @convention(c) (OpaquePointer?) -> OpaquePointer?
    private typealias ContextFree = @convention(c) (OpaquePointer?) -> Void
    private typealias LoadVerifyLocations =
        @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    private typealias SetVerify = @convention(c) (OpaquePointer?, Int32, OpaquePointer?) -> Void
    private typealias SessionNew = @convention(c) (OpaquePointer?) -> OpaquePointer?
    private typealias SessionFree = @convention(c) (OpaquePointer?) -> Void
    private typealias SetDescriptor = @convention(c) (OpaquePointer?, Int32) -> Int32
    private typealias Connect = @convention(c) (OpaquePointer?) -> Int32
    fileprivate typealias Write = @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int32) -> Int32
    fileprivate typealias Read = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32) -> Int32

    private let contextFree: ContextFree
    private let sessionNew: SessionNew
    private let sessionFree: SessionFree
    private let setDescriptor: SetDescriptor
    private let connect: Connect
    fileprivate let write: Write
    fileprivate let read: Read
    private let context: OpaquePointer

    /// A client context that verifies the server's certificate chain against `certificate`
    /// (a PEM file) and nothing else.
    init(trusting certificate: URL) throws {
        guard let library = dlopen("libssl.so.3", RTLD_NOW | RTLD_LOCAL) else {
            throw Failure(description: "libssl.so.3 could not be loaded")
        }
        func symbol<T>(_ name: String, as type: T.Type) throws -> T {
            guard let address = dlsym(library, name) else { throw Failure(description: "libssl has no \(name)") }
            return unsafeBitCast(address, to: type)
        }
        let method = try symbol("TLS_client_method", as: Method.self)
        let contextNew = try symbol("SSL_CTX_new", as: ContextNew.self)
        contextFree = try symbol("SSL_CTX_free", as: ContextFree.self)
        let loadVerifyLocations = try symbol("SSL_CTX_load_verify_locations", as: LoadVerifyLocations.self)
        let setVerify = try symbol("SSL_CTX_set_verify", as: SetVerify.self)
        sessionNew = try symbol("SSL_new", as: SessionNew.self)
        sessionFree = try symbol("SSL_free", as: SessionFree.self)
        setDescriptor = try symbol("SSL_set_fd", as: SetDescriptor.self)
        connect = try symbol("SSL_connect", as: Connect.self)
        write = try symbol("SSL_write", as: Write.self)
        read = try symbol("SSL_read", as: Read.self)
        guard let context = contextNew(method()) else { throw Failure(description: "SSL_CTX_new failed") }
        self.context = context
        guard certificate.path.withCString({ loadVerifyLocations(context, $0, nil) }) == 1 else {
            contextFree(context)
            throw Failure(description: "OpenSSL could not read \(certificate.path)")
        }
        // SSL_VERIFY_PEER: the handshake fails unless the chain ends at the trusted certificate.
        setVerify(context, 1, nil)
    }

    deinit { contextFree(context) }

    /// A TLS session over the connected socket `descriptor`, its handshake done.
    func session(over descriptor: Int32) throws -> Session {
        guard let session = sessionNew(context) else { throw Failure(description: "SSL_new failed") }
        guard setDescriptor(session, descriptor) == 1, connect(session) == 1 else {
            sessionFree(session)
            throw Failure(description: "the TLS handshake failed")
        }
        return Session(client: self, session: session)
    }

    /// One connection's TLS session: blocking reads and writes of application data.
    final class Session {
        private let client: OpenSSLClient
        private let session: OpaquePointer

        fileprivate init(client: OpenSSLClient, session: OpaquePointer) {
            self.client = client
            self.session = session
        }

        deinit { client.sessionFree(session) }

        /// Writes all of `bytes`; false when the session failed.
        func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
            guard !bytes.isEmpty else { return true }
            return client.write(session, bytes.baseAddress, Int32(clamping: bytes.count)) == bytes.count
        }

        /// Reads what has arrived into `buffer` (waiting for at least one byte): the count, or 0
        /// and less when the session ended or failed.
        func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
            Int(client.read(session, buffer.baseAddress, Int32(clamping: buffer.count)))
        }
    }
}
