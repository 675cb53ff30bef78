#!/usr/bin/env bash
# Makes the filmed-lecture corpus of the recordings benchmark (Benchmarks/accuracy/filmed.py): lectures as
# a camera in the room films them, made from the slide decks the slide corpora already built (their
# slideNN-page.png renderings of real PDF pages; truth: slideNN.txt), into
# Benchmarks/out/accuracy/filmed/{tuning,heldout}/ (or $1/{tuning,heldout}).
#
#   tuning  (from Benchmarks/out/accuracy/slides, make-slides.sh): talk (beamer's conference talk, pages
#           1-6) and talk-docs (debian-refcard and beamer user guide crops, conference talk pages 7-8)
#   heldout (from Benchmarks/out/accuracy/heldout/slides, make-slides-heldout.sh): lisaac-yosys (lisaac
#           pages 3-29, yosys 2-14) and mkconf-yosys (mk-configure 3-46, yosys 32-59)
#
# Each video: 6 slides x 8 s, 1280x720 H.264 (libx264 crf 28, yuv420p). Each slide page is letterboxed
# (black) into a 4:3 screen, its contrast lowered (a projector in a lit room), warped by ffmpeg's
# `perspective` onto a darker room (keystone), blurred (soft focus: gblur on the tuning set, boxblur on the
# held-out one), darkened at the edges (`vignette`), stepped in exposure (`eq=brightness` at two times), with
# a person-sized dark shape (a body and a head) crossing the screen twice, a hand-held camera's slow drift
# (`crop` with x/y moving with t) and sensor noise that changes every frame (`noise=...:allf=t`). The two
# sets differ in decks and in every parameter (keystone, blur, noise, drift, crossings, exposure, frame rate).
#
# manifest.json per set: for each video its slides (start, end, truth text, source), the parameters, and
# ffprobe's facts. Remade when this script's code changed (the fingerprint in the manifest).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-$root/Benchmarks/out/accuracy/filmed}
slides=${ACC_SLIDES:-$root/Benchmarks/out/accuracy}

"$root/scripts/install-deps.sh" ffmpeg python3
fingerprint=$(grep -v '^#' "${BASH_SOURCE[0]}" | sha256sum | cut -c1-16)

python3 - "$here" "$out" "$slides" "$fingerprint" <<'PY'
import json, os, subprocess, sys

here, out, slides, fingerprint = sys.argv[1:5]
sys.path.insert(0, here)
from corpus import run, video_facts, write_json  # noqa: E402

SLIDE_SECONDS, WIDTH, HEIGHT = 8, 1280, 720
ROOM = (1440, 840)              # the room the camera drifts over (crop to WIDTH x HEIGHT)
SCREEN = (800, 600)             # the projected picture before the keystone

SETS = {
    "tuning": {
        "decks": f"{slides}/slides",
        "videos": {
            "talk": [("talk", i) for i in range(6)],
            "talk-docs": [("docs", 2), ("docs", 3), ("talk", 6), ("talk", 7), ("docs", 0), ("docs", 1)],
        },
        "fps": 30,
        # The screen's corners (top left, top right, bottom left, bottom right) in the room, a keystone
        # (a projector below the screen's centre, a camera to the left).
        "quad": [(400, 190), (1040, 130), (370, 700), (1080, 770)],
        "contrast": 0.72, "blur": "gblur=sigma=1.1", "vignette": "PI/5", "noise": "alls=10:allf=t",
        "drift": ("70+38*sin(2*PI*t/23)", "60+22*sin(2*PI*t/17+1)"),
        "exposure": [(13.0, 0.05), (30.5, -0.04)],
        "crossings": [(3.0, 6.0), (26.0, 29.5)],     # (from, to) seconds; left to right, then right to left
    },
    "heldout": {
        "decks": f"{slides}/heldout/slides",
        "videos": {
            "lisaac-yosys": [("lisaac", i) for i in range(4)] + [("yosys", 0), ("yosys", 1)],
            "mkconf-yosys": [("mkconf", i) for i in range(4)] + [("yosys", 2), ("yosys", 3)],
        },
        "fps": 25,
        "quad": [(340, 140), (1010, 200), (360, 760), (990, 690)],
        "contrast": 0.66, "blur": "boxblur=luma_radius=2:luma_power=1", "vignette": "PI/4",
        "noise": "alls=14:allf=t+u",
        "drift": ("80+45*sin(2*PI*t/29+2)", "60+26*sin(2*PI*t/13)"),
        "exposure": [(9.5, -0.05), (37.0, 0.04)],
        "crossings": [(19.0, 22.0), (43.0, 46.5)],
    },
}


def filter_graph(spec, count):
    """The filter graph from inputs 0..count-1 (the slides, looped), `count` (the room) and `count` + 1 (the
    person) to [v]."""
    sw, sh = SCREEN
    parts = [f"[{i}]scale={sw}:{sh}:force_original_aspect_ratio=decrease,pad={sw}:{sh}:-1:-1:black,setsar=1,"
             f"fps={spec['fps']},trim=duration={SLIDE_SECONDS},setpts=PTS-STARTPTS[s{i}]" for i in range(count)]
    parts.append("".join(f"[s{i}]" for i in range(count)) + f"concat=n={count}:v=1:a=0[deck]")
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = spec["quad"]
    left, top = min(x0, x2), min(y0, y1)
    w, h = max(x1, x3) - left, max(y2, y3) - top
    corners = ":".join(f"{n}{k}={v}" for k, (x, y) in enumerate(spec["quad"])
                       for n, v in (("x", x - left), ("y", y - top)))
    parts.append(f"[deck]eq=contrast={spec['contrast']}:brightness=-0.03,format=yuva444p,"
                 f"scale={w}:{h},perspective={corners}:sense=destination:interpolation=linear[screen]")
    parts.append(f"[{count}][screen]overlay={left}:{top}:format=auto[room]")
    # The person (input count + 1): a dark body 210x520 under a head 110x140, crossing the screen in each span.
    body = "[room]"
    parts.append(f"[{count + 1}]format=yuva444p,drawbox=x=0:y=0:w=50:h=140:color=black@0:replace=1:t=fill,"
                 f"drawbox=x=160:y=0:w=50:h=140:color=black@0:replace=1:t=fill,"
                 f"split={len(spec['crossings'])}" + "".join(f"[person{n}]" for n in range(len(spec["crossings"]))))
    for n, (a, b) in enumerate(spec["crossings"]):
        start, end = (100, ROOM[0] - 300) if n % 2 == 0 else (ROOM[0] - 300, 100)
        x = f"{start}+({end}-{start})*(t-{a})/({b}-{a})"
        parts.append(f"{body}[person{n}]overlay=x='{x}':y=190:enable='between(t,{a},{b})'[p{n}]")
        body = f"[p{n}]"
    steps = "+".join(f"{v}*gte(t,{t})" for t, v in spec["exposure"])
    dx, dy = spec["drift"]
    parts.append(f"{body}{spec['blur']},eq=brightness='{steps}':eval=frame,vignette=angle={spec['vignette']},"
                 f"crop={WIDTH}:{HEIGHT}:x='{dx}':y='{dy}',noise={spec['noise']},format=yuv420p[v]")
    return ";\n".join(parts)


for name, spec in SETS.items():
    folder = os.path.join(out, name)
    manifest_path = os.path.join(folder, "manifest.json")
    if os.path.exists(manifest_path):
        with open(manifest_path, encoding="utf-8") as f:
            old = json.load(f)
        if old.get("fingerprint") == fingerprint and all(
                os.path.exists(os.path.join(folder, v["video"])) for v in old["videos"]):
            continue
    os.makedirs(folder, exist_ok=True)
    videos = []
    for video, pages in spec["videos"].items():
        deck_slides, inputs = [], []
        for n, (deck, index) in enumerate(pages):
            with open(os.path.join(spec["decks"], deck, "manifest.json"), encoding="utf-8") as f:
                deck_manifest = json.load(f)
            slide = deck_manifest["slides"][index]
            page = os.path.join(spec["decks"], deck, f"slide{index:02d}-page.png")
            inputs += ["-loop", "1", "-framerate", str(spec["fps"]), "-t", str(SLIDE_SECONDS), "-i", page]
            deck_slides.append({"index": n, "start": n * SLIDE_SECONDS, "end": (n + 1) * SLIDE_SECONDS,
                                "deck": deck, "deckSlide": index, "truth": slide["truth"],
                                "lang": deck_manifest.get("lang", "eng"), "source": slide.get("source")})
        inputs += ["-f", "lavfi", "-i", f"color=c=0x2a2724:s={ROOM[0]}x{ROOM[1]}:r={spec['fps']}",
                   "-f", "lavfi", "-i", f"color=c=0x1a1816:s=210x660:r={spec['fps']}"]
        script = os.path.join(folder, video + ".filters")
        with open(script, "w") as f:
            f.write(filter_graph(spec, len(pages)))
        target = os.path.join(folder, video + ".mp4")
        print(f"making {name}/{video}.mp4", file=sys.stderr)
        subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", *inputs, "-filter_complex_script", script,
                        "-map", "[v]", "-t", str(len(pages) * SLIDE_SECONDS), "-c:v", "libx264", "-crf", "28",
                        "-preset", "veryfast", "-pix_fmt", "yuv420p", target + ".part.mp4"], check=True)
        os.replace(target + ".part.mp4", target)
        os.remove(script)
        videos.append({"name": video, "video": video + ".mp4", "slides": deck_slides, **video_facts(target)})
    params = {k: v for k, v in spec.items() if k not in ("decks", "videos")}
    write_json(manifest_path, {"set": name, "fingerprint": fingerprint, "slideSeconds": SLIDE_SECONDS,
                               "parameters": params, "videos": videos})
PY
