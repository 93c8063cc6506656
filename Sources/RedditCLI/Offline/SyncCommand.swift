import CourierOAuth
import Foundation
import RedditAPI

/// `reddit sync`: fetches what `--offline` then shows (``OfflineSync``) and writes it to the
/// account's ``SyncedCache``; `sync --clear` forgets it.
package struct SyncCommand: Sendable {
    package let options: SyncOptions
    package let cache: SyncedCache
    /// The account the cache belongs to (said in the file).
    package let account: String

    package init(options: SyncOptions, cache: SyncedCache, account: String) {
        self.options = options
        self.cache = cache
        self.account = account
    }

    /// What to say when there is nothing to sync without `--subreddits`.
    static let notSignedIn =
        "not signed in, so there are no subscriptions to sync: name subreddits with"
        + " --subreddits swift,rust (or sign in with reddit login and sync your subscriptions)"

    /// Whether the configuration's account has a stored login (its subscriptions can be read).
    package static func isSignedIn(_ configuration: CLIConfiguration) -> Bool {
        (try? FileTokenStore(fileURL: ServiceFactory.tokenFile(configuration)).load()) != nil
    }

    /// `sync --clear`.
    package func clear() throws(CLIError) {
        if try cache.clear() {
            Output.write("forgot the synced cache \(cache.file.path); reddit --offline shows the demo again\n")
        } else {
            Output.write("nothing was synced for account \(account); reddit --offline shows the demo\n")
        }
    }

    /// Fetches and writes; progress on standard error, the summary on standard output. Fails,
    /// leaving the previous cache as it was, when the connection is lost or nothing could be
    /// fetched.
    package func run(service: RedditService, signedIn: Bool) async throws(CLIError) {
        let started = ContinuousClock.now
        var requests = 0
        let names: [String]
        if let subreddits = options.subreddits {
            names = subreddits
        } else {
            guard signedIn else { throw CLIError(Self.notSignedIn) }
            let pages = try await service.subscriptionPages()
            requests += pages.bodies.count
            names = pages.value.map(\.displayName)
            guard !names.isEmpty else {
                throw CLIError("your account subscribes to no subreddit: name some with --subreddits swift,rust")
            }
            Output.error("reddit sync: \(names.count) subscriptions, \(options.threads) threads each")
        }
        let sync = OfflineSync(client: service.client, threads: options.threads) { Output.error("reddit sync: " + $0) }
        let report = await sync.run(subreddits: names)
        requests += report.requests
        let kept =
            cache.syncedAt().map { "the cache of \(OfflineSource.timestamp($0)) is kept" } ?? "there is no earlier sync"
        if let reason = report.stoppedBecause {
            throw CLIError("sync stopped: \(reason); nothing written, \(kept)")
        }
        guard let contents = report.contents else {
            throw CLIError("nothing could be fetched (the failures are above); nothing written, \(kept)")
        }
        let size = try cache.write(contents, account: account)
        let elapsed = (ContinuousClock.now - started).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        var summary =
            "synced \(report.subreddits) subreddits, \(report.threads) threads with comments"
            + " in \(String(format: "%.1f", seconds)) s: \(requests) requests,"
            + " \(String(format: "%.1f", Double(size) / 1_000_000)) MB in \(cache.file.path)"
        if !report.failures.isEmpty { summary += "; \(report.failures.count) failed (said above)" }
        Output.write(summary + "\nreddit --offline shows them (reddit browse --offline to browse)\n")
    }
}
