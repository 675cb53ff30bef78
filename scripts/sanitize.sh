#!/usr/bin/env bash
# Runs the Swift tests under AddressSanitizer and then ThreadSanitizer (`swift test --sanitize=...`), each
# in a build directory of its own (.build/sanitize-address, .build/sanitize-thread) so that the normal build
# is not rebuilt. The `framelens` binary the tests run is built with the same sanitizer, so the command-line
# tests (bad input, the fuzz run) check it too.
#
# ThreadSanitizer tests an optimised build (`-c release`; `swift test` keeps @testable imports working).
# In a debug build the per-pixel loops call the stdlib's unspecialised generics (`StrideToIterator.next`),
# which ask the runtime for tuple metadata at every step, and under ThreadSanitizer each of those calls
# goes through an annotated once (a vector-clock acquire): `index` of a 30 s clip ran for over ten minutes,
# and the suite never finished.
#
# Usage: scripts/sanitize.sh [address|thread ...] [-- swift test options, e.g. --filter VideoPlayerTests]
# Settings (environment): ASAN_OPTIONS (default detect_leaks=0: leaks are counted by LiveObjectsTests, and
# LeakSanitizer reports the process-lifetime caches of fontconfig, Tesseract and the Swift runtime),
# TSAN_OPTIONS (default halt_on_error=0, second_deadlock_stack=1).
# Each run's log is .build/sanitize-NAME.log; the script ends with each one's time and result.
set -euo pipefail

cd "$(dirname "$0")/.."
sanitizers=()
while (($#)) && [[ $1 != -- ]]; do sanitizers+=("$1"); shift; done
(($#)) && shift
((${#sanitizers[@]})) || sanitizers=(address thread)
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=0 second_deadlock_stack=1}

summary=()
status=0
for sanitizer in "${sanitizers[@]}"; do
    log=.build/sanitize-$sanitizer.log
    mkdir -p .build
    start=$SECONDS
    echo "== swift test --sanitize=$sanitizer $* (log: $log)"
    configuration=debug
    [[ $sanitizer == thread ]] && configuration=release
    if swift test -c "$configuration" --sanitize="$sanitizer" --scratch-path ".build/sanitize-$sanitizer" "$@" >"$log" 2>&1; then
        result=passed
    else
        result=FAILED
        status=1
    fi
    reports=$(grep -c -E '(==[0-9]+==ERROR: AddressSanitizer|WARNING: ThreadSanitizer|SUMMARY: [A-Za-z]+Sanitizer)' "$log" || true)
    summary+=("$sanitizer: $result in $(((SECONDS - start) / 60)) min $(((SECONDS - start) % 60)) s, $reports sanitizer report(s)")
    echo "${summary[-1]}"
done
printf '%s\n' "== summary" "${summary[@]}"
exit $status
