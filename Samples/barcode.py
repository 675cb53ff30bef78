#!/usr/bin/env python3
"""Render an EAN-13 barcode as a binary PGM (P5) image, stdlib only.

Used by make-lecture.sh to put a scannable 1D barcode on a slide; ffmpeg
reads the PGM directly and overlays it. No human-readable digits are drawn
under the bars, so the slide's OCR ground truth stays exactly the text lines.

Usage: barcode.py DIGITS OUT.pgm [--module PX] [--height PX] [--quiet MODULES]
DIGITS is 12 digits (check digit gets appended) or 13 digits (check digit
is validated).
"""

import argparse
import sys

# Left-hand "odd parity" (L) patterns; R is the bitwise complement of L and
# G (even parity) is R reversed. 1 = bar, 0 = space.
L_CODES = ["0001101", "0011001", "0010011", "0111101", "0100011",
           "0110001", "0101111", "0111011", "0110111", "0001011"]
R_CODES = ["".join("1" if b == "0" else "0" for b in c) for c in L_CODES]
G_CODES = [c[::-1] for c in R_CODES]

# The first digit is not drawn as bars; it selects the L/G parity pattern of
# the six left-hand digits.
PARITY = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG",
          "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"]


def check_digit(first12):
    """EAN-13 check digit: weights 1,3,1,3,... over the first 12 digits."""
    total = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(first12))
    return str((10 - total % 10) % 10)


def ean13_modules(digits):
    """Return the 95-module bar pattern ('1' = bar) for a 13-digit code."""
    parity = PARITY[int(digits[0])]
    left = "".join((L_CODES if p == "L" else G_CODES)[int(d)]
                   for p, d in zip(parity, digits[1:7]))
    right = "".join(R_CODES[int(d)] for d in digits[7:13])
    bits = "101" + left + "01010" + right + "101"
    assert len(bits) == 95
    return bits


def normalize(code):
    if not code.isdigit() or len(code) not in (12, 13):
        sys.exit("barcode.py: need 12 or 13 digits, got %r" % code)
    if len(code) == 12:
        return code + check_digit(code)
    if code[12] != check_digit(code[:12]):
        sys.exit("barcode.py: bad check digit in %s (expected %s)"
                 % (code, check_digit(code[:12])))
    return code


def write_pgm(path, bits, module, height, quiet):
    # Quiet zone of `quiet` modules on both sides (EAN-13 needs >= 7/11).
    row_modules = "0" * quiet + bits + "0" * quiet
    row = bytes(0 if m == "1" else 255
                for m in row_modules for _ in range(module))
    with open(path, "wb") as f:
        f.write(b"P5\n%d %d\n255\n" % (len(row), height))
        f.write(row * height)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("digits")
    ap.add_argument("out")
    ap.add_argument("--module", type=int, default=4, help="px per module")
    ap.add_argument("--height", type=int, default=160, help="bar height px")
    ap.add_argument("--quiet", type=int, default=11, help="quiet modules")
    a = ap.parse_args()
    if a.module < 3 or a.height < 120:
        sys.exit("barcode.py: keep module >= 3 px and height >= 120 px")
    code = normalize(a.digits)
    write_pgm(a.out, ean13_modules(code), a.module, a.height, a.quiet)
    print(code)


if __name__ == "__main__":
    main()
