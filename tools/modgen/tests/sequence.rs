//! The generator's output for a given seed is fixed for good: the seeds name
//! the corpora of `checks/diff/difftest.sh` (seeds 1..500), of `make bench`
//! (`--seed 2000`), of `checks/captures/corpus.sh` (seeds 1..100) and of the
//! modules `checks/verify/parity.py` and the fuzzers record by seed. These
//! tests run the binary on invocations like each caller's and compare a hash
//! of what it prints with the hash the generator printed when the sequence
//! was locked. A failure here means old seeds now name other modules: undo
//! the change to the generator's choices rather than update a hash.
//! (`tools/modgen/snapshot.sh` compares thousands of invocations in full.)

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_aliaskit-modgen"))
        .args(args)
        .output()
        .expect("aliaskit-modgen runs")
}

/// FNV-1a, 64 bits: a hash that needs no dependency and never changes.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Each invocation's output: (arguments, length, hash).
const LOCKED: &[(&str, usize, u64)] = &[
    ("--seed 1", 9464, 0x27d8d95912fde24d),
    ("--seed 2", 11674, 0x147ab0b0823fd93d),
    ("--seed 3", 25080, 0x50fad49d39b0a3db),
    ("--seed 4", 9828, 0x41af3195edd666a5),
    ("--seed 5", 10796, 0xdc8768c1b55361bf),
    ("--seed 6", 9476, 0x5416ebd8ef63ab15),
    ("--seed 0", 13777, 0xd7d822719f073e3b),
    ("--seed 18446744073709551615", 15187, 0x326419a799d254a3),
    (
        "--seed 7 --encoding mixed --scopes none",
        13004,
        0x28be4c1d61206c6a,
    ),
    (
        "--seed 9 --encoding new --scopes many --functions 2",
        10923,
        0x3cefcf8be1603cfc,
    ),
    (
        "--seed 10 --encoding scalar --scopes some --functions 2",
        9142,
        0x724ed118c4cc225e,
    ),
    (
        "--seed 2000 --functions 1 --accesses 2000 --encoding old",
        266377,
        0xe87585ffb5ef027b,
    ),
    (
        "--seed 42 --functions 12 --accesses 24",
        36578,
        0x1f02731d2bbd2af8,
    ),
    (
        "--seed 123456789 --encoding old --scopes many",
        22772,
        0xe2d0bf774cbd0f8c,
    ),
    (
        "--seed=11 --encoding=new --scopes=some --accesses=5",
        5206,
        0x1536472743344b34,
    ),
];

#[test]
fn seeds_name_the_same_modules() {
    let mut wrong = Vec::new();
    for &(args, len, hash) in LOCKED {
        let out = run(&args.split(' ').collect::<Vec<_>>());
        assert!(out.status.success(), "{args}: {:?}", out.status);
        let got = (out.stdout.len(), fnv1a(&out.stdout));
        if got != (len, hash) {
            wrong.push(format!("(\"{args}\", {}, {:#018x}),", got.0, got.1));
        }
    }
    assert!(wrong.is_empty(), "output changed:\n{}", wrong.join("\n"));
}

/// The first 200 seeds with default flags, as one hash over all outputs.
#[test]
fn default_seeds_1_to_200() {
    let mut all = Vec::new();
    for seed in 1..=200 {
        let out = run(&["--seed", &seed.to_string()]);
        assert!(out.status.success(), "seed {seed}: {:?}", out.status);
        all.extend_from_slice(&out.stdout);
    }
    assert_eq!((all.len(), fnv1a(&all)), (3_271_870, 0x3da9_1f65_080e_4d5f));
}

#[test]
fn refused_arguments() {
    let usage = "usage: aliaskit-modgen --seed N [--functions K] [--accesses M] \
                 [--encoding old|new|scalar|mixed] [--scopes none|some|many]\n";
    for (args, code, err) in [
        ("--help", 0, usage.to_string()),
        ("-h", 0, usage.to_string()),
        ("--seed", 2, usage.to_string()),
        ("--bogus", 2, usage.to_string()),
        (
            "--seed -1",
            2,
            format!("aliaskit-modgen: bad argument `--seed -1`\n{usage}"),
        ),
        (
            "--encoding=OLD",
            2,
            format!("aliaskit-modgen: bad argument `--encoding OLD`\n{usage}"),
        ),
        (
            "--scopes all",
            2,
            format!("aliaskit-modgen: bad argument `--scopes all`\n{usage}"),
        ),
    ] {
        let out = run(&args.split(' ').collect::<Vec<_>>());
        assert_eq!(out.status.code(), Some(code), "{args}");
        assert!(out.stdout.is_empty(), "{args}");
        assert_eq!(String::from_utf8(out.stderr).unwrap(), err, "{args}");
    }
}
