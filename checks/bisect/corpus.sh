#!/usr/bin/env bash
# Inject-and-find: one wrong alias fact is injected into each program of a
# corpus, and `aliaskit bisect` must name it (see checks/bisect/corpus.py).
#
# usage: checks/bisect/corpus.sh [--slice] [--csmith N] [--only NAME,...]
#                               [--budget B] [--search] [--no-write]
#   (no option)  every program: checks/bisect/programs/*.c and *.ll, csmith
#                seeds 1..N (default 500; built by corpora/real-c.sh --csmith
#                N --no-large when missing); rewrites
#                checks/bisect/injections.json and checks/bisect/RESULTS.md
#                (`make bench`)
#   --slice      2 own C programs, 1 .ll module, 2 csmith programs, their
#                injections taken from checks/bisect/injections.json:
#                well under 2 min on 2 cores (`make test`)
#   --only L     only the programs named in L (c-list,csmith-s2,...)
#   --budget B   builds a search may spend per mutation kind (default 40)
#   --search     search again, ignoring the cache and injections.json
#   --no-write   leave injections.json and RESULTS.md alone
# env: LLVM_BIN (default /usr/lib/llvm-22/bin), PLUGIN (default
#      target/release/libaliaskit.so), ALIASKIT (default
#      target/release/aliaskit), JOBS (default nproc), CORPUS (default
#      target/corpus)
#
# Prints one line a program and a summary (the RESULTS.md text); exits 1
# when a bisection did not name exactly the injected decision, or (with
# --slice / --only) a program has no injection. Work files, the search
# cache and results.json: target/bisect-corpus/.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../../tools/lib/env.sh"
cd "$ROOT"
exec python3 "$HERE/corpus.py" --jobs "$JOBS" "$@"
