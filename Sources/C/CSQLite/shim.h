#ifndef WIDGETHOST_CSQLITE_SHIM_H
#define WIDGETHOST_CSQLITE_SHIM_H
#include <sqlite3.h>
// SQLITE_TRANSIENT is a macro Swift cannot import: a destructor value of -1.
static const sqlite3_destructor_type widgethost_sqlite_transient = (sqlite3_destructor_type)-1;
#endif
