// libpq's header (Debian libpq-dev) for Swift: the client library of PostgreSQL. The library itself is
// opened with dlopen at the first connection (PostgresLibrary), not linked.
#ifndef MAPTERM_CPOSTGRES_SHIM_H
#define MAPTERM_CPOSTGRES_SHIM_H
#include <postgresql/libpq-fe.h>
#endif
