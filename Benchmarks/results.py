#!/usr/bin/env python3
"""Each benchmark's figures as JSON, and Benchmarks/RESULTS.md rendered from them.

    results.py record NAME TITLE <TSV     (the bash benchmarks, through results.sh)
    results.py render                     Benchmarks/RESULTS.md from OUT/*.json and OUT/*/*.json

OUT is Benchmarks/out, or $RESULTS_OUT; RESULTS.md is Benchmarks/RESULTS.md, or $RESULTS_MD.

A benchmark writes Benchmarks/out/NAME.json (git-ignored): {"benchmark", "title", "run", "tables"}, where "run"
says where and when it ran (machine, load average when it began, date, commit, tool versions) and each table
is {"title", "columns", "rows", "notes"}. Python benchmarks call `write` (import results). `render` writes one
section per benchmark, its run in one header line; a benchmark with no JSON in OUT_DIR keeps its section of the
RESULTS.md in place, so that a run of one benchmark re-renders only its own section.

Standard library only.
"""
import json
import os
import platform
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.environ.get("RESULTS_OUT") or os.path.join(HERE, "out")
RESULTS_MD = os.environ.get("RESULTS_MD") or os.path.join(HERE, "RESULTS.md")

# Sections in reading order: speed first, then reading; any other benchmark after these, by name.
ORDER = ["frame-vs-ffmpeg", "grab-vs-pipeline", "grab-in-process", "index-vs-pipeline", "index-speed",
         "index-memory", "serve-latency", "library-search", "slides-tuning", "slides-heldout", "captions-tuning",
         "captions-heldout", "randomized-tune", "randomized-check", "screencast", "screencast-vfr", "terminal",
         "filmed-tuning",
         "filmed-heldout", "recorded", "held-slides", "sweep"]

# The load average when the benchmark began: taken at import (or by results.sh when it is sourced).
LOAD_AT_START = os.environ.get("RESULTS_LOAD") or open("/proc/loadavg").read().split()[0]


def _output(*command):
    try:
        return subprocess.run(command, capture_output=True, text=True, check=False).stdout
    except OSError:
        return ""


def run_facts():
    """Where and when this run is: one line's worth of facts."""
    memory = next((int(line.split()[1]) for line in open("/proc/meminfo") if line.startswith("MemTotal:")), 0)
    os_name = next((line.split("=", 1)[1].strip().strip('"') for line in open("/etc/os-release")
                    if line.startswith("PRETTY_NAME=")), platform.system())
    ffmpeg = _output("ffmpeg", "-version").split(" ")
    tools = ["FFmpeg " + ffmpeg[2]] if len(ffmpeg) > 2 else []
    tools += _output("tesseract", "--version").split("\n")[:1]
    # "-dirty" when a tracked file differs from the commit; RESULTS.md, which the renders rewrite, does not count.
    commit = _output("git", "-C", ROOT, "rev-parse", "--short", "HEAD").strip() or "unknown"
    if _output("git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no", "--", ".",
               ":(exclude)Benchmarks/RESULTS.md").strip():
        commit += "-dirty"
    return {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "commit": commit,
            "cores": os.cpu_count(), "memoryGiB": round(memory / 1024 / 1024), "os": os_name,
            "loadAtStart": float(LOAD_AT_START), "tools": ", ".join(filter(None, tools))}


def rounded(value, digits=4):
    """A figure for a table: None stays None (rendered "-")."""
    return None if value is None else round(value, digits)


def write(name, title, tables, out=OUT):
    """Writes OUT/NAME.json: TABLES is a list of {"title", "columns", "rows", "notes"} (title and notes optional)."""
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, name + ".json")
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        json.dump({"benchmark": name, "title": title, "run": run_facts(), "tables": tables}, f, indent=1,
                  ensure_ascii=False)
    os.replace(path + ".tmp", path)
    return path


def record(name, title, lines):
    """Tables from results.sh's records: `table<TAB>TITLE<TAB>COLUMN...`, `row<TAB>CELL...`, `note<TAB>TEXT`."""
    tables = []
    for line in lines:
        kind, *fields = line.rstrip("\n").split("\t")
        if kind == "table":
            tables.append({"title": fields[0], "columns": fields[1:], "rows": [], "notes": []})
        elif not tables:
            raise SystemExit(f"results.py: a {kind} before any table")
        elif kind == "row":
            tables[-1]["rows"].append(fields)
        elif kind == "note":
            tables[-1]["notes"].append(fields[0])
    return write(name, title, tables)


def header_line(run):
    return (f"{run['cores']} cores, {run['memoryGiB']} GiB, {run['os']}; load {run['loadAtStart']:.1f} at the start; "
            f"{run['date']}; commit `{run['commit']}`; {run['tools']}")


def cell(value):
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.4f}".rstrip("0").rstrip(".") if value else "0"
    return str(value).replace("|", "\\|")


def section(result):
    lines = [f"<!-- benchmark: {result['benchmark']} -->", f"## {result['title']}", "", header_line(result["run"])]
    for table in result["tables"]:
        lines.append("")
        if table.get("title"):
            lines += [f"**{table['title']}**", ""]
        lines.append("| " + " | ".join(table["columns"]) + " |")
        lines.append("|" + "|".join("---" for _ in table["columns"]) + "|")
        for row in table["rows"]:
            lines.append("| " + " | ".join(cell(value) for value in row) + " |")
        if table.get("notes"):
            lines.append("")
            lines += [f"- {note}" for note in table["notes"]]
    return "\n".join(lines)


def kept_sections(path):
    """The sections of the current RESULTS.md, by benchmark name."""
    if not os.path.exists(path):
        return {}
    parts = re.split(r"(?m)^(?=<!-- benchmark: )", open(path, encoding="utf-8").read())
    sections = {}
    for part in parts:
        match = re.match(r"<!-- benchmark: (\S+) -->", part)
        if match:
            sections[match.group(1)] = part.rstrip("\n")
    return sections


def render(out=OUT, path=RESULTS_MD):
    sections = kept_sections(path)
    for folder, _, files in os.walk(out):
        if os.path.relpath(folder, out).count(os.sep) > 0:
            continue  # OUT and its direct subfolders only (accuracy/), not the corpora below them
        for name in files:
            if name.endswith(".json"):
                try:
                    result = json.load(open(os.path.join(folder, name), encoding="utf-8"))
                except (OSError, ValueError):
                    continue
                if isinstance(result, dict) and {"benchmark", "run", "tables"} <= result.keys():
                    sections[result["benchmark"]] = section(result)
    order = sorted(sections, key=lambda name: (ORDER.index(name) if name in ORDER else len(ORDER), name))
    text = "\n".join([
        "# Benchmark results",
        "",
        "The figures of each benchmark's latest run, rendered by `Benchmarks/results.py render` from the JSON the",
        "benchmarks write into `Benchmarks/out/`; do not edit by hand. What each measures and how to run it:",
        "[README.md](README.md). Each section says where, when and at which commit it ran.",
        "",
    ] + [sections[name] + "\n" for name in order])
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        f.write(text.rstrip("\n") + "\n")
    os.replace(path + ".tmp", path)
    print(f"{os.path.relpath(path)}: {len(order)} sections")


def main(arguments):
    if len(arguments) == 3 and arguments[0] == "record":
        print(record(arguments[1], arguments[2], sys.stdin))
    elif arguments == ["render"]:
        render()
    else:
        raise SystemExit("usage: results.py record NAME TITLE <TSV | results.py render")


if __name__ == "__main__":
    main(sys.argv[1:])
