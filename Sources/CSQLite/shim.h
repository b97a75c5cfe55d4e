// sqlite3 for Swift: the destructor constants are casts Swift cannot import.
#ifndef MAPTERM_CSQLITE_SHIM_H
#define MAPTERM_CSQLITE_SHIM_H
#include <sqlite3.h>

static inline sqlite3_destructor_type mt_sqlite_transient(void) { return SQLITE_TRANSIENT; }
static inline sqlite3_destructor_type mt_sqlite_static(void) { return SQLITE_STATIC; }

#endif
