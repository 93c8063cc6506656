import Courier
import CourierFileSupport
import Dispatch
public import Foundation
import Synchronization

/// One `Codable` value kept in one file, written atomically and durably, for small app state such
/// as the signed-in user or a list of subscriptions.
///
/// ```swift
/// struct Settings: Codable, Sendable { var theme = "dark" }
///
/// let store = DocumentStore<Settings>(application: "MyApp", fileName: "settings.json")
/// var settings = try store.load() ?? Settings()
/// settings.theme = "light"
/// store.save(settings)          // returns at once; written in the background
/// try await store.flush()       // waits until the last save is on disk
/// ```
///
/// - Writes: ``save(_:)`` never blocks and never throws. Saves are coalesced on a background
///   queue: the latest value wins, so a burst of a thousand saves costs a handful of writes.
///   Each write goes to a temporary file in the same directory, is flushed with `fsync`, renamed
///   over the old file, and the directory is flushed; after a crash or power loss the file holds
///   either the previous value or the new one, whole.
/// - Reads: ``load()`` returns the latest saved value (also one still waiting to be written), or
///   nil when there is none. A file that cannot be decoded is renamed to
///   `<name>.corrupt-<milliseconds since 1970>`, reported as
///   ``DocumentStoreEvent/corruptFileMovedAside(file:movedTo:reason:)``, and `load()` returns nil.
///   When it cannot be renamed (a read-only volume) it stays in place, `load()` still returns nil
///   and ``DocumentStoreEvent/corruptFileNotMovedAside(file:reason:moveError:)`` says why.
/// - Leftovers: the first disk access of a store (``load()`` or a write) deletes the temporary
///   files of a writer that was killed mid-write.
/// - Versions: the file is `{"formatVersion": N, "value": …}`. Bump `formatVersion` when the
///   value's shape changes and pass `migrate` to read older files. A file with a *newer* version
///   than the store's is never overwritten: `load()` and ``flush()`` throw
///   ``DocumentStoreError/newerFormatVersion(path:found:supported:)``.
///
/// A store is safe to share between tasks. Use one store per file within a process.
public final class DocumentStore<Value: Codable & Sendable>: Sendable {
    /// Reads the value JSON of a file written with an older format version.
    public typealias Migration = @Sendable (_ storedFormatVersion: Int, _ valueJSON: Data) throws -> Value

    /// The file holding the value.
    public let fileURL: URL
    /// The format version written into new files.
    public let formatVersion: Int

    private let migrate: Migration?
    private let onEvent: (@Sendable (DocumentStoreEvent) -> Void)?
    /// Every disk access runs here, one at a time, off the caller's thread.
    private let queue: DispatchQueue
    private let state = Mutex(State())

    private enum Operation: Sendable {
        case write(Value)
        case remove
    }

    private struct State {
        /// The newest request not yet taken by the writer (latest wins).
        var pending: Operation?
        /// The request being written right now.
        var inFlight: Operation?
        /// Sequence number of the newest request.
        var requested: UInt64 = 0
        /// Sequence number of the newest request whose outcome is known.
        var completed: UInt64 = 0
        /// Outcome of that request.
        var lastError: DocumentStoreError?
        var draining = false
        /// Set when the file on disk has a newer format version: writes are refused.
        var refusal: DocumentStoreError?
        var checkedExistingFile = false
        /// Set once the temporary files of a killed writer have been looked for.
        var removedLeftovers = false
        var writes = 0
        var waiters: [(target: UInt64, continuation: CheckedContinuation<Result<Void, DocumentStoreError>, Never>)] = []
    }

    /// Creates a store for the file at `fileURL` (its directory is created on first write).
    ///
    /// - Parameters:
    ///   - fileURL: Where the value lives.
    ///   - formatVersion: The version of the value's shape; raise it when the shape changes.
    ///   - onEvent: Told about corrupt files moved aside and failed background saves. Called on
    ///     the store's queue: keep it short, and do not call `load()` from it (that would wait
    ///     for the queue it runs on).
    ///   - migrate: Turns the value JSON of a file with an older format version into a value. When
    ///     nil, older files are decoded as they are.
    public init(
        fileURL: URL,
        formatVersion: Int = 1,
        onEvent: (@Sendable (DocumentStoreEvent) -> Void)? = nil,
        migrate: Migration? = nil
    ) {
        self.fileURL = fileURL.standardizedFileURL
        self.formatVersion = formatVersion
        self.migrate = migrate
        self.onEvent = onEvent
        queue = DispatchQueue(label: "CourierStore.DocumentStore." + fileURL.lastPathComponent)
    }

    /// Creates a store for `fileName` in the platform's data directory for `application`
    /// (see ``StorageLocation/dataDirectory(application:)``).
    public convenience init(
        application: String,
        fileName: String,
        formatVersion: Int = 1,
        onEvent: (@Sendable (DocumentStoreEvent) -> Void)? = nil,
        migrate: Migration? = nil
    ) {
        let url = StorageLocation.dataDirectory(application: application).appendingPathComponent(fileName)
        self.init(fileURL: url, formatVersion: formatVersion, onEvent: onEvent, migrate: migrate)
    }

    /// The latest value: one saved but not yet written, else the one in the file; nil when there
    /// is none or the file was corrupt (it is then moved aside and reported).
    ///
    /// - Throws: ``DocumentStoreError/newerFormatVersion(path:found:supported:)`` or
    ///   ``DocumentStoreError/unreadable(path:reason:)``; never for a corrupt file.
    public func load() throws(DocumentStoreError) -> Value? {
        let result: Result<Value?, DocumentStoreError> = queue.sync {
            let unsaved: Operation? = state.withLock { $0.pending ?? $0.inFlight }
            switch unsaved {
            case .write(let value): return .success(value)
            case .remove: return .success(nil)
            case nil:
                removeLeftoversOnce()
                return Result { () throws(DocumentStoreError) in try readFile() }
            }
        }
        return try result.get()
    }

    /// Saves `value` in the background and returns at once. A failure is reported through
    /// `onEvent` and thrown by the next ``flush()``.
    public func save(_ value: Value) {
        enqueue(.write(value))
    }

    /// Waits until every save made before this call is on disk.
    ///
    /// - Throws: the error of the last write, if it failed.
    public func flush() async throws(DocumentStoreError) {
        let result = await withCheckedContinuation { continuation in
            let ready: Result<Void, DocumentStoreError>? = state.withLock { state in
                guard state.completed < state.requested else {
                    return state.lastError.map { .failure($0) } ?? .success(())
                }
                state.waiters.append((state.requested, continuation))
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
        try result.get()
    }

    /// Deletes the file (after any saves still pending, which it supersedes) and waits until the
    /// deletion is on disk.
    public func remove() async throws(DocumentStoreError) {
        enqueue(.remove)
        try await flush()
    }

    /// How many times the file has been written by this store (for tests of coalescing).
    package var writeCount: Int { state.withLock { $0.writes } }

    // MARK: - Writing

    private func enqueue(_ operation: Operation) {
        let start = state.withLock { state in
            state.pending = operation
            state.requested += 1
            defer { state.draining = true }
            return !state.draining
        }
        if start { queue.async { self.writeNext() } }
    }

    /// Writes the newest pending request, then schedules itself again if another arrived.
    private func writeNext() {
        let next: (Operation, UInt64)? = state.withLock { state in
            guard let operation = state.pending else {
                state.draining = false
                return nil
            }
            state.pending = nil
            state.inFlight = operation
            return (operation, state.requested)
        }
        guard let (operation, sequence) = next else { return }

        let error: DocumentStoreError?
        do {
            try perform(operation)
            error = nil
        } catch let failure {
            error = failure
        }
        if let error { onEvent?(.saveFailed(error)) }

        let (ready, more) = state.withLock { state in
            state.inFlight = nil
            state.completed = sequence
            state.lastError = error
            let ready = state.waiters.filter { $0.target <= sequence }.map(\.continuation)
            state.waiters.removeAll { $0.target <= sequence }
            if state.pending == nil { state.draining = false }
            return (ready, state.pending != nil)
        }
        let outcome: Result<Void, DocumentStoreError> = error.map { .failure($0) } ?? .success(())
        for continuation in ready { continuation.resume(returning: outcome) }
        if more { queue.async { self.writeNext() } }
    }

    private func perform(_ operation: Operation) throws(DocumentStoreError) {
        switch operation {
        case .remove:
            do { try AtomicFile.remove(fileURL) } catch { throw DocumentStoreError(error) }
            state.withLock {
                $0.refusal = nil
                $0.checkedExistingFile = true
            }
        case .write(let value):
            try checkExistingFileOnce()
            if let refusal = state.withLock({ $0.refusal }) { throw refusal }
            let data = try DocumentEnvelope.encode(value, formatVersion: formatVersion)
            do { try AtomicFile.write(data, to: fileURL) } catch { throw DocumentStoreError(error) }
            state.withLock { $0.writes += 1 }
        }
    }

    /// Before the first write, makes sure the file there is not from a newer app version. A file
    /// this store wrote starts with its version, so only its first bytes are read; other files
    /// are parsed once, without their value.
    private func checkExistingFileOnce() throws(DocumentStoreError) {
        removeLeftoversOnce()
        guard !state.withLock({ $0.checkedExistingFile }) else { return }
        if let found = Self.formatVersion(ofFileAt: fileURL), found > formatVersion {
            state.withLock {
                $0.refusal = .newerFormatVersion(path: fileURL.path, found: found, supported: formatVersion)
            }
        }
        state.withLock { $0.checkedExistingFile = true }
    }

    /// Deletes the temporary files a killed writer left next to the file, once per store, on the
    /// first disk access whichever it is (a `load()` or a write).
    private func removeLeftoversOnce() {
        let first = state.withLock { state in
            defer { state.removedLeftovers = true }
            return !state.removedLeftovers
        }
        if first { AtomicFile.removeLeftovers(of: fileURL) }
    }

    /// The format version of the file at `url`, or nil when there is no readable document.
    private static func formatVersion(ofFileAt url: URL) -> Int? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 64)) ?? Data()
        if let found = DocumentEnvelope.formatVersionPrefix(of: head) { return found }
        // Not written by a store (keys in another order, say): one parse that skips the value.
        guard let data = try? Data(contentsOf: url),
            case .otherVersion(let found)? = try? DocumentEnvelope.read(
                Skipped.self, from: data, supported: Int.min, migrates: false)
        else { return nil }
        return found
    }

    /// Never decoded: ``DocumentEnvelope/read(_:from:supported:migrates:)`` with `supported:
    /// Int.min` stops after the version.
    private struct Skipped: Decodable {}

    // MARK: - Reading

    /// Reads and decodes the file; runs on `queue`.
    private func readFile() throws(DocumentStoreError) -> Value? {
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch {
            if !FileManager.default.fileExists(atPath: fileURL.path) { return nil }
            throw .unreadable(
                path: fileURL.path, reason: AtomicFile.pathProblem(of: fileURL) ?? AtomicFile.describe(error))
        }
        do {
            let value: Value
            switch try DocumentEnvelope.read(Value.self, from: data, supported: formatVersion, migrates: migrate != nil)
            {
            case .value(let decoded):
                value = decoded
            case .otherVersion(let found) where found > formatVersion:
                let refusal = DocumentStoreError.newerFormatVersion(
                    path: fileURL.path, found: found, supported: formatVersion)
                state.withLock {
                    $0.refusal = refusal
                    $0.checkedExistingFile = true
                }
                throw refusal
            case .otherVersion(let found):
                // An older version with a migration (`read` asks for one only then): the value's
                // JSON, parsed a second time.
                guard let migrate else {
                    throw DocumentEnvelope.Malformed(description: "format version \(found) needs a migration")
                }
                let json = try DocumentEnvelope.valueJSON(from: data)
                do {
                    value = try migrate(found, json)
                } catch {
                    throw DocumentEnvelope.Malformed(
                        description: "migration from format version \(found) failed: \(error)")
                }
            }
            state.withLock { $0.checkedExistingFile = true }
            return value
        } catch let error as DocumentStoreError {
            throw error
        } catch let malformed as DocumentEnvelope.Malformed {
            moveAside(reason: malformed.description)
            return nil
        } catch {
            moveAside(reason: String(describing: error))
            return nil
        }
    }

    /// Renames an undecodable file to `<name>.corrupt-<milliseconds>` and reports it. When the
    /// rename fails (a read-only volume, say) the file stays where it is and that is reported
    /// instead: a corrupt file never makes `load()` throw.
    private func moveAside(reason: String) {
        let stamp = Int64((Date().timeIntervalSince1970 * 1000).rounded())
        var destination = fileURL.appendingPathExtension("corrupt-\(stamp)")
        var suffix = 1
        while FileManager.default.fileExists(atPath: destination.path) {
            suffix += 1
            destination = fileURL.appendingPathExtension("corrupt-\(stamp)-\(suffix)")
        }
        state.withLock { $0.checkedExistingFile = true }
        do {
            try AtomicFile.move(fileURL, to: destination)
        } catch {
            onEvent?(.corruptFileNotMovedAside(file: fileURL, reason: reason, moveError: DocumentStoreError(error)))
            return
        }
        onEvent?(.corruptFileMovedAside(file: fileURL, movedTo: destination, reason: reason))
    }
}
