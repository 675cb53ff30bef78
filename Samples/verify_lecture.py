#!/usr/bin/env python3
"""Checks behind verify-lecture.sh (stdlib only). Each subcommand prints what
it measured and exits non-zero on failure.

  probe   TRUTH PROBE.json FRAMES.csv MP4   container/stream/GOP checks
  cuts    TRUTH THUMBS.raw TW TH            every frame: slide changes exactly
                                            at startFrames, nowhere else
  stills  TRUTH DIR                         frames picked with select=eq(n,K):
                                            same/different slide, margins
  ocr     TRUTH DIR                         tesseract CER + zbarimg codes
"""

import json
import os
import sys

MAX_BYTES = 2 * 1024 * 1024
CUT = 40        # max |delta| of a 160x90 gray thumbnail: cuts are >= ~150,
SAME = 16       # x264 flicker inside one slide stays <= ~8
MARGIN = 60
MAX_CER = 0.02

failures = []


def check(ok, msg):
    print(("  ok   " if ok else "  FAIL ") + msg)
    if not ok:
        failures.append(msg)


def done():
    if failures:
        sys.exit("%d check(s) failed" % len(failures))


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def still_frames(truth):
    """Frames to inspect per slide: first, middle, last."""
    out = []
    for s in truth["slides"]:
        a, b = s["startFrame"], s["endFrame"]
        out.append((s["index"], "first", a))
        out.append((s["index"], "mid", (a + b) // 2))
        out.append((s["index"], "last", b - 1))
    return out


# --------------------------------------------------------------------- probe

def top_level_boxes(path):
    names = []
    with open(path, "rb") as f:
        while True:
            head = f.read(8)
            if len(head) < 8:
                return names
            size = int.from_bytes(head[:4], "big")
            if size == 1:
                size = int.from_bytes(f.read(8), "big")
                f.seek(size - 16, 1)
            else:
                f.seek(size - 8, 1)
            names.append(head[4:8].decode("latin-1"))


def cmd_probe(truth_path, probe_path, frames_path, mp4):
    truth, probe = load(truth_path), load(probe_path)
    streams = probe["streams"]
    v = [s for s in streams if s["codec_type"] == "video"]
    check(len(v) == 1, "exactly one video stream")
    check(not [s for s in streams if s["codec_type"] == "audio"],
          "no audio stream")
    v = v[0]
    check(v["codec_name"] == "h264" and v.get("profile") == "High",
          "H.264 High (%s %s)" % (v["codec_name"], v.get("profile")))
    check(v["pix_fmt"] == "yuv420p", "yuv420p (%s)" % v["pix_fmt"])
    check((v["width"], v["height"]) == (truth["width"], truth["height"]),
          "%dx%d" % (v["width"], v["height"]))
    fps = "%d/1" % truth["fps"]
    check(v["r_frame_rate"] == fps and v["avg_frame_rate"] == fps,
          "constant %s fps (r=%s avg=%s)"
          % (truth["fps"], v["r_frame_rate"], v["avg_frame_rate"]))
    n = int(v["nb_read_frames"])
    check(n == truth["frameCount"], "decoded %d frames, truth %d"
          % (n, truth["frameCount"]))
    dur = float(probe["format"]["duration"])
    check(abs(dur - truth["duration"]) < 0.05,
          "duration %.3f s, truth %.3f s" % (dur, truth["duration"]))
    size = os.path.getsize(mp4)
    check(size <= MAX_BYTES, "size %d bytes <= 2 MiB" % size)
    boxes = top_level_boxes(mp4)
    check("moov" in boxes and "mdat" in boxes
          and boxes.index("moov") < boxes.index("mdat"),
          "faststart: moov before mdat (%s)" % " ".join(boxes))

    # frames.csv: "frame,<key_frame>,<pict_type>" in presentation order.
    rows = [l.split(",") for l in open(frames_path).read().split()]
    keys = [i for i, r in enumerate(rows) if r[1] == "1"]
    types = {t: sum(1 for r in rows if r[2] == t) for t in "IPB"}
    check(types["B"] > 0, "has B-frames (I=%d P=%d B=%d)"
          % (types["I"], types["P"], types["B"]))
    starts = [s["startFrame"] for s in truth["slides"][1:]]
    check(not set(starts) & set(keys),
          "no slide change on a keyframe (keyframes at %s)" % keys)
    done()


# ---------------------------------------------------------------------- cuts

def cmd_cuts(truth_path, raw_path, tw, th):
    truth = load(truth_path)
    size = int(tw) * int(th)
    data = open(raw_path, "rb").read()
    n = len(data) // size
    check(n == truth["frameCount"], "thumbnail frames %d" % n)
    frames = [data[i * size:(i + 1) * size] for i in range(n)]
    delta = [0] + [max(abs(a - b) for a, b in zip(frames[i - 1], frames[i]))
                   for i in range(1, n)]
    cuts = [i for i in range(1, n) if delta[i] > CUT]
    starts = [s["startFrame"] for s in truth["slides"]][1:]
    check(cuts == starts, "changes at frames %s, truth %s" % (cuts, starts))
    within = max(d for i, d in enumerate(delta) if i not in starts)
    check(within <= SAME, "max change inside a slide %d (<= %d); "
          "smallest cut %d" % (within, SAME, min(delta[i] for i in starts)))
    done()


# -------------------------------------------------------------------- stills

def read_pgm(path):
    with open(path, "rb") as f:
        data = f.read()
    # Header: P5 <w> <h> <maxval> then one whitespace byte.
    parts, pos = [], 0
    while len(parts) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        parts.append(data[pos:end])
        pos = end
    assert parts[0] == b"P5"
    w, h = int(parts[1]), int(parts[2])
    return w, h, data[pos + 1:pos + 1 + w * h]


def max_diff(a, b):
    return max(abs(x - y) for x, y in zip(a, b))


def margin_ink(w, h, px):
    """Count pixels in the 60 px margins that differ strongly from the
    background (text ink). Rows 0..19 hold the accent band and are skipped."""
    bg = px[(h - 20) * w + w // 2]
    count = 0
    for y in range(20, h):
        row = px[y * w:(y + 1) * w]
        xs = range(w) if y < MARGIN or y >= h - MARGIN else \
            list(range(MARGIN)) + list(range(w - MARGIN, w))
        count += sum(1 for x in xs if abs(row[x] - bg) > 64)
    return count


def cmd_stills(truth_path, d):
    truth = load(truth_path)
    picks = still_frames(truth)
    thumbs = {}
    for k, (idx, which, frame) in enumerate(picks, 1):
        thumbs[(idx, which)] = read_pgm(os.path.join(d, "t_%03d.pgm" % k))[2]
        if which == "first":
            w, h, px = read_pgm(os.path.join(d, "g_%03d.pgm" % k))
            ink = margin_ink(w, h, px)
            check(ink == 0, "slide %d: no ink in the %d px margins (%d px)"
                  % (idx, MARGIN, ink))
    for s in truth["slides"]:
        i = s["index"]
        same = max(max_diff(thumbs[(i, "first")], thumbs[(i, w)])
                   for w in ("mid", "last"))
        check(same <= SAME, "slide %d: frames %d..%d identical slide "
              "(max delta %d)" % (i, s["startFrame"], s["endFrame"] - 1, same))
        if i:
            cut = max_diff(thumbs[(i - 1, "last")], thumbs[(i, "first")])
            check(cut > CUT, "boundary %d: frame %d vs %d differ (delta %d)"
                  % (i, s["startFrame"] - 1, s["startFrame"], cut))
    done()


# ----------------------------------------------------------------------- ocr

def levenshtein(a, b):
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1,
                           prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def normalize(text):
    """Compare line content only: strip each line, drop blank lines."""
    return "\n".join(l.strip() for l in text.splitlines() if l.strip())


def cmd_ocr(truth_path, d):
    truth = load(truth_path)
    for k, (idx, which, frame) in enumerate(still_frames(truth), 1):
        if which == "last":
            continue
        slide = truth["slides"][idx]
        want = normalize(slide["text"])
        got = normalize(open(os.path.join(d, "f_%03d.txt" % k)).read())
        cer = levenshtein(want, got) / len(want)
        check(cer < MAX_CER, "slide %d frame %4d (%s): tesseract CER %.2f%%"
              % (idx, frame, which, 100 * cer))
        if cer:
            print("         want: %r\n         got:  %r" % (want, got))
        codes = sorted(open(os.path.join(d, "f_%03d.zbar" % k)).read()
                       .split())
        expect = sorted("%s:%s" % (c["symbology"], c["payload"])
                        for c in slide["codes"])
        check(codes == expect, "slide %d frame %4d (%s): zbarimg %s"
              % (idx, frame, which, codes or "nothing"))
    done()


def main():
    cmds = {"probe": (cmd_probe, 4), "cuts": (cmd_cuts, 4),
            "stills": (cmd_stills, 2), "ocr": (cmd_ocr, 2)}
    if len(sys.argv) < 2 or sys.argv[1] not in cmds \
            or len(sys.argv) - 2 != cmds[sys.argv[1]][1]:
        sys.exit(__doc__)
    fn, _ = cmds[sys.argv[1]]
    fn(*sys.argv[2:])


if __name__ == "__main__":
    main()
