#!/usr/bin/env bash
# Reduces a module on which LLVM 22 crashes, hangs or stops to a minimal
# reproducer, with llvm-reduce.
#
# usage: checks/repro/reduce.sh IN.ll OUT.ll PATTERN [OPT ARGS...]
#   the module is interesting while `opt -disable-verify
#   -disable-auto-upgrade-debug-info OPT ARGS... -disable-output FILE`
#   fails and prints a line matching PATTERN (grep -E), or, with PATTERN
#   "hang", times out. The stack dump is the one opt prints on its own
#   (llvm-reduce turns symbolization off for its tests; the test turns it
#   back on), so PATTERN can name a crash site by its library offset, e.g.
#   'libLLVM\.so\.22\.1\+0x68b6b7c\)': inside one function, inlined
#   accessors fault at different offsets.
# env: LLVM_BIN (default /usr/lib/llvm-22/bin), TIMEOUT (seconds, default 10)
#
# llvm-reduce refuses a module that does not verify, and these modules are
# broken on purpose. So the alias metadata is hidden from the verifier
# while llvm-reduce works: the attachments !tbaa, !tbaa.struct,
# !alias.scope, !noalias and the named !llvm.errno.tbaa get other names
# (kinds the verifier does not know, which llvm-reduce still reduces), and
# the interestingness test gives them their names back before it runs opt.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../../tools/lib/env.sh"
[[ $# -ge 3 ]] || { sed -n '2,10p' "$SELF" >&2; exit 2; }
in=$1 out=$2 pattern=$3; shift 3
TIMEOUT=${TIMEOUT:-10}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
hide='s/!(tbaa|tbaa\.struct|alias\.scope|noalias) !/!aliaskit.hidden.\1 !/g; s/^!llvm\.errno\.tbaa /!aliaskit.hidden.errno /'
unhide='s/!aliaskit\.hidden\.errno /!llvm.errno.tbaa /; s/!aliaskit\.hidden\.([a-z.]+) !/!\1 !/g'
sed -E "$hide" "$in" >"$work/hidden.ll"
"$LLVM_BIN/opt" -passes=verify -disable-output "$work/hidden.ll" ||
    { echo "reduce.sh: $in does not verify even with its alias metadata hidden" >&2; exit 1; }
{
    echo '#!/usr/bin/env bash'
    echo 'unset LLVM_DISABLE_SYMBOLIZATION'
    printf 'sed -E %q "$1" >"$1.shown.ll"\n' "$unhide"
    printf 'err=$(timeout %q %q -disable-verify -disable-auto-upgrade-debug-info' "$TIMEOUT" "$LLVM_BIN/opt"
    printf ' %q' "$@"
    echo ' -disable-output "$1.shown.ll" 2>&1); rc=$?'
    echo 'rm -f "$1.shown.ll"'
    if [[ $pattern == hang ]]; then
        echo '[[ $rc == 124 ]]'
    else
        printf '[[ $rc -ne 0 && $rc -ne 124 ]] && grep -qE %q <<<"$err"\n' "$pattern"
    fi
} >"$work/test.sh"
chmod +x "$work/test.sh"
"$work/test.sh" "$work/hidden.ll" || { echo "reduce.sh: $in is not interesting to begin with" >&2; exit 1; }
"$LLVM_BIN/llvm-reduce" --test="$work/test.sh" "$work/hidden.ll" -o "$work/reduced.ll" \
    >"$work/log" 2>&1 || { tail -5 "$work/log" >&2; exit 1; }
sed -E "$unhide" "$work/reduced.ll" >"$out"
echo "reduce.sh: $(wc -l <"$in") lines -> $(wc -l <"$out") lines: $out"
