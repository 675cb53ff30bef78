#!/usr/bin/env bash
# The OCR accuracy benchmark (make bench-accuracy): builds the corpora that are missing, then measures
#   slides.py     framelens grab / index against tesseract and RapidOCR on slide decks (make-slides.sh)
#   captions.py   framelens index against frame-by-frame pipelines on burned-in captions (make-captions.sh)
#   screencast.py framelens index / grab against tesseract and RapidOCR on a code screencast (make-screencast.sh)
# It does not build framelens: it copies the current release build once, so that a rebuild during the run
# changes nothing measured. Settings (environment): FRAMELENS, ACC_TOOLS, ACC_ENCODINGS (slides),
# ACC_VIDEOS (captions), ACC_SCREENCASTS (screencast), ACC_PARTS (slides,captions,screencast: which parts
# to run; default all; `randomized` adds the randomised caption clips, randomized/make.sh + score.py, on their
# tune half, or their check half with ACC_SET=heldout or ACC_HALF=check), ACC_SET (tuning, the default, or
# heldout: the held-out corpora, made by make-PART-heldout.sh, for the parts that have one); see
# Benchmarks/accuracy/README.md.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
source_binary=${FRAMELENS:-$root/.build/release/framelens}
for _ in $(seq 30); do [[ -x $source_binary ]] && break; sleep 2; done # a rebuild may be linking it
[[ -x $source_binary ]] || { echo "error: no $source_binary; run: make build" >&2; exit 1; }
cp "$source_binary" "$scratch/framelens"
export FRAMELENS=$scratch/framelens

echo "== OCR accuracy benchmark, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "   machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "   $(ffmpeg -version | head -1 | cut -d' ' -f1-3); $(tesseract --version 2>&1 | head -1);" \
    "zbarimg $(zbarimg --version 2>/dev/null || echo '?')"
echo "   framelens at $(git -C "$root" describe --always --dirty 2>/dev/null || echo 'unknown commit')" \
    "(copied from $source_binary)"

# timed COMMAND...: runs it, then prints how long it took.
timed() {
    local start
    start=$(date +%s)
    "$@"
    echo "   ($(($(date +%s) - start)) s)"
}

export ACC_SET=${ACC_SET:-tuning}
echo "   set: $ACC_SET (tune on tuning only; see README.md)"
parts=,${ACC_PARTS:-slides,captions,screencast},
for part in slides captions screencast; do
    [[ $parts == *,$part,* ]] || continue
    maker=make-$part.sh
    if [[ $ACC_SET == heldout ]]; then
        maker=make-$part-heldout.sh
        [[ -x $here/$maker ]] || { echo; echo "== ${part^}: no held-out set yet, skipped"; continue; }
    fi
    echo
    echo "== ${part^}: corpus ($maker)"
    timed "$here/$maker"
    echo
    timed python3 "$here/$part.py"
done
if [[ $parts == *,randomized,* ]]; then
    half=${ACC_HALF:-$([[ $ACC_SET == heldout ]] && echo check || echo tune)}
    echo
    echo "== Randomised captions, $half half: clips (randomized/make.sh)"
    timed "$here/randomized/make.sh" "$half"
    echo
    ACC_HALF=$half timed python3 "$here/randomized/score.py"
fi
python3 "$root/Benchmarks/results.py" render
