#!/usr/bin/env python3
"""Fetches a source distribution from PyPI (its simple JSON index) and
checks its sha256.

usage: pypi_sdist.py NAME VERSION OUTDIR     prints the tarball's path

The tarball is fetched once (kept in OUTDIR); the index gives the file's
URL and hash, so no build backend is run (`pip download` would run one to
read the sdist's metadata).
"""

import argparse
import hashlib
import json
import os
import sys
import urllib.request

INDEX = "https://pypi.org/simple/%s/"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("name", metavar="NAME")
    ap.add_argument("version", metavar="VERSION")
    ap.add_argument("out", metavar="OUTDIR", help="where the tarball is kept")
    a = ap.parse_args()
    name, version, out = a.name, a.version, a.out
    req = urllib.request.Request(INDEX % name, headers={"Accept": "application/vnd.pypi.simple.v1+json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        files = json.load(r)["files"]
    wanted = [f for f in files
              if f["filename"].lower() in ("%s-%s.tar.gz" % (n, version) for n in (name.lower(), name.lower().replace("-", "_")))]
    if not wanted:
        sys.exit("pypi_sdist.py: no sdist %s-%s.tar.gz on PyPI" % (name, version))
    f = wanted[0]
    path = os.path.join(out, f["filename"])
    if not os.path.exists(path):
        os.makedirs(out, exist_ok=True)
        with urllib.request.urlopen(f["url"], timeout=300) as r:
            data = r.read()
        digest = hashlib.sha256(data).hexdigest()
        if digest != f["hashes"]["sha256"]:
            sys.exit("pypi_sdist.py: %s: sha256 %s, the index says %s" % (f["filename"], digest, f["hashes"]["sha256"]))
        with open(path + ".tmp", "wb") as w:
            w.write(data)
        os.replace(path + ".tmp", path)
    print(path)


if __name__ == "__main__":
    main()
