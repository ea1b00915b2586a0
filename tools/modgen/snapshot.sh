#!/usr/bin/env bash
# Runs aliaskit-modgen on a broad set of invocations and keeps, for each, its
# standard output, standard error and exit status: two snapshots taken before
# and after a change to the generator must be identical (`diff -r`), since the
# seeds name the corpora of the differential test, the benchmarks and the
# fuzzers.
#
# usage: tools/modgen/snapshot.sh BINARY OUTDIR
#
# The invocations: seeds 1..200 with default flags and with every encoding
# and scope mode; each caller's own flags (checks/diff/difftest.sh seeds 1..500,
# bench/bench.py, checks/captures/corpus.sh seeds 1..100, checks/verify/parity.py
# large seeds); sizes; `--flag=value`, repeated flags, extreme and default
# seeds; every way an argument can be refused. OUTDIR/invocations lists them,
# one a line, in the order of the numbered files.
set -u -o pipefail

if (($# != 2)); then
    echo "usage: $0 BINARY OUTDIR" >&2
    exit 2
fi
bin=$1 out=$2
mkdir -p "$out"

invocations() {
    local s e c enc names=(old new scalar mixed)
    for s in $(seq 1 200); do
        echo "--seed $s"
        for e in old new scalar mixed; do
            echo "--seed $s --encoding $e"
            for c in none some many; do echo "--seed $s --encoding $e --scopes $c"; done
        done
        for c in none some many; do echo "--seed $s --scopes $c"; done
    done
    # checks/diff/difftest.sh: encoding by seed % 4, `--scopes none`, then the
    # scoped module with SCOPED_FUNCTIONS functions (default 2).
    for s in $(seq 1 500); do
        enc=${names[$((s % 4))]}
        echo "--seed $s --encoding $enc --scopes none"
        if ((s % 3 == 0)); then c=many; else c=some; fi
        echo "--seed $s --encoding $enc --scopes $c --functions 2"
        ((s <= 50)) && echo "--seed $s --encoding $enc --scopes $c --functions 4"
    done
    # bench/bench.py
    echo "--seed 2000 --functions 1 --accesses 2000 --encoding old"
    # checks/captures/corpus.sh
    for s in $(seq 1 100); do echo "--seed $s --functions 12 --accesses 24"; done
    # checks/verify/parity.py: seeds below 2^30, any encoding and scope mode.
    local r=12345
    for s in $(seq 1 60); do
        r=$(((r * 1103515245 + 12345) % 1073741824))
        enc=${names[$((r % 4))]}
        for c in none some many; do echo "--seed $r --encoding $enc --scopes $c"; done
    done
    # Sizes.
    for s in 3 17 2000; do
        for c in 0 1 2 7 30; do echo "--seed $s --functions $c"; done
        for c in 0 1 5 50 300; do echo "--seed $s --accesses $c"; done
        echo "--seed $s --functions 3 --accesses 100 --scopes many"
    done
    # Spellings and edges.
    echo ""
    echo "--seed 0"
    echo "--seed 18446744073709551615"
    echo "--seed 18446744073709551614 --scopes many"
    echo "--seed=42"
    echo "--seed=42 --encoding=mixed --scopes=many --functions=2 --accesses=9"
    echo "--seed 1 --seed 2"
    echo "--encoding new --encoding old --seed 5"
    echo "--scopes some --scopes none --seed 6"
    echo "--functions 3 --functions 2 --seed 7"
    echo "--seed 8 --functions 00004"
    echo "--seed +9"
    echo "--seed=10=11"
    echo "-h"
    echo "--help"
    echo "--seed 3 --help"
    echo "--help=yes"
    echo "-h --seed"
    echo "--seed"
    echo "--seed 3 --functions"
    echo "--seed -1"
    echo "--seed abc"
    echo "--seed="
    echo "--seed 18446744073709551616"
    echo "--functions -2 --seed 1"
    echo "--accesses x --seed 1"
    echo "--encoding bogus --seed 1"
    echo "--encoding OLD --seed 1"
    echo "--scopes all --seed 1"
    echo "--bogus 1"
    echo "--bogus"
    echo "seed 1"
    echo "--seed 1 extra"
    echo "--seed 1 --seed"
}

invocations >"$out/invocations"
i=0
while IFS= read -r line; do
    i=$((i + 1))
    read -ra args <<<"$line"
    "$bin" "${args[@]}" >"$out/$i.out" 2>"$out/$i.err"
    echo $? >"$out/$i.rc"
done <"$out/invocations"
echo "$i invocations in $out"
