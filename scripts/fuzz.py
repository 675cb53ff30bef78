#!/usr/bin/env python3
"""A bounded mutation fuzzer for the `framelens` command: hostile files in, no crash, hang or odd error out.

Seeds are small videos in each container FrameLens reads (MP4, MKV, WebM, MPEG-TS, AVI, FLV, raw H.264),
made with ffmpeg on first use (with a QR code, so that ZBar gets to read), plus the bundled sample with
--samples. Each mutant is a seed with a few of: bit flips, a truncation, a chunk duplicated, a chunk
overwritten with random bytes, a chunk zeroed. Every mutant goes through `probe`, `probe --json`, `frame`,
`grab --types codes` and `index --types codes`, each with a time limit, and a run fails on:

- a crash: the process died of a signal (SIGSEGV, SIGILL from a Swift trap, SIGABRT, ...);
- a hang: it outlived its time limit;
- an exit code docs/exit-codes.md does not document for bad input (1, "unexpected failure", included);
- an error that is not one line `framelens: ...` on stderr.

The RNG is seeded, so a run is reproducible: the same --seed and --mutants give the same files. Failing
inputs are kept in --findings with the command that failed.

Usage: scripts/fuzz.py [--framelens BIN] [--mutants N] [--seed S] [--budget SECONDS] [--samples]
Exits 0 when nothing was found, 1 otherwise.
"""
import argparse
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The exit codes a bad input may give (docs/exit-codes.md).
# 12: `index` of a video that breaks off (a damaged packet now counts as the end of the data).
DOCUMENTED = {0, 3, 4, 5, 6, 7, 8, 12}

# Container -> ffmpeg output options. Each seed is 1 s of 160x120 at 25 fps with a QR code.
SEEDS = {
    "seed.mp4": ["-c:v", "libx264", "-g", "10", "-bf", "2"],
    "seed.mkv": ["-c:v", "libx264", "-g", "10"],
    "seed.webm": ["-c:v", "libvpx-vp9", "-b:v", "200k", "-g", "10"],
    "seed.ts": ["-c:v", "mpeg2video", "-g", "10", "-bf", "2"],
    "seed.avi": ["-c:v", "mjpeg", "-q:v", "5"],
    "seed.flv": ["-c:v", "flv1", "-g", "10"],
    "seed.h264": ["-c:v", "libx264", "-g", "10", "-f", "h264"],
}


def make_seeds(directory, with_samples):
    """The seed files, made once into `directory`."""
    os.makedirs(directory, exist_ok=True)
    qr = os.path.join(directory, "qr.png")
    if not os.path.exists(qr):
        subprocess.run(["qrencode", "-s", "2", "-m", "2", "-o", qr, "https://example.org/fuzz"], check=True)
    paths = []
    for name, options in SEEDS.items():
        path = os.path.join(directory, name)
        if not os.path.exists(path):
            partial = os.path.join(directory, "partial-" + name)
            subprocess.run(
                ["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=160x120:r=25:d=1",
                 "-i", qr, "-filter_complex", "[0][1]overlay=40:20", "-pix_fmt", "yuv420p"] + options
                + [partial],
                check=True)
            os.replace(partial, path)
        paths.append(path)
    if with_samples:
        paths.append(os.path.join(ROOT, "Samples", "lecture.mp4"))
    return paths


def mutate(data, rng):
    """`data` with one to three random mutations."""
    data = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        kind = rng.choice(["flip", "flip", "truncate", "duplicate", "random", "zero"])
        if len(data) < 16:
            break
        if kind == "flip":
            for _ in range(rng.randint(1, 32)):
                data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        elif kind == "truncate":
            del data[rng.randrange(len(data) // 8, len(data)):]
        else:
            start = rng.randrange(len(data))
            length = min(rng.randint(1, 4096), len(data) - start)
            if kind == "duplicate":
                data[start:start] = data[start:start + length]
            elif kind == "random":
                data[start:start + length] = bytes(rng.getrandbits(8) for _ in range(length))
            else:
                data[start:start + length] = bytes(length)
    return bytes(data)


def commands(video, scratch):
    """The commands each mutant goes through."""
    return [
        ["probe", video],
        ["probe", video, "--json"],
        ["frame", video, "--at", "0.5", "-o", os.path.join(scratch, "f.png")],
        ["grab", video, "--at", "0.5", "--types", "codes"],
        ["index", video, "--types", "codes", "--to", "3", "-o", os.path.join(scratch, "i.srt")],
    ]


def problem(result, limit):
    """What is wrong with one run, or None."""
    if result is None:
        return f"hang: still running after {limit} s"
    if result.returncode < 0:
        return f"crash: killed by {signal.Signals(-result.returncode).name}"
    if result.returncode not in DOCUMENTED:
        return f"exit code {result.returncode}, which docs/exit-codes.md does not document for bad input"
    errors = result.stderr.decode("utf-8", "replace").splitlines()
    if result.returncode == 12:  # the index up to the break is written, with one warning line per problem
        if not errors or not all(line.startswith("framelens: warning: ") for line in errors):
            return f"a break-off is not told in 'framelens: warning: ...' lines: {errors[:5]!r}"
        return None
    if result.returncode != 0 and (len(errors) != 1 or not errors[0].startswith("framelens: ")):
        return f"error is not one 'framelens: ...' line: {errors[:5]!r}"
    return None


def run(framelens, arguments, limit):
    """Runs framelens; None when it outlived `limit` seconds (it is killed)."""
    try:
        return subprocess.run([framelens] + arguments, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, timeout=limit, env=dict(os.environ, FRAMELENS_READ_TIMEOUT="5"))
    except subprocess.TimeoutExpired:
        return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--framelens", default=os.path.join(ROOT, ".build", "release", "framelens"))
    parser.add_argument("--mutants", type=int, default=200, help="mutants to make (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="the RNG's seed (default 1)")
    parser.add_argument("--budget", type=float, default=0, help="stop making mutants after this many seconds")
    parser.add_argument("--timeout", type=float, default=30, help="time limit of one command (default 30 s)")
    parser.add_argument("--samples", action="store_true", help="also mutate Samples/lecture.mp4")
    parser.add_argument("--seeds", default=os.path.join(ROOT, ".build", "fuzz-seeds"))
    parser.add_argument("--findings", default=os.path.join(ROOT, ".build", "fuzz-findings"))
    options = parser.parse_args()

    seeds = make_seeds(options.seeds, options.samples)
    contents = {path: open(path, "rb").read() for path in seeds}
    rng = random.Random(options.seed)
    scratch = tempfile.mkdtemp(prefix="framelens-fuzz-")
    started = time.monotonic()
    runs, findings, mutants = 0, [], 0
    try:
        for number in range(options.mutants):
            if options.budget and time.monotonic() - started > options.budget:
                break
            seed = rng.choice(seeds)
            video = os.path.join(scratch, f"mutant-{number}" + os.path.splitext(seed)[1])
            with open(video, "wb") as file:
                file.write(mutate(contents[seed], rng))
            mutants += 1
            for arguments in commands(video, scratch):
                result = run(options.framelens, arguments, options.timeout)
                runs += 1
                found = problem(result, options.timeout)
                if found:
                    os.makedirs(options.findings, exist_ok=True)
                    kept = os.path.join(options.findings, os.path.basename(video))
                    shutil.copyfile(video, kept)
                    findings.append(f"{found}\n    framelens {' '.join(arguments).replace(video, kept)}")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    elapsed = time.monotonic() - started
    print(f"fuzz: {mutants} mutants of {len(seeds)} seeds (seed {options.seed}), {runs} runs in {elapsed:.0f} s: "
          f"{len(findings)} finding(s)")
    for finding in findings:
        print("  " + finding)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
