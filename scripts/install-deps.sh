#!/usr/bin/env bash
# Installs the Debian packages FrameLens needs that are not installed yet (and nothing else).
# Libraries to build against (FFmpeg, Tesseract, ZBar, SQLite), Tesseract's English model, and the command-line tools the tests use
# as oracles (ffmpeg, zbarimg, tesseract) and to make test videos (qrencode, a font for drawtext), and
# GNU time, with which the benchmarks measure peak memory; Tesseract's Korean model and a Hangul font for the
# tests that read Korean slides. Given package names, it installs those that
# are missing instead (the benchmark corpora's tools).
set -euo pipefail

packages=("$@")
(($#)) || packages=(
    pkg-config
    libavformat-dev libavcodec-dev libavutil-dev libswscale-dev
    libtesseract-dev libleptonica-dev tesseract-ocr tesseract-ocr-eng
    libzbar-dev zbar-tools
    libsqlite3-dev
    tesseract-ocr-kor fonts-nanum
    ffmpeg qrencode fonts-dejavu-core poppler-utils
    time curl
)

missing=()
for package in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
    [[ "$status" == "install ok installed" ]] || missing+=("$package")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

echo "Installing: ${missing[*]}" >&2
sudo=()
[[ $(id -u) -eq 0 ]] || sudo=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
