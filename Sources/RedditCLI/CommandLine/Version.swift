/// The release this checkout is: the one place the version is written. `reddit --version` prints
/// it, the default user agent names it, and `VersionTests` checks that CHANGELOG.md's newest entry
/// and the README's installation line say the same.
package enum CourierVersion {
    /// `MAJOR.MINOR.PATCH`, as CHANGELOG.md's newest heading and `.package(url:from:)` write it.
    package static let current = "0.4.0"
}
