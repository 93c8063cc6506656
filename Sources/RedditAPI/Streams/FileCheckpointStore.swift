import CourierStore
public import Foundation
import Synchronization

/// Keeps stream checkpoints in files of a folder, one `DocumentStore` file a key: written to a
/// temporary file, `fsync`ed and renamed, so a process killed at any point leaves the previous
/// checkpoint or the new one, whole.
///
/// ```swift
/// let checkpoints = FileCheckpointStore(folder: URL(fileURLWithPath: "state"))
/// for try await delivery in reddit.newComments(in: "swift").resuming(from: checkpoints, key: "comments") {
///     try await handle(delivery.element)
/// }
/// ```
public final class FileCheckpointStore: StreamCheckpointStore {
    /// The folder holding the files (created on the first save).
    public let folder: URL
    private let stores = Mutex<[String: DocumentStore<Data>]>([:])

    /// A store keeping its files in `folder`.
    public init(folder: URL) { self.folder = folder }

    /// The checkpoint saved under `key`, or nil.
    public func checkpoint(for key: String) async throws -> Data? { try store(key).load() }

    /// Saves `checkpoint` under `key` and waits until it is on disk.
    public func save(_ checkpoint: Data, for key: String) async throws {
        let store = store(key)
        store.save(checkpoint)
        try await store.flush()
    }

    private func store(_ key: String) -> DocumentStore<Data> {
        stores.withLock { stores in
            if let store = stores[key] { return store }
            let store = DocumentStore<Data>(fileURL: folder.appendingPathComponent(Self.fileName(key)))
            stores[key] = store
            return store
        }
    }

    /// A file name for any key: letters, digits, `-` and `_` kept, every other byte as `%XX`.
    static func fileName(_ key: String) -> String {
        var name = ""
        for byte in key.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80, CharacterSet.alphanumerics.contains(scalar) || byte == 0x2D || byte == 0x5F {
                name.unicodeScalars.append(scalar)
            } else {
                name += String(format: "%%%02X", byte)
            }
        }
        return "checkpoint-" + name + ".json"
    }
}
