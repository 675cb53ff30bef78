#!/usr/bin/env bash
# Makes the screencast corpus of the OCR accuracy benchmark (Benchmarks/accuracy/screencast.py) into
# Benchmarks/out/accuracy/screencast/ (or $1), from third-party text only (nothing typed by hand as text):
#
#   editor:   a real source file shipped by Debian (python3.11's /usr/lib/python3.11/fnmatch.py, package
#             libpython3.11-minimal) in a dark-theme editor: a tab bar with the file's path, 25 lines of
#             DejaVu Sans Mono (light grey on #1e1e1e) with right-aligned grey line numbers. It opens at
#             line 1 and scrolls down several lines at a time: 8 jump cuts (8-10 lines each) and one smooth
#             scroll of 12 lines over 0.8 s (eased, 24 in-between frames).
#   terminal: light grey on black, 112 columns by 26 rows, real command output (LC_ALL=C):
#             `ls -l /usr/share/doc | head -n 12`, then `dpkg -l | head -n 10`, each shown first as the typed
#             command, then with its output and the next prompt. As in a terminal, a line longer than 112
#             columns wraps onto the next row (dpkg -l writes its wide format into a pipe) and the screen
#             keeps the last 26 rows.
#   views:    13 distinct views (9 editor, 4 terminal), 3-7 s each, about 65 s at 30 fps.
#   videos:   screencast-720p.mp4 (1280x720, 18 px text) and screencast-1080p.mp4 (1920x1080, the same
#             layout at 1.5x: 27 px text), H.264 (libx264, crf 23, preset veryfast, as screen recorders
#             such as OBS use by default; yuv420p, default GOP).
#
# Every line is drawn by ffmpeg's drawtext from a text file (textfile=, expansion=none), one drawtext per
# line, each placed by its baseline (y = baseline - ascent) so that the gutter and the code share one grid.
# The truth (manifest.json): for each view its first frame, end (first frame after it), times in seconds
# and its text exactly as drawn, line by line, top to bottom: for the editor the tab's path, then each
# visible line as "NUMBER CODE" (the number alone on an empty line); for the terminal its rows. Also each
# view's text without the tab and the numbers (`code`), and the smooth scroll's span (`transitions`).
#
# Missing Debian packages are installed (scripts/install-deps.sh). The corpus is remade when this script's
# code changed (manifest.json keeps its hash) or a file is missing; delete the folder to force it.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-$root/Benchmarks/out/accuracy/screencast}

"$root/scripts/install-deps.sh" ffmpeg fonts-dejavu-core fontconfig libpython3.11-minimal python3
font=$(fc-match -f '%{file}' 'DejaVu Sans Mono:style=Book')
[[ $font == *DejaVuSansMono.ttf ]] || { echo "error: no DejaVu Sans Mono (fonts-dejavu-core): $font" >&2; exit 1; }
# The fingerprint of the spec: everything but the comment lines (editing a comment remakes nothing).
fingerprint=$(grep -v '^#' "${BASH_SOURCE[0]}" | sha256sum | cut -c1-16)
if [[ -f $out/manifest.json ]] && grep -q "\"fingerprint\": \"$fingerprint\"" "$out/manifest.json" &&
    [[ -f $out/screencast-720p.mp4 && -f $out/screencast-1080p.mp4 ]]; then
    exit 0
fi
rm -rf "$out"
mkdir -p "$out"

python3 - "$out" "$font" "$fingerprint" <<'PY'
import json, math, os, shutil, subprocess, sys

out, font, fingerprint = sys.argv[1], sys.argv[2], sys.argv[3]
SOURCE = "/usr/lib/python3.11/fnmatch.py"
FPS = 30
EDITOR_ROWS, TERMINAL_ROWS, TERMINAL_COLUMNS = 25, 26, 112
# Editor views: (first line shown, seconds on screen); "smooth" marks a smooth scroll into that view.
EDITOR = [(1, 5.0), (9, 4.5), (17, 5.5), (27, 4.0), (35, 5.0), ("smooth", 0.8), (47, 5.0), (55, 4.5),
          (63, 6.0), (73, 5.0)]
COMMANDS = [("ls -l /usr/share/doc | head -n 12", 3.0, 6.0), ("dpkg -l | head -n 10", 3.0, 7.0)]
PROMPT = "$ "
SIZES = {"720p": (1280, 720, 1.0), "1080p": (1920, 1080, 1.5)}
# Colours: editor background, tab bar, tab text, gutter, code; terminal background and text.
EDITOR_BG, TAB_BG, TAB_FG, GUTTER_FG, CODE_FG = "0x1e1e1e", "0x2d2d2d", "0xcccccc", "0x858585", "0xd4d4d4"
TERM_BG, TERM_FG = "0x000000", "0xe5e5e5"

with open(SOURCE, encoding="utf-8") as f:
    source = [line.rstrip("\n").expandtabs(8).rstrip() for line in f]
package = subprocess.run(["dpkg", "-S", SOURCE], capture_output=True, text=True).stdout.split(":")[0]

def run_command(command):
    """The command's output as terminal rows: tabs expanded, long lines wrapped at TERMINAL_COLUMNS."""
    env = dict(os.environ, LC_ALL="C")
    text = subprocess.run(["bash", "-c", command], check=True, capture_output=True, text=True, env=env).stdout
    rows = []
    for line in text.splitlines():
        line = line.expandtabs(8).rstrip()
        rows += [line[i:i + TERMINAL_COLUMNS].rstrip() for i in range(0, max(len(line), 1), TERMINAL_COLUMNS)]
    return rows

# --- The views: what each shows, line by line.
views = []   # {"kind", "lines": [(gutter or None, text)], "frames", "from": first file line}
for first, seconds in EDITOR:
    if first == "smooth":
        views.append({"kind": "smooth", "frames": round(seconds * FPS)})
        continue
    lines = [(str(n), source[n - 1]) for n in range(first, min(first + EDITOR_ROWS, len(source) + 1))]
    views.append({"kind": "editor", "from": first, "lines": lines, "frames": round(seconds * FPS)})
buffer = []
for command, typed, shown in COMMANDS:
    if buffer and buffer[-1] == PROMPT.rstrip():
        buffer.pop()
    buffer.append(PROMPT + command)
    views.append({"kind": "terminal", "lines": [(None, l) for l in buffer[-TERMINAL_ROWS:]], "frames": round(typed * FPS)})
    buffer += run_command(command) + [PROMPT.rstrip()]
    views.append({"kind": "terminal", "lines": [(None, l) for l in buffer[-TERMINAL_ROWS:]], "frames": round(shown * FPS)})

# --- Drawing: one drawtext per line, from a text file.
texts = os.path.join(out, "text")
os.makedirs(texts, exist_ok=True)
counter = [0]

def textfile(text):
    counter[0] += 1
    name = f"{counter[0]:05d}.txt"
    with open(os.path.join(texts, name), "w", encoding="utf-8") as f:
        f.write(text)
    return name

def drawtext(text, x, baseline, size, colour):
    """A drawtext filter drawing `text` with its baseline at `baseline` (an expression of n allowed)."""
    if not text.strip():
        return None
    return (f"drawtext=fontfile={font}:textfile={textfile(text)}:expansion=none:fontsize={size}:"
            f"fontcolor={colour}:x={x}:y='{baseline}-ascent'")

def editor_filters(lines, scale, offset="0", path=SOURCE):
    """The editor: code rows from y = 44 (tab bar above, 36 px), 26 px apart; `offset` (an expression of n)
    moves them up during a smooth scroll; the tab bar is drawn last, over what scrolled under it."""
    s = lambda v: round(v * scale)
    size, pitch, top = s(18), s(26), s(44)
    gutter_width = 4   # characters, numbers right-aligned
    advance = 0.6021 * size   # DejaVu Sans Mono's advance: 1233/2048 em
    filters = []
    for row, (number, code) in enumerate(lines):
        baseline = f"{top + row * pitch + s(19)}-({offset})"
        filters.append(drawtext(number.rjust(gutter_width), s(12), baseline, size, GUTTER_FG))
        filters.append(drawtext(code, s(12) + round((gutter_width + 2) * advance), baseline, size, CODE_FG))
    filters.append(f"drawbox=x=0:y=0:w=iw:h={s(36)}:color={TAB_BG}:t=fill")
    filters.append(drawtext(path, s(12), s(24), size, TAB_FG))
    return [f for f in filters if f]

def terminal_filters(lines, scale):
    s = lambda v: round(v * scale)
    size, pitch = s(18), s(26)
    return [f for f in (drawtext(text, s(10), s(12) + row * pitch + s(19), size, TERM_FG)
                        for row, (_, text) in enumerate(lines)) if f]

def render(filters, background, width, height, target, frames=1):
    script = target + ".filters"
    with open(script, "w") as f:
        f.write(",\n".join(filters))
    pattern = target if frames == 1 else target.replace(".png", "-%03d.png")
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i",
                    f"color=c={background}:s={width}x{height}:r={FPS}", "-filter_script:v", script,
                    "-frames:v", str(frames), "-start_number", "0", pattern], check=True, cwd=texts)
    os.remove(script)

manifest_views, transitions = [], []
for label, (width, height, scale) in SIZES.items():
    frames_dir = os.path.join(out, f"frames-{label}")
    os.makedirs(frames_dir, exist_ok=True)
    sequence = []   # one PNG per video frame
    for k, view in enumerate(views):
        target = os.path.join(frames_dir, f"view-{k:02d}.png")
        if view["kind"] == "editor":
            render(editor_filters(view["lines"], scale), EDITOR_BG, width, height, target)
            sequence += [target] * view["frames"]
        elif view["kind"] == "terminal":
            render(terminal_filters(view["lines"], scale), TERM_BG, width, height, target)
            sequence += [target] * view["frames"]
        else:   # the smooth scroll: every line from the previous view's first to the next view's last
            before, after = views[k - 1], views[k + 1]
            lines = [(str(n), source[n - 1]) for n in range(before["from"], after["from"] + EDITOR_ROWS)]
            distance = (after["from"] - before["from"]) * round(26 * scale)
            steps = view["frames"] + 1
            offset = f"{distance}*(1-cos(PI*(n+1)/{steps}))/2"   # eased; never 0 or the whole distance
            render(editor_filters(lines, scale, offset), EDITOR_BG, width, height, target, view["frames"])
            sequence += [target.replace(".png", f"-{i:03d}.png") for i in range(view["frames"])]
    # The video: the frames in order (symlinks), encoded once.
    links = os.path.join(out, f"sequence-{label}")
    os.makedirs(links, exist_ok=True)
    for i, path in enumerate(sequence):
        os.symlink(path, os.path.join(links, f"{i:05d}.png"))
    video = os.path.join(out, f"screencast-{label}.mp4")
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-framerate", str(FPS), "-i",
                    os.path.join(links, "%05d.png"), "-c:v", "libx264", "-preset", "veryfast", "-crf", "23",
                    "-pix_fmt", "yuv420p", "-movflags", "+faststart", video + ".part.mp4"], check=True)
    os.replace(video + ".part.mp4", video)
    shutil.rmtree(links)
    total_frames = len(sequence)

# --- The truth.
frame = 0
for k, view in enumerate(views):
    start, end = frame, frame + view["frames"]
    frame = end
    if view["kind"] == "smooth":
        transitions.append({"kind": "smooth scroll", "startFrame": start, "endFrame": end,
                            "start": start / FPS, "end": end / FPS,
                            "fromLine": views[k - 1]["from"], "toLine": views[k + 1]["from"]})
        continue
    if view["kind"] == "editor":
        rows = [SOURCE] + [f"{number} {code}".rstrip() for number, code in view["lines"]]
        code = [c for _, c in view["lines"]]
        where = f"{os.path.basename(SOURCE)} lines {view['lines'][0][0]}-{view['lines'][-1][0]}"
    else:
        rows = code = [text for _, text in view["lines"]]
        where = f"terminal, {len(rows)} rows"
    manifest_views.append({"view": len(manifest_views) + 1, "kind": view["kind"], "where": where,
                           "startFrame": start, "endFrame": end, "start": start / FPS, "end": end / FPS,
                           "text": "\n".join(rows), "code": "\n".join(code)})

manifest = {
    "fingerprint": fingerprint, "fps": FPS, "frames": total_frames, "duration": total_frames / FPS,
    "font": font, "source": {"file": SOURCE, "package": package},
    "commands": [c for c, _, _ in COMMANDS],
    "videos": [{"name": f"screencast-{label}", "video": f"screencast-{label}.mp4", "width": w, "height": h,
                "fontPx": round(18 * scale), "codec": "h264", "crf": 23, "preset": "veryfast"} for label, (w, h, scale) in SIZES.items()],
    "views": manifest_views, "transitions": transitions,
}
with open(os.path.join(out, "manifest.json.part"), "w", encoding="utf-8") as f:
    json.dump(manifest, f, indent=1)
    f.write("\n")
os.replace(os.path.join(out, "manifest.json.part"), os.path.join(out, "manifest.json"))
print(f"screencast corpus: {out} ({len(manifest_views)} views, {total_frames / FPS:.1f} s, "
      f"{', '.join(SIZES)})", file=sys.stderr)
PY
