#!/usr/bin/env bash
# Makes the terminal-recording corpus of the OCR accuracy benchmark (Benchmarks/accuracy/terminal.py): a
# terminal session as a screen recorder records it, into Benchmarks/out/accuracy/terminal/{tuning,heldout}/
# (or $1/...), from third-party text only (nothing typed by hand as text but the command lines):
#
#   typing   each command is typed one key at a time (a seeded 60-200 ms between keys), a block cursor after
#            the typed text; 0.4-1.0 s after the last key, Enter: in one frame the command's output and a new
#            prompt appear, the cursor after it; 1.5-4 s of reading time, then the next command is typed. The
#            video opens on an empty screen with the prompt (1.0-1.5 s) and ends 2-4 s after the last output.
#   output   real command output of this machine: each command runs in bash on a pseudo-terminal of the
#            screen's columns and rows (so `ls` writes columns and `dpkg -l` fits its width, as in a terminal),
#            LC_ALL=C, TERM=dumb, PAGER=cat; tabs expanded to 8, a line longer than the screen wraps onto the
#            next row, and the screen scrolls when full (it keeps the last ROWS rows). Outputs of 1-2 lines
#            (`python3 --version`, `wc -l`, `head -n 2`) and outputs that fill most of the screen (`ls` in
#            columns, `grep -n`, `head -n 30`, `tail -n 36`). Only files that Debian packages ship, so that
#            the output stays the same on this machine.
#   tuning   1920x1080, DejaVu Sans Mono 24 px (a 14x28 cell, 134x37 cells, 16/12 px margins), light grey
#            (#e5e5e5) on black, prompt `$ `, a steady block cursor; 8 commands in /usr/lib/python3.11.
#   heldout  1920x1080, Liberation Mono 20 px (fonts-liberation2; a 12x24 cell, 152x42 cells, 44/36 px
#            margins), dark grey (#2e3436) on off-white (#fafaf5), Debian's coloured prompt
#            `user@host:~/src$ ` (user@host bold green, ~/src bold blue), a blinking block cursor (shown at
#            every change of the screen, then off and on every 0.5 s, as VTE and xterm blink); 8 other
#            commands on other files.
#   video    60 fps, H.264 (libx264, crf 23, preset veryfast, yuv420p, default GOP: a screen recorder's
#            defaults, as OBS's), about 50-55 s.
#
# Drawing: as make-screencast.sh, one PNG per distinct screen (each key typed, each output, the cursor on
# and off), every row drawn by ffmpeg's drawtext from a text file (textfile=, expansion=none) with its
# baseline on the row's grid; the typed text, the cursor (U+2588, FULL BLOCK, in the text's colour) and the
# prompt's coloured parts are drawn by drawtexts of their own whose text is led by spaces, so that every
# character falls on the font's own cell grid. The screens of one prompt (a command typed key by key) are
# one ffmpeg run, each variant enabled on its own frame; the video is a symlink per frame, encoded once.
#
# manifest.json per set: for each video its size, font, cell, grid, theme, cursor, prompt and frames, the
# opening screen, and per command: `command`, `keys`, `keyFrames`, `typingStartFrame` (the frame the first
# key shows), `typedFrame` (the last key), `outputFrame` (the output and the new prompt show), `endFrame`
# (the next command's outputFrame, or the video's end), times in seconds, `text` (the screen's rows at
# outputFrame exactly as drawn, top to bottom, prompt rows included, the cursor not), `outputText` (the
# command's output rows alone). Seeded (TERMINAL_SEED, default 45): the same corpus every time. A set is
# remade when this script's code or the seed changed (the manifest keeps both) or its video is missing;
# delete the folder to force it. Missing Debian packages are installed (scripts/install-deps.sh).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-$root/Benchmarks/out/accuracy/terminal}

"$root/scripts/install-deps.sh" ffmpeg fontconfig python3 fonts-dejavu-core fonts-liberation2 \
    libpython3.11-minimal libpython3.11-stdlib base-files dpkg coreutils grep
# The fingerprint of the spec: everything but the comment lines (editing a comment remakes nothing).
fingerprint=$(grep -v '^#' "${BASH_SOURCE[0]}" | sha256sum | cut -c1-16)

python3 - "$here" "$out" "$fingerprint" "${TERMINAL_SEED:-45}" <<'PY'
import fcntl, json, os, random, re, shutil, struct, subprocess, sys, termios, time

here, out, fingerprint, seed = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
sys.path.insert(0, here)
from corpus import write_json  # noqa: E402  (Benchmarks/accuracy/corpus.py)

FPS = 60
CURSOR = "\u2588"   # FULL BLOCK: a block cursor in the text's colour
BLINK = 30          # frames the blinking cursor stays on, then off (0.5 s at 60 fps)
SETS = {
    "tuning": {
        "name": "dejavu-dark-steady", "size": (1920, 1080), "font": ("DejaVu Sans Mono", "DejaVuSansMono.ttf", None),
        "fontPx": 24, "pitch": 28, "baseline": 21, "margins": (16, 12),
        "background": "0x000000", "colours": {"text": "0xe5e5e5"},
        "prompt": [("$ ", "text", False)], "cursor": "steady", "cwd": "/usr/lib/python3.11",
        "commands": ["python3 --version", "cat /etc/os-release", "ls encodings", "wc -l shlex.py",
                     "head -n 2 textwrap.py", 'grep -n "^class " argparse.py',
                     "dpkg -l bash coreutils grep gzip sed tar", "head -n 30 LICENSE.txt"],
    },
    "heldout": {
        "name": "liberation-light-blinking", "size": (1920, 1080),
        "font": ("Liberation Mono", "LiberationMono-Regular.ttf", "LiberationMono-Bold.ttf"),
        "fontPx": 20, "pitch": 24, "baseline": 18, "margins": (44, 36),
        "background": "0xfafaf5", "colours": {"text": "0x2e3436", "green": "0x4e9a06", "blue": "0x3465a4"},
        "prompt": [("user@host", "green", True), (":", "text", False), ("~/src", "blue", True), ("$ ", "text", False)],
        "cursor": "blinking", "cwd": "/usr/share/common-licenses",
        "commands": ["uname -om", "head -n 12 GPL-3", "wc -w Apache-2.0", "ls /usr/lib/python3.11/email",
                     "grep -n import /usr/lib/python3.11/json/__init__.py", "dpkg -s tar | head -n 9",
                     "tail -n 36 GPL-2", "md5sum BSD"],
    },
}
OPENING, KEY, PAUSE, READING, CLOSING = (1.0, 1.5), (0.06, 0.2), (0.4, 1.0), (1.5, 4.0), (2.0, 4.0)   # seconds
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def ffmpeg(*args, **kw):
    return subprocess.run(["ffmpeg", "-nostdin", "-hide_banner", "-v", "error", "-y", *args], check=True, **kw)


def font_file(family, name, bold):
    file = subprocess.run(["fc-match", "-f", "%{file}", f"{family}:style={'Bold' if bold else 'Regular'}"],
                          check=True, capture_output=True, text=True).stdout
    if os.path.basename(file) != name:
        sys.exit(f"error: fontconfig gives {file} for {family}{' Bold' if bold else ''}, not {name}")
    return file


def advance(font, size, folder):
    """The font's cell width in pixels as drawtext lays it out: the ink of 101 M's less the ink of one, / 100."""
    for name, text in (("one.txt", "M"), ("many.txt", "M" * 101)):
        with open(os.path.join(folder, name), "w") as f:
            f.write(text)
    filters = ",".join(f"drawtext=fontfile={font}:textfile={name}:expansion=none:fontsize={size}:fontcolor=white:"
                       f"x=10:y=20:enable='eq(n,{k})'" for k, name in enumerate(("one.txt", "many.txt")))
    log = subprocess.run(["ffmpeg", "-nostdin", "-hide_banner", "-v", "info", "-f", "lavfi", "-i",
                          "color=c=black:s=1920x100:r=1", "-vf", filters + ",bbox=min_val=64", "-frames:v", "2",
                          "-f", "null", "-"], cwd=folder, check=True, capture_output=True, text=True).stderr
    right = [int(x) for x in re.findall(r"x2:(\d+)", log)]
    if len(right) != 2 or (right[1] - right[0]) % 100:
        sys.exit(f"error: {font} at {size} px: no whole-pixel advance ({right})")
    return (right[1] - right[0]) // 100


def run_command(command, cwd, columns, rows):
    """The command's output as a terminal of COLUMNS x ROWS shows it: run on a pseudo-terminal of that size,
    tabs expanded, long lines wrapped, trailing blanks cut."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    env = {"PATH": "/usr/bin:/bin", "LC_ALL": "C", "TERM": "dumb", "PAGER": "cat", "DPKG_PAGER": "cat",
           "HOME": "/nonexistent"}
    proc = subprocess.Popen(["bash", "-c", command], stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=env,
                            start_new_session=True)
    os.close(slave)
    data = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:   # EIO: every writer closed the terminal
            break
        if not chunk:
            break
        data += chunk
    os.close(master)
    if proc.wait() != 0:
        sys.exit(f"error: `{command}` failed ({proc.returncode}): {data[:200]!r}")
    text = ANSI.sub("", data.decode("utf-8")).replace("\r\n", "\n")
    if "\x1b" in text or "\r" in text:
        sys.exit(f"error: `{command}`: control characters left in its output")
    lines = []
    for line in text.split("\n")[:-1] if text.endswith("\n") else text.split("\n"):
        line = line.expandtabs(8).rstrip()
        lines += [line[i:i + columns].rstrip() for i in range(0, max(len(line), 1), columns)]
    return lines


def make_video(rng, name, spec, folder):
    work = os.path.join(folder, "work")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    family, regular, bold = spec["font"]
    fonts = {False: font_file(family, regular, False)}
    if bold:
        fonts[True] = font_file(family, bold, True)
    size, pitch = spec["fontPx"], spec["pitch"]
    cell = advance(fonts[False], size, work)
    if bold and advance(fonts[True], size, work) != cell:
        sys.exit(f"error: {family} Bold's cell is not {cell} px")
    (w, h), (left, top) = spec["size"], spec["margins"]
    columns, rows = (w - 2 * left) // cell, (h - 2 * top) // pitch
    prompt = "".join(text for text, _, _ in spec["prompt"])

    # --- The session: the rows after each command (the prompt row last) and the timeline of changes.
    prompt_row = lambda: list(spec["prompt"])
    buffer = [prompt_row()]   # rows of segments (text, colour, bold); the last one is the prompt's row
    plain = lambda row: "".join(t for t, _, _ in row).rstrip()
    screens = [[r[:] for r in buffer[-rows:]]]   # screen s: the rows after s commands
    outputs, scrolled = [], []   # each command's output rows; the rows its output scrolled off the top
    for command in spec["commands"]:
        lines = run_command(command, spec["cwd"], columns, rows)
        if len(lines) + 2 > rows:
            sys.exit(f"error: `{command}`: {len(lines)} lines do not fit {rows} rows with the prompts")
        if len(prompt) + len(command) >= columns:
            sys.exit(f"error: `{command}` is wider than the screen")
        buffer[-1] = buffer[-1] + [(command, "text", False)]
        buffer += [[(line, "text", False)] for line in lines] + [prompt_row()]
        screens.append([r[:] for r in buffer[-rows:]])
        outputs.append(lines)
        scrolled.append(max(0, len(buffer) - rows) - max(0, len(buffer) - len(lines) - 1 - rows))

    changes = [(0, 0, 0)]   # (frame, screen, keys typed on its prompt row)
    n = round(rng.uniform(*OPENING) * FPS)
    timeline = []
    for k, command in enumerate(spec["commands"]):
        keys = []
        for i in range(1, len(command) + 1):
            if i > 1:
                n += round(rng.uniform(*KEY) * FPS)
            keys.append(n)
            changes.append((n, k, i))
        n += round(rng.uniform(*PAUSE) * FPS)
        changes.append((n, k + 1, 0))
        timeline.append({"keyFrames": keys, "outputFrame": n})
        n += round(rng.uniform(*(READING if k + 1 < len(spec["commands"]) else CLOSING)) * FPS)
    total = n

    # Each frame's state: (screen, keys typed, cursor shown); the blinking cursor shows at a change.
    states, c = [], 0
    for f in range(total):
        while c + 1 < len(changes) and changes[c + 1][0] <= f:
            c += 1
        start, screen, typed = changes[c]
        shown = spec["cursor"] == "steady" or ((f - start) // BLINK) % 2 == 0
        states.append((screen, typed, shown))

    # --- Drawing: one ffmpeg run per screen, a frame per variant (keys typed, cursor shown) it needs.
    texts = os.path.join(work, "text")
    os.makedirs(texts)
    counter = [0]

    def drawtext(text, colour, bold, row, enable=None):
        if not text.strip():
            return None
        counter[0] += 1
        name = f"{counter[0]:05d}.txt"
        with open(os.path.join(texts, name), "w", encoding="utf-8") as f:
            f.write(text)
        return (f"drawtext=fontfile={fonts[bold]}:textfile={name}:expansion=none:fontsize={size}:"
                f"fontcolor={spec['colours'][colour]}:x={left}:y='{top + row * pitch + spec['baseline']}-ascent'"
                + (f":enable='{enable}'" if enable else ""))

    def segments(row, r, enable=None, lead=0):
        """A row's segments, each drawn from the row's start led by spaces (the cell grid is kept)."""
        filters, column = [], lead
        for text, colour, bold in row:
            filters.append(drawtext(" " * column + text, colour, bold, r, enable))
            column += len(text)
        return filters

    png_of = {}
    for s, screen in enumerate(screens):
        variants = sorted({(typed, shown) for sc, typed, shown in states if sc == s})
        if not variants:
            continue
        command = spec["commands"][s] if s < len(spec["commands"]) else ""
        last = len(screen) - 1
        filters = []
        for r, row in enumerate(screen):
            filters += segments(row, r)
        for j, (typed, shown) in enumerate(variants):
            text = command[:typed] + (CURSOR if shown else "")
            filters.append(drawtext(" " * len(prompt) + text, "text", False, last, f"eq(n,{j})"))
        filters = [f for f in filters if f]
        script = os.path.join(work, "screen.filters")
        with open(script, "w") as f:
            f.write(",\n".join(filters) if filters else "null")
        ffmpeg("-f", "lavfi", "-i", f"color=c={spec['background']}:s={w}x{h}:r={FPS}", "-filter_script:v", script,
               "-frames:v", str(len(variants)), "-start_number", "0",
               os.path.join(work, f"screen{s:02d}-%03d.png"), cwd=texts)
        for j, variant in enumerate(variants):
            png_of[(s,) + variant] = os.path.join(work, f"screen{s:02d}-{j:03d}.png")

    links = os.path.join(work, "sequence")
    os.makedirs(links)
    for f, state in enumerate(states):
        os.symlink(png_of[state], os.path.join(links, f"{f:05d}.png"))
    target = os.path.join(folder, name + ".mp4")
    began = time.monotonic()
    ffmpeg("-framerate", str(FPS), "-i", os.path.join(links, "%05d.png"), "-c:v", "libx264", "-preset", "veryfast",
           "-crf", "23", "-pix_fmt", "yuv420p", "-movflags", "+faststart", target + ".part.mp4")
    os.replace(target + ".part.mp4", target)
    frames = int(subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-count_packets", "-show_entries",
                                 "stream=nb_read_packets", "-of", "csv=p=0", target], check=True, capture_output=True,
                                text=True).stdout.strip())
    if frames != total:
        sys.exit(f"error: {target}: {frames} frames, {total} planned")
    print(f"  {name}.mp4: {len(spec['commands'])} commands, {sum(len(c) for c in spec['commands'])} keys, "
          f"{len(png_of)} screens, {total / FPS:.1f} s (encoded in {time.monotonic() - began:.0f} s)", file=sys.stderr)

    # --- The truth.
    commands = []
    for k, (command, t) in enumerate(zip(spec["commands"], timeline)):
        end = timeline[k + 1]["outputFrame"] if k + 1 < len(timeline) else total
        keys = t["keyFrames"]
        commands.append({
            "command": command, "keys": len(command), "keyFrames": keys,
            "typingStartFrame": keys[0], "typedFrame": keys[-1], "outputFrame": t["outputFrame"], "endFrame": end,
            "typingStart": keys[0] / FPS, "output": t["outputFrame"] / FPS, "end": end / FPS,
            "text": "\n".join(plain(r) for r in screens[k + 1]), "outputText": "\n".join(outputs[k]),
            "outputLines": len(outputs[k]), "scrolled": scrolled[k]})
    shutil.rmtree(work)
    colours = {key: "#" + value[2:] for key, value in spec["colours"].items()}
    return {"name": name, "video": name + ".mp4", "width": w, "height": h, "fps": FPS, "frames": total,
            "duration": total / FPS, "codec": "h264", "crf": 23, "preset": "veryfast",
            "font": family, "fontFiles": [os.path.basename(f) for f in fonts.values()], "fontPx": size,
            "cell": [cell, pitch], "columns": columns, "rows": rows, "margins": list(spec["margins"]),
            "background": "#" + spec["background"][2:], "colours": colours, "prompt": prompt,
            "promptColours": [[t, c, "bold" if b else "regular"] for t, c, b in spec["prompt"]],
            "cursor": {"kind": spec["cursor"], "glyph": "U+2588",
                       **({"blinkFrames": BLINK} if spec["cursor"] == "blinking" else {})},
            "cwd": spec["cwd"], "environment": "LC_ALL=C TERM=dumb PAGER=cat, a pseudo-terminal of the grid's size",
            "opening": {"startFrame": 0, "endFrame": commands[0]["typingStartFrame"],
                        "text": "\n".join(plain(r) for r in screens[0])},
            "commands": commands}


for name, spec in SETS.items():
    folder = os.path.join(out, name)
    manifest_path = os.path.join(folder, "manifest.json")
    if os.path.exists(manifest_path):
        with open(manifest_path, encoding="utf-8") as f:
            old = json.load(f)
        if old.get("fingerprint") == fingerprint and old.get("seed") == seed and all(
                os.path.exists(os.path.join(folder, v["video"])) for v in old["videos"]):
            continue
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    rng = random.Random(f"{seed}-{name}")
    began = time.monotonic()
    entry = make_video(rng, spec["name"], spec, folder)
    write_json(manifest_path, {"set": name, "fingerprint": fingerprint, "seed": seed, "videos": [entry]})
    print(f"terminal corpus, {name}: {folder} ({time.monotonic() - began:.0f} s)", file=sys.stderr)
PY
