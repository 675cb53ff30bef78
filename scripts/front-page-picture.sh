#!/usr/bin/env bash
# Makes docs/live-text.png, the front page's picture, from the screenshot the browser test takes of the web
# player with Live Text on a paused slide (Tests/e2e/run.sh writes .build/e2e/live-text.png): its top 700
# rows, 1000 pixels wide, in 64 colours (about 40 kB).
set -euo pipefail
cd "$(dirname "$0")/.."
shot=.build/e2e/live-text.png
[[ -f $shot ]] || { echo "front-page-picture: no $shot: run Tests/e2e/run.sh first" >&2; exit 1; }
ffmpeg -v error -y -i "$shot" -vf \
    "crop=1400:700:0:0,scale=1000:-1:flags=lanczos,split[a][b];[a]palettegen=max_colors=64[p];[b][p]paletteuse=dither=none" \
    docs/live-text.png
