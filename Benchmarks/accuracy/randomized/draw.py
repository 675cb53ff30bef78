"""One clip's draw: every factor chosen independently by a generator seeded with (seed, half, number).

`draw(half, number, seed, pools, footage_seconds)` returns the clip's spec (a JSON-able dict): footage, font,
style, size, position, appearance, lines, language, resolution, codec and quality, and its 2-4 captions with
their times. Standard library only.
"""
import random

from sources import CJK, CLIPS, LANGUAGES, NO_SPACES, PHOTOS, fonts_for

RESOLUTIONS = {"360p": (640, 360), "480p": (854, 480), "720p": (1280, 720), "1080p": (1920, 1080)}
CODECS = ("h264", "hevc", "vp9", "av1", "mpeg4")
QUALITIES = ("high", "medium", "low")
STYLES = ("outline", "outline+shadow", "thin outline", "box", "translucent box")
APPEARANCES = ("cut", "fade", "words", "on at start")
POSITIONS = {"bottom": 2, "top": 8, "middle": 5, "left": 1}
# ASS colours, &HAABBGGRR.
COLOURS = {"white": "FFFFFF", "yellow": "00FFFF", "light yellow": "99FFFF", "cyan": "FFFF00", "grey": "D0D0D0"}
BOXES = {"black": "000000", "dark grey": "303030", "dark blue": "402010"}
LINE_WIDTH = {"latin": (20, 42), "cjk": (8, 16)}   # two lines: at least; one line: at most (characters)


def size_class(size):
    return "small" if size <= 14 else "medium" if size <= 18 else "large"


def split_lines(rng, text, lang, lines):
    """The text as `lines` lines (None when it does not fit): one line up to the width, or two balanced ones."""
    low, high = LINE_WIDTH["cjk" if lang in CJK else "latin"]
    if lines == 1:
        return [text] if len(text) <= high else None
    if len(text) < low:
        return None
    if lang in NO_SPACES:
        cut = (len(text) + 1) // 2
        parts = [text[:cut], text[cut:]]
    else:
        spaces = [i for i, c in enumerate(text) if c == " "]
        if not spaces:
            return None
        cut = min(spaces, key=lambda i: abs(len(text) - 2 * i))
        parts = [text[:cut], text[cut + 1:]]
    return parts if max(map(len, parts)) <= high else None


def words(rng, text, lang):
    """The units a word-by-word build-up shows one at a time: words, or runs of 2-4 characters where words
    are not spaced."""
    if lang not in NO_SPACES:
        return text.split(" ")
    units, i = [], 0
    while i < len(text):
        n = rng.randint(2, 4)
        units.append(text[i:i + n])
        i += n
    return units


def caption_times(rng, count, first):
    """(start, end) of `count` captions in centiseconds: the first at `first`, each 1.0-2.2 s, a third of the
    others right after the previous one, the rest after 0.2-0.8 s."""
    times, t = [], first
    for i in range(count):
        if i:
            t = times[-1][1] + (0 if rng.random() < 1 / 3 else round(rng.uniform(0.2, 0.8), 2))
        times.append((round(t, 2), round(t + rng.uniform(1.0, 2.2), 2)))
    return times


def draw_style(rng):
    style = rng.choice(STYLES)
    colour = rng.choice(list(COLOURS))
    box = rng.choice(list(BOXES))
    fields = {"PrimaryColour": f"&H00{COLOURS[colour]}", "OutlineColour": "&H00000000",
              "BackColour": "&H80000000", "BorderStyle": 1, "Outline": 0.0, "Shadow": 0.0}
    if style == "outline":
        fields.update(Outline=round(rng.uniform(1.0, 3.0), 1))
    elif style == "outline+shadow":
        fields.update(Outline=round(rng.uniform(0.5, 1.5), 1), Shadow=round(rng.uniform(1.0, 3.0), 1),
                      BackColour=f"&H{rng.randint(0x30, 0xA0):02X}000000")
    elif style == "thin outline":
        fields.update(Outline=round(rng.uniform(0.0, 0.6), 1), Shadow=float(rng.random() < 0.5))
    else:
        alpha = 0 if style == "box" else rng.randint(0x40, 0xA0)
        fields.update(BorderStyle=3, Outline=round(rng.uniform(1.5, 4.0), 1),
                      OutlineColour=f"&H{alpha:02X}{BOXES[box]}", BackColour=f"&H{alpha:02X}{BOXES[box]}")
    return {"style": style, "colour": colour, "box": box if fields["BorderStyle"] == 3 else None, "ass": fields}


def draw_footage(rng, half, footage_seconds):
    if rng.random() < 0.5:
        source = rng.choice(CLIPS[half])
        return {"kind": "clip", "source": source,
                "offset": round(rng.uniform(0, max(0.0, footage_seconds[source] - 1.0)), 2)}
    return {"kind": "pan", "source": rng.choice(PHOTOS[half]), "rate": rng.choice((24, 25, 30)),
            "zoom": round(rng.uniform(1.15, 1.5), 2),
            "from": [round(rng.random(), 2), round(rng.random(), 2)],
            "to": [round(rng.random(), 2), round(rng.random(), 2)]}


def draw_encoding(rng):
    codec, quality = rng.choice(CODECS), rng.choice(QUALITIES)
    level = QUALITIES.index(quality)
    if codec == "mpeg4":
        return {"codec": codec, "quality": quality, "q": rng.randint(*((2, 3), (4, 6), (7, 10))[level])}
    ranges = {"h264": ((19, 23), (24, 28), (29, 34)), "hevc": ((22, 26), (27, 31), (32, 36)),
              "vp9": ((24, 30), (31, 38), (39, 48)), "av1": ((25, 32), (33, 42), (43, 52))}
    return {"codec": codec, "quality": quality, "crf": rng.randint(*ranges[codec][level])}


def draw_captions(rng, pool, lang, count, lines):
    """`count` texts of the pool that fit in `lines` lines, in the seeded order."""
    chosen = []
    for text in rng.sample(pool, len(pool)):
        split = split_lines(rng, text, lang, lines)
        if split:
            chosen.append(split)
        if len(chosen) == count:
            return chosen
    raise ValueError(f"{lang}: fewer than {count} texts fit in {lines} lines")


def draw(half, number, seed, pools, footage_seconds):
    rng = random.Random(f"{seed}-{half}-{number}")
    lang = rng.choice(list(LANGUAGES))
    label, kind, font_name, bold = rng.choice(fonts_for(half, lang))
    resolution = rng.choice(list(RESOLUTIONS))
    appearance = rng.choice(APPEARANCES)
    lines = rng.choice((1, 2))
    count = rng.randint(2, 4)
    size = rng.randint(11, 22)
    position = rng.choice(list(POSITIONS))
    spec = {
        "name": f"{half}-{number:03d}", "half": half, "seed": f"{seed}-{half}-{number}", "lang": lang,
        "font": label, "fontKind": kind, "fontName": font_name, "bold": bold,
        "size": size, "sizeClass": size_class(size), "position": position,
        "margin": rng.randint(8, 30), "appearance": appearance, "lines": lines,
        "resolution": resolution, "width": RESOLUTIONS[resolution][0], "height": RESOLUTIONS[resolution][1],
        "footage": draw_footage(rng, half, footage_seconds), **draw_style(rng), **draw_encoding(rng),
    }
    if appearance == "fade":
        spec["fade"] = [rng.randint(100, 500), rng.randint(100, 500)]
    texts = draw_captions(rng, pools[lang], lang, count, lines)
    times = caption_times(rng, count, 0.0 if appearance == "on at start" else round(rng.uniform(0.3, 1.0), 2))
    captions = []
    for (start, end), text in zip(times, texts):
        caption = {"start": start, "end": end, "lines": text}
        if appearance == "words":
            units = [words(rng, line, lang) for line in text]
            steps = sum(map(len, units)) - 1
            step = min(rng.uniform(0.12, 0.3), 0.6 * (end - start) / max(steps, 1))
            caption.update(units=units, step=round(step, 3), complete=round(start + steps * step, 2))
        captions.append(caption)
    spec["captions"] = captions
    spec["duration"] = round(times[-1][1] + rng.uniform(0.3, 1.0), 2)
    return spec
