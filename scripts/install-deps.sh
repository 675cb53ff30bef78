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
