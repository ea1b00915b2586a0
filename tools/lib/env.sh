# shellcheck shell=bash
# The environment of the shell scripts of checks/, bench/ and corpora/, in
# one place; kit/env.py is the same for the Python ones (README.md here).
# A script sources it first:
#
#   . "$(dirname "${BASH_SOURCE[0]}")/../../tools/lib/env.sh"
#
# and then has, from the environment or these defaults:
#   ROOT      the repository
#   SELF      the sourcing script's absolute path (what its workers run
#             again), HERE its folder
#   LLVM_BIN  /usr/lib/llvm-22/bin, and OPT, its opt
#   PLUGIN    target/release/libaliaskit.so
#   MODGEN    target/release/aliaskit-modgen
#   CORPUS    target/corpus (corpora/real-c.sh builds it)
#   JOBS      nproc
# A relative PLUGIN, MODGEN or CORPUS is taken from ROOT, wherever the
# script runs. LLVM_BIN, PLUGIN, MODGEN, CORPUS and JOBS are exported.
#
# Functions:
#   usage                  the sourcing script's header comment (its lines
#                          from the second to the `set -...` line), for --help
#   need_tools WHO TOOL... 0 when LLVM_BIN has every TOOL; else says which
#                          is missing, prefixed with WHO, and returns 1
#   need_packages WHO PACKAGE...
#                          installs the Debian packages named that are not
#                          installed yet (with sudo unless root), saying so
#                          on stderr
#   opt_timed ARGS...      LLVM's opt, stopped after OPT_TIMEOUT seconds
#                          (default 600): exit status 124 then, 128+N when
#                          signal N ends it
#   opt_plugin ARGS...     the same with the plugin loaded
#   bisect_repair JSON     from `aliaskit bisect --json`'s object, its repair
#                          on one line: `True|False DROPPED SELECTION`
#                          (`None 0` without a repair)
#   check_begin WHO        starts a check's tally: then `fail MESSAGE` says
#                          "WHO: FAIL: MESSAGE" and sets failed=1, and
#                          check_end says "WHO: ok" or "WHO: FAILED" with
#                          the seconds since check_begin and exits $failed
#   expect_exit SCRIPT NAME WANT [VAR=VALUE...]
#                          runs a build-and-test SCRIPT (exit 0: right
#                          result, 1: wrong, 2: no build) with the
#                          variables, and prints NAME and its output on one
#                          line; another exit than WANT is a `fail`, 2 stops
#                          the check (exit 2) after its errors
# It sets no shell option: each script keeps its own.

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
SELF=$(cd "$(dirname "${BASH_SOURCE[1]}")" && pwd)/$(basename "${BASH_SOURCE[1]}")
HERE=$(dirname "$SELF")
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
OPT=$LLVM_BIN/opt
PLUGIN=${PLUGIN:-target/release/libaliaskit.so}
MODGEN=${MODGEN:-target/release/aliaskit-modgen}
CORPUS=${CORPUS:-target/corpus}
for _var in PLUGIN MODGEN CORPUS; do
    case ${!_var} in /*) ;; *) printf -v "$_var" '%s/%s' "$ROOT" "${!_var}" ;; esac
done
unset _var
JOBS=${JOBS:-$(nproc)}
export LLVM_BIN PLUGIN MODGEN CORPUS JOBS

usage() {
    sed -n '2,/^set -/p' "$SELF" | sed '$d; s/^# \{0,1\}//'
}

need_tools() {
    local who=$1 t
    shift
    for t in "$@"; do
        [[ -x "$LLVM_BIN/$t" ]] || { echo "$who: $LLVM_BIN/$t missing (LLVM 22: run make setup)" >&2; return 1; }
    done
}

need_packages() {
    local who=$1 p need=() sudo
    shift
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || need+=("$p")
    done
    ((${#need[@]})) || return 0
    echo "$who: installing ${need[*]}" >&2
    sudo=$([[ $(id -u) == 0 ]] || echo sudo)
    $sudo apt-get update -qq &&
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
}

opt_timed() {
    timeout "${OPT_TIMEOUT:-600}" "$OPT" "$@"
}

opt_plugin() {
    opt_timed -load-pass-plugin="$PLUGIN" "$@"
}

# run_and_compare DIR EXPECTED PROGRAM [ARG...]: runs DIR/PROGRAM in DIR
# (RUN_TIMEOUT seconds, default 10), its stdout and stderr then a line
# "[exit N]" into DIR/out, and exits the script: 0 when that is EXPECTED,
# else 1 (4 when the program ran out of time), printing the first lines
# of the difference. The end of the bisect tests' build-and-test scripts.
run_and_compare() {
    local dir=$1 expected=$2 program=$3 rc=0
    shift 3
    (cd "$dir" && timeout "${RUN_TIMEOUT:-10}" "./$program" "$@" >out 2>&1) || rc=$?
    echo "[exit $rc]" >>"$dir/out"
    if ! cmp -s "$dir/out" "$expected"; then
        diff "$expected" "$dir/out" | head -5
        ((rc == 124)) && exit 4
        exit 1
    fi
    exit 0
}

check_begin() {
    CHECK=$1 CHECK_START=$SECONDS failed=0
}

fail() {
    echo "$CHECK: FAIL: $*"
    failed=1
}

check_end() {
    echo "$CHECK: $([[ $failed == 0 ]] && echo ok || echo FAILED) ($((SECONDS - CHECK_START)) s)"
    exit "$failed"
}

expect_exit() {
    local script=$1 name=$2 want=$3 got=0 out errors
    shift 3
    errors=$(mktemp)
    out=$(env "$@" "$script" 2>"$errors") || got=$?
    if ((got == 2)); then
        cat "$errors" >&2
        rm -f "$errors"
        echo "$CHECK: the build failed ($name)" >&2
        exit 2
    fi
    rm -f "$errors"
    ((got == want)) || fail "$name: exit $got, expected $want (output: $out)"
    printf '  %-60s %s\n' "$name" "$out"
}

bisect_repair() {
    python3 -c 'import json, sys
r = json.load(open(sys.argv[1])).get("repair") or {}
print(r.get("passes"), len(r.get("dropped", [])), r.get("selection", ""))' "$1"
}
