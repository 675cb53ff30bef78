// What Swift cannot import from sqlite3.h: SQLITE_TRANSIENT, a cast of -1 to a function pointer.
#ifndef FRAMELENS_SQLITE_SHIM_H
#define FRAMELENS_SQLITE_SHIM_H

#include <sqlite3.h>

// Tells sqlite3_bind_text to copy the bytes, which Swift lends only for the duration of the call.
static inline sqlite3_destructor_type framelens_SQLITE_TRANSIENT(void) { return SQLITE_TRANSIENT; }

#endif
