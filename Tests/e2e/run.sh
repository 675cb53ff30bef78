#!/usr/bin/env bash
# End-to-end test of `framelens serve` in a real browser: Debian's Chromium, headless, driven by Selenium.
#
#   Tests/e2e/run.sh [FRAMELENS-SERVE]
#
# Installs what is missing (Tests/e2e/prepare.sh): Debian's chromium and chromium-driver, and Selenium from PyPI
# in a venv in .build/e2e-venv. Then it makes the test videos in a
# temporary folder (Tests/e2e/make-videos.sh), adds slides.mp4 and minerals.mp4 to a library there
# (framelens library add, with the framelens beside the server) and the cues of
# Tests/FrameLensTests/Fixtures/library-notes.json (library import; their video is not served), starts the server on a free port with that
# library as the default one (FRAMELENS_LIBRARY and a bare --library; the binary given, else
# .build/debug/framelens-serve, built with framelens when missing or older than the sources), runs
# Tests/e2e/live_text_test.py against it, and always stops the server. Screenshots and the server's log
# go to .build/e2e/. Exits non-zero, saying why, on any failure. E2E_SOAK=N adds N pause/seek cycles in
# one page session, checking every overlay and the server's memory (make bench-serve runs 100).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
out=$root/.build/e2e
venv=$root/.build/e2e-venv
mkdir -p "$out"

fail() {
    echo "e2e: FAIL: $*" >&2
    exit 1
}

# MARK: - What the test needs

Tests/e2e/prepare.sh || exit 1

if (($#)); then
    server=$1
    [[ -x $server ]] || fail "$server is not an executable"
else
    server=.build/debug/framelens-serve
    # The page is a resource of the binary: a binary older than the sources would test an old page.
    for binary in "$server" .build/debug/framelens; do
        if [[ ! -x $binary ]] || [[ -n $(find Sources Package.swift -newer "$binary" -type f -print -quit) ]]; then
            echo "e2e: building $binary" >&2
            swift build --product "${binary##*/}" >&2 || fail "swift build --product ${binary##*/} failed"
        fi
    done
fi
framelens=$(dirname "$server")/framelens
[[ -x $framelens ]] || fail "no $framelens beside $server (it makes the library)"

# MARK: - The videos and the server

work=$(mktemp -d "${TMPDIR:-/tmp}/framelens-e2e.XXXXXX")
pid=
cleanup() {
    local status=$?
    if [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null; then
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    fi
    rm -rf "$work"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

started=$SECONDS
Tests/e2e/make-videos.sh "$work" || fail "could not make the test videos"

"$framelens" library add "$work/slides.mp4" "$work/minerals.mp4" --types text --library "$work/library.sqlite" -q ||
    fail "framelens library add could not make the library"
"$framelens" library import Tests/FrameLensTests/Fixtures/library-notes.json --library "$work/library.sqlite" -q ||
    fail "framelens library import could not add the notes' cues (Japanese, an e-mail address) to the library"
FRAMELENS_LIBRARY=$work/library.sqlite "$server" "$work/slides.mp4" "$work/slides.avi" "$work/protected.mp4" \
    "$work/rotated.mp4" "$work/anamorphic.mp4" --port 0 --library >"$work/serve.out" 2>"$out/server.log" &
pid=$!
url=
for _ in $(seq 1200); do  # up to 120 s: the models load before the server listens
    url=$(grep -o 'http://[^ ]*' "$work/serve.out" 2>/dev/null || true)
    [[ -n $url ]] && break
    kill -0 "$pid" 2>/dev/null || fail "framelens-serve exited before listening: $(cat "$out/server.log")"
    sleep 0.1
done
[[ -n $url ]] || fail "framelens-serve did not print its URL within 120 s"
echo "e2e: $server serves the test videos at $url" >&2

# MARK: - The test

status=0
"$venv/bin/python" Tests/e2e/live_text_test.py "$url" --out "$out" --server-pid "$pid" --soak "${E2E_SOAK:-0}" ||
    status=$?
kill -0 "$pid" 2>/dev/null || fail "framelens-serve died during the test (its log: $out/server.log)"
((status == 0)) || fail "the browser test failed (above; screenshots and the server's log in $out)"
echo "e2e: passed in $((SECONDS - started)) s" >&2
