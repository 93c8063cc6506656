// SQLite from the OS (Debian: libsqlite3-dev).
#include <sqlite3.h>
