#!/usr/bin/env bash
# Verify Samples/lecture.mp4 against Samples/lecture.json:
#   1. the JSON is exactly what deck.py generates (truth in sync with deck);
#   2. container/stream facts: H.264 High with B-frames, yuv420p, 1280x720,
#      constant 30 fps, frame count, <= 2 MiB, faststart, no slide change on
#      a keyframe;
#   3. frame exactness, two ways: (a) decode every frame to a small gray
#      thumbnail and require the picture to change exactly at each
#      startFrame and nowhere else; (b) pull single frames with
#      select=eq(n,K) and require first/mid/last of a slide to match and
#      frame startFrame-1 vs startFrame to differ; plus no text in margins;
#   4. OCR: tesseract (--psm 3) on the first and middle frame of every slide
#      must match the truth text with CER < 2%, and zbarimg must decode
#      exactly the truth codes (and nothing on the other slides).
# Needs: ffmpeg/ffprobe, tesseract (eng), zbarimg, python3. Any cwd.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
MP4="$HERE/lecture.mp4"
TRUTH="$HERE/lecture.json"
CHECK=(python3 "$HERE/verify_lecture.py")
TW=160 TH=90   # thumbnail size for frame comparisons

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

ff() { ffmpeg -nostdin -hide_banner -loglevel error -y "$@"; }

check_truth_in_sync() {
  echo "== truth JSON matches deck.py"
  python3 "$HERE/deck.py" json | cmp - "$TRUTH"
  echo "  ok   lecture.json == deck.py json"
}

check_stream() {
  echo "== stream"
  ffprobe -v error -count_frames -show_streams -show_format -of json "$MP4" \
    > "$WORK/probe.json"
  ffprobe -v error -select_streams v:0 \
    -show_entries frame=key_frame,pict_type -of csv "$MP4" > "$WORK/frames.csv"
  "${CHECK[@]}" probe "$TRUTH" "$WORK/probe.json" "$WORK/frames.csv" "$MP4"
}

check_every_frame() {
  echo "== every frame (${TW}x${TH} gray thumbnails)"
  ff -i "$MP4" -vf "scale=$TW:$TH:flags=area,format=gray" \
     -f rawvideo "$WORK/thumbs.raw"
  "${CHECK[@]}" cuts "$TRUTH" "$WORK/thumbs.raw" "$TW" "$TH"
}

# Frames to pull: first, middle, last of each slide (increasing order, so
# the Nth output image is the Nth pick; verify_lecture.py uses the same list).
pick_expr() {
  python3 - "$TRUTH" <<'EOF'
import json, sys
picks = []
for s in json.load(open(sys.argv[1]))["slides"]:
    a, b = s["startFrame"], s["endFrame"]
    picks += [a, (a + b) // 2, b - 1]
print("+".join("eq(n\\,%d)" % k for k in picks))
EOF
}

extract_stills() {
  # One decode pass, three outputs per picked frame: RGB PNG for OCR, full
  # gray PGM for the margin check, gray thumbnail for slide comparison.
  ff -i "$MP4" -filter_complex \
     "[0:v]select='$(pick_expr)',split=3[f][g][t];[g]format=gray[g2];
      [t]scale=$TW:$TH:flags=area,format=gray[t2]" \
     -map '[f]' -fps_mode passthrough "$WORK/f_%03d.png" \
     -map '[g2]' -fps_mode passthrough "$WORK/g_%03d.pgm" \
     -map '[t2]' -fps_mode passthrough "$WORK/t_%03d.pgm"
}

check_stills() {
  echo "== frames picked with select=eq(n,K)"
  extract_stills
  "${CHECK[@]}" stills "$TRUTH" "$WORK"
}

check_ocr() {
  echo "== OCR (tesseract $(tesseract --version 2>&1 | head -1 | cut -d' ' -f2)) and zbarimg"
  local png base rc
  for png in "$WORK"/f_*.png; do
    base="${png%.png}"
    OMP_THREAD_LIMIT=1 tesseract "$png" - --psm 3 -l eng \
      > "$base.txt" 2>/dev/null
    # zbarimg exits 4 when it finds no symbol; that is a valid answer here.
    rc=0
    zbarimg -q "$png" > "$base.zbar" 2>/dev/null || rc=$?
    [[ $rc == 0 || $rc == 4 ]] || { echo "zbarimg failed ($rc)" >&2; exit 1; }
  done
  "${CHECK[@]}" ocr "$TRUTH" "$WORK"
}

main() {
  [[ -f "$MP4" && -f "$TRUTH" ]] || { echo "run make-lecture.sh first" >&2; exit 1; }
  check_truth_in_sync
  check_stream
  check_every_frame
  check_stills
  check_ocr
  echo "ALL CHECKS PASSED"
}

main "$@"
