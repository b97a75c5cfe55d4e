// zlib for Swift: `inflateInit2` is a macro over `inflateInit2_`.
#ifndef MAPTERM_CZLIB_SHIM_H
#define MAPTERM_CZLIB_SHIM_H
#include <zlib.h>

static inline int mt_inflate_init2(z_streamp stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}

#endif
