#!/usr/bin/env bash
# Makes the recorded-lecture corpus of the OCR accuracy benchmark (Benchmarks/accuracy/recorded.py): slides as
# a screen recorder captures them during a talk, with a mouse pointer moving over the text and a webcam
# picture-in-picture of real footage, into Benchmarks/out/accuracy/recorded/{tuning,heldout}/ (or $1/...).
#
#   slides   a title and 4-5 lines of bullets: the title is the heading of a section of a Debian package's
#            documentation, the bullets a run of its sentences, in order, each wrapped into at most 2 lines;
#            drawn by ffmpeg's drawtext from text files; 8 slides per video, each 5-7 s (a whole number of
#            frames), about 40-56 s a video.
#   pointer  an arrow drawn by ffmpeg's `geq` on rgba (or a laser dot), moved by `overlay` with x/y
#            expressions of the frame number: about half the time over the text (resting on a word, sweeping
#            along a line, jumping from one line to another), the rest resting or gliding in empty parts.
#   webcam   real footage (opencv-doc's sample clips) looped from a seeded offset, scaled into a corner with
#            a thin frame, on screen the whole time; never over the text (every line is measured with
#            ffmpeg's `bbox` and a sentence whose line would reach the inset is not used).
#
#   tuning   3 videos, 1920x1080, 30 fps, H.264 (libx264 veryfast crf 23, default GOP): DejaVu Sans
#            (fonts-dejavu-core), dark text on a light background, a 28x40 black arrow with a white edge,
#            vtest.avi (people walking) 384x288 in the bottom-right corner; text: libpng16-16's
#            libpng-manual.txt.
#   heldout  3 videos sharing nothing with the tuning set but this script: Liberation Serif
#            (fonts-liberation2), Open Sans (fonts-open-sans), Lato (fonts-lato); light text on dark blue
#            and dark text on white; 1280x720 at 25 fps as HEVC (libx265) and 1920x1080 at 30 fps as H.264
#            crf 27; a red laser dot (14 px) or a 40x56 white arrow with a black edge; Megamind.avi
#            (animation) in the top-right (320x234) or bottom-left (448x328) corner, or no inset at all
#            (only the pointer moves); text: man-db's man-db-manual.txt and python3-dev's python-policy.html.
#
# manifest.json per set: for each video its slides (first frame, end = the first frame after it, times in
# seconds, the text as drawn: the title, then each bullet line; each line's box in the picture), the pointer's
# path (segments in frames) and the share of frames it spends over text, the inset, the font, and ffprobe's
# facts. Seeded (RECORDED_SEED, default 11): the same corpus every time. A set is remade when this script's code
# or the seed changed (the manifest keeps both) or a video is missing; delete the folder to force it.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-$root/Benchmarks/out/accuracy/recorded}

"$root/scripts/install-deps.sh" ffmpeg fontconfig python3 opencv-doc libpng16-16 man-db python3-dev \
    fonts-dejavu-core fonts-liberation2 fonts-open-sans fonts-lato
# The fingerprint of the spec: everything but the comment lines (editing a comment remakes nothing).
fingerprint=$(grep -v '^#' "${BASH_SOURCE[0]}" | sha256sum | cut -c1-16)

python3 - "$here" "$out" "$fingerprint" "${RECORDED_SEED:-11}" <<'PY'
import gzip, itertools, json, math, os, random, re, shutil, subprocess, sys, textwrap, time

here, out, fingerprint, seed = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
sys.path.insert(0, here)
from corpus import Paragraphs, sentence_parts, video_facts, write_json  # noqa: E402  (Benchmarks/accuracy/corpus.py)

DATA = "/usr/share/doc/opencv-doc/examples/data"
DOCS = {
    "libpng-manual": {"package": "libpng16-16", "file": "/usr/share/doc/libpng16-16/libpng-manual.txt.gz"},
    "man-db-manual": {"package": "man-db", "file": "/usr/share/doc/man-db/man-db-manual.txt.gz"},
    "python-policy": {"package": "python3-dev", "file": "/usr/share/doc/python3/python-policy.html"},
}
FONTS = {   # family: (regular, bold) as fontconfig names them, and the file each must come from
    "DejaVu Sans": ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
    "Liberation Serif": ("LiberationSerif-Regular.ttf", "LiberationSerif-Bold.ttf"),
    "Open Sans": ("OpenSans-Regular.ttf", "OpenSans-Bold.ttf"),
    "Lato": ("Lato-Regular.ttf", "Lato-Bold.ttf"),
}
THEMES = {   # background, title, text, bullet marks, the rule under the title
    "light": ("0xf6f5ef", "0x1f3a60", "0x222222", "0x1f3a60", "0xc9c6bb"),
    "white": ("0xffffff", "0x8a1c1c", "0x303030", "0x8a1c1c", "0xdadada"),
    "dark": ("0x14213d", "0xffd166", "0xe8eef7", "0xffd166", "0x3b4f7a"),
}
SETS = {
    "tuning": [
        {"name": f"libpng-{n}", "size": (1920, 1080), "fps": 30, "codec": "h264", "crf": 23, "font": "DejaVu Sans",
         "theme": "light", "pointer": "black-arrow", "doc": "libpng-manual",
         "inset": {"clip": "vtest.avi", "corner": "bottom-right", "size": (384, 288)}} for n in (1, 2, 3)],
    "heldout": [
        {"name": "serif-dark-720p-hevc", "size": (1280, 720), "fps": 25, "codec": "hevc", "crf": 26,
         "font": "Liberation Serif", "theme": "dark", "pointer": "laser", "doc": "man-db-manual",
         "inset": {"clip": "Megamind.avi", "corner": "top-right", "size": (320, 234)}},
        {"name": "opensans-white-1080p", "size": (1920, 1080), "fps": 30, "codec": "h264", "crf": 27,
         "font": "Open Sans", "theme": "white", "pointer": "white-arrow", "doc": "python-policy",
         "inset": {"clip": "Megamind.avi", "corner": "bottom-left", "size": (448, 328)}},
        {"name": "lato-dark-1080p-nocam", "size": (1920, 1080), "fps": 30, "codec": "h264", "crf": 27,
         "font": "Lato", "theme": "dark", "pointer": "white-arrow", "doc": "python-policy", "inset": None},
    ],
}
SLIDES, LINES, SECONDS = 8, (4, 5), (5.0, 7.0)   # slides a video; text lines under the title; seconds a slide
WORD = re.compile(r"^[A-Z][A-Za-z0-9 ,;:()'/-]*[a-z0-9)]\.$")    # a sentence a slide line may show
TITLE = re.compile(r"^(?:[IVX]+\.|\d+(?:\.\d+)*\.?)?\s*[A-Z][A-Za-z0-9 ,'/()-]{2,40}$")


def ffmpeg(*args, **kw):
    return subprocess.run(["ffmpeg", "-nostdin", "-hide_banner", "-y", *args], check=True, **kw)


# --- Text: (heading, sentences) of each section of a document, sentences that fit a slide line.

ANSI = re.compile(r"\x1b\[[0-9;]*m|.\x08")


def text_sections(path):
    """Sections of a plain-text manual (gzip): a heading is a block of one short line, not indented, without a
    final full stop or a gap of spaces inside (a table row), followed by prose (man-db's headings are bold);
    its paragraphs are the following blocks whose lines are not indented."""
    with gzip.open(path, "rt", encoding="utf-8", errors="replace") as f:
        blocks = re.split(r"\n[ \t]*\n", f.read())
    sections, heading, pending = [], None, False
    for block in blocks:
        lines = [l for l in ANSI.sub("", block).split("\n") if l.strip()]
        if not lines:
            continue
        unnumbered = re.sub(r"^(?:[IVX]+\.|\d+(?:\.\d+)*\.?)\s+", "", lines[0])
        if (len(lines) == 1 and not lines[0][0].isspace() and TITLE.match(" ".join(lines[0].split()))
                and "," not in lines[0] and not re.search(r"\S {2,}\S", unnumbered)):
            heading, pending = " ".join(lines[0].split()), True
        elif heading and all(not l[0].isspace() for l in lines):
            if pending:
                sections.append((heading, []))
                pending = False
            sections[-1][1].append(" ".join(" ".join(lines).split()))
        elif pending:   # a heading followed by code or a list: a line of text, not a section's heading
            heading = None
    return sections


class Sections(Paragraphs):
    """corpus.Paragraphs that also keeps each paragraph's heading (h1-h4, the permalink mark left out)."""
    def __init__(self):
        super().__init__()
        self.heading, self.open_heading, self.heading_text, self.sections = None, None, [], []

    def handle_starttag(self, tag, attrs):
        if tag in ("h1", "h2", "h3", "h4"):
            self.open_heading, self.heading_text = tag, []
        super().handle_starttag(tag, attrs)

    def handle_endtag(self, tag):
        if tag == self.open_heading:
            self.heading = " ".join("".join(self.heading_text).replace("\u00b6", "").split())
            self.open_heading = None
            self.sections.append((self.heading, []))
        count = len(self.paragraphs)
        super().handle_endtag(tag)
        if len(self.paragraphs) > count and self.sections:
            self.sections[-1][1].append(self.paragraphs[-1])

    def handle_data(self, data):
        if self.open_heading:
            self.heading_text.append(data)
        super().handle_data(data)


def html_sections(path):
    parser = Sections()
    with open(path, encoding="utf-8") as f:
        parser.feed(f.read())
    return parser.sections


def document(name):
    """{heading: [sentences]}: the sections whose heading can be a title, with the sentences a line can hold."""
    path = DOCS[name]["file"]
    sections = html_sections(path) if path.endswith(".html") else text_sections(path)
    result = {}
    for heading, paragraphs in sections:
        if not TITLE.match(heading or ""):
            continue
        sentences = []
        for paragraph in paragraphs:
            for part in sentence_parts(paragraph):
                s = part.strip()
                if WORD.match(s) and len(s.split()) >= 5 and not re.search(r"\b(e\.g|i\.e|etc|vs)\b|- ", s):
                    sentences.append(s)
        if sentences:
            result.setdefault(heading, []).extend(sentences)
    return result


# --- Slides: measured, then drawn.

def font_file(family, bold):
    name = FONTS[family][1 if bold else 0]
    file = subprocess.run(["fc-match", "-f", "%{file}", f"{family}:style={'Bold' if bold else 'Regular'}"],
                          check=True, capture_output=True, text=True).stdout
    if os.path.basename(file) != name:
        sys.exit(f"error: fontconfig gives {file} for {family}{' Bold' if bold else ''}, not {name}")
    return file


def layout(video):
    """Sizes and places in pixels: the title, the bullet lines' baselines, the inset's rectangle."""
    w, h = video["size"]
    s = h / 1080
    spec = {"left": round(120 * s), "title_size": round(60 * s), "title_base": round(150 * s),
            "rule": round(190 * s), "size": round(40 * s), "pitch": round(64 * s), "gap": round(24 * s),
            "first": round(290 * s), "mark": round(12 * s), "indent": round(48 * s), "margin": round(24 * s)}
    # characters a line wraps at: the width left of the right margin over an average advance (a guess that
    # the measurement checks)
    spec["chars"] = int((w - 2 * spec["left"] - spec["indent"]) / (0.56 * spec["size"]))
    inset = video["inset"]
    if inset:
        iw, ih = inset["size"]
        m = spec["margin"]
        x = w - iw - m if inset["corner"].endswith("right") else m
        y = h - ih - m if inset["corner"].startswith("bottom") else m
        spec["inset"] = (x, y, iw, ih)
        if inset["corner"] == "top-right":   # the bullets begin below the inset
            spec["first"] = max(spec["first"], y + ih + round(70 * s))
    return spec


TEXT_FILES = itertools.count()


def drawtext(folder, text, font, size, colour, x, baseline, enable=None):
    """drawtext of `text` (from a file in `folder`) with its baseline at `baseline`; drawn only on frame `enable`."""
    name = f"{next(TEXT_FILES):05d}.txt"
    with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
        f.write(text)
    return (f"drawtext=fontfile={font}:textfile={name}:expansion=none:fontsize={size}:fontcolor={colour}:"
            f"x={x}:y={baseline}-ascent" + (f":enable='eq(n,{enable})'" if enable is not None else ""))


def line_specs(video, spec, fonts, title, bullets):
    """(text, font, size, x, baseline, a bullet mark) of the title and of each line of each bullet (a bullet:
    its sentence's lines, the first with the mark)."""
    lines = [(title, fonts[1], spec["title_size"], spec["left"], spec["title_base"], False)]
    for k, bullet in enumerate(bullets):
        for j, text in enumerate(bullet):
            baseline = spec["first"] + (len(lines) - 1) * spec["pitch"] + k * spec["gap"]
            lines.append((text, fonts[0], spec["size"], spec["left"] + spec["indent"], baseline, j == 0))
    return lines


def measure(video, lines, folder):
    """Each line's box (x1, y1, x2, y2) as drawn: one frame per line, white on black, ffmpeg's bbox."""
    w, h = video["size"]
    filters = [drawtext(folder, t, f, s, "white", x, b, enable=k) for k, (t, f, s, x, b, _) in enumerate(lines)]
    script = os.path.join(folder, "measure.filters")
    with open(script, "w") as f:
        f.write(",\n".join(filters + ["bbox=min_val=64"]))
    log = ffmpeg("-v", "info", "-f", "lavfi", "-i", f"color=c=black:s={w}x{h}:r=1", "-filter_script:v", script,
                 "-frames:v", str(len(lines)), "-f", "null", "-", cwd=folder, capture_output=True, text=True).stderr
    boxes = [tuple(int(v) for v in m) for m in re.findall(r"x1:(\d+) x2:(\d+) y1:(\d+) y2:(\d+)", log)]
    if len(boxes) != len(lines):
        sys.exit(f"error: bbox measured {len(boxes)} of {len(lines)} lines")
    return [(x1, y1, x2, y2) for x1, x2, y1, y2 in boxes]


def fits(video, spec, boxes):
    w, h = video["size"]
    for x1, y1, x2, y2 in boxes:
        if x2 > w - spec["left"] // 2 or y2 > h - spec["margin"]:
            return False
        if "inset" in spec:
            ix, iy, iw, ih = spec["inset"]
            g = spec["margin"]
            if x1 < ix + iw + g and x2 > ix - g and y1 < iy + ih + g and y2 > iy - g:
                return False
    return True


def render_slide(video, spec, lines, target, folder):
    w, h = video["size"]
    background, title_c, text_c, mark_c, rule_c = THEMES[video["theme"]]
    filters = [f"drawbox=x={spec['left']}:y={spec['rule']}:w={w - 2 * spec['left']}:h={max(2, spec['mark'] // 4)}:"
               f"color={rule_c}:t=fill"]
    for k, (text, font, size, x, baseline, mark) in enumerate(lines):
        if mark:   # a square bullet mark, centred on the lower-case letters
            m = spec["mark"]
            filters.append(f"drawbox=x={spec['left'] + m // 2}:y={baseline - round(size * 0.27) - m // 2}:w={m}:h={m}:"
                           f"color={mark_c}:t=fill")
        filters.append(drawtext(folder, text, font, size, title_c if k == 0 else text_c, x, baseline))
    script = os.path.join(folder, "slide.filters")
    with open(script, "w") as f:
        f.write(",\n".join(filters))
    ffmpeg("-v", "error", "-f", "lavfi", "-i", f"color=c={background}:s={w}x{h}:r=1", "-filter_script:v", script,
           "-frames:v", "1", target, cwd=folder)


def make_slides(rng, video, doc, used, folder):
    """The video's slides: a section of the document each (one not used yet in this set while there are), its
    heading as the title and a run of its sentences (in order, those that wrap into at most 2 lines) filling
    4-5 lines; runs are drawn again (at a narrower wrap) until every line fits beside the inset."""
    spec = layout(video)
    fonts = (font_file(video["font"], False), font_file(video["font"], True))
    fresh, seen = [hd for hd in doc if hd not in used], [hd for hd in doc if hd in used]
    rng.shuffle(fresh)
    rng.shuffle(seen)
    headings = fresh + seen   # sections used by an earlier video of the set only when the others run out
    slides = []
    for heading in headings:
        if len(slides) == SLIDES:
            break
        sentences, want, width = doc[heading], rng.choice(LINES), spec["chars"]
        for attempt in range(4):
            start, bullets = rng.randrange(len(sentences)), []
            for sentence in sentences[start:]:
                wrapped = textwrap.wrap(sentence, width)
                if len(wrapped) > 2:
                    continue
                if sum(map(len, bullets)) + len(wrapped) > want:
                    break
                bullets.append(wrapped)
            if sum(map(len, bullets)) < LINES[0] or len(bullets) < 2:
                continue
            lines = line_specs(video, spec, fonts, heading, bullets)
            boxes = measure(video, lines, folder)
            if fits(video, spec, boxes):
                break
            width -= 5
        else:
            continue
        used.add(heading)
        target = os.path.join(folder, f"{video['name']}-slide{len(slides) + 1:02d}.png")
        render_slide(video, spec, lines, target, folder)
        slides.append({"title": heading, "bullets": [" ".join(b) for b in bullets],
                       "text": "\n".join([heading] + [line for b in bullets for line in b]),
                       "boxes": boxes, "png": target})
    if len(slides) < SLIDES:
        sys.exit(f"error: {video['doc']}: only {len(slides)} sections left that fit a slide")
    return spec, slides


# --- The pointer: its picture (geq) and its path (segments of frames).

def arrow_geq(scale, edge, fill, rim):
    """An arrow 28x40 (times `scale`) with its tip at (1, 1): a head (a triangle) and a tail (a slanted bar),
    `edge` pixels of `rim` around `fill`. Each piece is an intersection of half-planes; the edge is where a
    pixel is inside a piece but less than `edge` from its sides."""
    def plane(ax, ay, bx, by, inside):
        nx, ny = -(by - ay), bx - ax
        if nx * (inside[0] - ax) + ny * (inside[1] - ay) < 0:
            nx, ny = -nx, -ny
        n = math.hypot(nx, ny)
        return f"(({nx / n:.4f})*(X/{scale}-{ax})+({ny / n:.4f})*(Y/{scale}-{ay}))*{scale}"
    a, b, c = (1, 1), (1, 31), (23, 24)
    head = [plane(*a, *b, c), plane(*a, *c, b), plane(*b, *c, a)]
    sx, sy, dx, dy, length, half = 9, 21, 0.42, 0.9075, 17, 3.6
    along = f"((X/{scale}-{sx})*{dx}+(Y/{scale}-{sy})*{dy})*{scale}"
    across = f"abs(-(X/{scale}-{sx})*{dy}+(Y/{scale}-{sy})*{dx})*{scale}"

    def inside(m):
        return (f"max({'*'.join(f'gte({p},{m})' for p in head)},"
                f"gte({along},{m})*lte({along},{length * scale - m})*lte({across},{half * scale - m}))")
    colour = lambda k: f"if({inside(edge)},{fill[k]},{rim[k]})"
    size = (math.ceil(28 * scale), math.ceil(40 * scale))
    return size, (1, 1), f"geq=r='{colour(0)}':g='{colour(1)}':b='{colour(2)}':a='255*{inside(0)}'"


def laser_geq(diameter):
    """A red laser dot: a bright core, a red disc, a soft edge."""
    size = diameter + 4
    c = size / 2 - 0.5
    d = f"hypot(X-{c},Y-{c})"
    r = diameter / 2
    core = f"if(lt({d},{r * 0.35}),220,30)"
    return (size, size), (size // 2, size // 2), f"geq=r='255':g='{core}':b='{core}':a='255*clip(({r + 1}-{d})/2,0,1)'"


POINTERS = {
    "black-arrow": lambda: arrow_geq(1.0, 2, (0, 0, 0), (255, 255, 255)),
    "white-arrow": lambda: arrow_geq(1.4, 2.5, (255, 255, 255), (0, 0, 0)),
    "laser": lambda: laser_geq(14),
}


def pointer_path(rng, video, spec, slides, starts, pointer_size):
    """Segments (first frame, end frame, kind, (x0, y0), (x1, y1)) of the pointer's tip over the whole video,
    slide by slide: actions over the text (rest on a word, sweep along a line, jump to another line) while
    the time spent over the text is less than the time spent off it, else actions off it (rest or glide in
    an empty place)."""
    w, h = video["size"]
    fps, s = video["fps"], h / 1080
    pw, ph = pointer_size

    def empty_point(boxes):
        for _ in range(200):
            x, y = rng.uniform(40 * s, w - pw - 40 * s), rng.uniform(40 * s, h - ph - 40 * s)
            near = lambda x1, y1, x2, y2, g: x < x2 + g and x + pw > x1 - g and y < y2 + g and y + ph > y1 - g
            if not any(near(*b, 20 * s) for b in boxes) and not ("inset" in spec and near(
                    spec["inset"][0], spec["inset"][1], spec["inset"][0] + spec["inset"][2],
                    spec["inset"][1] + spec["inset"][3], 20 * s)):
                return round(x), round(y)
        return round(w - pw - 60 * s), round(h / 2)

    segments, at = [], (round(w * 0.7), round(h * 0.6))
    over = off = 0
    for slide, (first, end) in zip(slides, starts):
        boxes, n = slide["boxes"], first

        def add(frames, kind, target):
            nonlocal n, at
            if n >= end:
                return 0
            frames = max(1, min(frames, end - n))
            segments.append((n, n + frames, kind, at, target))
            n, at = n + frames, target
            return frames

        def travel(target):
            """To `target`: a jump (the next frame shows it there) or an eased glide."""
            nonlocal at
            if rng.random() < 0.3:
                segments.append((n, n, "jump", at, target))
                at = target
            else:
                distance = math.hypot(target[0] - at[0], target[1] - at[1])
                add(round(fps * min(0.8, 0.15 + distance / (2200 * s))), "glide", target)

        while n < end:
            if over <= off:
                x1, y1, x2, y2 = rng.choice(boxes)
                mid = round((y1 + y2) / 2 + rng.uniform(-0.25, 0.35) * (y2 - y1))
                if rng.random() < 0.5:    # rest on a word
                    target = (round(rng.uniform(x1 + 4, max(x1 + 5, x2 - 4))), mid)
                    travel(target)
                    over += add(round(fps * rng.uniform(0.6, 2.2)), "rest-on-text", target)
                else:                     # sweep along the line, left to right
                    travel((x1 + round(rng.uniform(0, 30) * s), mid))
                    speed = rng.uniform(500, 900) * s
                    over += add(round(fps * max(0.3, (x2 - at[0]) / speed)), "sweep", (x2, mid))
            else:
                target = empty_point(boxes)
                if rng.random() < 0.5:
                    travel(target)
                    off += add(round(fps * rng.uniform(0.8, 2.5)), "rest-off-text", target)
                else:
                    off += add(round(fps * rng.uniform(0.8, 1.8)), "wander", target)
    return segments


def path_expressions(segments, hotspot):
    """overlay's x and y: the sum over the segments of [first <= n < end] * the position in it (eased glides)."""
    terms = ([], [])
    for first, end, kind, (x0, y0), (x1, y1) in segments:
        if end <= first:
            continue
        u = f"(n-{first})/{end - first}"
        u = f"(1-cos(PI*{u}))/2" if kind in ("glide", "wander") else u
        for k, (a, b, o) in enumerate(((x0, x1, hotspot[0]), (y0, y1, hotspot[1]))):
            value = f"{a - o}" if a == b else f"({a - o}+({b - a})*{u})"
            terms[k].append(f"between(n,{first},{end - 1})*{value}")
    return "+".join(terms[0]), "+".join(terms[1])


def positions(segments, frames):
    """The tip's place at each frame (for the manifest's share of frames over text)."""
    place = [None] * frames
    for first, end, kind, (x0, y0), (x1, y1) in segments:
        for n in range(first, min(end, frames)):
            u = (n - first) / (end - first)
            u = (1 - math.cos(math.pi * u)) / 2 if kind in ("glide", "wander") else u
            place[n] = (x0 + (x1 - x0) * u, y0 + (y1 - y0) * u)
    return place


# --- One video.

def make_video(rng, name, video, doc, used, folder):
    work = os.path.join(folder, "work-" + video["name"])
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    spec, slides = make_slides(rng, video, doc, used, work)
    fps, (w, h) = video["fps"], video["size"]
    lengths = [rng.randint(round(SECONDS[0] * fps), round(SECONDS[1] * fps)) for _ in slides]
    starts, frame = [], 0
    for length in lengths:
        starts.append((frame, frame + length))
        frame += length
    total = frame

    pointer_size, hotspot, geq = POINTERS[video["pointer"]]()
    pointer_png = os.path.join(folder, f"pointer-{video['pointer']}.png")
    ffmpeg("-v", "error", "-f", "lavfi", "-i", f"color=c=black@0:s={pointer_size[0]}x{pointer_size[1]},format=rgba,"
           f"{geq}", "-frames:v", "1", pointer_png)
    segments = pointer_path(rng, video, spec, slides, starts, pointer_size)
    px, py = path_expressions(segments, hotspot)

    inputs, parts = [], []
    for k, (slide, length) in enumerate(zip(slides, lengths)):
        inputs += ["-loop", "1", "-framerate", "1", "-t", str(math.ceil(length / fps) + 1), "-i", slide["png"]]
        parts.append(f"[{k}]format=yuv420p,fps={fps},trim=end_frame={length},setpts=PTS-STARTPTS[s{k}]")
    parts.append("".join(f"[s{k}]" for k in range(len(slides))) + f"concat=n={len(slides)}:v=1:a=0[deck]")
    count = len(slides)
    inputs += ["-loop", "1", "-framerate", str(fps), "-i", pointer_png]
    pointer_input, last = count, "[deck]"
    inset = None
    if video["inset"]:
        ix, iy, iw, ih = spec["inset"]
        clip = os.path.join(DATA, video["inset"]["clip"])
        length = float(video_facts(clip)["duration"])
        offset = round(rng.uniform(0, length - 1), 2)
        inputs += ["-stream_loop", "-1", "-ss", str(offset), "-an", "-i", clip]
        frame_c = THEMES[video["theme"]][4]
        parts.append(f"[{count + 1}]fps={fps},scale={iw}:{ih},setsar=1,format=yuv420p,"
                     f"drawbox=x=0:y=0:w=iw:h=ih:color={frame_c}:t={max(2, round(3 * h / 1080))}[cam]")
        parts.append(f"[deck][cam]overlay=x={ix}:y={iy}:eof_action=pass[withcam]")
        last = "[withcam]"
        inset = dict(video["inset"], x=ix, y=iy, width=iw, height=ih, offset=offset, file=clip)
    parts.append(f"{last}[{pointer_input}]overlay=x='{px}':y='{py}':eval=frame:format=yuv420,format=yuv420p[v]")
    script = os.path.join(work, "video.filters")
    with open(script, "w") as f:
        f.write(";\n".join(parts))
    if video["codec"] == "hevc":
        codec = ["-c:v", "libx265", "-preset", "ultrafast", "-crf", str(video["crf"]), "-tag:v", "hvc1",
                 "-x265-params", "log-level=error"]
    else:
        codec = ["-c:v", "libx264", "-preset", "veryfast", "-crf", str(video["crf"])]
    target = os.path.join(folder, video["name"] + ".mp4")
    began = time.monotonic()
    ffmpeg("-v", "error", *inputs, "-filter_complex_script", script, "-map", "[v]", "-frames:v", str(total),
           *codec, "-pix_fmt", "yuv420p", "-r", str(fps), "-movflags", "+faststart", target + ".part.mp4")
    os.replace(target + ".part.mp4", target)
    facts = video_facts(target)
    frames = int(subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-count_packets", "-show_entries",
                                 "stream=nb_read_packets", "-of", "csv=p=0", target], check=True, capture_output=True,
                                text=True).stdout.strip())
    if frames != total:
        sys.exit(f"error: {target}: {frames} frames, {total} planned")
    print(f"  {name}/{video['name']}.mp4: {count} slides, {total / fps:.1f} s ({time.monotonic() - began:.0f} s)",
          file=sys.stderr)

    place = positions(segments, total)

    def over_text(n):
        k = next(i for i, (a, b) in enumerate(starts) if a <= n < b)
        x, y = place[n]
        left, top = x - hotspot[0], y - hotspot[1]
        return any(left < x2 and left + pointer_size[0] > x1 and top < y2 and top + pointer_size[1] > y1
                   for x1, y1, x2, y2 in slides[k]["boxes"])
    shares = [sum(over_text(n) for n in range(a, b)) / (b - a) for a, b in starts]
    entry = {"name": video["name"], "video": video["name"] + ".mp4", "frames": total,
             "font": video["font"], "fontFiles": [os.path.basename(font_file(video["font"], b)) for b in (False, True)],
             "theme": video["theme"], "pointer": {"kind": video["pointer"], "png": os.path.basename(pointer_png),
                                                  "size": pointer_size, "hotspot": hotspot},
             "inset": inset, "crf": video["crf"],
             "document": {"name": video["doc"], **DOCS[video["doc"]]},
             "pointerOverText": round(sum(s * (b - a) for s, (a, b) in zip(shares, starts)) / total, 3),
             **facts,
             "slides": [{"slide": i + 1, "startFrame": a, "endFrame": b, "start": a / fps, "end": b / fps,
                         "title": s["title"], "text": s["text"], "lineBoxes": s["boxes"],
                         "pointerOverText": round(shares[i], 3)}
                        for i, (s, (a, b)) in enumerate(zip(slides, starts))],
             "pointerPath": [{"from": a, "to": b, "kind": kind, "at": list(p), "toward": list(q)}
                             for a, b, kind, p, q in segments]}
    shutil.rmtree(work)
    return entry


for name, videos in SETS.items():
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
    docs, used, entries = {}, set(), []
    for video in videos:
        if video["doc"] not in docs:
            docs[video["doc"]] = document(video["doc"])
        entries.append(make_video(rng, name, video, docs[video["doc"]], used, folder))
    write_json(manifest_path, {"set": name, "fingerprint": fingerprint, "seed": seed, "videos": entries})
PY
