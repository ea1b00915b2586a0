"""How checks/fuzz/fuzz.py judges a pass that fails with our analyses
only, on the reproducers of checks/repro/: prints, per case, the site of
LLVM's it names, or "ours" (the failure would count against aliaskit).

usage: judge.py ROOT  (env PLUGIN: the plugin, as fuzz.py reads it)"""
import os
import sys

root = sys.argv[1]
sys.path.insert(0, os.path.join(root, "checks", "fuzz"))
sys.dont_write_bytecode = True
import fuzz  # noqa: E402

fuzz.OURS_TIMEOUT = 3  # the reproducer hangs at once; no need for the minute


def judge(name, p, why=None):
    path = os.path.join(root, "checks", "repro", name)
    args = ["-passes=" + p, "-disable-output", path]
    rc, _, err, to = fuzz.opt(["-aa-pipeline=" + fuzz.OURS_AA] + args, fuzz.OURS_TIMEOUT)
    why = why or fuzz.crash_of(rc, err, to)
    own = why and fuzz.llvm_own(p, args, why, err)
    print("%s %s: %s: %s" % (name, p, why, own[0] if own else "ours"))


judge("merge-tbaa-hang.ll", "slp-vectorizer")
judge("merge-tbaa-cycle.ll", "simplifycfg<sink-common-insts>")
judge("instcombine-fixpoint-tbaa.ll", "instcombine")
# Natively a crash here comes and goes; the judgment of one is what counts.
judge("decl-not-node.ll", "instcombine", why="signal 11")

# A stack with a frame of ours is never LLVM's alone, whatever the site.
ours = [("llvm::MDNode::getMostGenericTBAA", "libLLVM.so.22.1"), ("", "libaliaskit.so")]
print("with a frame of ours:", fuzz.llvm_site(ours) or "ours")
print("an unknown site:", fuzz.llvm_site([("llvm::GVNPass::run", "libLLVM.so.22.1")]) or "ours")
dump = b" #6 0x00007f51d64b513c llvm::MDNode::getMostGenericTBAA(llvm::MDNode*, llvm::MDNode*) " \
       b"(/usr/lib/llvm-22/bin/../lib/libLLVM.so.22.1+0x68b513c)\n"
print("frames:", fuzz.stack_frames(dump))
