import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Authentication challenges: server trust and client certificates (Apple platforms, with the
// transport's TLS settings) and HTTP authentication, which is never answered here.
extension SessionDelegate {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if !canImport(FoundationNetworking)
        if challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust {
            #if canImport(Security)
            if let serverTrust, let trust = challenge.protectionSpace.serverTrust {
                switch serverTrust.evaluate(trust, host: challenge.protectionSpace.host) {
                case .success(let credential):
                    completionHandler(.useCredential, credential)
                case .failure(let error):
                    let kept = transfers.withLock { transfers in
                        guard transfers[task.taskIdentifier] != nil else { return false }
                        transfers[task.taskIdentifier]?.trustFailure = error
                        return true
                    }
                    if !kept { otherTrustFailures.withLock { $0[task.taskIdentifier] = error } }
                    completionHandler(.cancelAuthenticationChallenge, nil)
                }
                return
            }
            #endif
            completionHandler(.performDefaultHandling, nil)
            return
        }
        if challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodClientCertificate {
            // Without an identity the handshake goes on without a certificate, and the server
            // decides (it may ask for one only optionally).
            #if canImport(Security)
            if let clientIdentity {
                completionHandler(.useCredential, clientIdentity.credential)
                return
            }
            #endif
            completionHandler(.performDefaultHandling, nil)
            return
        }
        #endif
        // Credentials are the app's business (an interceptor adds them); never wait for one.
        let failure = challenge.failureResponse as? HTTPURLResponse
        transfers.withLock { $0[task.taskIdentifier]?.challengedResponse = failure }
        Self.elsewhere { completionHandler(.cancelAuthenticationChallenge, nil) }
    }

}
