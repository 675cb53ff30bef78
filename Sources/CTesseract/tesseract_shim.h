#ifndef FRAMELENS_TESSERACT_SHIM_H
#define FRAMELENS_TESSERACT_SHIM_H
#include <tesseract/capi.h>
#endif
