// libpq (Debian libpq-dev) for Swift: the client library of PostgreSQL.
#ifndef MAPTERM_CPOSTGRES_SHIM_H
#define MAPTERM_CPOSTGRES_SHIM_H
#include <postgresql/libpq-fe.h>
#endif
