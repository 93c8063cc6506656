#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal in raw mode on the alternate screen, and the way back.
///
/// `enter()` saves the terminal's settings, switches off line editing, echo and signal keys
/// (so Ctrl-C arrives as a key and the browser can leave cleanly), and shows the alternate
/// screen with the cursor hidden. `restore()` undoes all of it; it also runs from the handlers
/// of SIGTERM, SIGHUP and SIGQUIT, and from `atexit`, so the shell is never left in raw mode.
package enum RawTerminal {
    /// What `restore()` needs, kept where a signal handler can reach it.
    ///
    /// `nonisolated(unsafe)`: written once by `enter()` before any handler is installed, then
    /// only read (by `restore()`, which may run in a signal handler and therefore cannot take a
    /// lock). The flag is re-checked so a second restore is a no-op.
    nonisolated(unsafe) private static var saved = termios()
    nonisolated(unsafe) private static var isRaw = false

    /// Escape sequences: alternate screen on, cursor hidden, screen cleared.
    static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J\u{1B}[H"
    /// Cursor shown, attributes reset, alternate screen off; bytes ready before any signal
    /// handler may need them, so restoring allocates nothing.
    static let leaveBytes: [UInt8] = Array("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8)

    /// Whether file descriptor `fd` is a terminal.
    package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// The terminal's size in columns and rows, if standard output is a terminal.
    package static func size() -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Switches standard input to raw mode and standard output to the alternate screen.
    package static func enter() throws(TerminalError) {
        guard isTerminal(STDIN_FILENO), isTerminal(STDOUT_FILENO) else { throw TerminalError.notATerminal }
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { throw TerminalError.system("tcgetattr", errno) }
        saved = settings
        settings.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        settings.c_oflag &= ~tcflag_t(OPOST)
        settings.c_cflag |= tcflag_t(CS8)
        settings.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &settings.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings) == 0 else { throw TerminalError.system("tcsetattr", errno) }
        _ = leaveBytes.count  // initialize it now, not in a signal handler
        isRaw = true
        installHandlers()
        emit(enterSequence)
    }

    /// Puts the terminal back as it was. Safe to call more than once and from a signal handler.
    package static func restore() {
        guard isRaw else { return }
        isRaw = false
        leaveBytes.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { break }
                offset += written
            }
        }
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &saved)
    }

    /// Writes `text` to standard output at once, unbuffered.
    package static func emit(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            offset += written
        }
    }

    /// Stops this process as Ctrl-Z does in a shell (SIGTSTP with its default action) and
    /// returns once it is continued (`fg`, SIGCONT). Call with the terminal restored.
    package static func suspend() {
        let previous = signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        signal(SIGTSTP, previous)
    }

    nonisolated(unsafe) private static var handlersInstalled = false

    private static func installHandlers() {
        guard !handlersInstalled else { return }
        handlersInstalled = true
        atexit { RawTerminal.restore() }
        for signalNumber in [SIGTERM, SIGHUP, SIGQUIT] {
            signal(signalNumber) { number in
                RawTerminal.restore()
                // Die of the same signal, so the parent sees why.
                signal(number, SIG_DFL)
                raise(number)
            }
        }
    }
}

/// The terminal could not be put in raw mode.
package enum TerminalError: Error, CustomStringConvertible {
    case notATerminal
    case system(String, Int32)

    package var description: String {
        switch self {
        case .notATerminal: "browse needs a terminal (standard input and output must be a TTY)"
        case .system(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
        }
    }
}
