// SQLite's header comes from the system (pkg-config sqlite3). When it is missing, say which
// package provides it instead of clang's bare "'sqlite3.h' file not found".
#if __has_include(<sqlite3.h>)
#include <sqlite3.h>
#else
#error "SQLite's header is not installed: install libsqlite3-dev (Debian/Ubuntu: apt-get install libsqlite3-dev)"
#endif
