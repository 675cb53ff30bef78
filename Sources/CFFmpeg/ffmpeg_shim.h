// What Swift cannot import from FFmpeg's headers: function-like macros, as static inline functions.
#ifndef FRAMELENS_FFMPEG_SHIM_H
#define FRAMELENS_FFMPEG_SHIM_H

#include <errno.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/display.h>
#include <libavutil/encryption_info.h>
#include <libavutil/imgutils.h>
#include <libavutil/pixdesc.h>
#include <libavutil/sha.h>
#include <libavutil/time.h>
#include <libswscale/swscale.h>

static inline int framelens_AVERROR(int errnum) { return AVERROR(errnum); }
static const int framelens_AVERROR_EOF = AVERROR_EOF;
static const int framelens_AVERROR_INVALIDDATA = AVERROR_INVALIDDATA;
static const int framelens_AVERROR_DECODER_NOT_FOUND = AVERROR_DECODER_NOT_FOUND;
static const int64_t framelens_AV_NOPTS_VALUE = AV_NOPTS_VALUE;
// AVFrame's `data` and `linesize` arrays, which Swift imports as tuples: the planes, their bytes per row.
static inline uint8_t *const *framelens_frame_planes(const AVFrame *frame) { return frame->data; }
static inline const int *framelens_frame_linesizes(const AVFrame *frame) { return frame->linesize; }
static inline unsigned int framelens_MKTAG(char a, char b, char c, char d) { return MKTAG(a, b, c, d); }

#endif
