#!/usr/bin/env bash
# aliaskit bisect on a cargo project (miscompile/): cross-language LTO, the
# link done by ld.lld with our analyses in the LTO AA pipeline, through
# RUSTFLAGS (see miscompile/cargo-build-and-test.sh). Checks:
#   - with our analyses, and with LLVM's own, the release build prints a
#     wrong result; with ALIASKIT_BISECT=n, and with basic-aa alone, a
#     right one (the miscompile comes from the scoped no-alias metadata
#     the LTO inliner made of set_and_read's noalias parameters);
#   - aliaskit bisect names one culprit: scoped-noalias, NoAlias, in `run`,
#     between the inlined store of `*a` and load of `*b`;
#   - keeping that decision alone gives the wrong result, and so does
#     dropping it alone: the other direction of the same claim (a second
#     decision about the same two accesses) takes over; dropping both gives
#     the right result.
# Builds into target/cargo/ (--offline: the project has no dependencies).
# Exit 0 when every check holds, 1 when one fails, 2 on a setup error.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../../tools/lib/env.sh"
[[ -f $PLUGIN ]] || { echo "cargo check: no plugin at $PLUGIN (run make build)" >&2; exit 2; }
command -v cargo >/dev/null || { echo "cargo check: cargo missing" >&2; exit 2; }
need_tools "cargo check" clang ld.lld || exit 2
export CARGO_TARGET_DIR=$ROOT/target/cargo
project=$HERE/miscompile
aliaskit=$ROOT/target/release/aliaskit
check_begin "cargo check"

# run NAME EXPECTED-STATUS [VAR=VALUE...]: one build-and-test
run() { expect_exit "$project/cargo-build-and-test.sh" "$@"; }
echo "cargo check: $project"
run "our analyses" 1
run "ALIASKIT_BISECT=n" 0 ALIASKIT_BISECT=n
run "LLVM's analyses" 1 AA=basic-aa,scoped-noalias-aa,tbaa
run "basic-aa alone" 0 AA=basic-aa

json=$CARGO_TARGET_DIR/bisect.json
(cd "$project" && "$aliaskit" bisect --json -- ./cargo-build-and-test.sh) >"$json" ||
    fail "aliaskit bisect exited $?"
res=$(python3 - "$json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
c = r.get("culprits", [])
ok = (len(c) == 1 and c[0]["analysis"] == "scoped-noalias" and c[0]["answer"] == "NoAlias"
      and "3run" in c[0]["function"]
      # The claim is decided both ways: either decision may be named.
      and sorted(x["instruction"].split(" = ")[-1][:9] for x in (c[0]["first"], c[0]["second"]))
          == ["load i32,", "store i32"])
print(c[0]["id"] if ok else "")
print(f"  bisect: {len(c)} culprit(s) among {r.get('decisions')} decisions, {r.get('runs')} runs, "
      f"{r.get('seconds', 0):.1f} s: {[(x['analysis'], x['function'], x['id']) for x in c]}")
PY
)
id=$(head -1 <<<"$res")
tail -n +2 <<<"$res"
if [[ -n $id ]]; then
    run "ALIASKIT_BISECT=+x$id (it alone)" 1 ALIASKIT_BISECT="+x$id"
    run "ALIASKIT_BISECT='y -x$id'" 1 ALIASKIT_BISECT="y -x$id"
    # The same claim is also decided the other way round (the load's scope
    # in the store's !noalias): a second decision about the same two
    # accesses, asked once the first answers MayAlias. Dropping the whole
    # claim gives the right result.
    # bisect's repair: every decision but the culprit and the others about
    # its two accesses.
    repair=$(bisect_repair "$json")
    read -r passes ndropped selection <<<"$repair"
    [[ $passes == True ]] || fail "bisect's repair does not pass: $repair"
    [[ $ndropped -ge 2 ]] || fail "expected the claim decided both ways, bisect's repair: $repair"
    run "ALIASKIT_BISECT='$selection'" 0 ALIASKIT_BISECT="$selection"
else
    fail "bisect did not name the inlined store/load pair in run (see $json)"
fi
check_end
