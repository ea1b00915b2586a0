# aliaskit: `make demo` and `make test` work on a fresh Debian 12 machine
# (they install LLVM 22 when it is missing). One variable names the LLVM
# tools everywhere: LLVM_BIN.

LLVM_BIN ?= /usr/lib/llvm-22/bin
LLVM_PREFIX := $(patsubst %/bin,%,$(LLVM_BIN))
PLUGIN   := target/release/libaliaskit.so
MODGEN   := target/release/aliaskit-modgen
# Seeds of the differential check run by `make test` (issue: at least 500).
DIFF_SEEDS ?= 500
JOBS     ?= $(shell nproc)
# make install: $(PREFIX)/bin/aliaskit and $(PREFIX)/lib/aliaskit/ (the
# plugin, sanitize/libaliaskit_rt.a, sanitize/rustc-link); DESTDIR for
# staged installs.
PREFIX   ?= /usr/local
DESTDIR  ?=

export LLVM_BIN
export LLVM_SYS_221_PREFIX ?= $(LLVM_PREFIX)
export PLUGIN

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES := llvm-22-dev llvm-22-tools clang-22 lld-22 graphviz valgrind

.PHONY: all setup build install test-install demo test test-sanitize test-unit test-lit test-diff test-corpus test-verify-parity test-captures-corpus test-inspect test-explain-llvm test-bisect-corpus test-lto test-cargo test-flang-lto test-llvm19 test-frontends test-fuzz test-plugin lint bench hot-functions fuzz clean

all: build

# Installs LLVM 22 (opt, FileCheck, lit, clang, ld.lld, headers),
# graphviz (for `aliaskit dot`) and valgrind (callgrind's counts in the
# benchmarks; memcheck in the fuzz's controls and test/repro) when they are
# missing.
setup:
	@if [ ! -x "$(LLVM_BIN)/opt" ] || [ ! -x "$(LLVM_BIN)/FileCheck" ] || [ ! -x "$(LLVM_BIN)/clang" ] \
	    || [ ! -x "$(LLVM_BIN)/ld.lld" ] || ! command -v dot >/dev/null || ! command -v valgrind >/dev/null \
	    || [ ! -e "$(LLVM_PREFIX)/include/llvm/Plugins/PassPlugin.h" ]; then \
	  echo "installing $(APT_PACKAGES)"; \
	  $(SUDO) apt-get update && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y $(APT_PACKAGES); \
	fi
	@command -v cargo >/dev/null || { echo "cargo (Rust) is required"; exit 1; }

build: setup
	cargo build --release --workspace
	cargo rustc --profile runtime -p aliaskit-rt --lib --crate-type staticlib
	runtime/archive.sh

# Installs what `make build` made (run that first, as yourself: `make build
# && sudo make install`): the command in $(PREFIX)/bin, the plugin and the
# sanitizer runtime (with rustc-link) in $(PREFIX)/lib/aliaskit/, where the
# command finds them (../lib/aliaskit/ from itself).
INSTALL_FILES := target/release/aliaskit $(PLUGIN) target/release/sanitize/libaliaskit_rt.a target/release/sanitize/rustc-link
install:
	@for f in $(INSTALL_FILES); do [ -f "$$f" ] || { echo "make install: $$f missing (run make build first)"; exit 1; }; done
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/lib/aliaskit/sanitize"
	install -m 755 target/release/aliaskit "$(DESTDIR)$(PREFIX)/bin/aliaskit"
	install -m 755 $(PLUGIN) "$(DESTDIR)$(PREFIX)/lib/aliaskit/libaliaskit.so"
	install -m 644 target/release/sanitize/libaliaskit_rt.a "$(DESTDIR)$(PREFIX)/lib/aliaskit/sanitize/libaliaskit_rt.a"
	install -m 755 target/release/sanitize/rustc-link "$(DESTDIR)$(PREFIX)/lib/aliaskit/sanitize/rustc-link"

# make install into a temporary prefix, moved, used alone (checks/install/).
test-install: build
	checks/install/check.sh

demo: build
	examples/demo.sh

test: build lint test-unit test-plugin test-lit test-diff test-corpus test-verify-parity test-captures-corpus test-inspect test-bisect-corpus test-lto test-cargo test-flang-lto test-llvm19 test-frontends test-explain-llvm test-sanitize test-fuzz test-install

test-unit:
	cargo test --release --workspace

# The plugin must share opt's libLLVM.so, never carry its own copy.
test-plugin:
	@if nm -D --defined-only $(PLUGIN) | grep -q ' LLVMContextCreate$$'; then \
	  echo "error: $(PLUGIN) defines LLVM symbols (LLVM linked statically)"; exit 1; fi
	@ldd $(PLUGIN) | grep -q 'libLLVM' || { echo "error: $(PLUGIN) does not link libLLVM.so"; exit 1; }
	@echo "plugin links LLVM dynamically: ok"

# libiberty's testsuite linked by ld.lld with our analyses in the LTO
# pipeline (ThinLTO with two backend threads, and full LTO).
test-lto:
	JOBS=$(JOBS) checks/lto/libiberty.sh

# aliaskit bisect on a cargo project built with cross-language LTO
# (RUSTFLAGS: -C linker-plugin-lto, ld.lld with our analyses): it names
# the scoped claim behind the wrong output (checks/cargo/, seconds).
test-cargo: build
	checks/cargo/check.sh

# The same for a Fortran program of two files built with flang-22 -flto
# (full LTO and ThinLTO) and linked by ld.lld (checks/flang/, seconds).
test-flang-lto: build
	@bash -c '. tools/lib/env.sh && need_packages test-flang-lto flang-22'
	checks/flang/check.sh

# aliaskit on bitcode from LLVM 19 (Debian's clang-19, installed when
# missing): verify, explain --summary and bisect, through opt-22 and through
# an LTO link by ld.lld-22 (checks/llvm19/, seconds).
test-llvm19: build
	@bash -c '. tools/lib/env.sh && need_packages test-llvm19 clang-19'
	checks/llvm19/check.sh

# A slice of the Flang, clang++ and rustc corpus (corpora/frontends.sh).
test-frontends:
	JOBS=$(JOBS) python3 checks/frontends/check.py --slice

# aliaskit sanitize on programs with known answers (C restrict, Rust
# references, Fortran dummy arguments), on the bisect corpus's wrong
# !noalias programs (the report names bisect's culprit), and on correct
# programs (no report, the same output); then --tbaa on the wrong !tbaa
# programs and the correct ones, and beside TySan on a violation it misses
# at -O2 and a correct program it reports: slices (make bench: all).
test-sanitize: build
	@bash -c '. tools/lib/env.sh && need_packages test-sanitize flang-22 libclang-rt-22-dev'
	JOBS=$(JOBS) python3 checks/sanitize/programs.py --slice
	JOBS=$(JOBS) python3 checks/sanitize/bisect.py --slice
	JOBS=$(JOBS) python3 checks/sanitize/clean.py --slice
	JOBS=$(JOBS) python3 checks/sanitize/bisect.py --tbaa --slice
	JOBS=$(JOBS) python3 checks/sanitize/clean.py --tbaa --slice
	JOBS=$(JOBS) python3 checks/sanitize/tysan.py --slice

# 300 modules with damaged metadata through every entry point (make fuzz:
# 10000 of them, FUZZ_COUNT).
test-fuzz:
	JOBS=$(JOBS) python3 checks/fuzz/fuzz.py --slice

# ccache for test/bisect/ccache.test (bisect turns it off in its runs).
test-lit:
	@bash -c '. tools/lib/env.sh && need_packages test-lit ccache'
	$(LLVM_BIN)/lit -sv test

test-diff:
	JOBS=$(JOBS) checks/diff/difftest.sh 1 $(DIFF_SEEDS)

# A seeded slice of the real-C corpus (csmith programs through clang-22):
# identical O2/gvn/dse/licm output, tbaa-diff<fatal>, csmith checksums.
test-corpus:
	JOBS=$(JOBS) checks/corpus/check.sh --slice 20

# verify-alias-md against LLVM's verifier on a slice of damaged modules:
# same verdicts, same messages, no crash, no hang.
test-verify-parity:
	JOBS=$(JOBS) checks/verify/parity.sh --slice

# check-captures against LLVM's own captures(...) inference on a slice of
# the corpus: 0 errors (no false alarms), no crash; narrowed claims counted.
test-captures-corpus:
	JOBS=$(JOBS) checks/captures/corpus.sh --slice 20

# aliaskit explain and dot on a slice of the corpus: explain's NoAlias pairs
# are aa-eval's, graphviz accepts every picture, node and edge counts match
# the metadata.
test-inspect: test-corpus
	JOBS=$(JOBS) python3 checks/inspect/check.py --slice 20 --manifest target/corpus/MANIFEST.slice-1-20

# aliaskit explain's every answer (load/store pairs, calls, memory
# intrinsics' locations, masks, errno) against LLVM's AAResults with only
# our analyses in the AA pipeline, record by record: 10 csmith modules and
# the 2 smallest modules of each front end, then three Rust crates after
# default<O2> (the inliner's scopes decide calls there), when
# corpora/frontends.sh has built them (make bench: all of them).
EXPLAIN_O2_SLICE = $(wildcard $(addprefix target/corpus/frontends/rust/,itoa.bc memchr.bc serde.bc))
test-explain-llvm: test-corpus test-frontends
	JOBS=$(JOBS) python3 checks/inspect/explain-vs-llvm.py --quiet --slice 10 --frontends 2 --pair-limit 300000 --manifest target/corpus/MANIFEST.slice-1-20
	$(if $(EXPLAIN_O2_SLICE),JOBS=$(JOBS) python3 checks/inspect/explain-vs-llvm.py --quiet --pipeline 'default<O2>' $(EXPLAIN_O2_SLICE))

# aliaskit bisect on programs with one injected wrong !tbaa or !noalias
# (checks/bisect/injections.json): it must name exactly the injected
# decision. A slice of 5 programs here, all 53 in make bench.
test-bisect-corpus: build
	JOBS=$(JOBS) checks/bisect/corpus.sh --slice

# Benchmarks: ratios against built-in LLVM, measured side by side, written
# to BENCHMARKS.md. Also runs every check on the whole corpus, and
# `aliaskit bisect` on sqlite3 (section B-SQL: bench.py takes its row).
BENCH_FLAGS ?=
bench: build
	@bash -c '. tools/lib/env.sh && need_packages bench flang-22 libclang-rt-22-dev'
	JOBS=$(JOBS) corpora/real-c.sh
	JOBS=$(JOBS) checks/corpus/check.sh
	JOBS=$(JOBS) checks/verify/parity.sh
	JOBS=$(JOBS) checks/verify/clean.sh
	JOBS=$(JOBS) checks/captures/corpus.sh
	JOBS=$(JOBS) python3 checks/inspect/check.py
	JOBS=$(JOBS) checks/bisect/corpus.sh
	JOBS=$(JOBS) checks/bisect/many.sh
	JOBS=$(JOBS) python3 checks/frontends/check.py --report checks/frontends/REPORT.md
	JOBS=$(JOBS) python3 checks/inspect/explain-vs-llvm.py --quiet
	JOBS=$(JOBS) python3 checks/inspect/explain-vs-llvm.py --quiet --manifest /dev/null --pipeline 'default<O2>'
	JOBS=$(JOBS) python3 checks/sanitize/programs.py
	JOBS=$(JOBS) python3 checks/sanitize/bisect.py
	JOBS=$(JOBS) python3 checks/sanitize/clean.py
	JOBS=$(JOBS) python3 checks/sanitize/bisect.py --tbaa
	JOBS=$(JOBS) python3 checks/sanitize/clean.py --tbaa
	JOBS=$(JOBS) python3 checks/sanitize/tysan.py
	JOBS=$(JOBS) python3 bench/bisect_sqlite.py
	python3 bench/bench.py $(BENCH_FLAGS)

# runtime/hot-functions.txt again, after a change to the runtime that
# renames or adds a function its runs execute (test/sanitize/hot-run.test
# names them): the bench programs built with this runtime, run under
# callgrind, then the archive laid out with the new list.
hot-functions: build
	@bash -c '. tools/lib/env.sh && need_packages hot-functions flang-22'
	python3 bench/sanitize.py --only f_kernels,rs_collections,c_blas,sqlite3 --runs 1 --no-callgrind --out /dev/null >/dev/null
	python3 runtime/hot_functions.py
	runtime/archive.sh

FUZZ_COUNT ?= 10000
fuzz: build
	JOBS=$(JOBS) python3 checks/fuzz/fuzz.py --count $(FUZZ_COUNT) --report checks/fuzz/REPORT.md

# Formatting, clippy, and doc links that resolve (module docs may name
# private items: they document the code, not only the API).
lint:
	cargo fmt --all -- --check
	cargo clippy --release --workspace --all-targets -- -D warnings
	RUSTDOCFLAGS="-D warnings -A rustdoc::private_intra_doc_links" \
	  cargo doc --release --no-deps --document-private-items -p aliaskit -p aliaskit-core -p aliaskit-modgen -p aliaskit-rt
	RUSTDOCFLAGS="-D warnings -A rustdoc::private_intra_doc_links" \
	  cargo doc --release --no-deps --document-private-items -p aliaskit-cli

clean:
	cargo clean
