// Tesseract's C API, plus the one OpenMP routine FrameLens needs to keep Tesseract single-threaded, the
// Leptonica routine it needs to keep Leptonica's messages off stderr, and the two with which it gives
// Tesseract's PDF renderer a page's picture.
#ifndef FRAMELENS_TESSERACT_SHIM_H
#define FRAMELENS_TESSERACT_SHIM_H
#include <tesseract/capi.h>

// From <omp.h> (libgomp, which Debian's libtesseract links): with 0 active levels every OpenMP
// parallel region runs on one thread. FrameLens parallelises across engines instead.
extern void omp_set_max_active_levels(int max_levels);

// From <leptonica/allheaders.h> (liblept, which libtesseract links): Leptonica prints notes such as
// "Error in boxClipToRectangle: box outside rectangle" on stderr while Tesseract lays out a page; they
// are not errors of the caller's, and FrameLens reports what matters itself.
#include <leptonica/environ.h>
extern l_int32 setMsgSeverity(l_int32 newsev);

// From <leptonica/allheaders.h>: a picture read from an image file in memory (PNG), which Tesseract's
// PDF renderer puts on the page as it is (losslessly), and its release.
extern struct Pix *pixReadMem(const l_uint8 *data, size_t size);
extern void pixDestroy(struct Pix **ppix);
#endif
