// Tesseract's C API, plus the one OpenMP routine FrameLens needs to keep Tesseract single-threaded.
#ifndef FRAMELENS_TESSERACT_SHIM_H
#define FRAMELENS_TESSERACT_SHIM_H
#include <tesseract/capi.h>

// From <omp.h> (libgomp, which Debian's libtesseract links): with 0 active levels every OpenMP
// parallel region runs on one thread. FrameLens parallelises across engines instead.
extern void omp_set_max_active_levels(int max_levels);
#endif
