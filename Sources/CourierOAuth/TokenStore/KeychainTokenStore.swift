#if canImport(Security)
import Foundation
public import Security

/// Keeps the token in the Keychain as one generic-password item (Apple platforms only).
///
/// The item is identified by `service` and `account`, and is readable after the device's first
/// unlock (`kSecAttrAccessibleAfterFirstUnlock`), so background refreshes work. The token is
/// stored as the same JSON ``FileTokenStore`` writes.
///
/// ```swift
/// let store = KeychainTokenStore(service: "com.example.reader", account: "default")
/// let session = OAuthSession(configuration: configuration, store: store)
/// ```
///
/// It is not a ``SharedTokenStore``: the Keychain has no lock two processes can hold across a
/// refresh, so when an app and its extension share an item, let only one of them refresh.
///
/// This file is compiled only where the Security framework exists; Linux builds skip it.
public struct KeychainTokenStore: TokenStore {
    /// The item's service (`kSecAttrService`), usually the app's bundle identifier.
    public let service: String
    /// The item's account (`kSecAttrAccount`), e.g. one per signed-in user.
    public let account: String

    /// Creates a store for one Keychain item.
    public init(service: String, account: String = "default") {
        self.service = service
        self.account = account
    }

    /// The stored token, or nil when there is no item.
    ///
    /// - Throws: ``KeychainError`` when the Keychain refuses, or the item does not hold a token.
    public func load() throws -> Token? {
        var query = baseQuery
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess, let data = result as? Data else {
            throw KeychainError(operation: "read", status: status)
        }
        do {
            return try JSONDecoder().decode(Token.self, from: data)
        } catch {
            throw KeychainError(operation: "decode", status: errSecDecode)
        }
    }

    /// Stores `token`, replacing any previous one.
    public func save(_ token: Token) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(token)
        let attributes: [String: Any] = [
            kSecValueData as String: data,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock,
        ]
        let updateStatus = SecItemUpdate(baseQuery as CFDictionary, attributes as CFDictionary)
        if updateStatus == errSecSuccess { return }
        guard updateStatus == errSecItemNotFound else {
            throw KeychainError(operation: "update", status: updateStatus)
        }
        var item = baseQuery
        item.merge(attributes) { _, new in new }
        let addStatus = SecItemAdd(item as CFDictionary, nil)
        guard addStatus == errSecSuccess else { throw KeychainError(operation: "add", status: addStatus) }
    }

    /// Deletes the item; no error when there is none. A failed delete has no fallback: the item
    /// keeps the token, and only sessions of the same process refuse it after a sign-out.
    public func clear() throws {
        let status = SecItemDelete(baseQuery as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else {
            throw KeychainError(operation: "delete", status: status)
        }
    }

    private var baseQuery: [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
        ]
    }
}

/// A Keychain call failed.
public struct KeychainError: Error, Sendable, CustomStringConvertible {
    /// What was being done (`read`, `add`, `update`, `delete`, `decode`).
    public let operation: String
    /// The `OSStatus` the Security framework returned.
    public let status: OSStatus

    /// `Keychain <operation> failed: <message> (<status>)`.
    public var description: String {
        let message = SecCopyErrorMessageString(status, nil) as String? ?? "unknown error"
        return "Keychain \(operation) failed: \(message) (\(status))"
    }
}
#endif
