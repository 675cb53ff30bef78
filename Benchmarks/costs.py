#!/usr/bin/env python3
"""Where framelens's time went: sums the `costs:` lines that FRAMELENS_COSTS=1 makes framelens print on standard
error (one file per run) and prints one row per stage, its fields separated by "|", the largest first:

    stage, calls, megapixels, seconds in the calls, share of the runs' CPU time

then the runs' CPU and wall time. Seconds are wall-clock time inside the calls summed over threads, so the shares
of a run that reads on two threads at once can add up to more than 100 %.

    costs.py ERR-FILE...
"""
import collections
import sys


def read(paths):
    stages = collections.defaultdict(lambda: [0, 0.0, 0.0])
    process = collections.Counter()
    for path in paths:
        for line in open(path, errors="replace"):
            if not line.startswith("costs: ") or line.startswith("costs: stage,"):
                continue
            *name, last = line[len("costs: "):].split()
            if name[0].startswith("process-"):
                process[name[0]] += float(last)
                continue
            *name, calls, megapixels = name
            total = stages[" ".join(name)]
            total[0] += int(calls)
            total[1] += float(megapixels)
            total[2] += float(last)
    return stages, process


def main(paths):
    stages, process = read(paths)
    cpu = process["process-cpu"]
    for name, (calls, megapixels, seconds) in sorted(stages.items(), key=lambda item: -item[1][2]):
        share = f"{100 * seconds / cpu:.0f} %" if cpu else ""
        print(f"{name}|{calls}|{megapixels:.1f}|{seconds:.2f}|{share}")
    print(f"process CPU time|||{cpu:.2f}|")
    print(f"process wall time|||{process['process-wall']:.2f}|")


if __name__ == "__main__":
    main(sys.argv[1:])
