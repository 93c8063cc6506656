// A stand-in for Darwin, Apple's C library module, for Scripts/check-apple: the C library as Glibc
// declares it, re-exported, with the declarations whose Darwin form differs from Glibc's
// declared here as Apple's SDK imports them (they shadow Glibc's). Only what the package's
// `#if canImport(Darwin)` branches use. Never linked or run: type-checking only.
@_exported import Glibc

// sys/socket.h: plain `Int32` constants on Darwin (Glibc imports SOCK_STREAM as an enum).
public var SOCK_STREAM: Int32 { 1 }
public var SO_NOSIGPIPE: Int32 { 0x1022 }

// spawn.h: the attribute and file-action objects are opaque pointers on Darwin. C functions come
// into Swift with discardable results.
public typealias posix_spawnattr_t = UnsafeMutableRawPointer
public typealias posix_spawn_file_actions_t = UnsafeMutableRawPointer

@discardableResult public func posix_spawnattr_init(_ attributes: UnsafeMutablePointer<posix_spawnattr_t?>!) -> Int32 { fatalError() }
@discardableResult public func posix_spawnattr_destroy(_ attributes: UnsafeMutablePointer<posix_spawnattr_t?>!) -> Int32 { fatalError() }
@discardableResult public func posix_spawnattr_setsigdefault(
    _ attributes: UnsafeMutablePointer<posix_spawnattr_t?>!, _ signals: UnsafePointer<sigset_t>!
) -> Int32 { fatalError() }
@discardableResult public func posix_spawnattr_setsigmask(
    _ attributes: UnsafeMutablePointer<posix_spawnattr_t?>!, _ signals: UnsafePointer<sigset_t>!
) -> Int32 { fatalError() }
@discardableResult public func posix_spawnattr_setflags(_ attributes: UnsafeMutablePointer<posix_spawnattr_t?>!, _ flags: Int16) -> Int32 {
    fatalError()
}
@discardableResult public func posix_spawn(
    _ pid: UnsafeMutablePointer<pid_t>!, _ path: UnsafePointer<CChar>!,
    _ fileActions: UnsafePointer<posix_spawn_file_actions_t?>!, _ attributes: UnsafePointer<posix_spawnattr_t?>!,
    _ arguments: UnsafePointer<UnsafeMutablePointer<CChar>?>!,
    _ environment: UnsafePointer<UnsafeMutablePointer<CChar>?>!
) -> Int32 { fatalError() }
