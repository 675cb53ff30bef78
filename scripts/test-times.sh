#!/usr/bin/env bash
# Runs the Swift tests once and prints where their time goes: the 30 slowest tests, the 30 that take the most CPU
# (what a run in parallel is made of), the 10 slowest suites, and the time spent making fixtures (videos, oracle
# frames, libraries) against the whole run.
#
#   scripts/test-times.sh [SWIFT-TEST-ARGUMENTS...]     e.g. scripts/test-times.sh --filter Library
#
# The run's output, each test's CPU and the fixtures' log stay in .build/test-times/ (output.log, cpu.tsv,
# fixtures.tsv); the tables are printed again from them by `scripts/test_times.py .build/test-times`. Exits with the
# tests' status.
set -uo pipefail
cd "$(dirname "$0")/.."
out=.build/test-times
mkdir -p "$out"
: >"$out/fixtures.tsv"
start=$SECONDS
# Standard output line-buffered (stdbuf; not standard error, which glibc's malloc_stats writes while it holds
# malloc's locks), so that each result line reaches test_cpu.py as the test ends.
FRAMELENS_TEST_FIXTURE_LOG=$PWD/$out/fixtures.tsv stdbuf -oL ${SWIFT:-swift} test "$@" 2>&1 |
    scripts/test_cpu.py "$out/cpu.tsv" | tee "$out/output.log"
status=${PIPESTATUS[0]}
echo $((SECONDS - start)) >"$out/wall-seconds"
scripts/test_times.py "$out"
exit "$status"
