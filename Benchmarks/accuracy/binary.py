"""The framelens binary a benchmark measures: $FRAMELENS or the release build, copied to a scratch folder
first, so that a rebuild during the run changes nothing measured."""
import os
import shutil
import sys
import time


def copy_framelens(root, scratch):
    source = os.environ.get("FRAMELENS") or os.path.join(root, ".build", "release", "framelens")
    for _ in range(30):  # a rebuild may be linking it right now
        if os.access(source, os.X_OK):
            break
        time.sleep(2)
    else:
        sys.exit(f"error: no {source}; build it (make build)")
    copy = os.path.join(scratch, "framelens")
    shutil.copy2(source, copy)
    return copy
