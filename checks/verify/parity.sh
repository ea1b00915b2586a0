#!/usr/bin/env bash
# Parity of verify-alias-md with LLVM 22's verifier on a corpus of damaged
# modules (see checks/verify/parity.py for what is compared).
#
# usage: checks/verify/parity.sh [--count N] [--seed S] [--slice] [--keep]
#   --count N   number of mutated modules (default 1200; `make bench`)
#   --seed S    corpus seed (default 1); module i is a function of (S, i)
#   --slice     100 modules, no large binutils module: < 2 min on 2 cores
#               (`make test`)
#   --keep      keep the modules under target/verify-corpus/modules/
# env: LLVM_BIN (default /usr/lib/llvm-22/bin), PLUGIN (default
#      target/release/libaliaskit.so), MODGEN (default
#      target/release/aliaskit-modgen), JOBS (default nproc), CORPUS (default
#      target/corpus: its csmith and large modules are used when present)
#
# Prints a summary; exits 1 on any disagreement, crash or hang of ours.
# Failing modules: target/verify-corpus/failures/<module>/ (module.ll, both
# stderrs, result.json); all results: target/verify-corpus/summary.json.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../../tools/lib/env.sh"
cd "$ROOT"
exec python3 "$HERE/parity.py" --jobs "$JOBS" "$@"
