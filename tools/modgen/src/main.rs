//! `aliaskit-modgen`: prints one random, verifier-clean LLVM 22 module with
//! TBAA and scoped no-alias metadata, for differential testing of `rust-tbaa`
//! and `rust-scoped-noalias` against LLVM's built-in `tbaa` and
//! `scoped-noalias-aa` (see `checks/diff/difftest.sh`).
//!
//! Usage: `aliaskit-modgen --seed N [--functions K] [--accesses M]
//! [--encoding old|new|scalar|mixed] [--scopes none|some|many]`
//!
//! The output depends only on the arguments. The generator first builds a
//! random type DAG (one or more roots, scalar chains, structs with ordinary,
//! union-like or irregular layouts), then enumerates every access tag that the
//! LLVM 22 verifier accepts (it simulates `TBAAVerifier`'s path walk, spec
//! §4.2-4.5, in `verify_walk`) and finally emits functions whose loads, stores and calls carry
//! tags drawn from that set.
//!
//! With `--scopes some|many` (by default: none, some or many by seed) the
//! accesses also carry `!alias.scope` / `!noalias` lists over several domains
//! of every shape the verifier accepts (spec §3.1, §4.7), built so that many
//! pairs are NoAlias by the per-domain subset rule (§3.2) and many MayAlias
//! in the tricky ways; there are `llvm.experimental.noalias.scope.decl`
//! calls, fences with lists, and sometimes `alwaysinline` callees `@inl_K`
//! with noalias parameters (named on the second line, `; inline: ...`) for
//! `-passes=inline`. Scoped metadata uses a random stream of its own, so
//! `--scopes none` prints exactly the TBAA-only module of the same seed.
//!
//! The parts, in the order a module is made: `rng`, the random streams;
//! `types`, the type system (nodes as `dag` models them, of `ir_type`'s
//! value types) and its valid tags, as `verify_walk` finds them; `scopes`,
//! the domains, scopes and lists; `module`, the tags as accesses use them;
//! `function` (with `function::instructions` and `callees`), the bodies;
//! `generate`, the module's text. This file reads the arguments.

mod callees;
mod dag;
mod function;
mod generate;
mod ir_type;
mod module;
mod rng;
mod scopes;
mod types;
mod verify_walk;

use std::process::ExitCode;

use generate::{generate, Options};
use scopes::ScopeMode;
use types::Encoding;

fn usage() -> ExitCode {
    eprintln!(
        "usage: aliaskit-modgen --seed N [--functions K] [--accesses M] \
         [--encoding old|new|scalar|mixed] [--scopes none|some|many]"
    );
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match parse(&args) {
        Ok(opts) => {
            print!("{}", generate(&opts));
            ExitCode::SUCCESS
        }
        Err(code) => code,
    }
}

/// The options of the command line (`--key value` or `--key=value`, the
/// last of a key counting), or the exit status once help is printed or an
/// argument is refused.
fn parse(args: &[String]) -> Result<Options, ExitCode> {
    let mut opts = Options::default();
    let mut i = 0;
    while i < args.len() {
        let (key, inline) = match args[i].split_once('=') {
            Some((k, v)) => (k.to_string(), Some(v.to_string())),
            None => (args[i].clone(), None),
        };
        if key == "-h" || key == "--help" {
            usage();
            return Err(ExitCode::SUCCESS);
        }
        let val = match inline {
            Some(v) => v,
            None => {
                i += 1;
                match args.get(i) {
                    Some(v) => v.clone(),
                    None => return Err(usage()),
                }
            }
        };
        if !set(&mut opts, &key, &val) {
            eprintln!("aliaskit-modgen: bad argument `{key} {val}`");
            return Err(usage());
        }
        i += 1;
    }
    Ok(opts)
}

/// Sets the option `key` to `val`; false when either is not one of ours.
fn set(opts: &mut Options, key: &str, val: &str) -> bool {
    match key {
        "--seed" => val.parse().map(|v| opts.seed = v).is_ok(),
        "--functions" => val
            .parse()
            .map(|v: usize| opts.functions = Some(v.max(1)))
            .is_ok(),
        "--accesses" => val
            .parse()
            .map(|v: usize| opts.accesses = Some(v.max(1)))
            .is_ok(),
        "--encoding" => {
            opts.encoding = Encoding::parse(val);
            opts.encoding.is_some()
        }
        "--scopes" => {
            opts.scopes = ScopeMode::parse(val);
            opts.scopes.is_some()
        }
        _ => false,
    }
}
