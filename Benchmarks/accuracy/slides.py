#!/usr/bin/env python3
"""OCR accuracy on the slide corpus (make-slides.sh): framelens against the tools people use by hand.

For every slide of every video, at the middle of the slide's display time T:
  grab       framelens grab V --at T --json            (transcript, codes)
  index      framelens index V --format json, once per video; the cue covering T
  tesseract  ffmpeg -ss T -i V -frames:v 1 f.png; tesseract f.png -   (ffmpeg autorotates; it does not
             apply the sample aspect ratio, so the anamorphic frame stays 1440x1080)
  rapidocr   RapidOCR (PP-OCRv4, rapidocr_onnxruntime from venv.sh) on the same f.png, in one process
  zbarimg    zbarimg on the same f.png (codes)
CER = Levenshtein / reference length after collapsing whitespace (Benchmarks/cer.py); for Korean and
Japanese whitespace is removed altogether (line breaks fall inside words there). Times are wall times:
grab = the framelens process; tesseract = ffmpeg + tesseract processes; rapidocr = ffmpeg + the OCR call
in the already-running process (model loaded once, not counted).

Two disjoint sets (README): ACC_SET=tuning (default; make-slides.sh, Benchmarks/out/accuracy/slides) and
ACC_SET=heldout (make-slides-heldout.sh, Benchmarks/out/accuracy/heldout/slides: other packages, decks,
themes, fonts, texts and codecs; its rows are the encodings listed in its set.json). Tune on tuning only.
Besides the means it prints a table per slide: grab, index and tesseract CER, grab - tesseract, a flag
where grab is more than 0.02 worse than the CLI, whether grab's transcript holds the slide's title (the
manifest's "title", else the truth's first line) and, on slides with URLs in their truth ("urls"), how
many of them grab's detections hold.

Settings (environment): ACC_ENCODINGS (rows to run, e.g. 1080p,480p or lang-kor; default all:
1080p,480p,rot90,anamorphic,lang-kor,lang-jpn,lang-vie,lang-por), ACC_TOOLS (any of
framelens,tesseract,rapidocr; default all), FRAMELENS (the binary; default .build/release/framelens,
copied to a temporary folder first). Prints the tables; writes Benchmarks/out/accuracy/slides-results.json
(heldout: heldout-slides-results.json) and the summary to Benchmarks/out/slides-tuning.json (slides-heldout.json).
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
from cer import cer as cer_text, normalise  # noqa: E402  (Benchmarks/cer.py)
from binary import copy_framelens  # noqa: E402  (Benchmarks/accuracy/binary.py)
from results import rounded, write as write_results  # noqa: E402  (Benchmarks/results.py)

SET = os.environ.get("ACC_SET", "tuning")
if SET not in ("tuning", "heldout"):
    sys.exit(f"error: ACC_SET={SET}: known: tuning, heldout")
OUT = os.path.join(ROOT, "Benchmarks", "out", "accuracy")
CORPUS = os.path.join(OUT, "slides") if SET == "tuning" else os.path.join(OUT, "heldout", "slides")
RESULTS = os.path.join(OUT, "slides-results.json" if SET == "tuning" else "heldout-slides-results.json")
MAKER = "make-slides.sh" if SET == "tuning" else "make-slides-heldout.sh"
FLAG_MARGIN = 0.02  # a slide is flagged where grab's CER exceeds the Tesseract CLI's by more than this
DECK_ENCODINGS = ["1080p", "480p", "rot90", "anamorphic"]
LANGS = ["kor", "jpn", "vie", "por"]
TOOLS = ["framelens", "tesseract", "rapidocr"]
NO_SPACE_LANGS = {"kor", "jpn"}

# The RapidOCR peer: reads PNG paths on stdin, answers one JSON line each.
PEER = r"""
import json, sys, time
from rapidocr_onnxruntime import RapidOCR
engine = RapidOCR()
print(json.dumps({"ready": True}), flush=True)
for line in sys.stdin:
    path = line.rstrip("\n")
    start = time.monotonic()
    result, _ = engine(path)
    seconds = time.monotonic() - start
    print(json.dumps({"text": "\n".join(r[1] for r in (result or [])), "seconds": seconds},
                     ensure_ascii=False), flush=True)
"""


def cer(reference, hypothesis, lang):
    if hypothesis is None:
        return None
    if lang in NO_SPACE_LANGS:
        reference, hypothesis = "".join(reference.split()), "".join(hypothesis.split())
    return cer_text(reference, hypothesis)


def squeeze(text, lang):
    return "".join(text.split()) if lang in NO_SPACE_LANGS else " ".join(text.split())


def contains(transcript, title, lang):
    """Whether the transcript holds the title (whitespace collapsed; for kor/jpn removed)."""
    if transcript is None:
        return False
    return squeeze(title, lang) in squeeze(transcript, lang)


def urls_detected(urls, detections):
    """Of the expected URLs, those found among grab's URL detections: from the text, and from codes alone."""
    def same(a, b):
        return a.rstrip("/").lower() == b.rstrip("/").lower()
    found_text, found_code = [], []
    for url in urls:
        hits = [d for d in detections if d.get("type") == "url" and (same(d.get("value", ""), url) or same(d.get("text", ""), url))]
        if any("code" not in (d.get("source") or {}) for d in hits):
            found_text.append(url)
        elif hits:
            found_code.append(url)
    return {"fromText": found_text, "fromCodeOnly": found_code,
            "detectedUrls": [d.get("value") for d in detections if d.get("type") == "url"]}


def timed(args, **kw):
    start = time.monotonic()
    result = subprocess.run(args, capture_output=True, **kw)
    return result, time.monotonic() - start


def rows_wanted():
    if SET == "heldout":
        try:
            listed = json.load(open(os.path.join(CORPUS, "set.json"), encoding="utf-8"))["rows"]
        except OSError:
            sys.exit(f"error: no corpus in {CORPUS}; run Benchmarks/accuracy/{MAKER}")
        rows = [(r["row"], r["decks"], r["encoding"]) for r in listed]
    else:
        rows = [(e, ["talk", "docs"], e) for e in DECK_ENCODINGS] + [(f"lang-{l}", [f"lang-{l}"], "720p") for l in LANGS]
    known = {r[0] for r in rows}
    wanted = os.environ.get("ACC_ENCODINGS")
    if wanted:
        names = [w.strip() for w in wanted.split(",") if w.strip()]
        names = [n if n in known or n.startswith("lang-") else f"lang-{n}" for n in names]
        unknown = set(names) - {r[0] for r in rows}
        if unknown:
            sys.exit(f"error: ACC_ENCODINGS: unknown {', '.join(sorted(unknown))}; known: {', '.join(r[0] for r in rows)}")
        rows = [r for r in rows if r[0] in names]
    return rows


def tools_wanted():
    wanted = [t.strip() for t in os.environ.get("ACC_TOOLS", ",".join(TOOLS)).split(",") if t.strip()]
    unknown = set(wanted) - set(TOOLS)
    if unknown:
        sys.exit(f"error: ACC_TOOLS: unknown {', '.join(sorted(unknown))}; known: {', '.join(TOOLS)}")
    return wanted


def framelens_transcript(analysis):
    text = analysis.get("text") or {}
    if "transcript" in text:
        return text["transcript"]
    return "\n".join(line["text"] for block in text.get("blocks", []) for line in block.get("lines", []))


def zbar_codes(png):
    result = subprocess.run(["zbarimg", "-q", "--raw", png], capture_output=True)
    # --raw prints the payloads one per line (the corpus's are ASCII). No code: exit 4.
    text = result.stdout.decode("utf-8", "replace")
    return sorted(p for p in text.split("\n") if p)


def first_difference(reference, hypothesis, lang, width=50):
    """Where two texts first differ, normalised as for the CER, as (reference excerpt, hypothesis excerpt)."""
    a, b = normalise(reference), normalise(hypothesis or "")
    if lang in NO_SPACE_LANGS:
        a, b = a.replace(" ", ""), b.replace(" ", "")
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    start = max(0, i - 10)
    return a[start:start + width], b[start:start + width]


def main():
    rows, tools = rows_wanted(), tools_wanted()
    for name in {d for _, decks, _ in rows for d in decks}:
        if not os.path.exists(os.path.join(CORPUS, name, "manifest.json")):
            sys.exit(f"error: no corpus in {CORPUS}/{name}; run Benchmarks/accuracy/{MAKER}")
    scratch = tempfile.mkdtemp(prefix="acc-slides-")
    try:
        run(rows, tools, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def run(rows, tools, scratch):
    framelens = None
    if "framelens" in tools:
        framelens = copy_framelens(ROOT, scratch)
    load_before = open("/proc/loadavg").read().split()[:3]
    versions = {
        "ffmpeg": subprocess.run(["ffmpeg", "-version"], capture_output=True, text=True).stdout.split("\n")[0],
        "tesseract": subprocess.run(["tesseract", "--version"], capture_output=True, text=True).stdout.split("\n")[0],
    }
    if framelens:
        versions["framelens"] = subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty"],
                                               capture_output=True, text=True).stdout.strip() or "unknown"
    print(f"== OCR accuracy: slides, {SET} set ({os.cpu_count()} cores, load {' '.join(load_before)}; "
          f"tools: {', '.join(tools)})", flush=True)

    results = []  # one per slide and row
    index_runs = []
    frames = []  # (result, png) for rapidocr, run last
    for row, decks, encoding in rows:
        for deck in decks:
            manifest = json.load(open(os.path.join(CORPUS, deck, "manifest.json"), encoding="utf-8"))
            lang = manifest["lang"]
            video = os.path.join(CORPUS, deck, manifest.get("videos", {}).get(encoding, f"{encoding}.mp4"))
            lang_args = ["--lang", lang] if lang != "eng" else []
            cues = None
            if framelens:
                out = os.path.join(scratch, "index.json")
                proc, seconds = timed([framelens, "index", video, "--format", "json", "-o", out, *lang_args])
                if proc.returncode != 0:
                    print(f"warning: framelens index {video} failed: {proc.stderr.decode().strip()}", file=sys.stderr)
                    cues = []
                else:
                    cues = json.load(open(out, encoding="utf-8"))["cues"]
                index_runs.append({"row": row, "deck": deck, "video": os.path.relpath(video, ROOT),
                                   "seconds": seconds, "cues": len(cues),
                                   "videoSeconds": manifest["slides"][-1]["end"]})
            # Each cue belongs to the slide whose time span it overlaps most.
            owners = {}
            for cue in cues or []:
                overlaps = [max(0.0, min(cue["end"], s["end"]) - max(cue["start"], s["start"])) for s in manifest["slides"]]
                best = max(range(len(overlaps)), key=overlaps.__getitem__)
                owners.setdefault(best if overlaps[best] > 0 else None, []).append(cue)
            for slide in manifest["slides"]:
                middle = (slide["start"] + slide["end"]) / 2
                truth = slide["truth"]
                expected = sorted(c["payload"] for c in slide["codes"])
                title = slide.get("title") or next((l.strip() for l in truth.splitlines() if l.strip()), "")
                r = {"row": row, "deck": deck, "encoding": encoding, "lang": lang, "slide": slide["index"],
                     "id": f"{deck}#{slide['index']}", "time": middle, "source": slide["source"],
                     "expectedCodes": expected, "truth": truth, "title": title}
                if slide.get("urls"):
                    r["urls"] = slide["urls"]
                if framelens:
                    proc, seconds = timed([framelens, "grab", video, "--at", f"{middle:.3f}", "--json", *lang_args])
                    if proc.returncode == 0:
                        analysis = json.loads(proc.stdout)
                        r["grab"] = {"text": framelens_transcript(analysis), "seconds": seconds,
                                     "codes": sorted(c["payload"] for c in analysis.get("codes", [])),
                                     "detections": analysis.get("detections", [])}
                    else:
                        r["grab"] = {"text": None, "seconds": seconds, "codes": [],
                                     "error": proc.stderr.decode().strip()}
                    r["grab"]["cer"] = cer(truth, r["grab"]["text"], lang)
                    r["grab"]["titleFound"] = contains(r["grab"]["text"], title, lang)
                    if "urls" in r:
                        r["grab"]["urlsDetected"] = urls_detected(r["urls"], r["grab"].get("detections", []))
                    covering = [c for c in cues if c["start"] <= middle < c["end"]]
                    text = covering[0]["text"] if covering else ""
                    r["index"] = {"text": text, "cer": cer(truth, text, lang),
                                  "cues": len(owners.get(slide["index"], []))}
                if "tesseract" in tools or "rapidocr" in tools:
                    png = os.path.join(scratch, f"{row}-{deck}-{slide['index']}.png")
                    proc, ff_seconds = timed(["ffmpeg", "-v", "error", "-y", "-ss", f"{middle:.3f}", "-i", video,
                                              "-frames:v", "1", png])
                    if proc.returncode != 0:
                        sys.exit(f"error: ffmpeg failed on {video}: {proc.stderr.decode().strip()}")
                    r["ffmpegSeconds"] = ff_seconds
                    r["zbar"] = {"codes": zbar_codes(png)}
                    if "tesseract" in tools:
                        proc, seconds = timed(["tesseract", png, "-", "-l", lang])
                        text = proc.stdout.decode("utf-8", "replace") if proc.returncode == 0 else None
                        r["tesseract"] = {"text": text, "seconds": ff_seconds + seconds, "cer": cer(truth, text, lang)}
                    if "rapidocr" in tools:
                        frames.append((r, png))
                results.append(r)
                print(f"   {row:10} {r['id']:10} " + " ".join(
                    f"{k}={r[k]['cer']:.4f}" for k in ("grab", "index", "tesseract") if k in r and r[k]["cer"] is not None),
                    flush=True)
            stray = len(owners.get(None, []))
            if stray:
                index_runs[-1]["cuesMatchingNoSlide"] = stray

    if frames:
        python = subprocess.run([os.path.join(HERE, "venv.sh")], capture_output=True, text=True, check=True).stdout.strip()
        peer = subprocess.Popen([python, "-c", PEER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                stderr=subprocess.DEVNULL)
        json.loads(peer.stdout.readline())  # the model is loaded
        for r, png in frames:
            peer.stdin.write(png + "\n")
            peer.stdin.flush()
            answer = json.loads(peer.stdout.readline())
            r["rapidocr"] = {"text": answer["text"], "seconds": r["ffmpegSeconds"] + answer["seconds"],
                             "ocrSeconds": answer["seconds"], "cer": cer(r["truth"], answer["text"], r["lang"])}
        peer.stdin.close()
        peer.wait()
        versions["rapidocr"] = "rapidocr_onnxruntime 1.4.4 (PP-OCRv4 ch+en models)"

    summary = report(rows, results, index_runs, tools)
    os.makedirs(os.path.dirname(RESULTS), exist_ok=True)
    with open(RESULTS + ".tmp", "w", encoding="utf-8") as f:
        json.dump({"set": SET, "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "cores": os.cpu_count(),
                   "loadBefore": load_before, "versions": versions, "tools": tools, "summary": summary,
                   "index": index_runs, "slides": results}, f, ensure_ascii=False, indent=1)
    os.replace(RESULTS + ".tmp", RESULTS)
    print(f"\nper-slide results: {os.path.relpath(RESULTS, ROOT)}")
    write_results(f"slides-{SET}", f"Slides, {'tuning' if SET == 'tuning' else 'held-out'} set: framelens grab and "
                  "index against the tesseract CLI and RapidOCR (accuracy/slides.py)",
                  summary_tables(summary, results, index_runs))


def mean(values):
    values = [v for v in values if v is not None]
    return statistics.fmean(values) if values else None


def fmt(value, spec=".4f", width=7):
    if value is None:
        return f"{'-':>{width}}"
    sign = spec[0] if spec[0] in "+- " else ""
    return f"{value:{sign}{width or ''}{spec[len(sign):]}}"


def summary_tables(summary, results, index_runs):
    """Benchmarks/RESULTS.md's tables (results.py): the means per encoding, and the index runs."""
    def codes(entry, tool):  # as the console's codes column: right/with codes, +N found on slides without any
        right, extra, n = entry[f"codes_{tool}"], entry[f"extraCodes_{tool}"], entry["slidesWithCodes"]
        if right is None:
            return None
        return (f"{right}/{n}" if n or not extra else "") + (f"+{extra}" if extra else "")

    ocr, timed_tools = ("grab", "index", "tesseract", "rapidocr"), ("grab", "tesseract", "rapidocr")
    rows = [[e["row"], e["slides"], *(rounded(e[f"cer_{t}"]) for t in ocr), codes(e, "grab"), codes(e, "zbar"),
             e.get("titlesFound"), len(e["flagged"]) if "flagged" in e else None,
             *(rounded(e[f"seconds_{t}"]) for t in timed_tools)] for e in summary if e["row"] != "all"]
    total = next((e for e in summary if e["row"] == "all"), {})
    rows.append(["all", len(results), *(rounded(mean(r[t]["cer"] for r in results if t in r)) for t in ocr), None, None,
                 total.get("titlesFound"), total.get("flagged"), None, None, None])
    notes = ["CER: Levenshtein / reference length (whitespace collapsed; kor/jpn: removed), mean over the slides",
             "grab: framelens grab at the slide's middle; index: the framelens index cue covering it; tesseract, "
             "rapidocr: on ffmpeg's PNG of that frame",
             "codes: slides whose codes are exactly the expected ones / slides with codes (+N: codes found on slides "
             "without any); zbar: zbarimg on the PNG",
             f"titles: slides whose title is in grab's transcript; flagged: grab's CER more than {FLAG_MARGIN} above "
             "tesseract's",
             "s: median wall seconds per slide (the grab process; ffmpeg + tesseract; ffmpeg + rapidocr in a running "
             "process)"]
    tables = [{"title": "Mean CER per encoding", "notes": notes, "rows": rows,
               "columns": ["encoding", "slides", "CER grab", "CER index", "CER tesseract", "CER rapidocr",
                           "codes grab", "codes zbar", "titles", "flagged", "s grab", "s tesseract", "s rapidocr"]}]
    if index_runs:
        tables.append({"title": "framelens index, once per video",
                       "columns": ["encoding", "deck", "s", "video s", "cues", "cues of no slide"],
                       "rows": [[r["row"], r["deck"], rounded(r["seconds"]), r["videoSeconds"], r["cues"],
                                 r.get("cuesMatchingNoSlide", 0)] for r in index_runs]})
    return tables


def print_head(header):
    """A table's header line and a rule under it."""
    print(header)
    print("-" * len(header))


def per_item(rows, results, summary):
    """One line per slide: the CERs side by side, grab - tesseract, a flag, the title, the URLs."""
    if not any("grab" in r for r in results):
        return
    print(f"\nper slide ({SET} set): d = grab - tess; !! = grab more than {FLAG_MARGIN} worse than the Tesseract CLI;")
    print("title = the slide's title is in grab's transcript; urls = URLs of the truth in grab's detections (text[+code only])")
    header = (f"{'row':12} {'slide':11} {'lang':4} | {'grab':>6} {'index':>6} {'tess':>6} | {'d':>7} {'':2} | "
              f"{'title':5} | {'urls':5} | title")
    print_head(header)
    for row, _, _ in rows:
        rs = [r for r in results if r["row"] == row and "grab" in r]
        for r in rs:
            g, i = r["grab"]["cer"], r["index"]["cer"]
            t = r["tesseract"]["cer"] if "tesseract" in r else None
            d = g - t if g is not None and t is not None else None
            r["grabMinusTesseract"] = d
            r["flag"] = d is not None and d > FLAG_MARGIN
            urls = ""
            if "urls" in r:
                u = r["grab"]["urlsDetected"]
                urls = f"{len(u['fromText'])}/{len(r['urls'])}" + (f"+{len(u['fromCodeOnly'])}" if u["fromCodeOnly"] else "")
            print(f"{row:12} {r['id']:11} {r['lang']:4} | {fmt(g, '.3f', 6)} {fmt(i, '.3f', 6)} {fmt(t, '.3f', 6)} | "
                  f"{fmt(d, '+.3f', 7)} {'!!' if r['flag'] else '':2} | {'yes' if r['grab']['titleFound'] else 'NO':5} | "
                  f"{urls:5} | {r['title'][:40]}")
        if rs:
            entry = next(e for e in summary if e["row"] == row)
            entry["flagged"] = [r["id"] for r in rs if r.get("flag")]
            entry["titlesFound"] = sum(r["grab"]["titleFound"] for r in rs)
            print(f"{row:12} {'mean':11} {'':4} | {fmt(entry['cer_grab'], '.3f', 6)} {fmt(entry['cer_index'], '.3f', 6)} "
                  f"{fmt(entry['cer_tesseract'], '.3f', 6)} | "
                  f"{fmt(entry['cer_grab'] - entry['cer_tesseract'] if entry['cer_tesseract'] is not None else None, '+.3f', 7)}"
                  f" {'':2} | {entry['titlesFound']:2}/{len(rs):<2} | {'':5} | {len(entry['flagged'])} flagged")
            print()
    everything = [r for r in results if "grab" in r]
    total = {"slides": len(everything), "cer_grab": mean(r["grab"]["cer"] for r in everything),
             "cer_index": mean(r["index"]["cer"] for r in everything),
             "cer_tesseract": mean(r["tesseract"]["cer"] for r in everything if "tesseract" in r),
             "flagged": sum(bool(r.get("flag")) for r in everything),
             "titlesFound": sum(r["grab"]["titleFound"] for r in everything)}
    summary.append({"row": "all", **total})
    print(f"all rows: {total['slides']} slides, mean CER grab {fmt(total['cer_grab'], '.4f', 0)}, index "
          f"{fmt(total['cer_index'], '.4f', 0)}, tesseract {fmt(total['cer_tesseract'], '.4f', 0)}; "
          f"{total['flagged']} flagged; titles found {total['titlesFound']}/{total['slides']}")


def report(rows, results, index_runs, tools):
    summary = []
    print()
    print("CER = Levenshtein / reference length (whitespace collapsed; kor/jpn: removed), mean over the slides;")
    print("codes = slides whose codes are exactly the expected ones, of the slides with codes (+N: codes found on")
    print("slides without any); s/grab = median wall time per slide: framelens grab process, ffmpeg + tesseract,")
    print("ffmpeg + rapidocr in a running process\n")
    header = (f"{'encoding':11} {'slides':>6} | {'grab':>7} {'index':>7} {'tess':>7} {'rapid':>7} | "
              f"{'codes fl':>8} {'zbar':>6} | {'s fl':>5} {'s tess':>6} {'s rapid':>7}")
    print_head(header)
    for row, _, _ in rows:
        rs = [r for r in results if r["row"] == row]
        if not rs:
            continue
        with_codes = [r for r in rs if r["expectedCodes"]]

        def codes(tool):
            if not all(tool in r for r in rs):
                return None, None
            right = sum(r[tool]["codes"] == r["expectedCodes"] for r in with_codes)
            extra = sum(len(r[tool]["codes"]) for r in rs if not r["expectedCodes"])
            return right, extra

        def codes_text(tool):
            right, extra = codes(tool)
            if right is None:
                return "-"
            return f"{right}/{len(with_codes)}" + (f"+{extra}" if extra else "") if with_codes else (f"+{extra}" if extra else "0/0")

        def median_seconds(tool):
            values = [r[tool]["seconds"] for r in rs if tool in r]
            return statistics.median(values) if values else None

        entry = {"row": row, "slides": len(rs)}
        for tool in ("grab", "index", "tesseract", "rapidocr"):
            entry[f"cer_{tool}"] = mean(r[tool]["cer"] for r in rs if tool in r) if any(tool in r for r in rs) else None
        for tool in ("grab", "zbar"):
            entry[f"codes_{tool}"], entry[f"extraCodes_{tool}"] = codes(tool)
        entry["slidesWithCodes"] = len(with_codes)
        for tool in ("grab", "tesseract", "rapidocr"):
            entry[f"seconds_{tool}"] = median_seconds(tool)
        summary.append(entry)
        print(f"{row:11} {len(rs):6} | {fmt(entry['cer_grab'])} {fmt(entry['cer_index'])} "
              f"{fmt(entry['cer_tesseract'])} {fmt(entry['cer_rapidocr'])} | "
              f"{codes_text('grab'):>8} {codes_text('zbar'):>6} | {fmt(entry['seconds_grab'], '.2f', 5)} "
              f"{fmt(entry['seconds_tesseract'], '.2f', 6)} {fmt(entry['seconds_rapidocr'], '.2f', 7)}")
    if index_runs:
        print("\nframelens index, once per video:")
        for run in index_runs:
            print(f"   {run['row']:11} {run['deck']:9} {run['seconds']:6.2f} s for {run['videoSeconds']} s of video, "
                  f"{run['cues']} cues" + (f", {run['cuesMatchingNoSlide']} matching no slide"
                                           if run.get("cuesMatchingNoSlide") else ""))
    per_item(rows, results, summary)
    key = "grab" if "framelens" in tools else ("tesseract" if "tesseract" in tools else "rapidocr")
    print(f"\nworst 3 slides per encoding (by {key} CER; first difference: truth / {key}):")
    for row, _, _ in rows:
        rs = [r for r in results if r["row"] == row and key in r]
        for r in sorted(rs, key=lambda r: -(r[key]["cer"] if r[key]["cer"] is not None else 9))[:3]:
            cers = " ".join(f"{t} {fmt(r[t]['cer'], '.3f', 5)}" for t in ("grab", "index", "tesseract", "rapidocr") if t in r)
            source = r["source"]
            where = (f"{os.path.basename(source['pdf'])} p{source['page']}" if "pdf" in source
                     else os.path.basename(source["html"]) if "html" in source else "rendered: " + source.get("font", ""))
            codes = ""
            if "grab" in r and r["grab"]["codes"] != r["expectedCodes"]:
                codes = f"  codes {r['grab']['codes']} != {r['expectedCodes']}"
            print(f"   {row:11} {r['id']:9} {cers}  ({where}){codes}")
            if r[key]["cer"]:
                a, b = first_difference(r["truth"], r[key]["text"], r["lang"])
                print(f"   {'':21} truth: {a!r}\n   {'':21} {key}: {b!r}")
    return summary


if __name__ == "__main__":
    main()
