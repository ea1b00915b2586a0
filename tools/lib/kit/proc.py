"""Running the tools: any command with a timeout, opt with the plugin, and
the two measurements of one run (CPU time and peak RSS; instructions,
counted by callgrind)."""

import os
import re
import subprocess
import tempfile

from . import env


def run(cmd, timeout=None, input=None, stdin=None, environ=None, cwd=None, merge=False, stop_signal=None):
    """Runs cmd; returns (exit status, stdout, stderr, timed out), the
    output as bytes. A signal N counts as exit status 128 + N, as in the
    shell. A run longer than `timeout` seconds is stopped: (None, what it
    wrote, ..., True). `environ` is the run's whole environment (None:
    this process's); `merge` sends stderr into stdout (stderr is b"").
    A run is stopped with SIGKILL, or with `stop_signal` (e.g.
    signal.SIGABRT) and then its output up to its end is kept (a SIGKILL
    30 s later if the signal does not end it): LLVM's tools print a stack
    dump on SIGABRT, which says where the run was stuck."""
    with subprocess.Popen(cmd, stdin=subprocess.PIPE if input is not None else stdin, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT if merge else subprocess.PIPE, env=environ, cwd=cwd) as p:
        try:
            out, err = p.communicate(input, timeout=timeout)
        except subprocess.TimeoutExpired:
            if stop_signal is None:
                p.kill()
            else:
                p.send_signal(stop_signal)
            try:
                out, err = p.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                p.kill()
                out, err = p.communicate()
            return None, out or b"", err or b"", True
    rc = p.returncode if p.returncode >= 0 else 128 - p.returncode
    return rc, out, err or b"", False


def must(cmd, what, timeout=None, **kw):
    """run() of a command that must succeed: (stdout, stderr). A failure
    or a run out of time raises RuntimeError, which says `what` and the
    end of the command's output."""
    rc, out, err, timed_out = run(cmd, timeout, **kw)
    if timed_out:
        raise RuntimeError("%s ran out of time (%d s)" % (what, timeout))
    if rc != 0:
        raise RuntimeError("%s failed (%s): %s" % (what, rc, (err or out).decode(errors="replace").strip()[-400:]))
    return out, err


def sanitize_ldflags(script):
    """`aliaskit sanitize --ldflags`: what links a sanitized program. Stops
    `script` (its name, for the message) when the command fails."""
    rc, out, err, _ = run([env.ALIASKIT, "sanitize", "--ldflags"], 60)
    if rc != 0:
        raise SystemExit("%s: %s" % (script, err.decode(errors="replace").strip()))
    return out.decode().split()


def opt_cmd(args, plugin=True):
    """The command line of LLVM's opt with `args`, the plugin (env.PLUGIN,
    as it is at the call) loaded unless `plugin` is false."""
    return [env.OPT] + (["-load-pass-plugin=" + env.PLUGIN] if plugin else []) + list(args)


def opt(args, timeout=None, plugin=True, **kw):
    """run() of opt_cmd(args, plugin)."""
    return run(opt_cmd(args, plugin), timeout, **kw)


def cpu_time(cmd, environ=None):
    """Runs cmd with its output discarded; returns (CPU seconds, user +
    system, and peak RSS in KiB) from the child's own resource usage: CPU
    time is steadier than wall time on a shared machine. A run that fails
    stops the script."""
    pid = os.fork()
    if pid == 0:
        try:
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 1)
            os.dup2(null, 2)
            if environ is None:
                os.execv(cmd[0], cmd)
            else:
                os.execve(cmd[0], cmd, environ)
        finally:
            os._exit(127)
    _, status, usage = os.wait4(pid, 0)
    if status != 0:
        raise SystemExit("command failed (%d): %s" % (os.waitstatus_to_exitcode(status), " ".join(cmd)))
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def instructions(cmd, environ=None):
    """The instructions one run of cmd executes, counted by valgrind's
    callgrind: exact and repeatable, unlike time on a shared machine (but
    some 50 times slower). A run that fails stops the script."""
    with tempfile.TemporaryDirectory() as tmp:
        p = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + os.path.join(tmp, "out"),
                            *cmd], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=environ)
    m = re.search(rb"Collected\s*:\s*(\d+)", p.stderr)
    if p.returncode != 0 or not m:
        raise SystemExit("callgrind failed on: %s\n%s" % (" ".join(cmd), p.stderr.decode("utf-8", "replace")[-2000:]))
    return int(m.group(1))
