#!/usr/bin/env bash
# Builds libiberty and its testsuite's programs from the .ll files of LL,
# one object a file, with aliaskit's analyses in opt's AA pipeline (the
# Makefile beside this script), and runs the testsuite: test-demangle on
# demangle-expected, d-demangle-expected and rust-demangle-expected,
# test-pexecute, test-expandargv, test-strtol. The command for
#
#   aliaskit bisect -- checks/bisect/many/build-and-test.sh
#
# (checks/bisect/many.sh prepares LL and runs it).
#
# The build directory is kept between runs, so make builds again only what
# changed: the .ll files, the plugin, and under aliaskit bisect the
# modules whose stamps it rewrote ($ALIASKIT_BISECT_STAMPS). Every object
# is built again when make cannot know what the selection changed:
#   - in a slot's first run (a stamps directory without stamps, or another
#     one than in the last run);
#   - without stamps, when ALIASKIT_BISECT or AA differs from the last run;
#   - with FULL=1, always (a fresh build for each run: the comparison).
#
# Environment:
#   LL        the directory of the .ll files (default
#             target/bisect-many/ll/injected)
#   OUT       the build directory (default target/bisect-many/build/run);
#             -K is added in slot K when aliaskit bisect runs several at
#             once (ALIASKIT_BISECT_SLOT)
#   FULL=1    build every object in every run
#   AA        opt's AA pipeline (default basic-aa,rust-scoped-noalias,rust-tbaa)
#   MAKE_JOBS make's jobs (default 1 under aliaskit bisect, else nproc)
#   RUN_TIMEOUT  seconds for each test program (default 20)
#   MANY_LOG  when set, one JSON line a run is appended to it: run, slot
#             (ALIASKIT_BISECT_RUN, _SLOT), selection, stamps (whether
#             there was a stamps directory), status, seconds, full (every
#             object built), objects (how many built), rebuilt (their names)
#   PLUGIN, LLVM_BIN as in tools/lib/env.sh.
#
# Prints one line: how many objects were built, the test results. Exit 0
# when every test passes; 1 when one fails (a wrong result or a crash); 3
# when the build fails; 4 when a test program runs out of time.
set -uo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../../../tools/lib/env.sh"
start=$EPOCHREALTIME
work=$ROOT/target/bisect-many
LL=${LL:-$work/ll/injected}
OUT=${OUT:-$work/build/run}${ALIASKIT_BISECT_SLOT:+-$ALIASKIT_BISECT_SLOT}
AA=${AA:-basic-aa,rust-scoped-noalias,rust-tbaa}
MAKE_JOBS=${MAKE_JOBS:-$([[ -n ${ALIASKIT_BISECT_SLOT:-} ]] && echo 1 || nproc)}
RUN_TIMEOUT=${RUN_TIMEOUT:-20}
src=$(ls -d "$work"/src/binutils-*/libiberty 2>/dev/null | head -1)
[[ -d $LL && -n $src ]] || { echo "build-and-test.sh: no $LL or no sources (run checks/bisect/many.sh)"; exit 3; }
mkdir -p "$OUT"
cd "$OUT" || exit 3

# What the objects of the last run were built under; the stamps directory
# takes the selection's place when there is one.
# (A selection given as @FILE counts by its content.)
state="ll=$LL aa=$AA stamps=${ALIASKIT_BISECT_STAMPS:-}"
if [[ -z ${ALIASKIT_BISECT_STAMPS:-} ]]; then
    selection=${ALIASKIT_BISECT-(unset)}
    [[ $selection == @* ]] && selection="$selection: $(cat "${selection#@}" 2>/dev/null)"
    state+=" selection=$selection"
fi
# A stamps directory without stamps: the slot's first run.
first=0
[[ -n ${ALIASKIT_BISECT_STAMPS:-} ]] &&
    ! compgen -G "$ALIASKIT_BISECT_STAMPS/*.stamp" >/dev/null && first=1
full=0
if [[ ${FULL:-0} == 1 || $first == 1 || ! -f built-under || $(cat built-under) != "$state" ]]; then
    full=1
    rm -f ./*.o built-under
fi

: >rebuilt.log
make -s -j"$MAKE_JOBS" -f "$HERE/Makefile" LL="$LL" PLUGIN="$PLUGIN" AA="$AA" \
    LLVM_BIN="$LLVM_BIN" REBUILT="$OUT/rebuilt.log" >make.log 2>&1
made=$?
((made == 0)) && echo "$state" >built-under
rebuilt=$(sort rebuilt.log | tr '\n' ' ')
objects=$(wc -w <<<"$rebuilt")

status=0 results=()
if ((made != 0)); then
    status=3 results=("the build failed, see $OUT/make.log")
else
    # check NAME PROGRAM [INPUT]: runs one test; a non-zero exit or a FAIL
    # line is a failure, a timeout a hang.
    check() {
        local name=$1 prog=$2 input=${3:-/dev/null} rc=0
        timeout "$RUN_TIMEOUT" "./$prog" <"$input" >"$name.out" 2>&1 || rc=$?
        if ((rc == 124)); then
            results+=("$name: hang"); status=4
        elif ((rc != 0)) || grep -q '^FAIL' "$name.out"; then
            results+=("$name: FAIL ($(grep -m1 -E '^FAIL|failures' "$name.out" || echo "exit $rc"))")
            ((status == 0)) && status=1
        fi
    }
    check cplus-dem test-demangle "$src/testsuite/demangle-expected"
    check d-demangle test-demangle "$src/testsuite/d-demangle-expected"
    check rust-demangle test-demangle "$src/testsuite/rust-demangle-expected"
    check pexecute test-pexecute
    check expandargv test-expandargv
    check strtol test-strtol
    ((status == 0)) && results=("6 tests passed")
fi
seconds=$(python3 -c "print(round($EPOCHREALTIME - $start, 2))")
echo "build-and-test.sh: $objects objects built$( ((full)) && echo ' (all)'); ${results[*]}"
if [[ -n ${MANY_LOG:-} ]]; then
    # One write of the whole line (O_APPEND): runs going at once share
    # the file.
    python3 -c 'import json, os, sys
a = sys.argv
line = json.dumps({"run": a[1], "slot": a[2], "selection": a[3], "stamps": a[4] != "",
                   "status": int(a[5]), "seconds": float(a[6]), "full": a[7] == "1",
                   "objects": int(a[8]), "rebuilt": a[9].split()}) + "\n"
os.write(1, line.encode())' \
        "${ALIASKIT_BISECT_RUN:-}" "${ALIASKIT_BISECT_SLOT:-}" "${ALIASKIT_BISECT-(unset)}" \
        "${ALIASKIT_BISECT_STAMPS:-}" "$status" "$seconds" "$full" "$objects" "$rebuilt" >>"$MANY_LOG"
fi
exit $status
