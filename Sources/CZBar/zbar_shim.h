// What Swift cannot import from zbar.h: the zbar_fourcc macro.
#ifndef FRAMELENS_ZBAR_SHIM_H
#define FRAMELENS_ZBAR_SHIM_H
#include <zbar.h>
static inline unsigned long framelens_zbar_fourcc(char a, char b, char c, char d) { return zbar_fourcc(a, b, c, d); }
#endif
