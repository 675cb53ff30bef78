#!/usr/bin/env python3
"""Copies `swift test --no-parallel` output from stdin to stdout and writes each test's CPU seconds to a file.

    swift test --no-parallel 2>&1 | scripts/test_cpu.py CPU.tsv

A test's CPU is what the test process and the children it waited for (framelens, ffmpeg, ...) spent between
the result line of the test before and its own: tests one at a time, that is the test's own work, whatever
else the machine runs. In a run in parallel (as `make test` runs) CPU, not a test's wall clock, is what
the run's length is made of.
"""
import os
import re
import sys

RESULT = re.compile(r'\bTest (.+?) (passed|failed|recorded an issue)\b.*? after [0-9.]+ seconds')
TICKS = os.sysconf("SC_CLK_TCK")


def test_process():
    """The pid of the running test bundle (`...PackageTests.xctest`), or None before it starts."""
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as file:
                if b"PackageTests.xctest" in file.read().split(b"\0")[0]:
                    return pid
        except OSError:
            continue
    return None


def cpu_seconds(pid):
    """User and system time of the process and of its children that it waited for."""
    with open(f"/proc/{pid}/stat") as file:
        fields = file.read().rsplit(")", 1)[1].split()
    return sum(int(value) for value in fields[11:15]) / TICKS


def main(path):
    pid, last = None, 0.0
    with open(path, "w") as out:
        for line in sys.stdin:
            sys.stdout.write(line)
            sys.stdout.flush()
            match = RESULT.search(line)
            if not match:
                continue
            try:
                pid = pid or test_process()
                now = cpu_seconds(pid) if pid else last
            except OSError:  # the test process has ended
                continue
            out.write(f"{now - last:.2f}\t{match.group(1)}\n")
            out.flush()
            last = now


if __name__ == "__main__":
    main(sys.argv[1])
