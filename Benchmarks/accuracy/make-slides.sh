#!/usr/bin/env bash
# Builds the slide corpus of the OCR accuracy benchmark into Benchmarks/out/accuracy/slides/, from
# third-party documents only (nothing here is text typed by hand):
#
#   talk/   8 pages of beamer's example conference talk (texlive-latex-recommended-doc:
#           beamerexample-conference-talk.pdf): title, outline, bullets, a numbered list with a figure,
#           a theorem, the summary. 4:3 pages rendered 1440x1080, centred on a white 1920x1080 frame.
#   docs/   4 crops of documents, zoomed as a screen share of a document is: two tables from the Debian
#           Reference Card (debian-refcard: refcard-en-a4.pdf), LaTeX code and prose with code from the
#           beamer user guide (beameruserguide.pdf, pages 20 and 23).
#   Truth:  pdftotext of the same page (and crop): `-raw` (content-stream order) for the two tables, so
#           that they read row by row and cell by cell, left cell then right cell; `-layout` for the
#           user guide's crops (no difference there).
#   Codes:  7 QR codes (qrencode) in the white side margins of 6 slides; their payloads are the
#           documents' own URLs and lines of the slides' own text.
#   Videos: each deck at 30 fps, 4 s a slide, H.264, in four encodings: 1080p (crf 18), 480p (854x480,
#           crf 35), rot90 (stored 1080x1920 turned counter-clockwise, with an MP4 display matrix asking
#           for a 90-degree clockwise turn, so players show it upright) and anamorphic (1440x1080 with a
#           4:3 sample aspect ratio, displayed 1920x1080).
#   lang-kor, lang-jpn, lang-vie, lang-por/
#           3 slides each, 1280x720 (pango-view, Noto Sans CJK / DejaVu Sans), of the first paragraphs of
#           the Debian Manifesto in Korean, Japanese and Portuguese (debian-history, manifesto.*.html) and
#           of the Vietnamese New Maintainers' Guide (maint-guide-vi, start.vi.html), cut at a sentence
#           end; truth = the text rendered. One encoding: 720p (crf 18).
#
# Each folder gets slide PNGs, truth files and manifest.json (slides, times, truth, expected codes,
# sources) that slides.py reads. Work already done is skipped: a deck is remade only when its folder is
# incomplete or its spec in this script changed (delete a folder to force it).
# The document packages are fetched with `apt-get download` and unpacked into the cache with dpkg-deb,
# not installed: installing texlive-latex-recommended-doc would pull in texlive-base and texlive-binaries.
# The tools (poppler-utils, pango1.0-tools, fonts, Tesseract's kor/jpn/vie/por models, ...) are installed
# with apt-get when missing.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
out=$root/Benchmarks/out/accuracy/slides
src=$out/src
export PYTHONPATH=$here${PYTHONPATH:+:$PYTHONPATH}   # the embedded Python imports corpus.py from here
source "$here/corpus.sh"   # unpack_package

"$root/scripts/install-deps.sh" ffmpeg qrencode zbar-tools poppler-utils pango1.0-tools fonts-dejavu-core fonts-noto-cjk \
    tesseract-ocr tesseract-ocr-eng tesseract-ocr-kor tesseract-ocr-jpn tesseract-ocr-vie tesseract-ocr-por \
    python3
mkdir -p "$src"
for package in texlive-latex-recommended-doc debian-refcard debian-history maint-guide-vi; do
    unpack_package "$package"
done

python3 - "$out" "$src" <<'PY'
import hashlib, json, os, re, struct, sys, tempfile
from corpus import gunzipped, page_size, paragraphs, run, sentences_up_to, write_json  # Benchmarks/accuracy/corpus.py

out, src = sys.argv[1], sys.argv[2]
SLIDE_SECONDS, FPS = 4, 30
BEAMER = f"{src}/texlive-latex-recommended-doc/usr/share/doc/texlive-doc/latex/beamer"
TALK = f"{BEAMER}/beamerexample-conference-talk.pdf"
GUIDE = f"{BEAMER}/beameruserguide.pdf"
REFCARD = gunzipped(f"{src}/debian-refcard/usr/share/doc/debian-refcard/refcard-en-a4.pdf.gz",
                    f"{src}/refcard-en-a4.pdf")
HISTORY = f"{src}/debian-history/usr/share/doc/debian-history/docs"
MAINT_VI = f"{src}/maint-guide-vi/usr/share/doc/maint-guide-vi/html/start.vi.html"

# A slide: source PDF, page, crop in PDF points (x, y, w, h; None = the whole page), pdftotext mode,
# and its QR codes: ("line", K) = the K-th non-empty line of the slide's truth, ("url", PDF, K) = the
# K-th complete URL in the whole document's text; each code goes in the right margin, a second one in
# the left margin.
DECKS = {
    "talk": [
        dict(pdf=TALK, page=1, qr=[("line", 3), ("line", 4)]),       # title page
        dict(pdf=TALK, page=2),                                       # outline
        dict(pdf=TALK, page=4, qr=[("line", 4)]),                     # inputs/outputs bullets
        dict(pdf=TALK, page=7),                                       # numbered list and a figure
        dict(pdf=TALK, page=16),                                      # theorem, proof sketch
        dict(pdf=TALK, page=17),                                      # corollaries
        dict(pdf=TALK, page=22, qr=[("line", 4)]),                    # bullets
        dict(pdf=TALK, page=26),                                      # summary
    ],
    "docs": [
        dict(pdf=REFCARD, page=1, crop=(580, 92, 242, 214), mode="raw", qr=[("url", REFCARD, 0)]),
        dict(pdf=REFCARD, page=2, crop=(18, 300, 244, 206), mode="raw", qr=[("url", REFCARD, 2)]),
        dict(pdf=GUIDE, page=20, crop=(56, 66, 484, 312), mode="layout"),
        dict(pdf=GUIDE, page=23, crop=(56, 453, 284, 163), mode="layout", qr=[("url", GUIDE, 0)]),
    ],
}
ENCODINGS = {
    "1080p": ["-vf", "format=yuv420p", "-crf", "18"],
    "480p": ["-vf", "scale=854:480,setsar=1,format=yuv420p", "-crf", "35"],
    "rot90": ["-vf", "transpose=cclock,format=yuv420p", "-crf", "18"],
    "anamorphic": ["-vf", "scale=1440:1080,setsar=4/3,format=yuv420p", "-crf", "18"],
}
# Language slides: (Tesseract language, source HTML, font, characters per slide at most).
LANGS = {
    "kor": (f"{HISTORY}/manifesto.ko.html", "Noto Sans CJK KR", 190),
    "jpn": (f"{HISTORY}/manifesto.ja.html", "Noto Sans CJK JP", 190),
    "vie": (MAINT_VI, "DejaVu Sans", 420),
    "por": (f"{HISTORY}/manifesto.pt.html", "DejaVu Sans", 420),
}


_urls = {}
def document_urls(pdf):
    """The complete URLs in a document's text, in order, once each (a URL broken over lines is left out)."""
    if pdf not in _urls:
        seen = []
        for url in re.findall(r"https?://[^\s<>\"'()]+", run("pdftotext", pdf, "-")):
            url = url.rstrip(".,;:")
            host = url.split("/")[2] if url.count("/") >= 2 else ""
            if "." in host and not host.endswith(".") and url not in seen:
                seen.append(url)
        _urls[pdf] = seen
    return _urls[pdf]


def qr_png(payload, path):
    # Module size 6 px, quiet zone 4 modules: about 200 px for a short URL.
    run("qrencode", "-l", "M", "-s", "6", "-m", "4", "-o", path, payload)


def up_to_date(folder, spec, videos):
    """Whether the folder holds a deck made from this very spec (so an edited spec is remade)."""
    try:
        with open(f"{folder}/manifest.json", encoding="utf-8") as f:
            made = json.load(f).get("spec")
    except (OSError, ValueError):
        return False
    return made == spec and all(os.path.exists(f"{folder}/{v}.mp4") for v in videos)


def fingerprint(*values):
    return hashlib.sha256(repr(values).replace(src, "SRC").encode()).hexdigest()[:16]


def make_deck(name, slides):
    folder = f"{out}/{name}"
    manifest_path = f"{folder}/manifest.json"
    deck_spec = fingerprint(slides, ENCODINGS, SLIDE_SECONDS, FPS)
    if up_to_date(folder, deck_spec, ENCODINGS):
        return
    os.makedirs(folder, exist_ok=True)
    entries = []
    for index, spec in enumerate(slides):
        pdf, page = spec["pdf"], spec["page"]
        pw, ph = page_size(pdf, page)
        x, y, w, h = spec.get("crop") or (0, 0, pw, ph)
        scale = min(1440 / w, 1080 / h)
        # Truth: pdftotext of the page, or of the crop (its units are points at the default 72 dpi).
        args = ["pdftotext", "-enc", "UTF-8", "-f", str(page), "-l", str(page)]
        if spec.get("mode"):
            args.append("-" + spec["mode"])
        if spec.get("crop"):
            args += ["-x", str(x), "-y", str(y), "-W", str(w), "-H", str(h)]
        truth = run(*args, pdf, "-").replace("\f", "")
        lines = [line.strip() for line in truth.splitlines() if line.strip()]
        # The picture: the crop at the scale that fits it into 1440x1080.
        base = f"{folder}/slide{index:02d}"
        run("pdftoppm", "-png", "-singlefile", "-f", str(page), "-l", str(page), "-r", f"{72 * scale:.4f}",
            "-x", str(round(x * scale)), "-y", str(round(y * scale)),
            "-W", str(round(w * scale)), "-H", str(round(h * scale)), pdf, base + "-page")
        codes = []
        for k, source in enumerate(spec.get("qr", [])):
            payload = lines[source[1]] if source[0] == "line" else document_urls(source[1])[source[2]]
            qr_png(payload, f"{base}-qr{k}.png")
            codes.append({"symbology": "QR-Code", "payload": payload})
        # Centred on white 1920x1080; codes at the bottom of the right (then left) margin.
        inputs = ["-i", base + "-page.png"]
        graph = "[0]pad=1920:1080:(ow-iw)/2:(oh-ih)/2:white,format=rgb24[s0]"
        for k in range(len(codes)):
            inputs += ["-i", f"{base}-qr{k}.png"]
            position = "W-w-20:H-h-20" if k == 0 else "20:H-h-20"
            graph += f";[s{k}][{k + 1}]overlay={position}[s{k + 1}]"
        run("ffmpeg", "-v", "error", "-y", *inputs, "-filter_complex", graph, "-map", f"[s{len(codes)}]",
            "-frames:v", "1", base + ".png")
        with open(base + ".txt", "w", encoding="utf-8") as f:
            f.write(truth)
        entries.append({
            "index": index, "start": index * SLIDE_SECONDS, "end": (index + 1) * SLIDE_SECONDS,
            "image": os.path.basename(base + ".png"), "truth": truth, "codes": codes,
            "source": {"pdf": os.path.relpath(pdf, out), "page": page,
                       "crop": list(spec["crop"]) if spec.get("crop") else None,
                       "pdftotext": "-" + spec["mode"] if spec.get("mode") else "default"},
        })
    for encoding, options in ENCODINGS.items():
        encode(folder, [e["image"] for e in entries], f"{folder}/{encoding}.mp4", options,
               rotate=encoding == "rot90")
    write_json(manifest_path, {"deck": name, "spec": deck_spec, "lang": "eng", "slideSeconds": SLIDE_SECONDS, "fps": FPS,
                               "encodings": list(ENCODINGS), "slides": entries})
    print(f"{name}: {len(entries)} slides, {sum(len(e['codes']) for e in entries)} codes, "
          f"encodings {', '.join(ENCODINGS)}", file=sys.stderr)


def encode(folder, images, path, options, rotate=False):
    """Each image for SLIDE_SECONDS at FPS, one after another, as H.264 in MP4."""
    inputs = []
    for image in images:
        inputs += ["-loop", "1", "-framerate", str(FPS), "-t", str(SLIDE_SECONDS), "-i", f"{folder}/{image}"]
    vf = options[options.index("-vf") + 1]
    rest = [o for i, o in enumerate(options) if i not in (options.index("-vf"), options.index("-vf") + 1)]
    graph = "".join(f"[{i}]" for i in range(len(images))) + f"concat=n={len(images)}:v=1:a=0,{vf}[v]"
    tmp = path + ".tmp.mp4"
    run("ffmpeg", "-v", "error", "-y", *inputs, "-filter_complex", graph, "-map", "[v]", "-r", str(FPS),
        "-c:v", "libx264", *rest, "-movflags", "+faststart", tmp)
    if rotate:
        set_display_rotation(tmp, 90)
        check_rotation(tmp)
    os.replace(tmp, path)


def set_display_rotation(path, degrees):
    """Writes a clockwise rotation into the first track's tkhd matrix (ffmpeg 5.1 cannot set it)."""
    with open(path, "r+b") as f:
        data = f.read()
        at = data.index(b"tkhd")  # with +faststart the moov box, and so the tkhd, comes first
        version = data[at + 4]
        offset = at + 4 + 4 + (32 if version == 1 else 20) + 8 + 8
        one = 0x10000
        a, b, c, d = {90: (0, one, -one, 0), 180: (-one, 0, 0, -one), 270: (0, -one, one, 0)}[degrees]
        f.seek(offset)
        f.write(struct.pack(">9i", a, b, 0, c, d, 0, 0, 0, 0x40000000))


def check_rotation(path):
    side = run("ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
               "stream_side_data=rotation:stream=width,height", "-of", "json", path)
    info = json.loads(side)["streams"][0]
    rotation = [s.get("rotation") for s in info.get("side_data_list", [])]
    if rotation != [-90] or (info["width"], info["height"]) != (1080, 1920):
        sys.exit(f"error: {path}: expected a display matrix of -90 on 1080x1920, got {info}")
    with tempfile.TemporaryDirectory() as tmp:
        run("ffmpeg", "-v", "error", "-i", path, "-frames:v", "1", f"{tmp}/f.png")
        size = run("ffprobe", "-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0",
                   f"{tmp}/f.png").strip()
    if size != "1920,1080":
        sys.exit(f"error: {path}: ffmpeg's autorotated frame is {size}, not 1920,1080")


def make_language(lang, html_path, font, limit):
    folder = f"{out}/lang-{lang}"
    manifest_path = f"{folder}/manifest.json"
    spec = fingerprint(lang, html_path, font, limit, SLIDE_SECONDS, FPS)
    if up_to_date(folder, spec, ["720p"]):
        return
    os.makedirs(folder, exist_ok=True)
    # Body paragraphs: the first three of 100 characters or more (skips the contents and the byline).
    body = [p for p in paragraphs(html_path) if len(p) >= 100][:3]
    entries = []
    for index, paragraph in enumerate(body):
        text = sentences_up_to(paragraph, limit)
        base = f"{folder}/slide{index:02d}"
        with open(base + ".txt", "w", encoding="utf-8") as f:
            f.write(text)
        for size in (30, 28, 26, 24, 22):
            run("pango-view", "-q", "--pixels", f"--font={font} {size}", "--width=1120", "--wrap=word-char",
                "--margin=0", "--background=white", "--foreground=black", "--dpi=72",
                "-o", base + "-text.png", base + ".txt")
            w, h = map(int, run("ffprobe", "-v", "error", "-show_entries", "stream=width,height", "-of",
                                "csv=p=0", base + "-text.png").strip().split(","))
            if h <= 600:
                break
        else:
            sys.exit(f"error: {lang} slide {index} does not fit in 1280x720")
        run("ffmpeg", "-v", "error", "-y", "-i", base + "-text.png", "-vf",
            "pad=1280:720:80:(oh-ih)/2:white,format=rgb24", "-frames:v", "1", base + ".png")
        entries.append({"index": index, "start": index * SLIDE_SECONDS, "end": (index + 1) * SLIDE_SECONDS,
                        "image": os.path.basename(base + ".png"), "truth": text, "codes": [],
                        "source": {"html": os.path.relpath(html_path, out), "paragraph": index,
                                   "font": f"{font} {size}px"}})
    encode(folder, [e["image"] for e in entries], f"{folder}/720p.mp4",
           ["-vf", "format=yuv420p", "-crf", "18"])
    write_json(manifest_path, {"deck": f"lang-{lang}", "spec": spec, "lang": lang, "slideSeconds": SLIDE_SECONDS,
                               "fps": FPS, "encodings": ["720p"], "slides": entries})
    print(f"lang-{lang}: {len(entries)} slides", file=sys.stderr)


for name, slides in DECKS.items():
    make_deck(name, slides)
for lang, (html_path, font, limit) in LANGS.items():
    make_language(lang, html_path, font, limit)
total = sum(len(json.load(open(f"{out}/{d}/manifest.json"))["slides"][i]["codes"])
            for d in DECKS for i in range(len(DECKS[d])))
print(f"slides corpus ready in {out} ({sum(map(len, DECKS.values()))} slides with {total} codes in "
      f"{len(DECKS)} decks x {len(ENCODINGS)} encodings; {len(LANGS)} language decks)", file=sys.stderr)
PY
