// Tesseract's C API, plus the one OpenMP routine FrameLens needs to keep Tesseract single-threaded, the
// Leptonica routine it needs to keep Leptonica's messages off stderr, the two with which it gives
// Tesseract's PDF renderer a page's picture, and the four with which it solves a projective transform.
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

// From <leptonica/allheaders.h>: four points and the eight coefficients of the projective transform that
// takes them to four others (x' = (c0 x + c1 y + c2) / (c6 x + c7 y + 1), y' likewise with c3, c4, c5).
extern struct Pta *ptaCreate(l_int32 n);
extern l_ok ptaAddPt(struct Pta *pta, l_float32 x, l_float32 y);
extern void ptaDestroy(struct Pta **ppta);
extern l_ok getProjectiveXformCoeffs(struct Pta *ptas, struct Pta *ptad, l_float32 **pvc);
extern void lept_free(void *ptr);
#endif
