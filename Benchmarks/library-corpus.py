#!/usr/bin/env python3
"""Writes synthetic JSON indexes, as `framelens index --format json` writes them, for the library benchmark.

Each index is one made-up video of the archive ARCHIVE/NNNN.mp4 with an identity of its own and
cues whose text is real prose: sentences of the Debian documentation installed on this machine
(/usr/share/doc, /usr/share/common-licenses), a few lines a cue, as slides hold them; one cue in 20 is a Japanese,
Korean or Chinese caption.

usage: library-corpus.py OUT_DIR [VIDEOS] [CUES_PER_VIDEO] [ARCHIVE]
       (default 2000 videos, 15 cues each, in /archive/talks)
"""
import gzip
import hashlib
import json
import os
import random
import re
import sys


def sentences():
    """Sentences of 4 to 18 words, mostly letters, from the installed documentation."""
    found = []
    roots = ["/usr/share/doc", "/usr/share/common-licenses"]
    for root in roots:
        for folder, _, names in sorted(os.walk(root)):
            for name in sorted(names):
                if not re.match(r"(README|changelog|copyright|NEWS|.*\.txt)", name):
                    continue
                path = os.path.join(folder, name)
                try:
                    opener = gzip.open if name.endswith(".gz") else open
                    with opener(path, "rt", errors="ignore") as file:
                        text = file.read(200_000)
                except OSError:
                    continue
                for piece in re.split(r"(?<=[.!?])\s+", re.sub(r"\s+", " ", text)):
                    words = piece.split()
                    letters = sum(ch.isalpha() for ch in piece)
                    if 4 <= len(words) <= 18 and letters > 0.7 * len(piece):
                        found.append(piece.strip())
    return sorted(set(found))


# Captions in languages written without spaces between words (or whose words take endings), one cue in 20, so
# that searches for a part of a word have something to find.
CJK_CAPTIONS = [
    "私はキーボードに取り組んでいるソフトウェアエンジニアです。",
    "このプログラムは自由なソフトウェアです。",
    "東京の大学で情報科学を研究しています。",
    "다양한 유형을 탐구하는 것으로 시작합니다",
    "소프트웨어 라이선스를 확인하십시오",
    "我们在大学里学习计算机科学。",
]


def main():
    out = sys.argv[1]
    videos = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    cues_per_video = int(sys.argv[3]) if len(sys.argv) > 3 else 15
    archive = sys.argv[4] if len(sys.argv) > 4 else "/archive/talks"
    pool = sentences()
    rng = random.Random(23)
    os.makedirs(out, exist_ok=True)
    for number in range(videos):
        time = 0.0
        cues = []
        for _ in range(cues_per_video):
            length = rng.uniform(4, 40)
            if rng.random() < 0.05:
                text = rng.choice(CJK_CAPTIONS)
            else:
                text = "\n".join(rng.choice(pool) for _ in range(rng.randint(1, 4)))
            cues.append({"start": round(time, 3), "end": round(time + length, 3), "startFrame": int(time * 30),
                         "endFrame": int((time + length) * 30), "text": text, "codes": [], "detections": [],
                         "readTime": round(time + 0.5, 3)})
            time += length
        path = f"{archive}/{number:04d}.mp4"
        index = {"video": path, "from": 0, "to": round(time, 3), "complete": True, "warnings": [], "cues": cues,
                 "identity": {"path": path, "size": 50_000_000 + number, "modified": 1_700_000_000_000_000_000 + number,
                              "hash": hashlib.sha256(path.encode()).hexdigest()}}
        with open(os.path.join(out, f"{number:04d}.json"), "w") as file:
            json.dump(index, file)
    print(f"{videos} indexes, {videos * cues_per_video} cues, from {len(pool)} sentences", file=sys.stderr)


main()
