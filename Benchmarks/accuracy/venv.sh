#!/usr/bin/env bash
# Makes (once) the Python venv of the PP-OCR peer, rapidocr_onnxruntime from PyPI, and prints its python.
# The wheel carries its PP-OCRv4 models: nothing is fetched at run time.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
venv="$root/Benchmarks/out/venv"
if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c 'import rapidocr_onnxruntime' 2>/dev/null; then
    mkdir -p "$root/Benchmarks/out"
    python3 -m venv "$venv" >&2
    "$venv/bin/pip" install -q --disable-pip-version-check rapidocr_onnxruntime==1.4.4 >&2
fi
echo "$venv/bin/python"
