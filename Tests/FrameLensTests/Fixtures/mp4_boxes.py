#!/usr/bin/env python3
"""Minimal ISO-BMFF (MP4) box tool used to build FrameLens test fixtures.

python3 stdlib only.  Subcommands:

  dump FILE
      Print the box tree (offset, size, type; tkhd track_ID, stsd entries).

  tracks FILE
      One line per track: track_ID, handler, sample entry type(s), and for
      protected entries the sinf contents (original format, scheme, tenc
      KID / per-sample IV size); whether senc/saiz/saio are present; the
      number of 'free' boxes inside the track.

  samples FILE TRACK_ID
      Print "index offset size" for every sample of the track, located with
      stsz/stz2 + stsc + stco/co64.

  unprotect-track ENCRYPTED CLEAR TRACK_ID OUT
      Make track TRACK_ID of ENCRYPTED clear again, writing OUT:
        * every sample of that track is overwritten with the bytes of the
          same sample in CLEAR (sample counts and sizes must match, which
          holds for CENC AES-CTR because it is length-preserving);
        * its protected sample entries (encv/enca/...) are renamed to the
          original format recorded in sinf/frma (e.g. avc1);
        * its sinf, senc, saiz and saio boxes become 'free' boxes of the
          same size, so no offset anywhere in the file changes.
      Boxes of other tracks are not touched.
"""
import struct
import sys

CONTAINERS = {
    b"moov", b"trak", b"mdia", b"minf", b"stbl", b"dinf", b"edts", b"udta",
    b"mvex", b"moof", b"traf", b"mfra", b"sinf", b"schi",
}
# Sample entries whose children we descend into, with the size of their
# fixed fields after the 8-byte box header.
VISUAL_ENTRIES = {b"avc1", b"avc3", b"hvc1", b"hev1", b"encv", b"mp4v",
                  b"av01", b"vp09"}
VISUAL_FIXED = 78
AUDIO_ENTRIES = {b"mp4a", b"enca", b"ac-3", b"ec-3", b"Opus", b"fLaC"}
AUDIO_FIXED = 28
PROTECTED_ENTRIES = {b"encv", b"enca", b"enct", b"encs"}


class Box:
    def __init__(self, typ, offset, size, hdr, parent=None):
        self.type = typ          # bytes, 4 chars
        self.offset = offset     # file offset of the box header
        self.size = size         # full size including header
        self.hdr = hdr           # header length (8 or 16)
        self.parent = parent
        self.children = []

    @property
    def body(self):
        return self.offset + self.hdr

    @property
    def end(self):
        return self.offset + self.size

    def find(self, typ):
        return [c for c in self.children if c.type == typ]

    def first(self, typ):
        r = self.find(typ)
        if not r:
            raise ValueError("no %s in %s@%d" % (typ, self.type, self.offset))
        return r[0]

    def walk(self):
        yield self
        for c in self.children:
            yield from c.walk()


def parse_boxes(data, start, end, parent=None):
    boxes = []
    pos = start
    while pos + 8 <= end:
        size, typ = struct.unpack_from(">I4s", data, pos)
        hdr = 8
        if size == 1:
            size = struct.unpack_from(">Q", data, pos + 8)[0]
            hdr = 16
        elif size == 0:
            size = end - pos
        if size < hdr or pos + size > end:
            raise ValueError("bad box %r at %d (size %d)" % (typ, pos, size))
        box = Box(typ, pos, size, hdr, parent)
        boxes.append(box)
        if typ in CONTAINERS:
            box.children = parse_boxes(data, box.body, box.end, box)
        elif typ == b"stsd":
            # full box: version/flags(4) + entry_count(4), then entries
            box.children = parse_boxes(data, box.body + 8, box.end, box)
            for e in box.children:
                fixed = None
                if e.type in VISUAL_ENTRIES:
                    fixed = VISUAL_FIXED
                elif e.type in AUDIO_ENTRIES:
                    fixed = AUDIO_FIXED
                if fixed is not None and e.body + fixed < e.end:
                    e.children = parse_boxes(data, e.body + fixed, e.end, e)
        pos += size
    return boxes


def load(path):
    with open(path, "rb") as f:
        data = bytearray(f.read())
    return data, parse_boxes(data, 0, len(data))


def top(boxes, typ):
    r = [b for b in boxes if b.type == typ]
    if not r:
        raise ValueError("no top-level %s" % typ)
    return r[0]


def track_id(data, trak):
    tkhd = trak.first(b"tkhd")
    version = data[tkhd.body]
    # version/flags(4), then creation/modification times (4 or 8 each)
    off = tkhd.body + 4 + (16 if version == 1 else 8)
    return struct.unpack_from(">I", data, off)[0]


def find_trak(data, boxes, tid):
    moov = top(boxes, b"moov")
    for trak in moov.find(b"trak"):
        if track_id(data, trak) == tid:
            return trak
    raise ValueError("no track with track_ID %d" % tid)


def stbl_of(trak):
    return trak.first(b"mdia").first(b"minf").first(b"stbl")


def sample_table(data, trak):
    """Return [(offset, size)] for every sample of the track."""
    stbl = stbl_of(trak)
    # sizes
    if stbl.find(b"stsz"):
        b = stbl.first(b"stsz").body
        const, count = struct.unpack_from(">II", data, b + 4)
        if const:
            sizes = [const] * count
        else:
            sizes = list(struct.unpack_from(">%dI" % count, data, b + 12))
    else:
        b = stbl.first(b"stz2").body
        field = data[b + 7]
        count = struct.unpack_from(">I", data, b + 8)[0]
        raw = data[b + 12:]
        if field == 16:
            sizes = list(struct.unpack_from(">%dH" % count, raw, 0))
        elif field == 8:
            sizes = list(raw[:count])
        else:  # 4 bits
            sizes = [(raw[i // 2] >> (4 if i % 2 == 0 else 0)) & 15
                     for i in range(count)]
    # chunk offsets
    if stbl.find(b"stco"):
        b = stbl.first(b"stco").body
        n = struct.unpack_from(">I", data, b + 4)[0]
        chunks = list(struct.unpack_from(">%dI" % n, data, b + 8))
    else:
        b = stbl.first(b"co64").body
        n = struct.unpack_from(">I", data, b + 4)[0]
        chunks = list(struct.unpack_from(">%dQ" % n, data, b + 8))
    # sample-to-chunk
    b = stbl.first(b"stsc").body
    n = struct.unpack_from(">I", data, b + 4)[0]
    runs = [struct.unpack_from(">III", data, b + 8 + 12 * i) for i in range(n)]
    out = []
    s = 0
    for i, (first, per_chunk, _sdi) in enumerate(runs):
        last = runs[i + 1][0] - 1 if i + 1 < len(runs) else len(chunks)
        for c in range(first, last + 1):
            pos = chunks[c - 1]
            for _ in range(per_chunk):
                if s >= len(sizes):
                    break
                out.append((pos, sizes[s]))
                pos += sizes[s]
                s += 1
    if s != len(sizes):
        raise ValueError("stsc/stco describe %d samples, stsz has %d"
                         % (s, len(sizes)))
    return out


def to_free(data, box):
    """Turn a box into a 'free' box of the same size (header type only)."""
    data[box.offset + 4:box.offset + 8] = b"free"


def cmd_dump(path):
    data, boxes = load(path)

    def show(b, depth):
        extra = ""
        if b.type == b"tkhd":
            extra = " track_ID=%d" % track_id(data, b.parent)
        elif b.type == b"frma":
            extra = " data_format=%s" % data[b.body:b.body + 4].decode("latin1")
        elif b.type == b"schm":
            extra = " scheme=%s" % data[b.body + 4:b.body + 8].decode("latin1")
        elif b.type == b"tenc":
            kid = data[b.body + 8:b.body + 24].hex()
            extra = " iv_size=%d kid=%s" % (data[b.body + 7], kid)
        elif b.type == b"hdlr":
            extra = " handler=%s" % data[b.body + 8:b.body + 12].decode("latin1")
        print("%s%s @%d size=%d%s" % ("  " * depth,
              b.type.decode("latin1"), b.offset, b.size, extra))
        for c in b.children:
            show(c, depth + 1)

    for b in boxes:
        show(b, 0)


def track_summary(data, trak):
    stbl = stbl_of(trak)
    hdlr = trak.first(b"mdia").first(b"hdlr")
    parts = ["track_ID=%d" % track_id(data, trak),
             "handler=%s" % data[hdlr.body + 8:hdlr.body + 12].decode("latin1")]
    for entry in stbl.first(b"stsd").children:
        parts.append("entry=%s" % entry.type.decode("latin1"))
        for sinf in entry.find(b"sinf"):
            for b in sinf.walk():
                if b.type == b"frma":
                    parts.append("original_format=%s"
                                 % data[b.body:b.body + 4].decode("latin1"))
                elif b.type == b"schm":
                    parts.append("scheme=%s"
                                 % data[b.body + 4:b.body + 8].decode("latin1"))
                elif b.type == b"tenc":
                    parts.append("tenc_iv_size=%d" % data[b.body + 7])
                    parts.append("kid=%s" % data[b.body + 8:b.body + 24].hex())
    for name in (b"senc", b"saiz", b"saio"):
        found = [b for b in trak.walk() if b.type == name]
        parts.append("%s=%s" % (name.decode(), "yes" if found else "no"))
        if name == b"senc" and found:
            b = found[0]
            flags, count = struct.unpack_from(">II", data, b.body)
            parts.append("senc_samples=%d senc_subsamples=%s"
                         % (count, "yes" if flags & 2 else "no"))
    parts.append("free_boxes=%d"
                 % sum(1 for b in trak.walk() if b.type == b"free"))
    return " ".join(parts)


def cmd_tracks(path):
    data, boxes = load(path)
    for trak in top(boxes, b"moov").find(b"trak"):
        print(track_summary(data, trak))


def cmd_samples(path, tid):
    data, boxes = load(path)
    for i, (off, size) in enumerate(sample_table(data, find_trak(data, boxes, tid))):
        print(i, off, size)


def cmd_unprotect(enc_path, clear_path, tid, out_path):
    enc, enc_boxes = load(enc_path)
    clr, clr_boxes = load(clear_path)
    enc_trak = find_trak(enc, enc_boxes, tid)
    clr_trak = find_trak(clr, clr_boxes, tid)
    enc_s = sample_table(enc, enc_trak)
    clr_s = sample_table(clr, clr_trak)
    if [s for _, s in enc_s] != [s for _, s in clr_s]:
        raise SystemExit("track %d: sample counts/sizes differ between files"
                         % tid)
    # 1. copy clear sample bytes over the encrypted ones
    for (eo, size), (co, _) in zip(enc_s, clr_s):
        enc[eo:eo + size] = clr[co:co + size]
    # 2. sample entries: encv -> original format, sinf -> free
    stbl = stbl_of(enc_trak)
    renamed = []
    freed = []
    for entry in stbl.first(b"stsd").children:
        if entry.type not in PROTECTED_ENTRIES:
            continue
        sinfs = entry.find(b"sinf")
        if not sinfs:
            raise SystemExit("protected entry %r without sinf" % entry.type)
        frma = sinfs[0].first(b"frma")
        orig = bytes(enc[frma.body:frma.body + 4])
        enc[entry.offset + 4:entry.offset + 8] = orig
        renamed.append((entry.type.decode(), orig.decode()))
        for s in sinfs:
            to_free(enc, s)
            freed.append(s)
    # 3. per-track sample auxiliary info / sample encryption boxes -> free
    for b in enc_trak.walk():
        if b.type in (b"senc", b"saiz", b"saio"):
            to_free(enc, b)
            freed.append(b)
    # pssh boxes are file-wide (moov level); ffmpeg's muxer writes none.
    with open(out_path, "wb") as f:
        f.write(enc)
    for a, b in renamed:
        print("track %d: sample entry %s -> %s" % (tid, a, b), file=sys.stderr)
    for b in freed:
        print("track %d: %s @%d (%d bytes) -> free"
              % (tid, b.type.decode(), b.offset, b.size), file=sys.stderr)
    print("track %d: %d samples copied from %s" % (tid, len(enc_s), clear_path),
          file=sys.stderr)


def main(argv):
    if len(argv) == 2 and argv[0] == "dump":
        cmd_dump(argv[1])
    elif len(argv) == 2 and argv[0] == "tracks":
        cmd_tracks(argv[1])
    elif len(argv) == 3 and argv[0] == "samples":
        cmd_samples(argv[1], int(argv[2]))
    elif len(argv) == 5 and argv[0] == "unprotect-track":
        cmd_unprotect(argv[1], argv[2], int(argv[3]), argv[4])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except (ValueError, OSError, struct.error) as exc:
        print("mp4_boxes.py: error: %s" % exc, file=sys.stderr)
        sys.exit(1)
