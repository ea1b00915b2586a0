#!/usr/bin/env bash
# Builds this Fortran program with flang-22 -O2 -flto (bitcode objects,
# one per file; LTO=-flto=thin for ThinLTO) and links it with ld.lld, aliaskit's analyses in the LTO AA
# pipeline; runs it and checks its output: exit 0 when it prints the right
# result, 1 when it prints a wrong one, 2 when it cannot be built. The
# command for
#
#   aliaskit bisect -- ./build-and-test.sh
#
# Environment: PLUGIN (default: the repository's
# target/release/libaliaskit.so), FLANG (flang-22), AA (the LTO AA
# pipeline, default basic-aa,rust-scoped-noalias,rust-tbaa), OUT (the build
# directory, default build/MODE beside this script; -K is added for the
# run in slot K when aliaskit bisect runs several at once).
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
FLANG=${FLANG:-flang-22}
PLUGIN=$(realpath "${PLUGIN:-$here/../../../target/release/libaliaskit.so}")
AA=${AA:-basic-aa,rust-scoped-noalias,rust-tbaa}
LTO=${LTO:--flto}
mode=${LTO#-f}; OUT=${OUT:-$here/build/${mode//=/-}}${ALIASKIT_BISECT_SLOT:+-$ALIASKIT_BISECT_SLOT}
mkdir -p "$OUT"
for f in bump main; do
    # The compile does not depend on the selection: only the link does.
    [[ $OUT/$f.o -nt $here/$f.f90 ]] || "$FLANG" -O2 "$LTO" -c "$here/$f.f90" -o "$OUT/$f.o" || exit 2
done
"$FLANG" -O2 "$LTO" -fuse-ld=lld "$OUT/bump.o" "$OUT/main.o" -o "$OUT/prog" \
    -Wl,--load-pass-plugin="$PLUGIN" -Xlinker --lto-aa-pipeline="$AA" || exit 2
out=$("$OUT/prog") || exit 2
echo "$out"
[[ $out == "a(j) =   6.0" ]]
