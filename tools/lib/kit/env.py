"""The environment of the scripts: the same names and defaults as the
Makefile and env.sh (the shell scripts' copy of this).

  ROOT      the repository; TARGET its target/, where every script writes
  LLVM_BIN  /usr/lib/llvm-22/bin; OPT is its opt, tool(NAME) any other
  PLUGIN    target/release/libaliaskit.so
  CLI       target/release/aliaskit, the aliaskit command, as parity.py and
  ALIASKIT  fuzz.py name it (CLI) and the bisect and inspect checks do
            (ALIASKIT): each reads its own variable, as it always has
  MODGEN    target/release/aliaskit-modgen
  CORPUS    target/corpus (corpora/real-c.sh builds it)
  JOBS      the number of processors

Each is read from the environment once, at import; an unset or empty
variable takes the default, and a relative path is taken from ROOT,
wherever the script runs. Read them as env.PLUGIN (not `from kit.env
import PLUGIN`): snapshot_plugin() changes PLUGIN.
"""

import os
import shutil

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
TARGET = os.path.join(ROOT, "target")


def path(name, default):
    """The path in the environment variable `name` (`default` when unset or
    empty), a relative one taken from ROOT."""
    p = os.environ.get(name) or default
    return p if os.path.isabs(p) else os.path.join(ROOT, p)


LLVM_BIN = os.environ.get("LLVM_BIN") or "/usr/lib/llvm-22/bin"


def tool(name):
    """An LLVM tool of LLVM_BIN (opt, clang, llvm-dis, ...)."""
    return os.path.join(LLVM_BIN, name)


OPT = tool("opt")
PLUGIN = path("PLUGIN", "target/release/libaliaskit.so")
CLI = path("CLI", "target/release/aliaskit")
ALIASKIT = path("ALIASKIT", "target/release/aliaskit")
MODGEN = path("MODGEN", "target/release/aliaskit-modgen")
CORPUS = path("CORPUS", "target/corpus")
JOBS = int(os.environ.get("JOBS") or os.cpu_count() or 1)


def snapshot_plugin(directory):
    """Copies the plugin into `directory` and points PLUGIN at the copy, so
    that a rebuild during a long run changes nothing; returns the copy."""
    global PLUGIN
    os.makedirs(directory, exist_ok=True)
    copy = os.path.join(directory, "libaliaskit.so")
    shutil.copy2(PLUGIN, copy + ".tmp")
    os.replace(copy + ".tmp", copy)
    PLUGIN = copy
    return copy


def cpu_model():
    """The CPU's model name from /proc/cpuinfo ("unknown CPU" if none)."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def manifest_modules(manifest, slice_n=None):
    """The modules a corpus manifest lists (`KIND PATH ...` lines, paths
    under CORPUS); with slice_n, the first slice_n csmith ones only."""
    out = []
    for line in open(manifest):
        if line.startswith("#") or not line.strip():
            continue
        kind, rel = line.split()[:2]
        if slice_n and not kind.startswith("csmith"):
            continue
        out.append(os.path.join(CORPUS, rel))
    return out[:slice_n] if slice_n else out
