#!/usr/bin/env bash
# aliaskit bisect on a project of many files, libiberty built one object a
# file by make (checks/bisect/many/): one injected wrong !tbaa, bisected
# with the build directories kept between runs (make builds again only the
# modules whose stamps the driver rewrote) and with every run building
# every object; see checks/bisect/many.py.
#
# usage: checks/bisect/many.sh [--mode both|stamps|full] [--module M]
#                              [--search] [--no-write] [--jobs J]
#   --mode M    stamps, full or both (default; rewrites
#               checks/bisect/many/RESULTS.md)
#   --module M  inject into M.ll (default: injection.json's, else cp-demangle)
#   --search    search the injection again (checks/bisect/many/injection.json)
#   --no-write  leave RESULTS.md alone
#   --jobs J    aliaskit bisect's -j (default JOBS, else nproc)
# env: LLVM_BIN, PLUGIN, ALIASKIT, JOBS. Work files: target/bisect-many/.
# Exit 0 when each bisection names the injected decision among its
# culprits, 1 when one does not, 2 when the project cannot be prepared.
# Cost (2 cores): about 10 minutes, most of it the full mode (a full build
# a run); the first time 30 s more for libiberty's configure.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../../tools/lib/env.sh"
need_tools many.sh clang opt llc llvm-ar || exit 2
[[ -f $PLUGIN ]] || { echo "many.sh: no plugin at $PLUGIN (run make build)" >&2; exit 2; }
need_packages many.sh make
exec python3 "$HERE/many.py" "$@"
