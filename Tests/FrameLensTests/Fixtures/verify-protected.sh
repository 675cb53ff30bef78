#!/usr/bin/env bash
# Checks that the protected-media fixtures are what README.md says they are.
# Usage: verify-protected.sh [FIXTURE_DIR]   (default: this script's directory)
# Exits non-zero if any check fails.  Needs ffmpeg/ffprobe (5.1) and python3.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
DIR=$(cd "${1:-$HERE}" && pwd)
KEY=00112233445566778899aabbccddeeff          # same test key as make-protected.sh
KID=0123456789abcdef0123456789abcdef
BOXES=(python3 "$HERE/mp4_boxes.py")
REF_P=$DIR/reference/protected-320x240.framemd5
REF_C=$DIR/reference/clear-160x120.framemd5
KEYLINE='#EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://example.com/key42",KEYFORMAT="com.apple.streamingkeydelivery",KEYFORMATVERSIONS="1"'

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
FAILS=0
pass() { echo "PASS  $*"; }
fail() { echo "FAIL  $*"; FAILS=$((FAILS + 1)); }
check() { # description, then a command that must succeed
    local d=$1; shift
    if "$@"; then pass "$d"; else fail "$d"; fi
}
same() { cmp -s "$1" "$2"; }
differs() { ! cmp -s "$1" "$2"; }

# stream info as "index codec_tag width height" lines
streams() { ffprobe -v error -show_entries stream=index,codec_tag_string,width,height \
                -of csv=p=0 "$1" 2>/dev/null | awk -F, '{print $1, $2, $3, $4}'; }
# per stream: "<index> <packets> <packets with Encryption info side data>"
enc_counts() {
    ffprobe -v error "${@:2}" -show_entries packet=stream_index:packet_side_data=side_data_type \
        -of compact "$1" 2>/dev/null | awk -F'|' '
        /^packet/ { split($2, a, "="); s = a[2]; n[s]++;
                    if ($0 ~ /side_data_type=Encryption info/) e[s]++ }
        END { for (s in n) print s, n[s], e[s] + 0 }' | sort -n
}
# framemd5 of one output stream, without the version-dependent #software line
fmd5() { # input map-spec out [extra input options...]
    local in=$1 map=$2 out=$3; shift 3
    ffmpeg -nostdin -v error "$@" -i "$in" -map "$map" -f framemd5 - 2>/dev/null \
        | grep -v '^#software' > "$out" || true
}
frames() { grep -vc '^#' "$1" || true; }
norm() { sed -E 's/ @ 0x[0-9a-f]+\]/]/' "$1"; }

for f in "$DIR/cenc.mp4" "$DIR/mixed.mp4" "$REF_P" "$REF_C" "$DIR/sample-aes/playlist.m3u8" \
         "$DIR/sample-aes/clear/playlist.m3u8"; do
    [[ -f $f ]] || { echo "FAIL  missing $f"; exit 1; }
done
check "reference framemd5 files have 60 frames each" \
    test "$(frames "$REF_P")" = 60 -a "$(frames "$REF_C")" = 60

echo "--- cenc.mp4"
C=$DIR/cenc.mp4
check "one stream: avc1 320x240" test "$(streams "$C")" = "0 avc1 320 240"
check "all 60 packets carry Encryption info side data" test "$(enc_counts "$C")" = "0 60 60"
check "no stream-level side data" test -z "$(ffprobe -v error -show_entries stream_side_data -of csv=p=0 "$C" 2>/dev/null | tr -d ',\n')"
check "box level: encv + sinf(frma avc1, schm cenc, tenc KID) + senc/saiz/saio" \
    grep -qx "track_ID=1 handler=vide entry=encv original_format=avc1 scheme=cenc tenc_iv_size=8 kid=$KID senc=yes senc_samples=60 senc_subsamples=yes saiz=yes saio=yes free_boxes=0" \
    <("${BOXES[@]}" tracks "$C")
fmd5 "$C" 0:0 "$TMP/c-nokey"
check "without key: does not decode to the original frames ($(frames "$TMP/c-nokey") frames out)" differs "$TMP/c-nokey" "$REF_P"
fmd5 "$C" 0:0 "$TMP/c-key" -decryption_key "$KEY"
check "with -decryption_key: framemd5 == clear source" same "$TMP/c-key" "$REF_P"
check "with -decryption_key: packets no longer carry Encryption info" \
    test "$(enc_counts "$C" -decryption_key "$KEY")" = "0 60 0"

echo "--- mixed.mp4"
M=$DIR/mixed.mp4
check "two streams: #0 avc1 320x240, #1 avc1 160x120" \
    test "$(streams "$M" | tr '\n' ';')" = "0 avc1 320 240;1 avc1 160 120;"
check "stream #0: 60/60 packets with Encryption info; stream #1: 60/0" \
    test "$(enc_counts "$M" | tr '\n' ';')" = "0 60 60;1 60 0;"
check "no stream-level side data" test -z "$(ffprobe -v error -show_entries stream_side_data -of csv=p=0 "$M" 2>/dev/null | tr -d ',\n')"
"${BOXES[@]}" tracks "$M" > "$TMP/m-tracks"
check "box level: track 1 encv/sinf/senc/saiz/saio" \
    grep -qx "track_ID=1 handler=vide entry=encv original_format=avc1 scheme=cenc tenc_iv_size=8 kid=$KID senc=yes senc_samples=60 senc_subsamples=yes saiz=yes saio=yes free_boxes=0" "$TMP/m-tracks"
check "box level: track 2 avc1, its sinf/senc/saiz/saio now 4 free boxes" \
    grep -qx "track_ID=2 handler=vide entry=avc1 senc=no saiz=no saio=no free_boxes=4" "$TMP/m-tracks"

# stream #1: decodes without any decoder error, to exactly the clear source frames.
# (avformat_find_stream_info also decodes a few stream #0 packets and logs their
# errors; those lines appear identically in a copy-only run, so compare against it.)
ffmpeg -nostdin -v error -i "$M" -map 0:1 -c copy -f null - 2> "$TMP/m-probe.err" || true
rc=0
ffmpeg -nostdin -v error -i "$M" -map 0:1 -max_error_rate 0 -f framemd5 - 2> "$TMP/m1.err" \
    | grep -v '^#software' > "$TMP/m1" || rc=$?
check "stream #1: ffmpeg exits 0 with -max_error_rate 0" test "$rc" = 0
check "stream #1: no log lines beyond the probe's" diff <(norm "$TMP/m-probe.err") <(norm "$TMP/m1.err")
check "stream #1: framemd5 == clear source (60 frames)" same "$TMP/m1" "$REF_C"
fmd5 "$M" 0:1 "$TMP/m1-key" -decryption_key "$KEY"
check "stream #1 with -decryption_key: still == clear source" same "$TMP/m1-key" "$REF_C"

# stream #0: protected.
rc=0
ffmpeg -nostdin -v error -i "$M" -map 0:0 -f framemd5 - 2> "$TMP/m0.err" \
    | grep -v '^#software' > "$TMP/m0" || rc=$?
check "stream #0 without key: ffmpeg fails (exit $rc) or output != original" \
    bash -c "[[ $rc != 0 ]] || ! cmp -s '$TMP/m0' '$REF_P'"
check "stream #0 without key: does not decode to the original frames ($(frames "$TMP/m0") frames, $(grep -c 'Error while decoding' "$TMP/m0.err" || true) decode errors)" \
    differs "$TMP/m0" "$REF_P"
fmd5 "$M" 0:0 "$TMP/m0-key" -decryption_key "$KEY"
check "stream #0 with -decryption_key: framemd5 == clear source (real CENC)" same "$TMP/m0-key" "$REF_P"

echo "--- sample-aes HLS"
S=$DIR/sample-aes
check "playlist has the SAMPLE-AES key tag before the first segment" \
    test "$(grep -n -m1 -E '^#EXT-X-KEY|^#EXTINF' "$S/playlist.m3u8")" = "6:$KEYLINE"
check "clear/playlist.m3u8 == playlist.m3u8 minus the key tag" \
    diff <(grep -vxF "$KEYLINE" "$S/playlist.m3u8") "$S/clear/playlist.m3u8"
check "clear/ segments are byte-identical copies" \
    bash -c "cmp -s '$S/seg0.ts' '$S/clear/seg0.ts' && cmp -s '$S/seg1.ts' '$S/clear/seg1.ts'"
ffmpeg -nostdin -v error -i "$S/seg0.ts" -i "$S/seg1.ts" -filter_complex '[0:v][1:v]concat=n=2' \
    -f framemd5 - 2>/dev/null | grep -v '^#' | awk -F, '{print $NF}' > "$TMP/segs"
rc=0
ffmpeg -nostdin -v error -i "$S/clear/playlist.m3u8" -max_error_rate 0 -f framemd5 - 2> "$TMP/hc.err" \
    | grep -v '^#' | awk -F, '{print $NF}' > "$TMP/hc" || rc=$?
check "clear control: decodes with no errors (exit $rc)" bash -c "[[ $rc == 0 && ! -s '$TMP/hc.err' ]]"
check "clear control: 60 frames identical to the segments decoded directly" \
    bash -c "[[ \$(wc -l < '$TMP/hc') == 60 ]] && cmp -s '$TMP/hc' '$TMP/segs'"
# Informational: what this ffmpeg does with the SAMPLE-AES rendition.
rc=0
ffmpeg -nostdin -v error -i "$S/playlist.m3u8" -f framemd5 - 2> "$TMP/hs.err" \
    | grep -v '^#' | awk -F, '{print $NF}' > "$TMP/hs" || rc=$?
echo "INFO  sample-aes: ffmpeg exit $rc, $(wc -l < "$TMP/hs") frames," \
     "$(cmp -s "$TMP/hs" "$TMP/segs" && echo "frames == clear" || echo "frames != clear segments (garbled)")," \
     "key log: $(grep -m1 -o 'Unable to open key file.*' "$TMP/hs.err" || echo none)"

echo "---"
if (( FAILS )); then echo "verify-protected.sh: $FAILS check(s) FAILED"; exit 1; fi
echo "verify-protected.sh: all checks passed"
