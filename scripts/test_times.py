#!/usr/bin/env python3
"""Prints the tables of scripts/test-times.sh from a run's folder (output.log, cpu.tsv, fixtures.tsv, wall-seconds)."""
import collections
import pathlib
import re
import sys

# Swift Testing's result lines: `<symbol> Test "name" passed after 1.234 seconds.`, `... failed after ... with 2 issues.`
RESULT = re.compile(r'\b(Test|Suite) (.+?) (passed|failed|skipped|recorded an issue)\b.*? after ([0-9.]+) seconds')


def main(folder):
    folder = pathlib.Path(folder)
    tests, suites = [], []
    for line in (folder / "output.log").read_text(errors="replace").splitlines():
        match = RESULT.search(line)
        if match:
            kind, name, outcome, seconds = match.groups()
            (tests if kind == "Test" else suites).append((float(seconds), name, outcome))
    fixtures = collections.defaultdict(lambda: [0, 0.0])
    log = folder / "fixtures.tsv"
    for line in log.read_text().splitlines() if log.exists() else []:
        kind, seconds, _ = line.split("\t", 2)
        fixtures[kind][0] += 1
        fixtures[kind][1] += float(seconds)
    wall = float((folder / "wall-seconds").read_text()) if (folder / "wall-seconds").exists() else None

    print("\n## The 30 slowest tests\n")
    print("| seconds | test | outcome |\n|---:|---|---|")
    for seconds, name, outcome in sorted(tests, reverse=True)[:30]:
        print(f"| {seconds:.1f} | {name} | {outcome} |")
    cpu = folder / "cpu.tsv"
    if cpu.exists():
        spent = [(float(seconds), name) for seconds, name in (line.split("\t", 1) for line in cpu.read_text().splitlines())]
        print(f"\n## The 30 tests that take the most CPU (of {sum(s for s, _ in spent):.0f} s)\n")
        print("| CPU seconds | test |\n|---:|---|")
        for seconds, name in sorted(spent, reverse=True)[:30]:
            print(f"| {seconds:.1f} | {name} |")
    print("\n## The 10 slowest suites\n")
    print("| seconds | suite |\n|---:|---|")
    for seconds, name, _ in sorted(suites, reverse=True)[:10]:
        print(f"| {seconds:.1f} | {name} |")
    print("\n## Fixtures against the tests\n")
    print("| what | count | seconds (summed over parallel tests) |\n|---|---:|---:|")
    for kind in sorted(fixtures):
        count, seconds = fixtures[kind]
        print(f"| making fixtures: {kind} | {count} | {seconds:.1f} |")
    print(f"| tests (each test's own time, fixtures included) | {len(tests)} | {sum(t[0] for t in tests):.1f} |")
    if wall is not None:
        print(f"| the whole `swift test`, wall clock, build included | | {wall:.1f} |")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".build/test-times")
