#!/usr/bin/env bash
# aliaskit bisect on a Fortran program of two files (miscompile/) built
# with flang-22 -O2 -flto and linked by ld.lld with our analyses in the LTO
# AA pipeline (see miscompile/build-and-test.sh), in full LTO and ThinLTO.
# One array is passed as both of bump's dummy arguments, both modified;
# only the link sees both files. For each mode it checks:
#   - with our analyses, and with LLVM's own, the program prints a wrong
#     result; with ALIASKIT_BISECT=n, and with basic-aa alone, the right
#     one (the miscompile comes from the metadata of the inlined bump);
#   - aliaskit bisect names one culprit: scoped-noalias, NoAlias, in the
#     program (@main), between the inlined store of x(i) and load of y(j);
#   - keeping it alone breaks the program; dropping every decision about
#     the same two accesses (the scopes both ways and bump's TBAA tags,
#     bisect's repair, in its JSON) repairs it;
#   - with the AA pipeline basic-aa,rust-tbaa (full LTO), bisect names the
#     TBAA decision instead: Flang's tags of the dummy arguments x and y.
# Builds into target/flang-lto/. Exit 0 when every check holds, 1 when one
# fails, 2 on a setup error.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../../tools/lib/env.sh"
[[ -f $PLUGIN ]] || { echo "flang check: no plugin at $PLUGIN (run make build)" >&2; exit 2; }
need_packages "flang check" flang-22
need_tools "flang check" ld.lld || exit 2
project=$HERE/miscompile
aliaskit=$ROOT/target/release/aliaskit
work=$ROOT/target/flang-lto
mkdir -p "$work"
check_begin "flang check"

# run NAME EXPECTED-STATUS [VAR=VALUE...]: one build-and-test
run() { expect_exit "$project/build-and-test.sh" "$@"; }

# culprit JSON ANALYSIS: the id of bisect's one culprit when it is ANALYSIS
# answering NoAlias in @main between the inlined store of x(i) and load of
# y(j), else an empty line; then a summary line.
culprit() {
    python3 - "$1" "$2" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
c = r.get("culprits", [])
ok = (len(c) == 1 and c[0]["analysis"] == sys.argv[2] and c[0]["answer"] == "NoAlias"
      and c[0]["function"] == "main"
      and c[0]["first"]["instruction"].startswith("store float 5.0")
      and " = load float" in c[0]["second"]["instruction"])
print(c[0]["id"] if ok else "")
print(f"  bisect: {len(c)} culprit(s) among {r.get('decisions')} decisions, {r.get('runs')} runs, "
      f"{r.get('seconds', 0):.1f} s: {[(x['analysis'], x['function'], x['id']) for x in c]}")
PY
}

for lto in -flto -flto=thin; do
    export LTO=$lto OUT=$work/build${lto#-flto}
    echo "flang check: $project, $lto"
    run "our analyses" 1
    run "ALIASKIT_BISECT=n" 0 ALIASKIT_BISECT=n
    run "LLVM's analyses" 1 AA=basic-aa,scoped-noalias-aa,tbaa
    run "basic-aa alone" 0 AA=basic-aa
    json=$work/bisect${lto#-flto}.json
    (cd "$project" && "$aliaskit" bisect --json -- ./build-and-test.sh) >"$json" || fail "aliaskit bisect exited $?"
    res=$(culprit "$json" scoped-noalias)
    id=$(head -1 <<<"$res")
    tail -n +2 <<<"$res"
    if [[ -z $id ]]; then
        fail "$lto: bisect did not name the inlined store/load pair of bump in @main (see $json)"
        continue
    fi
    run "ALIASKIT_BISECT=+x$id (it alone)" 1 ALIASKIT_BISECT="+x$id"
    repair=$(bisect_repair "$json")
    read -r passes ndropped selection <<<"$repair"
    [[ $passes == True ]] || fail "$lto: bisect's repair does not pass: $repair"
    run "ALIASKIT_BISECT='$selection'" 0 ALIASKIT_BISECT="$selection"
done

export LTO=-flto OUT=$work/build
echo "flang check: $project, -flto, TBAA alone"
json=$work/bisect-tbaa.json
(cd "$project" && AA=basic-aa,rust-tbaa "$aliaskit" bisect --json -- ./build-and-test.sh) >"$json" ||
    fail "aliaskit bisect (TBAA alone) exited $?"
res=$(culprit "$json" tbaa)
id=$(head -1 <<<"$res")
tail -n +2 <<<"$res"
[[ -n $id ]] || fail "bisect (TBAA alone) did not name the inlined store/load pair of bump in @main (see $json)"
grep -q 'dummy arg data/_QFbumpEx' "$json" && grep -q 'dummy arg data/_QFbumpEy' "$json" ||
    fail "the TBAA culprit does not show bump's dummy argument tags (see $json)"
check_end
