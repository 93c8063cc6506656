import Courier
import CourierFileSupport
public import Foundation

/// Why a ``DocumentStore`` could not read or write its file.
///
/// Every case names the file or directory involved, so the message is enough to act on.
public enum DocumentStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The directory cannot be created or written to (permissions, read-only volume, a file in
    /// the way).
    case unwritable(path: String, reason: String)
    /// Writing, flushing or renaming the file failed part-way; the previous file is untouched.
    case writeFailed(path: String, reason: String)
    /// The file exists but cannot be read.
    case unreadable(path: String, reason: String)
    /// The file was written by a newer version of the app (its format version is higher than the
    /// store's). It is left as it is and the store refuses to overwrite it.
    case newerFormatVersion(path: String, found: Int, supported: Int)
    /// The value could not be encoded.
    case encodingFailed(String)

    /// A sentence a person can act on.
    public var description: String {
        switch self {
        case .unwritable(let path, let reason):
            "cannot write to the directory \(path): \(reason)"
        case .writeFailed(let path, let reason):
            "writing \(path) failed (the previous file is unchanged): \(reason)"
        case .unreadable(let path, let reason):
            "cannot read \(path): \(reason)"
        case .newerFormatVersion(let path, let found, let supported):
            "\(path) has format version \(found), newer than the \(supported) this app supports; "
                + "it was left untouched and will not be overwritten"
        case .encodingFailed(let reason):
            "the value could not be encoded: \(reason)"
        }
    }
}

/// Something a ``DocumentStore`` did on its own that the app should know about.
public enum DocumentStoreEvent: Sendable, Equatable {
    /// The file could not be decoded; it was renamed to `movedTo` (nothing is deleted) and the
    /// store behaves as if it were empty.
    case corruptFileMovedAside(file: URL, movedTo: URL, reason: String)
    /// The file could not be decoded and could not be renamed either (a read-only volume, say):
    /// it stays where it is, `load()` returns nil, and a later successful save replaces it.
    /// `moveError` says why the rename failed.
    case corruptFileNotMovedAside(file: URL, reason: String, moveError: DocumentStoreError)
    /// A background save failed; ``DocumentStore/flush()`` throws the same error.
    case saveFailed(DocumentStoreError)
}

extension DocumentStoreError {
    /// The store's error for a failed durable write.
    init(_ error: AtomicFileError) {
        switch error {
        case .unwritable(let path, let reason): self = .unwritable(path: path, reason: reason)
        case .writeFailed(let path, let reason): self = .writeFailed(path: path, reason: reason)
        }
    }
}
