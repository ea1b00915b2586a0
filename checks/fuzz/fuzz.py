#!/usr/bin/env python3
"""make fuzz: thousands of modules with damaged alias metadata through
every entry point of aliaskit, next to LLVM's own analyses.

usage: fuzz.py [--count N] [--seed S] [--slice] [--jobs N] [--report FILE] [--resume | --rejudge]
  --count N      mutated modules (default 10000; modules the mutator leaves
                 alone are drawn past, not counted)
  --slice        300 mutated modules, the front-end corpus's slice (make test)
  --report FILE  also write the table by mutation kind as Markdown
  --resume       keep the records of an interrupted run of the same seed
                 with the same plugin, command and scripts (the journal,
                 target/fuzz/journal-SEED.jsonl, one line per module as it
                 finishes) and run only the modules it lacks: a run of
                 10,000 modules takes hours and may span several sittings
  --rejudge      --resume, from a journal this script's older version made
                 (same plugin, command and mutator): its modules with a
                 problem, or with a failure judged LLVM's own, are checked
                 again, the others kept. Only for a change in how failures
                 are judged

The modules: checks/verify/mutate.py (structured metadata mutations: tags,
type nodes, cycles, offsets, scope lists, scopes, domains, decls,
!tbaa.struct, errno tags, attachments on the wrong instruction, ...)
applied to the sources checks/verify/parity.py draws from (aliaskit-modgen
in every encoding, csmith programs through clang, a hand-written module
with every instruction kind) and to modules of the front-end corpus
(corpora/frontends.sh: Flang, clang++, rustc); sources of at most 60 KB of
IR text, so that aa-eval's listing of every pair stays well inside the
hang limit.

Each module (opt -disable-verify, the plugin loaded in every run) goes
through
  aa-eval       -evaluate-aa-metadata -print-all-alias-modref-info with
                tbaa, rust-tbaa, scoped-noalias-aa, rust-scoped-noalias
                alone in the AA pipeline. Where LLVM's analysis survives,
                each of our answers must be LLVM's or the top one
                (MayAlias / Both ModRef): never more precise.
  passes        gvn, licm, dse, instcombine, default<O2> with
                basic-aa,rust-scoped-noalias,rust-tbaa. A failure here counts
                against us unless the same pass fails the same way with
                LLVM's analyses or with basic-aa alone (LLVM's passes read
                the metadata themselves when they merge it, and standalone
                instcombine checks that it reached a fixpoint), or it stops
                at a known site of LLVM's own code with no frame of ours on
                the stack (LLVM_SITES, each with a reduced reproducer that
                fails without our analyses), or it is instcombine's
                fixpoint check and instcombine<no-verify-fixpoint> finishes,
                or it is a signal with no frame of ours on the stack and
                valgrind's memcheck finds the pass reading or writing where
                it should not with basic-aa alone.
  verify        verify-alias-md, <warn>, <strip>, <json>, <warn;json>
  checks        check-captures<warn;json>, tbaa-diff, scoped-diff
  command       aliaskit explain, aliaskit dot, aliaskit dot --scopes
  sanitize      aliaskit-sanitize<start>,aliaskit-sanitize<parameters>,
                aliaskit-sanitize<end>,aliaskit-sanitize-once,
                aliaskit-sanitize-in-place,aliaskit-sanitize-ends,
                aliaskit-sanitize-final, then
                --tbaa's
                aliaskit-sanitize-tbaa,aliaskit-sanitize-tbaa<end>,
                aliaskit-sanitize-tbaa<fast-path> (loops versioned, fast
                paths expanded)
                (LLVM's default AA pipeline, as
                under clang): every failure counts against us unless it
                stops inside LLVM's TBAA or scoped-noalias-aa (no frame of
                ours inside the analysis) and that analysis fails on the
                module under aa-eval too. Where LLVM's verifier accepts the
                module, it must accept the instrumented module as well
                (opt -passes=verify, without -disable-verify).
                ALIASKIT_SANITIZE=1,tbaa with default<O2> (the pipeline
                clang runs): a failure inside LLVM's analysis as above is
                LLVM's; one with a frame of ours on the stack is ours;
                otherwise it is judged as the passes above, with the
                controls default<O2> without ALIASKIT_SANITIZE, the same
                with -enable-scoped-noalias=false -enable-tbaa=false (what
                ALIASKIT_SANITIZE sets),
                and with basic-aa alone, then known sites and memcheck.
                Both are stopped with SIGABRT at the hang limit, so that a
                hang's stack says where it was.
                In the slice, every SANITIZE_SLICE_EVERY-th module only.
and none of ours may crash (a signal, "Stack dump", an internal error), hang
(60 s, the limit LLVM's analyses get too) or stop with an LLVM ERROR other than the one verify-alias-md and
check-captures stop with by design when they find errors.

Output: a table by mutation kind (modules; problems of ours; how often
LLVM's TBAA and scoped analyses crash or hang under aa-eval; how often a
pass fails the same way with them or without any); failing modules are kept under
target/fuzz/failures/. Exit status 0 iff no problem of ours.
env: LLVM_BIN, PLUGIN, CLI (the aliaskit command), MODGEN, CORPUS, JOBS.
Point PLUGIN and CLI at copies to keep building while a long run goes on.
"""

import argparse
import collections
import hashlib
import concurrent.futures as cf
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "verify"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools", "lib"))
sys.dont_write_bytecode = True
import mutate  # noqa: E402
import parity  # noqa: E402
from kit import env, proc  # noqa: E402

OUT = os.path.join(env.TARGET, "fuzz")
# A run of ours that takes longer is a hang; LLVM's analyses get the same
# limit, so that a slow input (aa-eval lists every pair: quadratic) counts
# against neither, and a run of 10,000 modules may share the machine.
OURS_TIMEOUT = LLVM_TIMEOUT = 60
# Tries of each control run before a pass's failure counts against us.
CONTROL_ROUNDS = 3
# Sources larger than this (IR text) make aa-eval's listing of every pair
# take seconds per run.
MAX_SOURCE = 60_000
OURS_AA = "basic-aa,rust-scoped-noalias,rust-tbaa"
BUILTIN_AA = "basic-aa,scoped-noalias-aa,tbaa"
PASSES = ["gvn", "licm", "dse", "instcombine", "default<O2>"]
VERIFY_MODES = ["", "<warn>", "<strip>", "<json>", "<warn;json>"]
ANALYSES = [("tbaa", "rust-tbaa"), ("scoped-noalias-aa", "rust-scoped-noalias")]
ANSWER = re.compile(r"^\s+(NoAlias|MayAlias|PartialAlias|MustAlias|NoModRef|Just Ref|Just Mod|Both ModRef):")
TOP = {"NoAlias": "MayAlias", "MayAlias": "MayAlias", "PartialAlias": "MayAlias", "MustAlias": "MayAlias",
       "NoModRef": "Both ModRef", "Just Ref": "Both ModRef", "Just Mod": "Both ModRef",
       "Both ModRef": "Both ModRef"}
# The stops verify-alias-md and check-captures make by design.
DESIGNED_STOP = re.compile(rb"LLVM ERROR: (verify-alias-md|check-captures): ")
# Failures of LLVM's own passes that our analyses make reachable only by
# answering (soundly) where LLVM's analyses crash or answer less: each is
# in LLVM's code, with no frame of ours on the stack, and has a reduced
# reproducer in checks/repro/ that fails with LLVM's analyses or none (its
# header says how). The key is the innermost named frame of the stack dump
# (for a hang, the one opt prints when stopped with SIGABRT at the limit).
LLVM_SITES = {
    "llvm::MDNode::getMostGenericTBAA": "checks/repro/merge-tbaa-hang.ll, merge-tbaa-cycle.ll",
}
# instcombine's own check that one iteration reached a fixpoint: a fold it
# missed, whichever analysis answered (checks/repro/instcombine-fixpoint-*.ll:
# one fails with no alias metadata at all, one with LLVM's TBAA as well).
FIXPOINT = "did not reach a fixpoint"
FIXPOINT_SITE = "instcombine's fixpoint check"
# A crash of ours only that memcheck sees in LLVM's pass with basic-aa alone.
MEMCHECK_SITE = "the pass's own invalid memory accesses (memcheck, basic-aa alone)"
MEMCHECK_TIMEOUT = 600
FRAME = re.compile(r"^\s*#\d+ 0x[0-9a-f]+ (.*?)\s*\(([^()]*)\+0x[0-9a-f]+\)$")
# A frame symbolized with its source line (our plugin has debug info;
# LLVM's and opt's frames name their library): one in our sources, Rust's
# or a crate's is ours, and so is one at the same address (code inlined
# into ours, LLVM's headers among it). Others (libc's ./nptl/...) are left
# out, as FRAME leaves them out.
SOURCE_FRAME = re.compile(r"^\s*#\d+ (0x[0-9a-f]+) (.*?) ((/\S+?):\d+)(?::\d+)?$")
OUR_SOURCES = (os.path.join(env.ROOT, ""), "/rustc/", "/.cargo/")
# The sanitizer's pipeline, its clang-like entry point, and its judge's
# controls: default<O2> without ALIASKIT_SANITIZE (the plugin still
# loaded), with the AA setting ALIASKIT_SANITIZE makes, with basic-aa alone.
SANITIZE = ("aliaskit-sanitize<start>,aliaskit-sanitize<parameters>,aliaskit-sanitize<end>,"
            "aliaskit-sanitize-once,aliaskit-sanitize-in-place,aliaskit-sanitize-ends,"
            "aliaskit-sanitize-final,aliaskit-sanitize-tbaa,aliaskit-sanitize-tbaa<end>,aliaskit-sanitize-tbaa<fast-path>")
SANITIZE_O2 = "default<O2>"
SANITIZE_ENV = "1,tbaa"
SANITIZE_CONTROLS = ([], ["-enable-scoped-noalias=false", "-enable-tbaa=false"], ["-aa-pipeline=basic-aa"])
# The slice (make test) runs the sanitizer's entry points on every this
# many-th module only, to stay within its time.
SANITIZE_SLICE_EVERY = 3
# LLVM's analyses that the sanitizer's passes (and default<O2>) query with
# LLVM's default AA pipeline: (the frame prefix of their code, their name
# under aa-eval, in the record's llvm_aa_fails).
LLVM_AAS = (("llvm::TypeBasedAAResult::", "tbaa"), ("llvm::ScopedNoAliasAAResult::", "scoped-noalias-aa"))


def crash_of(rc, err, timed_out):
    """Why a run of ours counts as a crash, or None."""
    if timed_out:
        return "hang"
    if rc >= 128:
        return "signal %d" % (rc - 128)
    if b"Stack dump" in err or b"internal error" in err or b"panicked" in err:
        return "crash"
    if b"LLVM ERROR" in err and not DESIGNED_STOP.search(err):
        return "LLVM ERROR: " + err.split(b"LLVM ERROR", 1)[1][:120].decode("utf-8", "replace")
    return None


def llvm_fails(rc, err, timed_out):
    return timed_out or rc >= 128 or b"LLVM ERROR" in err or b"Stack dump" in err


def answers(out):
    return [m.group(1) for m in map(ANSWER.match, out.decode("utf-8", "replace").splitlines()) if m]


# -disable-auto-upgrade-debug-info: the IR reader verifies modules with a
# Debug Info Version flag (Flang's) and aborts, whatever -disable-verify says.
OPT_FLAGS = ["-disable-verify", "-disable-auto-upgrade-debug-info"]


def opt(args, timeout, **kw):
    rc, out, err, timed_out = proc.opt(OPT_FLAGS + args, timeout, **kw)
    return (rc if rc is not None else 0), out + err, err, timed_out


def fails_so(aa, args, why):
    """Whether opt ARGS with the AA pipeline `aa` fails with `why`."""
    rc, _, err, timed_out = opt(["-aa-pipeline=" + aa] + args, OURS_TIMEOUT)
    return crash_of(rc, err, timed_out) == why


def stack_frames(err):
    """The frames (function or "", library) of the stack dump in `err`,
    innermost first. A frame of our plugin's with its source line has the
    library "libaliaskit.so" and the source after it: (function, library,
    source)."""
    lines = err.decode("utf-8", "replace").splitlines()
    sourced = [m for m in map(SOURCE_FRAME.match, lines) if m]
    ours = {m.group(1) for m in sourced
            if any(d in m.group(4) if d.startswith("/.") else m.group(4).startswith(d) for d in OUR_SOURCES)}
    frames = []
    for line in lines:
        m = FRAME.match(line)
        if m:
            frames.append((m.group(1).split("(", 1)[0], os.path.basename(m.group(2))))
            continue
        m = SOURCE_FRAME.match(line)
        if m and m.group(1) in ours:
            function = m.group(2).replace("(anonymous namespace)", "{anonymous}").split("(", 1)[0]
            frames.append((function.replace("{anonymous}", "(anonymous namespace)"), "libaliaskit.so", m.group(3)))
    return frames


def ours_on(frames):
    """Whether any frame of the stack is in our plugin."""
    return any(f[1].startswith("libaliaskit") for f in frames)


def llvm_site(frames):
    """The known site of LLVM's (a key of LLVM_SITES) where the stack
    stopped, or None: also when any frame is in our plugin."""
    if ours_on(frames):
        return None
    # A fatal error stops in report_fatal_error: the site is its caller.
    named = [f[0] for f in frames
             if f[0] and not f[0].startswith("llvm::sys::") and f[0] != "llvm::report_fatal_error"]
    return named[0] if named and named[0] in LLVM_SITES else None


def llvm_own(p, args, why, err):
    """Where in LLVM's own code the pass `p` failed with our analyses, if
    it is a known site: (site, reproducer) or None (then it counts
    against us)."""
    if p == "instcombine" and why.startswith("LLVM ERROR") and FIXPOINT in why:
        # The pass itself finishes when its check is off: only the check failed.
        rc, _, err, to = opt(["-aa-pipeline=" + OURS_AA, "-passes=instcombine<no-verify-fixpoint>"] + args[1:],
                             OURS_TIMEOUT)
        return None if crash_of(rc, err, to) else (FIXPOINT_SITE, "checks/repro/instcombine-fixpoint-*.ll")
    if why == "hang":
        _, _, err, _ = opt(["-aa-pipeline=" + OURS_AA] + args, OURS_TIMEOUT, stop_signal=signal.SIGABRT)
    frames = stack_frames(err)
    site = llvm_site(frames)
    if site:
        return site, LLVM_SITES[site]
    if why.startswith("signal") and not ours_on(frames) and memcheck_fails(args):
        return MEMCHECK_SITE, "checks/repro/decl-not-node.ll"
    return None


def in_llvm_aa(frames, record):
    """The analysis of LLVM's (its aa-eval name) inside which the stack
    stopped, with no frame of ours inside it, when that analysis also fails
    on the module under aa-eval (record's llvm_aa_fails): a failure on the
    module's own damaged metadata that our passes only reach by asking
    LLVM's AA pipeline, as LLVM's passes ask it. Else None."""
    for i, f in enumerate(frames):
        for prefix, name in LLVM_AAS:
            if f[0].startswith(prefix):
                inner_ours = ours_on(frames[:i])
                return name if not inner_ours and name in record["llvm_aa_fails"] else None
    return None


def where(err):
    """A short account of where a run stopped: the assertion, fatal error
    or panic, and the innermost frame in our sources."""
    text = err.decode("utf-8", "replace")
    m = re.search(r"^\S+: \S+:\d+: (.*?Assertion .*)$|LLVM ERROR: (.*)$|panicked at (.*)$", text, re.M)
    said = next((g for g in m.groups() if g), "")[:160] if m else ""
    ours = [f for f in stack_frames(err) if len(f) > 2 and f[2].startswith(env.ROOT)]
    at = ("%s (%s)" % (ours[0][0], os.path.relpath(ours[0][2], env.ROOT))) if ours else ""
    return "; ".join(x for x in (said, at) if x)


def sanitize_own(args, why, frames, record, memcheck=False):
    """Where in LLVM's own code a run of the sanitizer failed, if that is
    known: (site, evidence) or None (then it counts against us). `frames`:
    the run's stack (for a hang, the one opt prints when stopped with
    SIGABRT). The evidence: LLVM's analysis fails on the module under
    aa-eval as well (in_llvm_aa), a known site (LLVM_SITES), or, with
    `memcheck`, memcheck on the same pass without the sanitizer and with
    basic-aa alone."""
    aa = in_llvm_aa(frames, record)
    if aa:
        return "LLVM's %s" % aa, "aa-eval with %s fails on the module too" % aa
    site = llvm_site(frames)
    if site:
        return site, LLVM_SITES[site]
    if memcheck and why.startswith("signal") and not ours_on(frames) and memcheck_fails(args):
        return MEMCHECK_SITE, "checks/repro/decl-not-node.ll"
    return None


def sanitized_path(path):
    return path[:-3] + ".sanitized.ll"


def sanitize_environ(value=None):
    """This process's environment without the sanitizer's variables, and
    with ALIASKIT_SANITIZE=value unless value is None."""
    e = {k: v for k, v in os.environ.items() if not k.startswith("ALIASKIT_SANITIZE")}
    if value is not None:
        e["ALIASKIT_SANITIZE"] = value
    return e


def fails_with(args, why, environ):
    """Whether opt ARGS in the environment `environ` fails with `why`."""
    rc, _, err, to = opt(args, OURS_TIMEOUT, environ=environ)
    return crash_of(rc, err, to) == why


def check_sanitize(r, path, problem):
    """The sanitizer's entry points on one module (see the header):
    aliaskit-sanitize's three stages, LLVM's verifier on what they make,
    and ALIASKIT_SANITIZE=1,tbaa with default<O2>. Each is stopped with SIGABRT
    at the hang limit, so that its stack says where it was. The
    instrumented module is left next to the module (sanitized_path) only
    if LLVM's verifier rejects it."""
    out_path = sanitized_path(path)
    name = "aliaskit-sanitize<start,parameters,end>,aliaskit-sanitize-tbaa<start,end,fast-path>"
    args = ["-passes=" + SANITIZE, "-S", "-o", out_path, path]
    rc, _, err, to = opt(args, OURS_TIMEOUT, stop_signal=signal.SIGABRT)
    why = crash_of(rc, err, to)
    if why:
        # Nothing but our passes runs: only LLVM's analysis failing on the
        # module by itself (or a known site of LLVM's) is not ours.
        own = sanitize_own(args, why, stack_frames(err), r)
        if own:
            r["llvm_own"].append("%s: %s in %s (%s)" % (name, why, *own))
        else:
            problem("%s: %s (%s)" % (name, why, where(err) or "no frame of ours"))
    elif rc != 0:
        problem("%s: exit %d: %s" % (name, rc, "".join(err.decode("utf-8", "replace").strip().splitlines()[-1:])))
    elif proc.opt(["-disable-auto-upgrade-debug-info", "-passes=verify", "-disable-output", path],
                  LLVM_TIMEOUT, plugin=False)[0] == 0:
        # LLVM's verifier accepts the module: it must accept what we make of it.
        r["sanitize_verified"] = True
        vrc, _, verr, vto = proc.opt(["-disable-auto-upgrade-debug-info", "-passes=verify", "-disable-output",
                                      out_path], LLVM_TIMEOUT, plugin=False)
        if vrc != 0 or vto:
            lines = [x for x in verr.decode("utf-8", "replace").splitlines() if x.strip()]
            problem("verify after %s: %s" % (name, "hang" if vto else (lines or ["exit %s" % vrc])[0][:200]))
    if os.path.exists(out_path) and not any(p.startswith("verify after") for p in r["problems"]):
        os.remove(out_path)

    name = "ALIASKIT_SANITIZE=%s %s" % (SANITIZE_ENV, SANITIZE_O2)
    args = ["-passes=" + SANITIZE_O2, "-disable-output", path]
    rc, _, err, to = opt(args, OURS_TIMEOUT, environ=sanitize_environ(SANITIZE_ENV), stop_signal=signal.SIGABRT)
    why = crash_of(rc, err, to)
    if not why:
        return
    frames = stack_frames(err)
    if in_llvm_aa(frames, r):
        # Inside LLVM's analysis, which fails on the module by itself.
        r["llvm_own"].append("%s: %s in %s (%s)" % (name, why, *sanitize_own(args, why, frames, r)))
    elif ours_on(frames):
        # Stopped in our code (our passes, or LLVM's code they called): that
        # a control fails in the same way elsewhere does not excuse it.
        problem("%s: %s (%s)" % (name, why, where(err)))
    elif any(fails_with(extra + args, why, sanitize_environ())
             for _ in range(CONTROL_ROUNDS) for extra in SANITIZE_CONTROLS):
        # As for the passes: the same failure without the sanitizer (in
        # LLVM's pass, on the module's metadata) is not ours; CONTROL_ROUNDS
        # tries each control.
        r["llvm_pass_fails"] += 1
    elif (own := sanitize_own(args, why, frames, r, memcheck=True)):
        r["llvm_own"].append("%s: %s in %s (%s)" % (name, why, *own))
    else:
        problem("%s: %s (no frame of ours; without ALIASKIT_SANITIZE, with -enable-scoped-noalias=false, and with "
                "basic-aa alone it does not, in %d tries each)" % (name, why, CONTROL_ROUNDS))


def memcheck_fails(args):
    """Whether the pass reads or writes memory it should not with basic-aa
    alone, under valgrind's memcheck: some of LLVM's crashes on broken
    metadata come and go with the heap's layout, and memcheck sees them
    every time."""
    if not shutil.which("valgrind"):
        return False
    cmd = ["valgrind", "-q", *proc.opt_cmd(OPT_FLAGS + ["-aa-pipeline=basic-aa"] + args)]
    _, _, err, _ = proc.run(cmd, MEMCHECK_TIMEOUT)  # it may crash under memcheck too
    return re.search(rb"^==\d+== Invalid (read|write) of size", err, re.M) is not None


def check(spec):
    """Runs one mutated module through everything; returns its record."""
    t0 = time.time()
    r = {"name": spec["name"], "source": spec["label"], "kinds": [], "problems": [],
         "llvm_aa_fails": [], "llvm_pass_fails": 0, "llvm_own": []}
    text, done = mutate.mutate(spec["text"], spec["mutation_seed"])
    if text is None:
        r["skipped"] = done
        return r
    r["kinds"] = sorted({d.split(":", 1)[0] for d in done})
    sanitize = spec.get("sanitize", True)
    r["sanitize"] = sanitize
    os.makedirs(os.path.join(OUT, "work"), exist_ok=True)
    path = os.path.join(OUT, "work", spec["name"] + ".ll")
    with open(path, "w") as f:
        f.write(text)
    problem = r["problems"].append

    def ours(what, args, timeout=OURS_TIMEOUT):
        rc, out, err, to = opt(args, timeout)
        why = crash_of(rc, err, to)
        if why:
            problem("%s: %s" % (what, why))
        return rc, out, err, to, why

    base = ["-passes=aa-eval", "-evaluate-aa-metadata", "-print-all-alias-modref-info", "-disable-output", path]
    for builtin, our in ANALYSES:
        lrc, lout, lerr, lto = opt(["-aa-pipeline=" + builtin] + base, LLVM_TIMEOUT)
        _, oout, _, _, why = ours("aa-eval " + our, ["-aa-pipeline=" + our] + base)
        if llvm_fails(lrc, lerr, lto):
            r["llvm_aa_fails"].append(builtin)
            continue
        if why:
            continue
        la, oa = answers(lout), answers(oout)
        if len(la) != len(oa):
            problem("aa-eval %s: %d answers, %s gave %d" % (our, len(oa), builtin, len(la)))
            continue
        tighter = [i for i, (x, y) in enumerate(zip(la, oa)) if y != x and y != TOP[x]]
        if tighter:
            problem("aa-eval %s: %d answers more precise than %s's (first: ours %s, LLVM %s)"
                    % (our, len(tighter), builtin, oa[tighter[0]], la[tighter[0]]))
    for p in PASSES:
        args = ["-passes=" + p, "-disable-output", path]
        rc, out, err, to = opt(["-aa-pipeline=" + OURS_AA] + args, OURS_TIMEOUT)
        why = crash_of(rc, err, to)
        if why:
            # LLVM's pass fails the same way with LLVM's analyses, or with
            # none: the failure is the pass's (instcombine's fixpoint check,
            # a merge of broken tags), not an answer of ours. Some of LLVM's
            # crashes on broken metadata come and go from run to run (they
            # read freed or uninitialized memory), so the controls get
            # CONTROL_ROUNDS tries each.
            if any(fails_so(control, args, why)
                   for _ in range(CONTROL_ROUNDS) for control in (BUILTIN_AA, "basic-aa")):
                r["llvm_pass_fails"] += 1
            elif (own := llvm_own(p, args, why, err)):
                r["llvm_own"].append("%s: %s in %s (%s)" % (p, why, *own))
            else:
                problem("%s: %s (with the built-in analyses, and with basic-aa alone, it does not, in %d tries each)"
                        % (p, why, CONTROL_ROUNDS))
    if sanitize:
        check_sanitize(r, path, problem)
    # One run for the verifier's modes and the checks (stripping last, the
    # fatal mode after it); a crash is then named by running each alone.
    steps = ["verify-alias-md" + m for m in VERIFY_MODES if m not in ("", "<strip>")]
    steps += ["check-captures<warn;json>", "tbaa-diff", "scoped-diff", "verify-alias-md<strip>", "verify-alias-md"]
    rc, out, err, to = opt(["-passes=" + ",".join(steps), "-disable-output", path], OURS_TIMEOUT)
    if crash_of(rc, err, to):
        for step in steps:
            ours(step, ["-passes=" + step, "-disable-output", path])
    for cmd in (["explain", path], ["dot", path], ["dot", "--scopes", path]):
        rc, out, err, to = proc.run([env.CLI, *cmd], OURS_TIMEOUT)
        why = crash_of(rc if rc is not None else 0, err, to)
        if why or rc not in (0, 1, 2):
            problem("aliaskit %s: %s" % (cmd[0], why or "exit %s" % rc))
    if r["problems"]:
        keep = os.path.join(OUT, "failures", spec["name"])
        os.makedirs(keep, exist_ok=True)
        os.replace(path, os.path.join(keep, "module.ll"))
        if os.path.exists(sanitized_path(path)):
            os.replace(sanitized_path(path), os.path.join(keep, "sanitized.ll"))
        with open(os.path.join(keep, "problems.txt"), "w") as f:
            f.write("\n".join(r["problems"]) + "\n")
    else:
        os.remove(path)
    r["seconds"] = round(time.time() - t0, 2)
    return r


def frontend_sources(slice_mode):
    """Front-end modules (as IR text) small enough for aa-eval."""
    args = [os.path.join(env.ROOT, "corpora", "frontends.sh")] + (["--slice"] if slice_mode else [])
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    srcdir = os.path.join(OUT, "src")
    os.makedirs(srcdir, exist_ok=True)
    found = []
    for line in out.splitlines():
        fe, path = line.split(" ", 1)
        ll = path if path.endswith(".ll") else os.path.join(srcdir, fe + "-" + os.path.basename(path)[:-3] + ".ll")
        if not path.endswith(".ll") and not os.path.exists(ll):
            subprocess.run([env.tool("llvm-dis"), path, "-o", ll], check=True)
        if os.path.getsize(ll) <= MAX_SOURCE:
            found.append((fe, ll))
    return found


def plan(count, seed, slice_mode):
    """Every module's source text and mutation seed."""
    csmith, _ = parity.corpus_modules()
    csmith = [p for p in csmith if os.path.getsize(p) <= MAX_SOURCE]
    specs = parity.plan(count, seed, csmith, [], slice_mode)
    frontends = frontend_sources(slice_mode)
    texts = {}
    for i, spec in enumerate(specs):
        r = random.Random("aliaskit-fuzz:%s:%d" % (seed, i))
        if frontends and r.random() < 0.3:
            fe, path = r.choice(frontends)
            label = "front end: " + fe
        else:
            path = parity.source_path(spec["source"])
            label = parity.source_label(spec["source"])
            if not os.path.exists(path):
                _, bad, _ = parity.prepare_source(spec["source"])
                if bad:
                    continue
        if path not in texts:
            texts[path] = open(path).read()
        spec.update(text=texts[path], label=label, sanitize=not slice_mode or i % SANITIZE_SLICE_EVERY == 0)
    return [s for s in specs if "text" in s]


def outcome(r):
    """What one module counts for in each column of the table."""
    return collections.Counter(modules=1, ours=int(bool(r["problems"])),
                               tbaa=int("tbaa" in r["llvm_aa_fails"]),
                               scoped=int("scoped-noalias-aa" in r["llvm_aa_fails"]),
                               passes=int(bool(r["llvm_pass_fails"])),
                               own=int(bool(r.get("llvm_own"))))


def table(results):
    by_kind = collections.defaultdict(collections.Counter)
    total = collections.Counter()
    for r in results:
        counts = outcome(r)
        total.update(counts)
        for k in r["kinds"] or ["(no mutation applied)"]:
            by_kind[k].update(counts)
    lines = ["| mutation kind | modules | problems of ours | LLVM's tbaa crashes or hangs (aa-eval) "
             "| LLVM's scoped-noalias-aa crashes or hangs | a pass fails the same way with LLVM's analyses or none "
             "| a pass fails at a known site of LLVM's (with ours only) |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    row = "| %s | %d | %s | %d | %d | %d | %d |"
    for k in sorted(by_kind):
        c = by_kind[k]
        lines.append(row % (k, c["modules"], c["ours"], c["tbaa"], c["scoped"], c["passes"], c["own"]))
    lines.append(row % ("**all modules**", total["modules"], "**%d**" % total["ours"],
                        total["tbaa"], total["scoped"], total["passes"], total["own"]))
    sites = collections.Counter(s.split(": ", 1)[1] for r in results for s in r.get("llvm_own", []))
    if sites:
        lines += ["", "Known sites of LLVM's reached: " +
                  "; ".join("%s: %d" % kv for kv in sorted(sites.items())) + "."]
    sanitized = [r for r in results if r.get("sanitize")]
    lines += ["", "Sanitizer: %d modules through its entry points; LLVM's verifier accepted %d of them, "
              "and so checked their instrumented modules." % (len(sanitized), sum(bool(r.get("sanitize_verified"))
                                                                        for r in sanitized))]
    sources = collections.Counter(r["source"] for r in results)
    lines += ["", "Sources: " + ", ".join("%s %d" % kv for kv in sorted(sources.items())) + "."]
    return "\n".join(lines) + "\n", total


class Journal:
    """One JSON line per finished module, so that an interrupted run can be
    resumed. The first line names what the records were made with (sha256
    of the plugin, the command, this script and the mutator): records of
    other builds are never mixed in."""

    def __init__(self, seed, slice_mode, resume, rejudge=False):
        self.path = os.path.join(OUT, "journal-%s%s.jsonl" % (seed, "-slice" if slice_mode else ""))
        self.header = {"plugin": digest(env.PLUGIN), "cli": digest(env.CLI), "fuzz.py": digest(__file__),
                       "mutate.py": digest(mutate.__file__)}
        self.done = {}
        if (resume or rejudge) and os.path.exists(self.path):
            with open(self.path) as f:
                lines = f.read().splitlines()
            made = json.loads(lines[0]) if lines else self.header
            if rejudge:
                made = dict(made, **{"fuzz.py": self.header["fuzz.py"]})
            if made != self.header:
                sys.exit("fuzz: %s was made with another build of the plugin or the command; "
                         "run without --resume to start over" % self.path)
            for line in lines[1:]:
                try:
                    r = json.loads(line)
                except ValueError:
                    continue  # the line being written when the run stopped
                if not (rejudge and (r["problems"] or r.get("llvm_own"))):
                    self.done[r["name"]] = r
            if rejudge:
                with open(self.path + ".tmp", "w") as f:
                    f.write(json.dumps(self.header) + "\n")
                    for r in self.done.values():
                        f.write(json.dumps(r, default=list) + "\n")
                os.replace(self.path + ".tmp", self.path)
        else:
            with open(self.path, "w") as f:
                f.write(json.dumps(self.header) + "\n")
        self.lock = threading.Lock()

    def add(self, r):
        with self.lock, open(self.path, "a") as f:
            f.write(json.dumps(r, default=list) + "\n")


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def run_until_mutated(count, seed, slice_mode, jobs, journal, t0):
    """The records of the first `count` modules that carry a mutation, and
    of the modules before them that the mutator left alone (no mutation
    applies to their metadata): the plan is drawn further until `count`
    modules are mutated. Module i is the same whatever the count (the plan
    is drawn per index), so a longer run extends a shorter one."""
    attempts, results = count, {}

    def checked(spec):
        r = check(spec)
        journal.add(r)
        return r

    while True:
        specs = plan(attempts, seed, slice_mode)
        todo = [s for s in specs if s["name"] not in results and s["name"] not in journal.done]
        for s in specs:
            if s["name"] in journal.done:
                results.setdefault(s["name"], journal.done[s["name"]])
        if todo:
            print("fuzz: %d of %d modules done before, %d to go"
                  % (len(results), len(specs), len(todo)), file=sys.stderr, flush=True)
        with cf.ThreadPoolExecutor(jobs) as pool:
            for n, r in enumerate(pool.map(checked, todo), 1):
                results[r["name"]] = r
                if n % 500 == 0:
                    print("fuzz: %d of %d modules (%ds)" % (len(results), len(specs), time.time() - t0),
                          file=sys.stderr, flush=True)
        mutated = sum("skipped" not in r for r in results.values())
        if mutated >= count or attempts >= 2 * count:
            break
        attempts += (count - mutated) * 11 // 10 + 1
    kept, mutated = [], 0
    for name in sorted(results):
        if mutated == count:
            break
        kept.append(results[name])
        mutated += "skipped" not in results[name]
    return kept


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=10000)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--slice", action="store_true")
    ap.add_argument("--jobs", type=int, default=env.JOBS)
    ap.add_argument("--report")
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--rejudge", action="store_true")
    a = ap.parse_args()
    if a.slice:
        a.count = min(a.count, 300)
    t0 = time.time()
    # Only the sanitizer's own entry points run with ALIASKIT_SANITIZE.
    for k in [k for k in os.environ if k.startswith("ALIASKIT_SANITIZE")]:
        del os.environ[k]
    os.makedirs(OUT, exist_ok=True)
    os.makedirs(os.path.join(parity.OUT, "src"), exist_ok=True)  # parity.prepare_source writes there
    journal = Journal(a.seed, a.slice, a.resume, a.rejudge)
    results = run_until_mutated(a.count, a.seed, a.slice, a.jobs, journal, t0)
    ran = [r for r in results if "skipped" not in r]
    text, total = table(ran)
    print(text, end="")
    for r in ran:
        for p in r["problems"]:
            print("FAIL %s (%s): %s" % (r["name"], ", ".join(r["kinds"]), p))
    with open(os.path.join(OUT, "summary.json"), "w") as f:
        json.dump(results, f, indent=0, default=list)
    if a.report:
        with open(a.report, "w") as f:
            f.write("# Fuzzing: damaged alias metadata through every entry point\n\n"
                    "Made by `checks/fuzz/fuzz.py --count %d --seed %s` (see its header for what runs): "
                    "%d s of checking in all (%.1f s per module on average, "
                    "%d modules at a time). A module can carry several mutations; it counts under each kind.\n\n"
                    % (a.count, a.seed, sum(r["seconds"] for r in ran),
                       sum(r["seconds"] for r in ran) / max(len(ran), 1), a.jobs))
            f.write(text)
    print("fuzz: %d modules (%d skipped: no mutation applied), %d with a problem of ours, %ds"
          % (len(ran), len(results) - len(ran), total["ours"], time.time() - t0))
    sys.exit(1 if total["ours"] else 0)


if __name__ == "__main__":
    main()
