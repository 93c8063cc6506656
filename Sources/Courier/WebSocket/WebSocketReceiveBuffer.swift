import Foundation

/// The bytes a WebSocket received and has not parsed yet: one block of memory that the socket
/// reads into directly (``receive(atLeast:_:)``), so a received byte is copied once more only, into
/// the frame's payload.
///
/// Used by one thread at a time (the connection's reader), inside a ``WebSocketFrameParser``.
final class WebSocketReceiveBuffer {
    private var storage: UnsafeMutableRawPointer
    private var capacity: Int
    private var start = 0
    private var end = 0

    /// The size the buffer has at first and shrinks back to once empty.
    static let defaultCapacity = 256 << 10

    init() {
        capacity = Self.defaultCapacity
        storage = .allocate(byteCount: capacity, alignment: 16)
    }

    deinit { storage.deallocate() }

    /// The bytes received and not consumed.
    var readable: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: storage + start, count: end - start) }

    /// The bytes allocated now.
    var currentCapacity: Int { capacity }

    /// Marks the first `count` readable bytes as used.
    func consume(_ count: Int) {
        start += count
        guard start == end else { return }
        start = 0
        end = 0
        // Grown for a large message: give the memory back.
        if capacity > 4 * Self.defaultCapacity {
            storage.deallocate()
            capacity = Self.defaultCapacity
            storage = .allocate(byteCount: capacity, alignment: 16)
        }
    }

    /// Lets `read` write into at least `minimum` free bytes at the end; `read` returns how many it
    /// wrote, kept as readable.
    func receive<Result>(
        atLeast minimum: Int, _ read: (UnsafeMutableRawBufferPointer) throws -> (written: Int, result: Result)
    ) rethrows -> Result {
        reserve(minimum)
        let (written, result) = try read(UnsafeMutableRawBufferPointer(start: storage + end, count: capacity - end))
        end += written
        return result
    }

    /// Appends bytes (the handshake's leftover, tests).
    func append(_ bytes: Data) {
        receive(atLeast: bytes.count) { free in
            (bytes.copyBytes(to: free.bindMemory(to: UInt8.self), count: bytes.count), ())
        }
    }

    /// Makes room for `minimum` bytes after the readable ones: moves them to the front (memmove:
    /// the regions may overlap), or grows to fit.
    func reserve(_ minimum: Int) {
        if capacity - end >= minimum { return }
        let used = end - start
        if used + minimum <= capacity {
            storage.copyMemory(from: storage + start, byteCount: used)
        } else {
            // Checked: `minimum` is bounded by the caller (``WebSocketFrameParser/growthStep``),
            // and doubling what exists follows the bytes that arrived.
            let (needed, overflow) = used.addingReportingOverflow(minimum)
            precondition(!overflow, "receive buffer request out of range")
            let newCapacity = max(needed, capacity.multipliedReportingOverflow(by: 2).overflow ? needed : capacity * 2)
            let grown = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
            grown.copyMemory(from: storage + start, byteCount: used)
            storage.deallocate()
            storage = grown
            capacity = newCapacity
        }
        start = 0
        end = used
    }
}
