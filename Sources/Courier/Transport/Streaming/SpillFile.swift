import Foundation

/// The overflow of a ``StreamBuffer`` whose producer cannot pause (URLSessionTransport on
/// Linux): bytes past the buffer's bound are appended to a temporary file, removed from the
/// directory as soon as it is open, and read back in order. Memory stays bounded; the disk takes
/// the difference.
///
/// Not thread-safe: used only inside the ``StreamBuffer``'s lock.
final class SpillFile {
    private let handle: FileHandle
    /// Where the next write goes and where the next read starts.
    private var writeOffset: UInt64 = 0
    private var readOffset: UInt64 = 0
    /// The most bytes that waited in the file at any time.
    private(set) var highWaterMark: UInt64 = 0

    /// Opens a new, already unlinked, temporary file; nil when none can be made.
    init?() {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-stream-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
            let handle = try? FileHandle(forUpdating: url)
        else { return nil }
        // Gone from the directory at once: the open handle keeps it until it is closed.
        try? FileManager.default.removeItem(at: url)
        self.handle = handle
    }

    deinit { try? handle.close() }

    /// The bytes written and not yet read.
    var unread: UInt64 { writeOffset - readOffset }

    /// Appends `data`; false when the write failed.
    func write(_ data: Data) -> Bool {
        do {
            try handle.seek(toOffset: writeOffset)
            try handle.write(contentsOf: data)
        } catch {
            return false
        }
        writeOffset += UInt64(data.count)
        highWaterMark = max(highWaterMark, unread)
        return true
    }

    /// Reads the next at most `limit` bytes in order; the file is emptied once all is read.
    func read(upTo limit: Int) throws -> Data {
        try handle.seek(toOffset: readOffset)
        let count = Int(min(UInt64(limit), unread))
        let data = try handle.read(upToCount: count) ?? Data()
        guard data.count == count else { throw URLError(.cannotOpenFile) }
        readOffset += UInt64(data.count)
        if readOffset == writeOffset {
            readOffset = 0
            writeOffset = 0
            try handle.truncate(atOffset: 0)
        }
        return data
    }
}
