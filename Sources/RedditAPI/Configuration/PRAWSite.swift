public import Foundation

/// One site of PRAW's configuration file `praw.ini`, read the way PRAW 7 reads it, so a bot
/// moving from PRAW keeps its file.
///
/// The files, each read over the one before: PRAW's own defaults (``defaultFile``), then
/// `praw.ini` in the user's configuration folder (`%APPDATA%`, else `$XDG_CONFIG_HOME`, else
/// `~/.config`), then `praw.ini` in the working directory. A site is a `[section]`; `[DEFAULT]`
/// gives every site its keys. The site is the one named, else the environment's `praw_site`,
/// else `DEFAULT`. The credentials (`client_id`, `client_secret`, `username`, `password`,
/// `refresh_token`, `user_agent`, `redirect_uri`) come from `praw_<key>` environment variables
/// when set and not empty, else from the file; an empty value counts as not set. `oauth_url`,
/// `reddit_url`, `ratelimit_seconds` and `timeout` come from the files only, as in PRAW. Keys
/// PRAW does not know are kept in ``custom``.
///
/// ```swift
/// let site = try PRAWSite.load("bot1")
/// let reddit = try RedditClient(site: site)
/// print(site.custom["subreddits"] ?? "")
/// ```
///
/// ``description`` never shows `client_secret`, `password` or `refresh_token`, and no error
/// quotes a value.
public struct PRAWSite: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The section's name (`DEFAULT` when none was named).
    public let name: String
    /// The app's id (`client_id`).
    public var clientID: String?
    /// The app's secret (`client_secret`); nil for an installed app.
    public var clientSecret: String?
    /// The account's name, for a script app's password grant (`username`).
    public var username: String?
    /// The account's password (`password`).
    public var password: String?
    /// A refresh token obtained earlier (`refresh_token`); preferred over the password.
    public var refreshToken: String?
    /// The User-Agent (`user_agent`).
    public var userAgent: String?
    /// The redirect URI registered for the app (`redirect_uri`).
    public var redirectURI: String?
    /// How long PRAW sleeps on a short `RATELIMIT` answer before trying again (`ratelimit_seconds`, 5).
    public var ratelimitSeconds: Int
    /// The longest a request may take, in seconds (`timeout`, 16).
    public var timeout: Int
    /// Where authenticated calls go (`oauth_url`, `https://oauth.reddit.com`).
    public var oauthURL: URL
    /// Where anonymous calls and the token endpoint are (`reddit_url`, `https://www.reddit.com`).
    public var redditURL: URL
    /// The keys PRAW does not know (and the ones it reads but RedditAPI has no use for, such as
    /// `comment_kind`), by lower-cased name, `[DEFAULT]`'s included.
    public var custom: [String: String]
    /// The files that were read, in order (PRAW's defaults as `<PRAW defaults>`).
    public let files: [String]

    /// PRAW's own `praw.ini` (`praw/praw.ini` in PRAW 7), read before any other file.
    public static let defaultFile = """
        [DEFAULT]
        check_for_updates=True
        comment_kind=t1
        message_kind=t4
        redditor_kind=t2
        submission_kind=t3
        subreddit_kind=t5
        trophy_kind=t6
        oauth_url=https://oauth.reddit.com
        ratelimit_seconds=5
        reddit_url=https://www.reddit.com
        short_url=https://redd.it
        timeout=16
        """

    /// The keys read from `praw_<key>` environment variables before the file.
    static let environmentKeys = [
        "client_id", "client_secret", "username", "password", "refresh_token", "user_agent", "redirect_uri",
    ]
    /// The keys whose values are never shown.
    static let secretKeys: Set<String> = ["client_secret", "password", "refresh_token"]

    /// Reads a site from the files PRAW reads.
    ///
    /// - Parameters:
    ///   - site: The section; nil takes `praw_site` from the environment, else `DEFAULT`.
    ///   - environment: The environment (`praw_*`, `APPDATA`, `XDG_CONFIG_HOME`, `HOME`).
    ///   - workingDirectory: Where the last `praw.ini` is looked for.
    /// - Throws: ``RedditUsageError/badConfiguration(file:line:key:reason:)`` for a file that is
    ///   not valid, a missing site, or a value of the wrong type.
    public static func load(
        _ site: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
        workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    ) throws(RedditUsageError) -> PRAWSite {
        var files: [(name: String, text: String)] = [("<PRAW defaults>", defaultFile)]
        for url in searchPath(environment: environment, workingDirectory: workingDirectory) {
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw .badConfiguration(file: url.path, line: nil, key: nil, reason: "cannot be read")
            }
            files.append((url.path, String(decoding: data, as: UTF8.self)))
        }
        return try parse(files, site: site, environment: environment)
    }

    /// The `praw.ini` files after PRAW's defaults, in the order they are read.
    static func searchPath(environment: [String: String], workingDirectory: URL) -> [URL] {
        var folders: [URL] = []
        if let appData = environment["APPDATA"] {
            folders.append(URL(fileURLWithPath: appData))
        } else if let xdg = environment["XDG_CONFIG_HOME"] {
            folders.append(URL(fileURLWithPath: xdg))
        } else if let home = environment["HOME"] {
            folders.append(URL(fileURLWithPath: home).appendingPathComponent(".config"))
        }
        folders.append(workingDirectory)
        return folders.map { $0.appendingPathComponent("praw.ini") }
    }

    /// Reads a site from files given as text, each read over the one before.
    static func parse(_ files: [(name: String, text: String)], site: String?, environment: [String: String])
        throws(RedditUsageError) -> PRAWSite
    {
        var ini = INIFile()
        for file in files {
            do {
                try ini.read(file.text, file: file.name)
            } catch {
                throw .badConfiguration(file: error.file, line: error.line, key: error.key, reason: error.reason)
            }
        }
        let readFiles = files.map(\.name)
        let name = site ?? environment["praw_site"].flatMap { $0.isEmpty ? nil : $0 } ?? INIFile.defaultSection
        guard ini.has(name) else {
            let known = ini.sectionOrder.filter { $0 != INIFile.defaultSection }
            throw .badConfiguration(
                file: readFiles.dropFirst().joined(separator: ", ").nonEmpty ?? "no praw.ini found", line: nil,
                key: nil,
                reason: "no site [\(name)]" + (known.isEmpty ? "" : "; the sites are " + known.joined(separator: ", ")))
        }
        var items = ini.items(name)
        func take(_ key: String) -> INIFile.Value? { items.removeValue(forKey: key) }
        func credential(_ key: String) -> String? {
            let fromFile = take(key)?.text
            if let value = environment["praw_" + key], !value.isEmpty { return value }
            return fromFile.flatMap { $0.isEmpty ? nil : $0 }
        }
        func integer(_ key: String) throws(RedditUsageError) -> Int {
            guard let value = take(key) else {
                throw .badConfiguration(
                    file: readFiles.last ?? "", line: nil, key: key, reason: "\(key) is missing (a whole number)")
            }
            guard let number = Int(value.text) else {
                throw .badConfiguration(
                    file: value.file, line: value.line, key: key,
                    reason: "\(key) must be a whole number" + (secretKeys.contains(key) ? "" : ", not '\(value.text)'"))
            }
            return number
        }
        func url(_ key: String) throws(RedditUsageError) -> URL {
            guard let value = take(key), let url = URL(string: value.text), let scheme = url.scheme,
                ["http", "https"].contains(scheme.lowercased()), url.host != nil
            else {
                let value = ini.items(name)[key]
                throw .badConfiguration(
                    file: value?.file ?? readFiles.last ?? "", line: value?.line, key: key,
                    reason: "\(key) must be an http or https URL")
            }
            return url
        }
        var result = PRAWSite(
            name: name, ratelimitSeconds: 0, timeout: 0, oauthURL: RedditClient.oauthBaseURL,
            redditURL: RedditClient.publicBaseURL, custom: [:], files: readFiles)
        result.clientID = credential("client_id")
        result.clientSecret = credential("client_secret")
        result.username = credential("username")
        result.password = credential("password")
        result.refreshToken = credential("refresh_token")
        result.userAgent = credential("user_agent")
        result.redirectURI = credential("redirect_uri")
        result.ratelimitSeconds = try integer("ratelimit_seconds")
        result.timeout = try integer("timeout")
        result.oauthURL = try url("oauth_url")
        result.redditURL = try url("reddit_url")
        result.custom = items.mapValues(\.text)
        return result
    }

    private init(
        name: String, ratelimitSeconds: Int, timeout: Int, oauthURL: URL, redditURL: URL, custom: [String: String],
        files: [String]
    ) {
        self.name = name
        self.ratelimitSeconds = ratelimitSeconds
        self.timeout = timeout
        self.oauthURL = oauthURL
        self.redditURL = redditURL
        self.custom = custom
        self.files = files
    }

    /// The site's settings, secrets shown as `<set>`.
    public var description: String {
        func show(_ key: String, _ value: String?) -> String? {
            guard let value else { return nil }
            return key + "=" + (Self.secretKeys.contains(key) ? "<set>" : value)
        }
        let fields = [
            show("client_id", clientID), show("client_secret", clientSecret), show("username", username),
            show("password", password), show("refresh_token", refreshToken), show("user_agent", userAgent),
            show("redirect_uri", redirectURI),
        ].compactMap { $0 }
        return "PRAWSite[\(name)](" + fields.joined(separator: ", ") + ")"
    }

    /// The description, so that `dump` and debuggers show no secret either.
    public var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
