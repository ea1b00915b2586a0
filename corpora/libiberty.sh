#!/usr/bin/env bash
# binutils' libiberty sources (Debian's binutils-source), extracted once.
#
# usage: corpora/libiberty.sh DIR
#   extracts libiberty/, include/ and the top level's helper scripts that
#   libiberty's configure wants (config/, config.guess, config.sub,
#   install-sh, ...) of the binutils tarball into DIR/binutils-<version>/,
#   unless DIR/binutils-<version>/.extracted says it is there already, and
#   prints that directory. Installs binutils-source when it is missing.
# Used by checks/lto/libiberty.sh and checks/bisect/many.sh.
# Exit 0, or 2 when the package has no tarball.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../tools/lib/env.sh"
[[ $# == 1 ]] || { echo "usage: corpora/libiberty.sh DIR" >&2; exit 2; }
dir=$1
need_packages libiberty.sh binutils-source xz-utils
tarball=$(dpkg -L binutils-source | grep -E '/binutils-[0-9.]+\.tar\.(xz|gz|bz2)$' | head -1)
[[ -n $tarball ]] || { echo "libiberty.sh: no binutils tarball in binutils-source" >&2; exit 2; }
top=$(basename "$tarball"); top=${top%.tar.*}
src=$dir/$top
if [[ ! -f $src/.extracted ]]; then
    rm -rf "$dir"; mkdir -p "$dir"
    tar -xf "$tarball" -C "$dir" --wildcards \
        "$top/libiberty" "$top/include" "$top/config" "$top/config.guess" "$top/config.sub" \
        "$top/install-sh" "$top/mkinstalldirs" "$top/move-if-change" "$top/missing" "$top/ltmain.sh"
    touch "$src/.extracted"
fi
echo "$src"
