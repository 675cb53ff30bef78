#!/usr/bin/env bash
# What the browser test needs, installed when missing: the Debian packages chromium, chromium-driver and
# python3-venv (and ffmpeg, qrencode, fonts-dejavu-core to make its videos), through scripts/install-deps.sh, and
# Selenium from PyPI in a venv, .build/e2e-venv (git-ignored), made again if it breaks. run.sh calls it; make test
# runs it while it builds (this waits on the network, the build on the CPU).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
fail() {
    echo "e2e: FAIL: $*" >&2
    exit 1
}

"$root/scripts/install-deps.sh" chromium chromium-driver python3-venv ffmpeg qrencode fonts-dejavu-core ||
    fail "could not install the Debian packages it needs (above)"

venv=$root/.build/e2e-venv
"$venv/bin/python" -c 'import selenium' 2>/dev/null && exit 0
python=/usr/bin/python3
[[ -x $python ]] || python=$(command -v python3) || fail "no python3"
echo "e2e: making the venv $venv with Selenium (PyPI)" >&2
rm -rf "$venv"
"$python" -m venv "$venv" || fail "could not make a venv with $python"
"$venv/bin/pip" install --quiet --disable-pip-version-check 'selenium>=4.20,<5' ||
    fail "could not install Selenium from PyPI into $venv"
