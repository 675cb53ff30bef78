# shellcheck shell=bash
# A bash benchmark's figures for Benchmarks/RESULTS.md (results.py); source it (lib.sh does).
#   results_begin NAME TITLE        the benchmark's name (Benchmarks/out/NAME.json) and its section's title
#   results_table TITLE COLUMN...   starts a table (TITLE may be empty)
#   results_row CELL...             a row of it
#   results_note TEXT               a line under it
#   costs_table TITLE ERR-FILE...   a table of where framelens's time went (costs.py), printed too
# Each call rewrites Benchmarks/out/NAME.json (or $RESULTS_OUT/NAME.json), so a run stopped midway leaves what it
# measured.

RESULTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
RESULTS_OUT=${RESULTS_OUT:-$RESULTS_DIR/out}
# The load before the benchmark itself loads the machine (run.sh sets it before building).
export RESULTS_LOAD=${RESULTS_LOAD:-$(cut -d' ' -f1 /proc/loadavg)}

results_begin() {
    RESULTS_NAME=$1 RESULTS_TITLE=$2
    mkdir -p "$RESULTS_OUT"
    RESULTS_RECORDS=$RESULTS_OUT/.$1.records
    : >"$RESULTS_RECORDS"
}

# _results_add KIND FIELD...: one record, tab-separated, then the JSON again.
_results_add() {
    [[ -n ${RESULTS_RECORDS:-} ]] || { echo "error: results_$1 before results_begin" >&2; return 1; }
    (IFS=$'\t'; printf '%s\n' "$*") >>"$RESULTS_RECORDS"
    python3 "$RESULTS_DIR/results.py" record "$RESULTS_NAME" "$RESULTS_TITLE" <"$RESULTS_RECORDS" >/dev/null
}
results_table() { _results_add table "$@"; }
results_row() { _results_add row "$@"; }
results_note() { _results_add note "$@"; }

# costs_table TITLE ERR-FILE...: prints and records (a results table) where framelens's time went in the runs
# whose standard error (with FRAMELENS_COSTS=1) the files hold: per stage, calls, megapixels, seconds, share of CPU.
costs_table() {
    local title=$1 stage calls megapixels seconds share
    shift
    results_table "$title" stage calls megapixels seconds "share of CPU"
    printf '%-24s %8s %11s %9s %13s\n' stage calls megapixels seconds "share of CPU"
    while IFS='|' read -r stage calls megapixels seconds share; do
        printf '%-24s %8s %11s %9s %13s\n' "$stage" "$calls" "$megapixels" "$seconds" "$share"
        results_row "$stage" "$calls" "$megapixels" "$seconds" "$share"
    done < <(python3 "$RESULTS_DIR/costs.py" "$@")
}
