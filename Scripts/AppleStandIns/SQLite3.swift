// A stand-in for SQLite3, the SDK's module of the system SQLite, for Scripts/check-apple: the
// same C API, from the Linux package's headers (CSQLite). Type-checking only.
@_exported import CSQLite
