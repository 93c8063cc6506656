// A stand-in for Apple's Security framework, for Scripts/check-apple: exactly the declarations
// KeychainTokenStore and URLSessionTransport's ServerTrustEvaluator use, with the signatures Apple documents
// (developer.apple.com/documentation/security/keychain-services). Bodies are never run.
//
// Core Foundation types are declared as the Foundation classes they are toll-free bridged to
// (CFDictionary = NSDictionary, CFString = NSString), so `as CFDictionary` and `as String`
// type-check as they do on Apple platforms; Linux's Foundation has no Core Foundation types.
// The C constants (`extern const CFStringRef kSecClass`) are get-only properties here: that is
// how a client sees them, and it needs no Sendable NSString.
import Foundation

public typealias OSStatus = Int32
public typealias CFTypeRef = AnyObject
public typealias CFDictionary = NSDictionary
public typealias CFString = NSString

/// developer.apple.com/documentation/security/secitemcopymatching(_:_:)
public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    fatalError("stand-in")
}
/// developer.apple.com/documentation/security/secitemadd(_:_:)
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    fatalError("stand-in")
}
/// developer.apple.com/documentation/security/secitemupdate(_:_:)
public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus {
    fatalError("stand-in")
}
/// developer.apple.com/documentation/security/secitemdelete(_:)
public func SecItemDelete(_ query: CFDictionary) -> OSStatus { fatalError("stand-in") }
/// developer.apple.com/documentation/security/seccopyerrormessagestring(_:_:)
public func SecCopyErrorMessageString(_ status: OSStatus, _ reserved: UnsafeMutableRawPointer?) -> CFString? {
    fatalError("stand-in")
}

/// developer.apple.com/documentation/security/errsecsuccess
public var errSecSuccess: OSStatus { fatalError("stand-in") }
/// developer.apple.com/documentation/security/errsecitemnotfound
public var errSecItemNotFound: OSStatus { fatalError("stand-in") }
/// developer.apple.com/documentation/security/errsecdecode
public var errSecDecode: OSStatus { fatalError("stand-in") }

/// developer.apple.com/documentation/security/ksecclass
public var kSecClass: CFString { fatalError("stand-in") }
/// developer.apple.com/documentation/security/ksecclassgenericpassword
public var kSecClassGenericPassword: CFString { fatalError("stand-in") }
/// developer.apple.com/documentation/security/ksecattrservice
public var kSecAttrService: CFString { fatalError("stand-in") }
/// developer.apple.com/documentation/security/ksecattraccount
public var kSecAttrAccount: CFString { fatalError("stand-in") }
/// developer.apple.com/documentation/security/ksecattraccessible
public var kSecAttrAccessible: CFString { fatalError("stand-in") }
/// developer.apple.com/documentation/security/ksecattraccessibleafterfirstunlock
public var kSecAttrAccessibleAfterFirstUnlock: CFString { fatalError("stand-in") }
/// developer.apple.com/documentation/security/ksecvaluedata
public var kSecValueData: CFString { fatalError("stand-in") }
/// developer.apple.com/documentation/security/ksecreturndata
public var kSecReturnData: CFString { fatalError("stand-in") }
/// developer.apple.com/documentation/security/ksecmatchlimit
public var kSecMatchLimit: CFString { fatalError("stand-in") }
/// developer.apple.com/documentation/security/ksecmatchlimitone
public var kSecMatchLimitOne: CFString { fatalError("stand-in") }

// Server trust, for URLSessionTransport's ServerTrustEvaluator
// (developer.apple.com/documentation/security/certificate-key-and-trust-services).

public typealias CFArray = NSArray
public typealias CFData = NSData
public typealias CFError = NSError
/// developer.apple.com/documentation/corefoundation/cfallocator
public final class CFAllocator {}
/// developer.apple.com/documentation/security/sectrust
public final class SecTrust {}
/// developer.apple.com/documentation/security/seccertificate
public final class SecCertificate {}
/// developer.apple.com/documentation/security/seckey
public final class SecKey {}

/// developer.apple.com/documentation/security/seccertificatecreatewithdata(_:_:)
public func SecCertificateCreateWithData(_ allocator: CFAllocator?, _ data: CFData) -> SecCertificate? {
    fatalError("stand-in")
}
/// developer.apple.com/documentation/security/seccertificatecopykey(_:)
public func SecCertificateCopyKey(_ certificate: SecCertificate) -> SecKey? { fatalError("stand-in") }
/// developer.apple.com/documentation/security/seckeycopyexternalrepresentation(_:_:)
public func SecKeyCopyExternalRepresentation(_ key: SecKey, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?)
    -> CFData?
{ fatalError("stand-in") }
/// developer.apple.com/documentation/security/sectrustsetanchorcertificates(_:_:)
public func SecTrustSetAnchorCertificates(_ trust: SecTrust, _ anchorCertificates: CFArray) -> OSStatus {
    fatalError("stand-in")
}
/// developer.apple.com/documentation/security/sectrustsetanchorcertificatesonly(_:_:)
public func SecTrustSetAnchorCertificatesOnly(_ trust: SecTrust, _ anchorCertificatesOnly: Bool) -> OSStatus {
    fatalError("stand-in")
}
/// developer.apple.com/documentation/security/sectrustevaluatewitherror(_:_:)
public func SecTrustEvaluateWithError(_ trust: SecTrust, _ error: UnsafeMutablePointer<CFError?>?) -> Bool {
    fatalError("stand-in")
}
/// developer.apple.com/documentation/security/sectrustcopycertificatechain(_:)
public func SecTrustCopyCertificateChain(_ trust: SecTrust) -> CFArray? { fatalError("stand-in") }

// Client identities from PKCS#12, for URLSessionTransport's ClientIdentity
// (developer.apple.com/documentation/security/certificate-key-and-trust-services/identities).

public typealias CFTypeID = UInt
/// developer.apple.com/documentation/corefoundation/cfgettypeid(_:)
public func CFGetTypeID(_ cf: CFTypeRef?) -> CFTypeID { fatalError("stand-in") }
/// developer.apple.com/documentation/security/secidentity
public final class SecIdentity {}
/// developer.apple.com/documentation/security/secidentitygettypeid()
public func SecIdentityGetTypeID() -> CFTypeID { fatalError("stand-in") }
/// developer.apple.com/documentation/security/secpkcs12import(_:_:_:)
public func SecPKCS12Import(_ pkcs12_data: CFData, _ options: CFDictionary, _ items: UnsafeMutablePointer<CFArray?>)
    -> OSStatus
{ fatalError("stand-in") }
/// developer.apple.com/documentation/security/ksecimportexportpassphrase
public var kSecImportExportPassphrase: CFString { fatalError("stand-in") }
/// developer.apple.com/documentation/security/ksecimportitemidentity
public var kSecImportItemIdentity: CFString { fatalError("stand-in") }
/// developer.apple.com/documentation/security/ksecimportitemcertchain
public var kSecImportItemCertChain: CFString { fatalError("stand-in") }
/// developer.apple.com/documentation/security/errsecauthfailed
public var errSecAuthFailed: OSStatus { fatalError("stand-in") }
