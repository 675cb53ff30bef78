#!/usr/bin/env python3
"""Character error rate of a text against a reference: Levenshtein distance / len(reference).

Both texts are whitespace-normalised first (runs of whitespace become one space, ends stripped),
so line breaks and indentation do not count. Usage: cer.py REFERENCE_FILE HYPOTHESIS_FILE
('-' reads standard input); prints the rate with 4 decimals (0.0000 is a perfect read).
"""
import sys


def normalise(text: str) -> str:
    return " ".join(text.split())


def levenshtein(a: str, b: str) -> int:
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


def cer(reference: str, hypothesis: str) -> float:
    reference, hypothesis = normalise(reference), normalise(hypothesis)
    if not reference:
        return 0.0 if not hypothesis else 1.0
    return levenshtein(reference, hypothesis) / len(reference)


def read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as file:
        return file.read()


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip())
    print(f"{cer(read(sys.argv[1]), read(sys.argv[2])):.4f}")
