#!/usr/bin/env bash
# Builds the HELD-OUT slide corpus of the OCR accuracy benchmark into Benchmarks/out/accuracy/heldout/slides/
# (ACC_SET=heldout Benchmarks/accuracy/slides.py measures it). It shares nothing with the tuning corpus
# (make-slides.sh): other Debian packages, other decks and beamer themes, other fonts, other texts, other
# codecs and frame rates. It exists to catch changes that only fit the tuning corpus: never tune on it.
#
#   lisaac/    lisaac-doc: slides.pdf (the Lisaac language talk): Warsaw-like beamer theme, white on blue
#              title bars and a navigation header, green/red coloured blocks, code with coloured keywords.
#   yosys/     yosys-doc: presentation.pdf (Yosys Open SYnthesis Suite): green title bars, prose, bullets,
#              Verilog code, a page of URLs.
#   mkconf/    mk-configure: presentation.pdf (MK-CONFIGURE talk): grey theme, C and Makefile listings in
#              framed monospace boxes.
#   darkfr/    texlive-latex-extra-doc: beamerdarkthemes' magpieexampleinfolines.pdf, a DARK theme (light text
#              on near-black), French (Tesseract fra).
#   darkblue/  texlive-latex-extra-doc: beamertheme-simpledarkblue-sample.pdf, 16:9: white on dark blue title
#              bars, coloured blocks, TWO COLUMNS, a table.
#   links/     one slide: a title and 4 URLs found in the documents above (yosys-doc, lisaac-doc, mk-configure,
#              debian-faq-ko), in Liberation Mono (title Liberation Serif), rendered with pango-view on a
#              light grey page, the second URL also as a QR code (qrencode).
#   lang-kor/  one slide of six sentences of the Korean Debian FAQ (debian-faq-ko: basic-defs.ko.html),
#              Nanum Myeongjo (a serif), rendered with pango-view.
#   lang-jpn/  one slide of six sentences of the Japanese Debian FAQ (debian-faq-ja: basic-defs.ja.html),
#              IPAMincho (a serif).
#   Pages of 4:3 decks are rendered 1440x1080 and centred on a BLACK 1920x1080 frame (a screen share of a
#   4:3 deck); 16:9 pages fill it.
#   Truth:     pdftotext (default mode) of the page, as in the tuning set; for the rendered slides, the text
#              rendered. Each slide also names its title (a line of its truth; beamer's navigation header
#              comes first in pdftotext's text, so the title is not always the first line).
#   Videos:    5 s a slide at 25 fps (the tuning set: 4 s at 30 fps), each deck in three encodings:
#              1080p-vp9 (VP9 in WebM, crf 32), 480p-h264 (854x480, H.264 crf 35, preset veryfast),
#              1080p-mpeg4 (MPEG-4 Part 2 in AVI, q 5).
#
# Each folder gets slide PNGs, truth files and manifest.json (the same form as make-slides.sh's, plus
# "videos" and each slide's "title"); set.json lists the rows that slides.py runs. A deck is remade when its
# folder is incomplete or its spec here changed. Documents are fetched with `apt-get download` and unpacked,
# not installed; of texlive-latex-extra-doc (about 600 MB) only the two folders used are extracted.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
out=$root/Benchmarks/out/accuracy/heldout/slides
src=$out/src
export PYTHONPATH=$here${PYTHONPATH:+:$PYTHONPATH}   # the embedded Python imports corpus.py from here
source "$here/corpus.sh"   # unpack_package

"$root/scripts/install-deps.sh" ffmpeg qrencode zbar-tools poppler-utils pango1.0-tools fonts-liberation2 \
    fonts-nanum fonts-ipafont-mincho tesseract-ocr tesseract-ocr-eng tesseract-ocr-kor tesseract-ocr-jpn \
    tesseract-ocr-fra python3
mkdir -p "$src"
for package in lisaac-doc yosys-doc mk-configure debian-faq-ko debian-faq-ja; do
    unpack_package "$package"
done
unpack_package texlive-latex-extra-doc './usr/share/doc/texlive-doc/latex/beamerdarkthemes/*' \
    './usr/share/doc/texlive-doc/latex/beamertheme-simpledarkblue/*'

python3 - "$out" "$src" <<'PY'
import hashlib, json, os, re, sys
from corpus import gunzipped, page_size, paragraphs, run, sentence_parts, write_json  # Benchmarks/accuracy/corpus.py

out, src = sys.argv[1], sys.argv[2]
SLIDE_SECONDS, FPS = 5, 25
TEXDOC = f"{src}/texlive-latex-extra-doc/usr/share/doc/texlive-doc/latex"
LISAAC = gunzipped(f"{src}/lisaac-doc/usr/share/doc/lisaac-doc/pdf/slides.pdf.gz", f"{src}/slides-lisaac.pdf")
MKCONF = gunzipped(f"{src}/mk-configure/usr/share/doc/mk-configure/presentation.pdf.gz",
                   f"{src}/presentation-mk-configure.pdf")
YOSYS = f"{src}/yosys-doc/usr/share/doc/yosys/presentation.pdf"
DARK = f"{TEXDOC}/beamerdarkthemes/magpieexampleinfolines.pdf"
DARKBLUE = f"{TEXDOC}/beamertheme-simpledarkblue/beamertheme-simpledarkblue-sample.pdf"
FAQ_KO = f"{src}/debian-faq-ko/usr/share/doc/debian/FAQ/ko/basic-defs.ko.html"
FAQ_JA = f"{src}/debian-faq-ja/usr/share/doc/debian/FAQ/ja/basic-defs.ja.html"

# A slide: source PDF, page, and `title`: the index of its title among the truth's non-empty lines.
DECKS = {
    "lisaac": dict(lang="eng", slides=[
        dict(pdf=LISAAC, page=3, title=3),     # "Why a new language ? (1/2)": green and red blocks
        dict(pdf=LISAAC, page=17, title=3),    # "Prototype": bullets, code words in red
        dict(pdf=LISAAC, page=23, title=4),    # "Slot identifier : loop": code, highlighted lines
        dict(pdf=LISAAC, page=29, title=3),    # "Style slot (2/3)": a diagram with code labels
    ]),
    "yosys": dict(lang="eng", slides=[
        dict(pdf=YOSYS, page=2),               # "Abstract": three paragraphs of prose
        dict(pdf=YOSYS, page=14),              # "What Yosys can and can't do": bullets, footnotes
        dict(pdf=YOSYS, page=32),              # "Example Project - Verilog Source: counter.v": code
        dict(pdf=YOSYS, page=59),              # "Documentation, Downloads, Contacts": URLs
    ]),
    "mkconf": dict(lang="eng", slides=[
        dict(pdf=MKCONF, page=3),              # "Concepts behind mk-configure": a grey block, bullets
        dict(pdf=MKCONF, page=9),              # C source in a framed box
        dict(pdf=MKCONF, page=21),             # Makefile in a framed box
        dict(pdf=MKCONF, page=46),             # "Features": a numbered list with nested bullets
    ]),
    "darkfr": dict(lang="fra", slides=[
        dict(pdf=DARK, page=1),                # title page, dark
        dict(pdf=DARK, page=2, title=2),       # blocks on dark, after the navigation header
        dict(pdf=DARK, page=4, title=1),       # yellow bullets on dark
    ]),
    "darkblue": dict(lang="eng", slides=[
        dict(pdf=DARKBLUE, page=1),            # title page: white on dark blue
        dict(pdf=DARKBLUE, page=3),            # "Bullet Points"
        dict(pdf=DARKBLUE, page=4),            # "Blocks of Highlighted Text": coloured blocks
        dict(pdf=DARKBLUE, page=6),            # "Multiple Columns": two columns
        dict(pdf=DARKBLUE, page=7),            # "Table"
    ]),
}
# The links slide: (document, a substring picking the first of its URLs that holds it), the QR code's URL.
LINK_TITLE = (YOSYS, 59)   # its title: the yosys page's title
LINKS = [(YOSYS, "documentation.html"), (LISAAC, "contact"), (MKCONF, "paexec"), (FAQ_KO, "social_contract#")]
LINK_QR = 1
# Language slides: (Tesseract language, source HTML, font, sentences).
LANGS = {
    "kor": (FAQ_KO, "Nanum Myeongjo", 6),
    "jpn": (FAQ_JA, "IPAMincho", 6),
}
ENCODINGS = {
    "1080p-vp9": ("webm", ["-vf", "format=yuv420p", "-c:v", "libvpx-vp9", "-crf", "32", "-b:v", "0",
                           "-deadline", "good", "-cpu-used", "4", "-row-mt", "1"]),
    "480p-h264": ("mp4", ["-vf", "scale=854:480,setsar=1,format=yuv420p", "-c:v", "libx264", "-crf", "35",
                          "-preset", "veryfast", "-movflags", "+faststart"]),
    "1080p-mpeg4": ("avi", ["-vf", "format=yuv420p", "-c:v", "mpeg4", "-q:v", "5", "-g", "250"]),
}


def fingerprint(*values):
    return hashlib.sha256(repr(values).replace(src, "SRC").encode()).hexdigest()[:16]


def up_to_date(folder, spec):
    try:
        with open(f"{folder}/manifest.json", encoding="utf-8") as f:
            made = json.load(f)
    except (OSError, ValueError):
        return False
    return made.get("spec") == spec and all(os.path.exists(f"{folder}/{v}") for v in made["videos"].values())


def size_of(png):
    return tuple(map(int, run("ffprobe", "-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0",
                              png).strip().split(",")))


def urls_of(path):
    text = run("pdftotext", path, "-") if path.endswith(".pdf") else open(path, encoding="utf-8").read()
    return [u.rstrip(".,;:)") for u in re.findall(r"https?://[^\s<>\"'()]+", text)]


def encode_all(folder, images):
    videos = {}
    inputs = []
    for image in images:
        inputs += ["-loop", "1", "-framerate", str(FPS), "-t", str(SLIDE_SECONDS), "-i", f"{folder}/{image}"]
    for encoding, (ext, options) in ENCODINGS.items():
        vf = options[options.index("-vf") + 1]
        rest = [o for i, o in enumerate(options) if i not in (options.index("-vf"), options.index("-vf") + 1)]
        graph = "".join(f"[{i}]" for i in range(len(images))) + f"concat=n={len(images)}:v=1:a=0,{vf}[v]"
        name = f"{encoding}.{ext}"
        tmp = f"{folder}/{encoding}.tmp.{ext}"
        run("ffmpeg", "-nostdin", "-v", "error", "-y", *inputs, "-filter_complex", graph, "-map", "[v]",
            "-r", str(FPS), *rest, tmp)
        os.replace(tmp, f"{folder}/{name}")
        videos[encoding] = name
    return videos


def entry(index, image, truth, title, codes, source, lang=None):
    lines = [line.strip() for line in truth.splitlines() if line.strip()]
    e = {"index": index, "start": index * SLIDE_SECONDS, "end": (index + 1) * SLIDE_SECONDS, "image": image,
         "truth": truth, "title": lines[title], "codes": codes, "source": source}
    if lang:
        e["lang"] = lang
    return e


def make_deck(name, deck):
    folder = f"{out}/{name}"
    spec = fingerprint(deck, ENCODINGS, SLIDE_SECONDS, FPS, "v1")
    if up_to_date(folder, spec):
        return
    os.makedirs(folder, exist_ok=True)
    entries = []
    for index, s in enumerate(deck["slides"]):
        pdf, page = s["pdf"], s["page"]
        w, h = page_size(pdf, page)
        scale = min(1920 / w, 1080 / h)
        truth = run("pdftotext", "-enc", "UTF-8", "-f", str(page), "-l", str(page), pdf, "-").replace("\f", "")
        base = f"{folder}/slide{index:02d}"
        run("pdftoppm", "-png", "-singlefile", "-f", str(page), "-l", str(page), "-r", f"{72 * scale:.4f}",
            "-W", str(min(1920, round(w * scale))), "-H", str(min(1080, round(h * scale))), pdf, base + "-page")
        run("ffmpeg", "-v", "error", "-y", "-i", base + "-page.png", "-vf",
            "pad=1920:1080:(ow-iw)/2:(oh-ih)/2:black,format=rgb24", "-frames:v", "1", base + ".png")
        with open(base + ".txt", "w", encoding="utf-8") as f:
            f.write(truth)
        entries.append(entry(index, os.path.basename(base + ".png"), truth, s.get("title", 0), [],
                             {"pdf": os.path.relpath(pdf, out), "page": page, "pdftotext": "default"}))
    videos = encode_all(folder, [e["image"] for e in entries])
    write_json(f"{folder}/manifest.json", {"deck": name, "spec": spec, "lang": deck["lang"],
                                           "slideSeconds": SLIDE_SECONDS, "fps": FPS, "encodings": list(videos),
                                           "videos": videos, "slides": entries})
    print(f"{name}: {len(entries)} slides, encodings {', '.join(videos)}", file=sys.stderr)


def pango(text_path, png, font, width, markup=False, background="white", foreground="black"):
    run("pango-view", "-q", "--pixels", f"--font={font}", f"--width={width}", "--wrap=word-char",
        "--margin=0", f"--background={background}", f"--foreground={foreground}", "--dpi=72",
        *(["--markup"] if markup else []), "-o", png, text_path)


def make_links():
    folder = f"{out}/links"
    urls = []
    for document, key in LINKS:
        urls.append(next(u for u in urls_of(document) if key in u))
    title_lines = [l.strip() for l in run("pdftotext", "-f", str(LINK_TITLE[1]), "-l", str(LINK_TITLE[1]),
                                           LINK_TITLE[0], "-").splitlines() if l.strip()]
    title = title_lines[0]
    spec = fingerprint(urls, title, LINK_QR, ENCODINGS, SLIDE_SECONDS, FPS, "v1")
    if up_to_date(folder, spec):
        return
    os.makedirs(folder, exist_ok=True)
    base = f"{folder}/slide00"
    truth = title + "\n" + "\n".join(urls) + "\n"
    esc = lambda s: s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    markup = (f"<span font='Liberation Serif Bold 64'>{esc(title)}</span>\n\n" +
              "\n\n".join(f"<span font='Liberation Mono 36'>{esc(u)}</span>" for u in urls))
    with open(base + ".markup", "w", encoding="utf-8") as f:
        f.write(markup)
    pango(base + ".markup", base + "-text.png", "Liberation Mono 36", 1400, markup=True, background="#f2f2f2",
          foreground="#202020")
    run("qrencode", "-l", "M", "-s", "7", "-m", "4", "-o", base + "-qr.png", urls[LINK_QR])
    run("ffmpeg", "-v", "error", "-y", "-i", base + "-text.png", "-i", base + "-qr.png", "-filter_complex",
        "[0]pad=1920:1080:100:110:#f2f2f2[p];[p][1]overlay=W-w-80:H-h-80,format=rgb24", "-frames:v", "1",
        base + ".png")
    with open(base + ".txt", "w", encoding="utf-8") as f:
        f.write(truth)
    entries = [entry(0, "slide00.png", truth, 0, [{"symbology": "QR-Code", "payload": urls[LINK_QR]}],
                     {"urls": [os.path.relpath(d, out) for d, _ in LINKS], "font": "Liberation Mono 36px"})]
    entries[0]["urls"] = urls
    videos = encode_all(folder, ["slide00.png"])
    write_json(f"{folder}/manifest.json", {"deck": "links", "spec": spec, "lang": "eng",
                                           "slideSeconds": SLIDE_SECONDS, "fps": FPS, "encodings": list(videos),
                                           "videos": videos, "slides": entries})
    print(f"links: {len(urls)} URLs, QR of {urls[LINK_QR]}", file=sys.stderr)


def make_language(lang, html_path, font, count):
    folder = f"{out}/lang-{lang}"
    spec = fingerprint(lang, html_path, font, count, ENCODINGS, SLIDE_SECONDS, FPS, "v1")
    if up_to_date(folder, spec):
        return
    os.makedirs(folder, exist_ok=True)
    # The first `count` sentences of the body paragraphs (those of 100 characters or more), in order;
    # each paragraph starts a new line on the slide.
    lines, taken = [], 0
    for paragraph in (p for p in paragraphs(html_path) if len(p) >= 100):
        sentences = sentence_parts(paragraph)
        take = sentences[:count - taken]
        lines.append("".join(take).strip())
        taken += len(take)
        if taken == count:
            break
    text = "\n".join(lines)
    base = f"{folder}/slide00"
    with open(base + ".txt", "w", encoding="utf-8") as f:
        f.write(text)
    for size in (48, 44, 40, 36, 32):
        pango(base + ".txt", base + "-text.png", f"{font} {size}", 1680)
        if size_of(base + "-text.png")[1] <= 900:
            break
    else:
        sys.exit(f"error: {lang} slide does not fit in 1920x1080")
    run("ffmpeg", "-v", "error", "-y", "-i", base + "-text.png", "-vf",
        "pad=1920:1080:120:(oh-ih)/2:white,format=rgb24", "-frames:v", "1", base + ".png")
    entries = [entry(0, "slide00.png", text, 0, [], {"html": os.path.relpath(html_path, out),
                                                     "sentences": count, "font": f"{font} {size}px"})]
    videos = encode_all(folder, ["slide00.png"])
    write_json(f"{folder}/manifest.json", {"deck": f"lang-{lang}", "spec": spec, "lang": lang,
                                           "slideSeconds": SLIDE_SECONDS, "fps": FPS, "encodings": list(videos),
                                           "videos": videos, "slides": entries})
    print(f"lang-{lang}: 1 slide, {taken} sentences, {font} {size}px", file=sys.stderr)


for name, deck in DECKS.items():
    make_deck(name, deck)
make_links()
for lang, (html_path, font, count) in LANGS.items():
    make_language(lang, html_path, font, count)
decks = list(DECKS) + ["links"] + [f"lang-{l}" for l in LANGS]
write_json(f"{out}/set.json", {"set": "heldout", "rows": [{"row": e, "decks": decks, "encoding": e} for e in ENCODINGS]})
slides = sum(len(d["slides"]) for d in DECKS.values()) + 1 + len(LANGS)
print(f"held-out slides corpus ready in {out} ({slides} slides in {len(decks)} decks x {len(ENCODINGS)} encodings)",
      file=sys.stderr)
PY
