#!/usr/bin/env python3
"""Slide deck definition for the FrameLens sample video (stdlib only).

This file is the single source of truth: make-lecture.sh asks it for the
per-slide ffmpeg filter graphs (so what is drawn is exactly what is listed)
and for the ground-truth JSON. verify-lecture.sh reads the JSON back.

Subcommands:
  deck.py plan DIR   write DIR/slides.tsv, DIR/slide_K.filter, DIR/slide_K_L.txt
  deck.py json       print lecture.json to stdout
"""

import json
import os
import sys

W, H, FPS = 1280, 720, 30
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
FONT_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

# Slide k occupies frames [start_k, start_{k+1}). The boundaries are irregular
# on purpose: none is a multiple of the GOP length (300) or of 30 (a whole
# second), so slide changes land mid-GOP and between second ticks.
FRAME_COUNT = 1800

# Bullet markers are deliberately low-contrast (pale blue on white, muted
# blue on navy): clearly visible, but a binarizing OCR engine (tesseract)
# drops them as background instead of reading them as "=" or "a", so the
# OCR output lines up with the marker-free ground truth.
LIGHT = {"bg": "0xFFFFFF", "title": "0x1A2A57", "body": "0x1E1E1E",
         "accent": "0x2F5DA8", "marker": "0xA9BFE3"}
DARK = {"bg": "0x14213D", "title": "0xFFFFFF", "body": "0xE8EEF8",
        "accent": "0xF2B134", "marker": "0x34507E"}

QR_PAYLOAD = "https://example.edu/cs101/quiz?id=42"
EAN = "9780306406157"  # ISBN 978-0-306-40615-7, a valid check digit

WHY_OCR = [
    "Slides hold the key facts of a lecture",
    "Students pause the video to copy text",
    "Typing it by hand is slow and error-prone",
]

# "detections" lists the literal substrings as drawn, non-overlapping: a date
# with a time ("... at 10:30") is one "date" entry, not also a "time".
SLIDES = [
    {"start": 0, "layout": "title",
     "lines": ["CS 101: Introduction to Computing",
               "Lecture 7: Reading Text from Video",
               "Dr. Ada Lovelace",
               "March 14, 2026"],
     "detections": {"date": ["March 14, 2026"]}},
    {"start": 221, "title": "Agenda",
     "bullets": ["Recap of last week",
                 "Course logistics and contacts",
                 "Why lecture videos need OCR",
                 "Quick quiz and course materials",
                 "Conference trip and summary"]},
    {"start": 398, "title": "Course Logistics",
     "bullets": ["Notes: https://example.edu/cs101/notes",
                 "Email: ada.lovelace@example.edu",
                 "Phone: +1 (415) 555-0123",
                 "Midterm: Friday, April 3, 2026 at 10:30"],
     "detections": {"url": ["https://example.edu/cs101/notes"],
                    "email": ["ada.lovelace@example.edu"],
                    "phone": ["+1 (415) 555-0123"],
                    "date": ["Friday, April 3, 2026 at 10:30"]}},
    # Bullet reveal: same title, the next slide adds one line.
    {"start": 617, "title": "Why Lecture Videos Need OCR",
     "bullets": WHY_OCR},
    {"start": 803, "title": "Why Lecture Videos Need OCR",
     "bullets": WHY_OCR + ["OCR turns a paused frame into text"]},
    # QR on the right; bullets kept short so they stay left of it.
    {"start": 1004, "title": "Quick Quiz",
     "bullets": ["Scan the QR code",
                 "Quiz ID: 42",
                 "Five short questions",
                 "Quiz closes at 11:45"],
     "code": {"kind": "qr", "payload": QR_PAYLOAD,
              "symbology": "QR-Code", "x": 904, "y": 190},
     "detections": {"time": ["11:45"]}},
    # Barcode below the bullets, tighter line step to leave room for it.
    {"start": 1262, "title": "Course Textbook",
     "bullets": ["Computing Basics, 3rd edition",
                 "ISBN 978-0-306-40615-7",
                 "Price: EUR 49.90",
                 "Scan the barcode at the campus store"],
     "step": 68,
     "code": {"kind": "ean13", "payload": EAN,
              "symbology": "EAN-13", "x": 406, "y": 486},
     "detections": {"money": ["EUR 49.90"]}},
    {"start": 1441, "title": "Conference Trip", "dark": True,
     "bullets": ["Flight BA 283 to London Heathrow",
                 "Departure: 2026-04-02",
                 "Travel grant: $1,250.00 per student",
                 "Keynote talk: 90 minutes"],
     "detections": {"flight": ["BA 283"], "date": ["2026-04-02"],
                    "money": ["$1,250.00"], "duration": ["90 minutes"]}},
    {"start": 1637, "title": "Summary",
     "bullets": ["Paused frames carry readable text",
                 "QR codes and barcodes are data too",
                 "Next lecture: March 21, 2026",
                 "Questions? Email the course staff"],
     "detections": {"date": ["March 21, 2026"]}},
]

# Layout constants (px). Text stays >= 60 px from every frame edge.
MARGIN = 60
TITLE_SIZE, TITLE_Y = 56, 64
RULE_Y = 146                       # accent rule under the title
BODY_SIZE, BODY_X, BODY_Y0, BODY_STEP = 38, 112, 196, 76
MARKER_X, MARKER = 74, 14          # filled square bullet, not a glyph
TITLE_SLIDE_SIZES = [54, 42, 40, 40]   # 54 px keeps the long title >= 60 px
TITLE_SLIDE_YS = [236, 340, 420, 490]  # from the left/right edges


def lines_of(slide):
    if slide.get("layout") == "title":
        return list(slide["lines"])
    return [slide["title"]] + list(slide["bullets"])


def end_frame(i):
    return SLIDES[i + 1]["start"] if i + 1 < len(SLIDES) else FRAME_COUNT


def seconds(frame):
    return round(frame / FPS, 6)


# ---------------------------------------------------------------- rendering

def drawtext(textfile, font, size, color, x, y):
    # textfile + expansion=none: the text is used byte for byte, so ':' '%'
    # '$' need no filter-graph escaping and cannot be mangled.
    return ("drawtext=fontfile=%s:textfile=%s:expansion=none:fontsize=%d:"
            "fontcolor=%s:x=%s:y=%d" % (font, textfile, size, color, x, y))


def drawbox(x, y, w, h, color):
    return "drawbox=x=%d:y=%d:w=%d:h=%d:color=%s:t=fill" % (x, y, w, h, color)


def slide_filters(i, slide, outdir):
    """Filter chain (after format=rgb24) drawing slide i's text and shapes."""
    pal = DARK if slide.get("dark") else LIGHT
    chain = [drawbox(0, 0, W, 12, pal["accent"])]   # top accent band
    lines = lines_of(slide)
    txt = []
    for j, line in enumerate(lines):
        path = os.path.join(outdir, "slide_%d_%d.txt" % (i, j))
        with open(path, "w", encoding="utf-8") as f:
            f.write(line)                           # no trailing newline
        txt.append(path)

    if slide.get("layout") == "title":
        for j, path in enumerate(txt):
            font = FONT_BOLD if j == 0 else FONT
            color = pal["title"] if j == 0 else pal["body"]
            chain.append(drawtext(path, font, TITLE_SLIDE_SIZES[j], color,
                                  "(w-text_w)/2", TITLE_SLIDE_YS[j]))
        chain.append(drawbox(440, 314, 400, 4, pal["accent"]))
        return chain

    chain.append(drawtext(txt[0], FONT_BOLD, TITLE_SIZE, pal["title"],
                          str(MARGIN), TITLE_Y))
    chain.append(drawbox(MARGIN, RULE_Y, W - 2 * MARGIN, 4, pal["accent"]))
    step = slide.get("step", BODY_STEP)
    for j, path in enumerate(txt[1:]):
        y = BODY_Y0 + j * step
        # Square centred on the x-height band of a 38 px DejaVu line.
        chain.append(drawbox(MARKER_X, y + 11, MARKER, MARKER, pal["marker"]))
        chain.append(drawtext(path, FONT, BODY_SIZE, pal["body"],
                              str(BODY_X), y))
    return chain


def cmd_plan(outdir):
    """Write one filter script per slide plus slides.tsv for the shell."""
    rows = []
    for i, slide in enumerate(SLIDES):
        pal = DARK if slide.get("dark") else LIGHT
        chain = ",".join(["format=rgb24"] + slide_filters(i, slide, outdir))
        code = slide.get("code")
        if code:
            graph = ("[0:v]%s[bg];[bg][1:v]overlay=x=%d:y=%d:format=rgb[out]"
                     % (chain, code["x"], code["y"]))
        else:
            graph = "[0:v]%s[out]" % chain
        with open(os.path.join(outdir, "slide_%d.filter" % i), "w") as f:
            f.write(graph + "\n")
        rows.append("\t".join([
            str(i), str(slide["start"]), str(end_frame(i) - slide["start"]),
            pal["bg"], code["kind"] if code else "none",
            code["payload"] if code else "-"]))
    with open(os.path.join(outdir, "slides.tsv"), "w") as f:
        f.write("\n".join(rows) + "\n")


# ------------------------------------------------------------- ground truth

def truth():
    slides = []
    for i, slide in enumerate(SLIDES):
        lines = lines_of(slide)
        text = "\n".join(lines)
        det = {k: v for k, v in slide.get("detections", {}).items() if v}
        for kind, values in det.items():
            for v in values:
                assert v in text, "slide %d: %s %r not drawn" % (i, kind, v)
        code = slide.get("code")
        slides.append({
            "index": i,
            "startFrame": slide["start"],
            "endFrame": end_frame(i),
            "start": seconds(slide["start"]),
            "end": seconds(end_frame(i)),
            "lightOnDark": bool(slide.get("dark")),
            "lines": lines,
            "text": text,
            "codes": ([{"symbology": code["symbology"],
                        "payload": code["payload"]}] if code else []),
            "detections": det,
        })
        assert end_frame(i) > slide["start"]
    return {"video": "lecture.mp4", "width": W, "height": H, "fps": FPS,
            "frameCount": FRAME_COUNT, "duration": seconds(FRAME_COUNT),
            "slides": slides}


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "plan":
        cmd_plan(sys.argv[2])
    elif len(sys.argv) == 2 and sys.argv[1] == "json":
        sys.stdout.write(json.dumps(truth(), indent=2, sort_keys=True,
                                    ensure_ascii=False) + "\n")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
