// A stand-in for Apple's CryptoKit, for Scripts/check-apple: exactly the declarations Courier's
// SHA-256 uses, with the signatures Apple documents (developer.apple.com/documentation/cryptokit).
// Bodies are never run.
import Foundation

/// developer.apple.com/documentation/cryptokit/digest
public protocol Digest: ContiguousBytes, CustomStringConvertible, Hashable, Sequence, Sendable
where Element == UInt8 {
    static var byteCount: Int { get }
}

/// developer.apple.com/documentation/cryptokit/hashfunction
public protocol HashFunction {
    associatedtype Digest: CryptoKit.Digest
    static func hash<D: DataProtocol>(data: D) -> Self.Digest
}

/// developer.apple.com/documentation/cryptokit/sha256digest
public struct SHA256Digest: Digest {
    public static var byteCount: Int { 32 }
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R { fatalError("stand-in") }
    public func makeIterator() -> Array<UInt8>.Iterator { fatalError("stand-in") }
    public var description: String { fatalError("stand-in") }
}

/// developer.apple.com/documentation/cryptokit/sha256
public struct SHA256: HashFunction {
    public typealias Digest = SHA256Digest
    /// developer.apple.com/documentation/cryptokit/hashfunction/hash(data:)
    public static func hash<D: DataProtocol>(data: D) -> SHA256Digest { fatalError("stand-in") }
}
