public import Foundation

/// Where an app keeps its files by default on each platform.
public enum StorageLocation {
    /// The per-user data directory for `application`:
    /// `$XDG_DATA_HOME/<application>` (or `~/.local/share/<application>`) on Linux, and
    /// `Application Support/<application>` on Apple platforms.
    ///
    /// The directory is created on first write, not here.
    public static func dataDirectory(application: String) -> URL {
        #if canImport(Darwin)
        appleDirectory(.applicationSupportDirectory, fallback: "Library/Application Support", application: application)
        #else
        xdgDirectory(variable: "XDG_DATA_HOME", fallback: ".local/share", application: application)
        #endif
    }

    /// The per-user cache directory for `application`: `$XDG_CACHE_HOME/<application>` (or
    /// `~/.cache/<application>`) on Linux, and `Caches/<application>` on Apple platforms. The
    /// system may clear it; keep only what can be downloaded again there.
    public static func cacheDirectory(application: String) -> URL {
        #if canImport(Darwin)
        appleDirectory(.cachesDirectory, fallback: "Library/Caches", application: application)
        #else
        xdgDirectory(variable: "XDG_CACHE_HOME", fallback: ".cache", application: application)
        #endif
    }

    #if canImport(Darwin)
    private static func appleDirectory(
        _ directory: FileManager.SearchPathDirectory, fallback: String, application: String
    ) -> URL {
        let base =
            FileManager.default.urls(for: directory, in: .userDomainMask).first
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(fallback)
        return base.appendingPathComponent(application, isDirectory: true)
    }
    #endif

    /// `$variable/<application>` when the variable is an absolute path (the XDG spec ignores
    /// relative ones), else `~/<fallback>/<application>`.
    package static func xdgDirectory(
        variable: String, fallback: String, application: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        let base: URL
        if let xdg = environment[variable], xdg.hasPrefix("/") {
            base = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            let home =
                environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
                ?? FileManager.default.homeDirectoryForCurrentUser
            base = home.appendingPathComponent(fallback, isDirectory: true)
        }
        return base.appendingPathComponent(application, isDirectory: true)
    }
}
