// Darwin-only Foundation API, for Scripts/check-apple: what the Apple branches of the URLSession
// transport use that Linux's Foundation declares differently or marks unavailable. Compiled into
// the module being checked (so these declarations shadow Linux's), with the signatures Apple
// documents. Bodies are never run.
import Foundation
import Security
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// developer.apple.com/documentation/foundation/nsurlauthenticationmethodservertrust
/// (Linux marks it unavailable.)
let NSURLAuthenticationMethodServerTrust: String = "NSURLAuthenticationMethodServerTrust"
/// developer.apple.com/documentation/foundation/nsurlauthenticationmethodclientcertificate
/// (Linux marks it unavailable.)
let NSURLAuthenticationMethodClientCertificate: String = "NSURLAuthenticationMethodClientCertificate"

extension URLError.Code {
    /// developer.apple.com/documentation/foundation/urlerror/code/init(rawvalue:):
    /// not failable on Apple platforms (Linux's is).
    init(rawValue: Int) { fatalError("stand-in") }
}

extension URLProtectionSpace {
    /// developer.apple.com/documentation/foundation/urlprotectionspace/servertrust
    var serverTrust: SecTrust? { fatalError("stand-in") }
}

extension URLCredential {
    /// developer.apple.com/documentation/foundation/urlcredential/init(trust:)
    convenience init(trust: SecTrust) { fatalError("stand-in") }
    /// developer.apple.com/documentation/foundation/urlcredential/init(identity:certificates:persistence:)
    convenience init(identity: SecIdentity, certificates certArray: [Any]?, persistence: URLCredential.Persistence) {
        fatalError("stand-in")
    }
}
