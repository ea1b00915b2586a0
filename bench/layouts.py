"""Load layouts: instruction counts that do not hang on where opt's
libraries happen to be loaded.

LLVM hashes pointers in the maps of its pass managers and passes (the
analysis keys of `AnalysisManager`, IR values and metadata in `DenseMap`s),
so the instructions a whole `opt` run executes move with the addresses its
libraries and heap get: a collision more or less in a map that is probed
for every function. Under callgrind the addresses are the same from run to
run, so one count is one sample of that, repeatable but not typical. On
the C++ module of P2 the spread from one layout to the next (about 0.1% of
the run, measured) is larger than everything the built-in scoped analysis
does there (about 0.05%), so one layout cannot say which pipeline executes
fewer instructions.

A layout here is a small shared library preloaded ahead of opt's own
(LD_PRELOAD), a few pages long, which shifts the address of every library
and mapping after it; layout 0 is the usual one (nothing preloaded). The
same layouts are used for both pipelines of a comparison, and the ratio of
their means is reported beside the usual single count.
"""

import os

from kit import env, proc

# Pages of each preloaded library (the usual layout, nothing preloaded,
# comes first): six layouts in all.
PAGES = (1, 2, 3, 5, 8)


def environments(tmp):
    """One environment per layout: None (the usual one), then one that
    preloads a library of each size of PAGES (built here with clang)."""
    clang = env.tool("clang")
    envs = [None]
    for pages in PAGES:
        src = os.path.join(tmp, "pad%d.c" % pages)
        lib = os.path.join(tmp, "libpad%d.so" % pages)
        with open(src, "w") as f:
            # Initialised, so that the pages are in the file and mapped.
            f.write("char aliaskit_layout_pad[%d] = {1};\n" % (pages * 4096))
        rc, out, _, _ = proc.run([clang, "-shared", "-fPIC", "-o", lib, src], merge=True)
        if rc != 0:
            raise SystemExit("layouts: cannot build %s:\n%s" % (lib, out.decode()[-2000:]))
        envs.append(dict(os.environ, LD_PRELOAD=lib))
    return envs
