#!/usr/bin/env bash
# Builds this cargo project with cross-language LTO, the link done by
# ld.lld with aliaskit's analyses in the LTO AA pipeline, runs it and
# checks its output: exit 0 when it prints the right result, 1 when it
# prints a wrong one, 2 when it cannot be built. The command for
#
#   aliaskit bisect -- ./cargo-build-and-test.sh
#
# Environment: PLUGIN (default: the repository's
# target/release/libaliaskit.so), LLVM_BIN (/usr/lib/llvm-22/bin),
# AA (the LTO AA pipeline, default basic-aa,rust-scoped-noalias,rust-tbaa),
# CARGO_TARGET_DIR (default target/ beside this script; -K is added for
# the run in slot K when aliaskit bisect runs several at once).
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
PLUGIN=$(realpath "${PLUGIN:-$here/../../../target/release/libaliaskit.so}")
AA=${AA:-basic-aa,rust-scoped-noalias,rust-tbaa}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$here/target}${ALIASKIT_BISECT_SLOT:+-$ALIASKIT_BISECT_SLOT}
export RUSTFLAGS="-C linker-plugin-lto -C linker=$LLVM_BIN/clang -C link-arg=-fuse-ld=lld \
-C link-arg=-Wl,--load-pass-plugin=$PLUGIN -C link-arg=-Xlinker -C link-arg=--lto-aa-pipeline=$AA"
cd "$here"
# Cargo does not see ALIASKIT_BISECT: left alone, it would not link again
# when only the selection changes, and the run would test the previous
# binary. Touching the binary's crate root makes it rebuild that crate and
# link (the library's bitcode does not depend on the selection: the
# decisions are made in the link).
touch src/main.rs
cargo build --release --offline --quiet || exit 2
out=$("$CARGO_TARGET_DIR/release/aliaskit-miscompile") || exit 2
echo "$out"
[[ $out == "read 5, stored 5" ]]
