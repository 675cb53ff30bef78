"""The randomised benchmark's figures per tool, overall and per factor, from captions.py's per-clip scores.

`tables(rows)` gives results.py's tables (one per factor); `text(tables)` the console's. Standard library only.
"""
import statistics

FACTORS = [("overall", "all clips"), ("font", "font"), ("fontKind", "font kind"), ("style", "style"),
           ("colour", "colour"), ("sizeClass", "size"), ("position", "position"), ("appearance", "appearance"),
           ("lines", "lines"), ("lang", "language"), ("resolution", "resolution"), ("codec", "codec"),
           ("quality", "quality")]
COLUMNS = ["value", "tool", "clips", "found", "exact", "CER found", "CER all", "extra /min", "time acc",
           "x real time"]


def figures(rows):
    """Sums over clips: captions found and read exactly, CERs over the captions, extra cues per minute of video,
    time accuracy weighted by duration, and duration / wall time."""
    captions = [c for r in rows for c in r["perCaption"]]
    found = [c for c in captions if c["found"]]
    duration = sum(r["duration"] for r in rows)
    return {
        "clips": len(rows), "captions": len(captions), "found": len(found),
        "exact": sum(1 for c in found if c["cer"] == 0),
        "cerFound": round(statistics.mean(c["cer"] for c in found), 4) if found else None,
        "cerAll": round(statistics.mean(c["bestCer"] for c in captions), 4) if captions else None,
        "extraPerMinute": round(sum(r["extra"] for r in rows) * 60 / duration, 2),
        "timeAccuracy": round(sum(r["timeAccuracy"] * r["duration"] for r in rows) / duration, 4),
        "xRealTime": round(duration / sum(r["wallSeconds"] for r in rows), 2),
    }


def tables(rows):
    tools = list(dict.fromkeys(r["tool"] for r in rows))
    result = []
    for key, title in FACTORS:
        values = ["all"] if key == "overall" else sorted({str(r["factors"][key]) for r in rows})
        cells = []
        for value in values:
            for tool in tools:
                group = [r for r in rows if r["tool"] == tool and (key == "overall" or str(r["factors"][key]) == value)]
                if not group:
                    continue
                f = figures(group)
                cells.append([value, tool, f["clips"], f"{f['found']}/{f['captions']}", f"{f['exact']}/{f['captions']}",
                              f["cerFound"], f["cerAll"], f["extraPerMinute"], f["timeAccuracy"], f["xRealTime"]])
        result.append({"title": f"per {title}" if key != "overall" else "overall", "columns": COLUMNS,
                       "rows": cells})
    result[0]["notes"] = [
        "found: captions with a cue overlapping them whose CER is <= 0.35 (captions.py's score); exact: the best "
        "such cue's CER is 0; CER found: mean over found captions; CER all: over all captions, the closest "
        "overlapping cue (1 where none)",
        "extra /min: cues matching no caption, per minute of video; time acc: share of 10 ms steps showing the "
        "right caption or rightly none, weighted by clip duration (a word-by-word build-up's span left out)",
        "tesseract, rapidocr: ffmpeg fps=2 frames read one by one and merged into cues (captions.py)",
    ]
    return result


def cell(value):
    if value is None:
        return "-"
    return f"{value:.3f}" if isinstance(value, float) else str(value)


def text(result):
    lines = []
    for table in result:
        cells = [table["columns"]] + [[cell(v) for v in row] for row in table["rows"]]
        widths = [max(len(str(c[k])) for c in cells) for k in range(len(table["columns"]))]
        lines += ["", f"== {table['title']}"]
        for n, row in enumerate(cells):
            lines.append(" | ".join(str(v).ljust(w) if k < 2 else str(v).rjust(w)
                                    for k, (v, w) in enumerate(zip(row, widths))))
            if n == 0:
                lines.append("-+-".join("-" * w for w in widths))
    return "\n".join(lines)
