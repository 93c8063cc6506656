import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file so that whoever reads it, and whatever happens to the writer (killed, out of
/// disk), finds the old contents or the new ones, whole: the bytes go to a temporary file beside
/// it, are `fsync`ed, renamed over the file, and the folder is `fsync`ed.
enum AtomicFile {
    /// What went wrong, with the file and the system's reason.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Writes `data` to `file` (mode 0600, in a folder of mode 0700 created when missing).
    static func write(_ data: Data, to file: URL) throws(Failure) {
        let folder = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw Failure(description: "cannot create \(folder.path): \(error.localizedDescription)")
        }
        removeLeftovers(beside: file)
        let temporary = folder.appendingPathComponent(
            temporaryPrefix(of: file) + "\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw failure("cannot create", temporary) }
        var written = 0
        let complete = data.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let count = systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                written += count
            }
            return true
        }
        let synced = complete && fsync(descriptor) == 0
        let reason = errno
        close(descriptor)
        guard synced else {
            unlink(temporary.path)
            errno = reason
            throw failure("cannot write", temporary)
        }
        guard rename(temporary.path, file.path) == 0 else {
            let error = failure("cannot rename the new file over", file)
            unlink(temporary.path)
            throw error
        }
        // The rename itself is on disk only once the folder is.
        let folderDescriptor = open(folder.path, O_RDONLY)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Removes the temporary files that writers of `file` killed before their rename left behind
    /// (a writer still running keeps its own).
    static func removeLeftovers(beside file: URL) {
        let folder = file.deletingLastPathComponent()
        let prefix = temporaryPrefix(of: file)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            let pid = name.dropFirst(prefix.count).split(separator: ".").first.flatMap { pid_t($0) }
            // A writer still alive (this one, or one whose process answers) is left alone.
            if let pid, pid == getpid() || kill(pid, 0) == 0 || errno == EPERM { continue }
            unlink(folder.appendingPathComponent(name).path)
        }
    }

    /// `.NAME.` : the start of the temporary files of `file` (hidden, and never a `.json`).
    static func temporaryPrefix(of file: URL) -> String {
        "." + file.lastPathComponent + "."
    }

    private static func failure(_ what: String, _ file: URL) -> Failure {
        Failure(description: "\(what) \(file.path): \(String(cString: strerror(errno)))")
    }
}

/// The system's `write(2)` (the name is taken by the method above inside the enum).
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(descriptor, bytes, count)
    #else
    return Darwin.write(descriptor, bytes, count)
    #endif
}
