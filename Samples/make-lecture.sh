#!/usr/bin/env bash
# Build the FrameLens sample: Samples/lecture.mp4 + Samples/lecture.json.
#
# Slide content and timing live in deck.py (single source of truth). This
# script renders each slide to a PNG, then encodes all slides into one H.264
# stream where slide k covers exactly frames [startFrame_k, endFrame_k).
# Output is deterministic: same JSON always, and bit-identical video for the
# same ffmpeg/x264 build (bitexact flags, no metadata, one x264 thread).
#
# Needs: ffmpeg (libx264, drawtext), qrencode, python3. Run from any cwd.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
OUT_MP4="$HERE/lecture.mp4"
OUT_JSON="$HERE/lecture.json"
FPS=30

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# Quiet, deterministic ffmpeg: no banner, no metadata, bit-exact muxing.
ff() {
  ffmpeg -nostdin -hide_banner -loglevel error -y "$@"
}

# Make the QR/barcode image overlaid on a slide; echoes its path.
make_code_image() {
  local idx="$1" kind="$2" payload="$3"
  case "$kind" in
    qr)
      # 8 px modules (>= 6) and the standard 4-module quiet zone.
      qrencode -t PNG -l M -s 8 -m 4 -o "$WORK/code_$idx.png" "$payload"
      echo "$WORK/code_$idx.png" ;;
    ean13)
      # 4 px modules, 160 px bars, 11-module quiet zone (pure python).
      python3 "$HERE/barcode.py" "$payload" "$WORK/code_$idx.pgm" \
        --module 4 --height 160 --quiet 11 >/dev/null
      echo "$WORK/code_$idx.pgm" ;;
    *) echo "unknown code kind: $kind" >&2; return 1 ;;
  esac
}

# Render slide idx to slide_idx.png from the filter script deck.py wrote.
render_slide() {
  local idx="$1" bg="$2" kind="$3" payload="$4"
  local inputs=(-f lavfi -i "color=c=$bg:s=1280x720:r=1")
  if [[ "$kind" != none ]]; then
    inputs+=(-i "$(make_code_image "$idx" "$kind" "$payload")")
  fi
  ff "${inputs[@]}" -filter_complex_script "$WORK/slide_$idx.filter" \
     -map '[out]' -frames:v 1 -fflags +bitexact -flags:v +bitexact \
     "$WORK/slide_$idx.png"
}

# Turn slide PNGs into one video. Each PNG is looped at 30 fps and trimmed
# to exactly its frame count (trim counts frames, so no duration rounding
# can drift a boundary), then the pieces are concatenated and encoded once.
# RGB -> YUV uses BT.709 limited range, and the stream is tagged to match.
encode_video() {
  local inputs=() graph="" labels="" n=0 idx start count
  while IFS=$'\t' read -r idx start count _; do
    inputs+=(-loop 1 -framerate "$FPS" -i "$WORK/slide_$idx.png")
    graph+="[$idx:v]trim=end_frame=$count,setpts=PTS-STARTPTS[s$idx];"
    labels+="[s$idx]"
    n=$((n + 1))
  done < "$WORK/slides.tsv"
  graph+="${labels}concat=n=$n:v=1:a=0,"
  graph+="scale=out_color_matrix=bt709:out_range=tv:flags=bicubic,"
  graph+="format=yuv420p,setsar=1[v]"

  # -g 300 + sc_threshold 0: keyframes only every 10 s, so slide changes
  # fall inside GOPs (P/B frames), like a real screen recording.
  ff "${inputs[@]}" -filter_complex "$graph" -map '[v]' -an \
     -fps_mode cfr -r "$FPS" \
     -c:v libx264 -preset medium -profile:v high -crf 20 \
     -g 300 -sc_threshold 0 -threads 1 -pix_fmt yuv420p \
     -colorspace bt709 -color_primaries bt709 -color_trc bt709 \
     -color_range tv \
     -map_metadata -1 -fflags +bitexact -flags:v +bitexact \
     -movflags +faststart \
     "$WORK/lecture.mp4"
  mv "$WORK/lecture.mp4" "$OUT_MP4"
}

main() {
  python3 "$HERE/deck.py" plan "$WORK"
  while IFS=$'\t' read -r idx _start _count bg kind payload; do
    render_slide "$idx" "$bg" "$kind" "$payload"
  done < "$WORK/slides.tsv"
  encode_video
  python3 "$HERE/deck.py" json > "$WORK/lecture.json"
  mv "$WORK/lecture.json" "$OUT_JSON"
  if [[ -n "${KEEP_SLIDES:-}" ]]; then     # debugging aid: keep the PNGs
    mkdir -p "$KEEP_SLIDES" && cp "$WORK"/slide_*.png "$KEEP_SLIDES"/
  fi
  echo "wrote $OUT_MP4 ($(stat -c %s "$OUT_MP4") bytes) and $OUT_JSON"
}

main "$@"
