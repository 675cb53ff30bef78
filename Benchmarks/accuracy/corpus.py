"""Pieces the corpus makers share (make-slides.sh, make-slides-heldout.sh, make-captions.sh,
make-captions-heldout.sh): the text of HTML paragraphs and their sentences, the messages of a gettext
catalog, captions split into balanced lines, the seeded choice of captions and of their times, SRT output,
and what ffprobe says of a video. The Python embedded in those scripts imports it via sys.path (as slides.py imports
Benchmarks/cer.py), so the tuning and the held-out corpora are made by the same code. Standard library only.
"""
import gzip
import html.parser
import json
import os
import re
import shutil
import struct
import subprocess


def run(*args, **kw):
    return subprocess.run(args, check=True, capture_output=True, text=True, **kw).stdout


def write_json(path, value):
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        json.dump(value, f, ensure_ascii=False, indent=1)
    os.replace(path + ".tmp", path)


def gunzipped(gz, path):
    """`path`, decompressed from the gzip file `gz` the first time it is asked for."""
    if not os.path.exists(path):
        with gzip.open(gz) as f, open(path + ".tmp", "wb") as g:
            shutil.copyfileobj(f, g)
        os.replace(path + ".tmp", path)
    return path


def page_size(pdf, page):
    info = run("pdfinfo", "-f", str(page), "-l", str(page), pdf)
    w, h = re.search(r"Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)", info).groups()
    return float(w), float(h)


# --- HTML text.

class Paragraphs(html.parser.HTMLParser):
    """The text of each <p> of an HTML page, whitespace collapsed."""
    def __init__(self):
        super().__init__()
        self.depth, self.current, self.paragraphs = 0, [], []

    def handle_starttag(self, tag, attrs):
        if tag == "p":
            self.depth += 1
            self.current = []

    def handle_endtag(self, tag):
        if tag == "p" and self.depth:
            self.depth -= 1
            self.paragraphs.append(" ".join("".join(self.current).split()))

    def handle_data(self, data):
        if self.depth:
            self.current.append(data)


def paragraphs(html_path):
    """The paragraphs of the HTML file (Paragraphs)."""
    parser = Paragraphs()
    with open(html_path, encoding="utf-8") as f:
        parser.feed(f.read())
    return parser.paragraphs


def sentence_parts(paragraph):
    """The paragraph cut after each sentence end (. ! ? and their CJK forms; 。 even without a space),
    each part with its trailing whitespace, so that the parts join back into the paragraph."""
    return re.findall(r".+?(?:[.!?。！？](?=\s|$)|。|$)\s*", paragraph)


def sentences_up_to(paragraph, limit):
    """The paragraph's leading whole sentences, at most `limit` characters (at least one sentence)."""
    text = ""
    for part in sentence_parts(paragraph):
        if text and len(text + part) > limit:
            break
        text += part
    return text.strip()


def catalog_pairs(mo_path):
    """(original, translation) of each message of a gettext catalog (a package's .mo file), whitespace
    collapsed; the empty message's header and plural forms' other variants are left out."""
    with open(mo_path, "rb") as f:
        data = f.read()
    order = "<" if data[:4] == b"\xde\x12\x04\x95" else ">"
    count, originals, translations = struct.unpack(order + "3I", data[8:20])

    def string(table, i):
        length, offset = struct.unpack(order + "2I", data[table + 8 * i:table + 8 * i + 8])
        return " ".join(data[offset:offset + length].decode("utf-8", errors="replace").split("\0")[0].split())

    pairs = []
    for i in range(count):
        original, text = string(originals, i), string(translations, i)
        if text and not text.startswith("Project-Id-Version:"):
            pairs.append((original, text))
    return pairs


def catalog_messages(mo_path):
    """The translated messages of a gettext catalog (catalog_pairs' translations)."""
    return [text for _, text in catalog_pairs(mo_path)]


# --- Captions.

def balanced_lines(text, width):
    """One line when it fits, else the split at a space that balances two lines of at most `width`
    (None when there is none)."""
    if len(text) <= width:
        return [text]
    best = None
    for i, c in enumerate(text):
        if c == " ":
            a, b = text[:i], text[i + 1:]
            if len(a) <= width and len(b) <= width and (best is None or max(len(a), len(b)) < best[0]):
                best = (max(len(a), len(b)), [a, b])
    return best[1] if best else None


def choose_captions(rng, pool, count, width):
    """`count` texts of the pool in the seeded generator's order, those that fit in lines of `width`."""
    chosen = []
    for text in rng.sample(pool, len(pool)):
        split = balanced_lines(text, width)
        if split:
            chosen.append(split)
        if len(chosen) == count:
            break
    return chosen


def caption_times(rng, count, adjacent, duration, gap, length):
    """(start, end) of `count` captions in centiseconds (ASS's precision): the first at 1-2 s, `adjacent`
    of the others right after the previous one, the rest after a gap drawn from `gap` (low, high), each
    lasting a time drawn from `length`; drawn again until the last one ends 1 s before `duration`."""
    while True:
        follow = set(rng.sample(range(1, count), adjacent))
        t, times = round(rng.uniform(1.0, 2.0), 2), []
        for i in range(count):
            if i:
                t = times[-1][1] if i in follow else round(times[-1][1] + rng.uniform(*gap), 2)
            times.append((t, round(t + rng.uniform(*length), 2)))
        if times[-1][1] <= duration - 1.0:
            return times


def stamp(s):
    ms = round(s * 1000)
    return f"{ms // 3600000:02d}:{ms // 60000 % 60:02d}:{ms // 1000 % 60:02d},{ms % 1000:03d}"


def write_srt(target, times, chosen, at_top):
    """The SRT of the captions (lists of lines) at their times; those numbered in `at_top` (from 0) get
    libass's {\\an8} (top centre)."""
    with open(target + ".part", "w", encoding="utf-8") as f:
        for i, ((start, end), text) in enumerate(zip(times, chosen)):
            body = "\n".join(text)
            if i in at_top:
                body = "{\\an8}" + body
            f.write(f"{i + 1}\n{stamp(start)} --> {stamp(end)}\n{body}\n\n")
    os.replace(target + ".part", target)


def video_facts(path):
    """A video's codec, size, frame rate and duration for a caption manifest (ffprobe)."""
    probe = json.loads(run("ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                           "stream=codec_name,width,height,r_frame_rate,avg_frame_rate:format=duration",
                           "-of", "json", path))
    stream = probe["streams"][0]
    num, den = stream["r_frame_rate"].split("/")
    return {"codec": stream["codec_name"], "width": stream["width"], "height": stream["height"],
            "fps": int(num) / int(den), "frameRate": stream["r_frame_rate"],
            "duration": float(probe["format"]["duration"])}
