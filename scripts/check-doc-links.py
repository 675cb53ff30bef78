#!/usr/bin/env python3
"""Checks that every relative link in README.md and docs/*.md names an existing file (and heading, for #anchors)."""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def anchors(path):
    """The GitHub anchors of a Markdown file's headings."""
    found = set()
    in_code = False
    for line in path.read_text().splitlines():
        if line.startswith("```"):
            in_code = not in_code
        elif not in_code and line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            found.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return found


def main():
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    bad = []
    for page in pages:
        in_code = False
        for number, line in enumerate(page.read_text().splitlines(), 1):
            if line.startswith("```"):
                in_code = not in_code
                continue
            if in_code:
                continue
            for target in LINK.findall(line):
                if re.match(r"[a-z]+:", target):
                    continue
                file, _, anchor = target.partition("#")
                path = (page.parent / file).resolve() if file else page
                if not path.exists():
                    bad.append(f"{page.relative_to(ROOT)}:{number}: no such file: {target}")
                elif anchor and path.suffix == ".md" and anchor not in anchors(path):
                    bad.append(f"{page.relative_to(ROOT)}:{number}: no such heading: {target}")
    print("\n".join(bad) if bad else f"{len(pages)} pages, every relative link resolves")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
