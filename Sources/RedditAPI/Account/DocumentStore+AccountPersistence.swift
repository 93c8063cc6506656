public import CourierStore

/// Keeps the account snapshot in one file, written atomically and durably by CourierStore.
///
/// ```swift
/// let store = AccountStore(client: reddit,
///                          persistence: DocumentStore<AccountSnapshot>(application: "Reader", fileName: "account.json"))
/// ```
extension DocumentStore: AccountPersistence where Value == AccountSnapshot {
    /// The stored snapshot; a corrupt file is moved aside by the store and reads as nil.
    public func loadSnapshot() throws -> AccountSnapshot? { try load() }

    /// Saves the snapshot and waits until it is on disk.
    public func saveSnapshot(_ snapshot: AccountSnapshot) async throws {
        save(snapshot)
        try await flush()
    }

    /// Deletes the file.
    public func removeSnapshot() async throws { try await remove() }
}
