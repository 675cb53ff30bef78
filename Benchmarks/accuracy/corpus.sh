# Shell functions the corpus makers share (make-slides.sh, make-slides-heldout.sh, make-captions.sh,
# make-captions-heldout.sh), sourced by them; their Python shares corpus.py. Both use the caller's
# variables: $src (unpacked packages) and $out (the corpus folder).

# unpack_package PACKAGE [PATH...]: unpacks the Debian package into $src/PACKAGE (once), without installing
# it; with PATHs (tar patterns), only those paths of it.
unpack_package() {
    local package=$1 scratch
    shift
    [[ -f $src/$package/.done ]] && return 0
    scratch=$(mktemp -d)
    # As root, apt downloads as its _apt user, which must be able to write there.
    [[ $(id -u) -ne 0 ]] || chown _apt "$scratch" 2>/dev/null || true
    (cd "$scratch" && apt-get download -q "$package" >/dev/null) ||
        { apt-get update -qq && (cd "$scratch" && apt-get download -q "$package" >/dev/null); }
    rm -rf "${src:?}/$package"
    mkdir -p "$src/$package"
    if (($#)); then
        dpkg-deb --fsys-tarfile "$scratch"/*.deb | tar -x -C "$src/$package" --wildcards "$@"
    else
        dpkg-deb -x "$scratch"/*.deb "$src/$package"
    fi
    rm -rf "$scratch"
    touch "$src/$package/.done"
}

# burn_captions SECONDS NAME SOURCE SRT STYLE EXT SCALE ENCODE...: makes $out/NAME.EXT (unless it exists):
# the clip SOURCE looped to SECONDS, without sound, with the captions of SRT (a file in $out) drawn by
# libass (ffmpeg's subtitles filter, force_style STYLE) after SCALE ("" or a filter such as
# "scale=1280:720,setsar=1,"), encoded with the ffmpeg options ENCODE... into the container EXT.
burn_captions() {
    local seconds=$1 name=$2 source=$3 srt=$4 style=$5 ext=$6 scale=$7 rate
    shift 7
    [[ -f $out/$name.$ext ]] && return 0
    echo "making $name.$ext" >&2
    # cd so the filter's path is plain. settb+setpts put frame n at exactly n / fps (in a time base of
    # 1 / fps) before libass draws on it: the loop's joins otherwise shift the frames the captions are
    # drawn on from the times the truth expects (by 2 frames on Megamind).
    rate=$(ffprobe -v error -select_streams v:0 -show_entries stream=r_frame_rate -of csv=p=0 "$source")
    (cd "$out" && ffmpeg -nostdin -v error -y -stream_loop -1 -i "$source" -t "$seconds" -an \
        -vf "settb=${rate#*/}/${rate%/*},setpts=N,${scale}subtitles=filename=$srt:force_style='$style'" \
        "$@" -f "$ext" "$name.part.$ext" && mv "$name.part.$ext" "$name.$ext")
}
