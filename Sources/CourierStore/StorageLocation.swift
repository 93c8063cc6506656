import Foundation

/// Where an app keeps its data by default on each platform.
public enum StorageLocation {
    /// The per-user data directory for `application`:
    /// `$XDG_DATA_HOME/<application>` (or `~/.local/share/<application>`) on Linux, and
    /// `Application Support/<application>` on Apple platforms.
    ///
    /// The directory is created on first write, not here.
    public static func dataDirectory(application: String) -> URL {
        #if canImport(Darwin)
        let base = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent("Library/Application Support")
        return base.appendingPathComponent(application, isDirectory: true)
        #else
        return linuxDataDirectory(environment: ProcessInfo.processInfo.environment)
            .appendingPathComponent(application, isDirectory: true)
        #endif
    }

    /// The per-user cache directory for `application`: `$XDG_CACHE_HOME/<application>` (or
    /// `~/.cache/<application>`) on Linux, and `Caches/<application>` on Apple platforms. The
    /// system may clear it; keep only what can be downloaded again there.
    public static func cacheDirectory(application: String) -> URL {
        #if canImport(Darwin)
        let base = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent("Library/Caches")
        return base.appendingPathComponent(application, isDirectory: true)
        #else
        let environment = ProcessInfo.processInfo.environment
        return xdgDirectory(environment: environment, variable: "XDG_CACHE_HOME", fallback: ".cache")
            .appendingPathComponent(application, isDirectory: true)
        #endif
    }

    /// The XDG data home: `$XDG_DATA_HOME` when it is an absolute path, else `~/.local/share`.
    static func linuxDataDirectory(environment: [String: String]) -> URL {
        xdgDirectory(environment: environment, variable: "XDG_DATA_HOME", fallback: ".local/share")
    }

    /// `$variable` when it is an absolute path (the XDG spec ignores relative ones), else
    /// `~/<fallback>`.
    static func xdgDirectory(environment: [String: String], variable: String, fallback: String) -> URL {
        if let xdg = environment[variable], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true)
        }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(fallback, isDirectory: true)
    }
}
