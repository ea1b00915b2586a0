"""Builds each C or C++ source with `aliaskit sanitize --tbaa` at -O0 and
-O2, runs it, and prints per build the exit status and the functions its
tbaa reports name: `NAME -ON: exit S; tbaa in @F ...`.

usage: run_each.py LLVM_BIN ALIASKIT OUTDIR SOURCE...
"""
import os
import re
import subprocess
import sys

llvm_bin, aliaskit, out = sys.argv[1:4]
flags = subprocess.run([aliaskit, "sanitize", "--ldflags"], capture_output=True, text=True,
                       check=True).stdout.split()
for src in sys.argv[4:]:
    name, ext = os.path.splitext(os.path.basename(src))
    cc = os.path.join(llvm_bin, "clang++" if ext == ".cpp" else "clang")
    bc = os.path.join(out, name + ".bc")
    subprocess.run([cc, "-O2", "-g", "-Xclang", "-disable-llvm-passes", "-emit-llvm", "-c", src, "-o", bc],
                   check=True)
    for o in "02":
        inst, exe = os.path.join(out, f"{name}.{o}.bc"), os.path.join(out, f"{name}.{o}")
        subprocess.run([aliaskit, "sanitize", "--tbaa", bc, "-o", inst, "-O" + o], check=True,
                       capture_output=True)
        subprocess.run([cc, "-O" + o, "-Xclang", "-disable-llvm-passes", inst, "-o", exe] + flags, check=True)
        r = subprocess.run([exe], capture_output=True, text=True)
        where = re.findall(r"aliaskit-sanitize: tbaa: a no-alias claim is broken in (@\S+)", r.stderr)
        print(f"{name} -O{o}: exit {r.returncode}; tbaa in {' '.join(where) or 'nothing'}")
