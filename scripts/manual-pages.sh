#!/usr/bin/env bash
# Writes the manual pages of the built programs into a folder (made if missing; other files stay), from the
# commands' own definitions: ArgumentParser's generate-manual (the tool its GenerateManual plugin runs) reads
# each program's `--experimental-dump-help`. One page per command (framelens.1, framelens-index.1,
# framelens-library-add.1, ...), named as git's are: the tool joins the names with dots (framelens.index.1),
# which `man framelens-index` does not find. framelens-serve.1 is framelens-serve's own page, with its options:
# `framelens serve` only hands its arguments over. The pages' date is $SOURCE_DATE_EPOCH's, else the last
# commit's, so that a build is reproducible.
# Usage: scripts/manual-pages.sh GENERATE-MANUAL BUILT-FOLDER OUTPUT-FOLDER
set -euo pipefail

[[ $# -eq 3 ]] || { echo "usage: $0 GENERATE-MANUAL BUILT-FOLDER OUTPUT-FOLDER" >&2; exit 2; }
tool=$1 built=$2 out=$3
for program in "$tool" "$built/framelens" "$built/framelens-serve"; do
    [[ -x "$program" ]] || { echo "manual-pages: $program is missing (make release builds it)" >&2; exit 1; }
done

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [[ -n "${SOURCE_DATE_EPOCH:-}" ]]; then
    date=$(date -u -d "@$SOURCE_DATE_EPOCH" +%F)
else
    date=$(git -C "$repo" log -1 --format=%cs 2>/dev/null || date -u +%F)
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/framelens" "$work/serve"
"$tool" "$built/framelens" --multi-page --date "$date" -o "$work/framelens"
"$tool" "$built/framelens-serve" --date "$date" -o "$work/serve"
mv "$work/serve/framelens serve.1" "$work/framelens/framelens.serve.1"

mkdir -p "$out"
for page in "$work/framelens"/*.1; do
    name=$(basename "$page" .1)
    # The title (.Dt) and the cross-references (.Xr) name the pages as their files: dots, and the space of
    # framelens-serve's "framelens serve", become dashes.
    sed -E -e '/^\.(Dt|Xr) /{s/^(\.Dt|\.Xr) "([^" ]+) ([^"]+)"/\1 \2.\3/; :dot' \
        -e 's/^(\.Dt|\.Xr) ([^ .]+)\./\1 \2-/; t dot' -e '}' "$page" >"$out/${name//./-}.1"
    chmod 644 "$out/${name//./-}.1"
done
