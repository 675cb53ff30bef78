#!/usr/bin/env bash
# Regenerates the protected-media test fixtures in this directory:
#
#   cenc.mp4                 one H.264 stream, CENC (cenc-aes-ctr) by ffmpeg's MP4 muxer
#   mixed.mp4                stream #0 CENC-protected (320x240, red, "PROTECTED"),
#                            stream #1 clear         (160x120, green, "CLEAR")
#   sample-aes/playlist.m3u8 HLS media playlist with a FairPlay SAMPLE-AES key tag
#   sample-aes/clear/        the same rendition without the key tag (control)
#   reference/*.framemd5     framemd5 of the clear sources the fixtures were made from
#
# Needs: ffmpeg/ffprobe 5.1 with libx264 and drawtext (libfreetype), python3,
# the DejaVu font below.  Runs from any cwd; scratch files go to a temp dir that
# is always removed.  The fixtures are only replaced once verify-protected.sh
# has passed on the freshly built set.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
# Test-only key material (NOT secret; also used by verify-protected.sh).
KEY=00112233445566778899aabbccddeeff
KID=0123456789abcdef0123456789abcdef

for tool in ffmpeg ffprobe python3; do
    command -v "$tool" >/dev/null || { echo "make-protected.sh: $tool not found" >&2; exit 1; }
done
[[ -f $FONT ]] || { echo "make-protected.sh: font $FONT not found" >&2; exit 1; }

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
OUT=$TMP/out
mkdir -p "$OUT/reference" "$OUT/sample-aes/clear"

FF=(ffmpeg -nostdin -hide_banner -loglevel error -y)
# Deterministic output: single-threaded x264, bitexact muxers/encoders, no metadata.
# With +bitexact ffmpeg's CENC encryptor also skips its random IV (IVs start at 0).
X264=(-c:v libx264 -preset medium -profile:v high -pix_fmt yuv420p
      -g 30 -keyint_min 30 -sc_threshold 0 -threads 1 -x264-params threads=1)
BITEXACT=(-bitexact -fflags +bitexact -flags:v +bitexact -map_metadata -1)

# color WxH label fontsize -> video filter source: label + frame number, 2 s at 30 fps.
# The frame number makes every frame distinct, so framemd5 comparisons check each frame.
source_args() {
    local color=$1 size=$2 label=$3 fs=$4
    printf '%s\n' -f lavfi -i "color=c=${color}:s=${size}:r=30:d=2" -vf \
"drawtext=fontfile=${FONT}:text='${label}':fontcolor=white:fontsize=${fs}:x=(w-tw)/2:y=h/2-th-4,\
drawtext=fontfile=${FONT}:text='%{frame_num}':fontcolor=white:fontsize=${fs}:x=(w-tw)/2:y=h/2+4"
}

encode() { # out color size label fontsize [extra ffmpeg output args...]
    local out=$1 color=$2 size=$3 label=$4 fs=$5; shift 5
    local src; mapfile -t src < <(source_args "$color" "$size" "$label" "$fs")
    "${FF[@]}" "${src[@]}" "${X264[@]}" "${BITEXACT[@]}" "$@" "$out"
}

framemd5() { # input [ffmpeg args between input and output...] ; writes to stdout
    local in=$1; shift
    ffmpeg -nostdin -v error -i "$in" "$@" -f framemd5 - | grep -v '^#software'
}

echo "== encoding clear sources"
encode "$TMP/protected-src.mp4" red   320x240 PROTECTED 36
encode "$TMP/clear-src.mp4"     green 160x120 CLEAR     20
framemd5 "$TMP/protected-src.mp4" > "$OUT/reference/protected-320x240.framemd5"
framemd5 "$TMP/clear-src.mp4"     > "$OUT/reference/clear-160x120.framemd5"

CENC=(-encryption_scheme cenc-aes-ctr -encryption_key "$KEY" -encryption_kid "$KID")

echo "== cenc.mp4"
"${FF[@]}" -i "$TMP/protected-src.mp4" -map 0:v -c copy "${BITEXACT[@]}" "${CENC[@]}" "$OUT/cenc.mp4"

echo "== mixed.mp4"
# Same two streams muxed twice with identical settings: once clear, once with CENC
# (which ffmpeg applies to every track).  AES-CTR is length-preserving, so both
# files have identical sample tables; then track 2 of the encrypted file is
# turned back into a clear track using the bytes of the clear file.
MUX2=(-i "$TMP/protected-src.mp4" -i "$TMP/clear-src.mp4" -map 0:v -map 1:v -c copy "${BITEXACT[@]}")
"${FF[@]}" "${MUX2[@]}" "$TMP/mixed-clear.mp4"
"${FF[@]}" "${MUX2[@]}" "${CENC[@]}" "$TMP/mixed-enc.mp4"
python3 "$HERE/mp4_boxes.py" unprotect-track "$TMP/mixed-enc.mp4" "$TMP/mixed-clear.mp4" 2 "$OUT/mixed.mp4"

echo "== sample-aes HLS rendition"
# Two 1-second MPEG-TS segments (clear bytes).  The playlists are written here
# rather than taken from the hls muxer so that they are exactly as documented.
src=(); mapfile -t src < <(source_args blue 160x120 SAMPLE-AES 18)
mkdir -p "$TMP/hls"
"${FF[@]}" "${src[@]}" "${X264[@]}" "${BITEXACT[@]}" \
    -f hls -hls_time 1 -hls_playlist_type vod -hls_segment_filename "$TMP/hls/seg%d.ts" \
    "$TMP/hls/ffmpeg.m3u8"
for s in seg0.ts seg1.ts; do
    cp "$TMP/hls/$s" "$OUT/sample-aes/$s"
    cp "$TMP/hls/$s" "$OUT/sample-aes/clear/$s"
done
[[ ! -e $TMP/hls/seg2.ts ]] || { echo "make-protected.sh: expected exactly 2 HLS segments" >&2; exit 1; }
write_playlist() { # with_key(0|1) > file
    printf '#EXTM3U\n#EXT-X-VERSION:5\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n'
    if [[ $1 == 1 ]]; then
        printf '#EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://example.com/key42",KEYFORMAT="com.apple.streamingkeydelivery",KEYFORMATVERSIONS="1"\n'
    fi
    printf '#EXTINF:1.000000,\nseg0.ts\n#EXTINF:1.000000,\nseg1.ts\n#EXT-X-ENDLIST\n'
}
write_playlist 1 > "$OUT/sample-aes/playlist.m3u8"
write_playlist 0 > "$OUT/sample-aes/clear/playlist.m3u8"

echo "== verifying the new set"
bash "$HERE/verify-protected.sh" "$OUT"

echo "== installing into $HERE"
rm -rf "$HERE/cenc.mp4" "$HERE/mixed.mp4" "$HERE/sample-aes" "$HERE/reference"
cp -R "$OUT/." "$HERE/"
ls -l "$HERE"/*.mp4 "$HERE"/sample-aes "$HERE"/sample-aes/clear "$HERE"/reference
