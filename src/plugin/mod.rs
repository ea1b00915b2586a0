//! The plugin layer: what LLVM loads and calls.
//!
//! * [`ffi`] is the boundary with C++, one declaration site per direction:
//!   [`ffi::exports`] holds `llvmGetPassPluginInfo`, the entry point `opt
//!   -load-pass-plugin` looks up, and every `extern "C"` function the C++
//!   shim calls back; [`ffi::imports`] every C++ function Rust calls. Each
//!   export catches panics, so none ever unwinds into LLVM: a panic resets
//!   the session involved and the query gets the conservative answer. The
//!   entry point's callback is C++ (`shim.cpp`), which registers the
//!   analyses and passes with LLVM's `PassBuilder`.
//! * The module passes' reporting: [`verify`] (`verify-alias-md`),
//!   [`captures`] (`check-captures`), [`explain`] and [`dot`] (the
//!   inspection passes), printing LLVM values through [`printer`]; and the
//!   analyses' side of `aliaskit bisect` ([`bisect`]).
//! * Diagnostics go through `log`; [`init_logging`] sets up `env_logger`
//!   with `RUST_LOG` (default: warnings), in LLVM's `warning: ...` style.

pub mod bisect;
pub mod captures;
pub mod dot;
pub mod explain;
pub mod ffi;
pub mod printer;
pub mod sanitize;
pub mod sanitize_in_place;
pub mod sanitize_tbaa;
pub mod sanitize_tbaa_end;
pub mod verify;

use std::io::Write;
use std::sync::Once;

/// Routes `log` records to stderr, filtered by `RUST_LOG` (default `warn`),
/// formatted like LLVM's diagnostics: `warning: aliaskit::tbaa: ...`.
pub fn init_logging() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let env = env_logger::Env::default().default_filter_or("warn");
        let _ = env_logger::Builder::from_env(env)
            .format(|buf, record| {
                let level = match record.level() {
                    log::Level::Error => "error",
                    log::Level::Warn => "warning",
                    log::Level::Info => "note",
                    log::Level::Debug => "debug",
                    log::Level::Trace => "trace",
                };
                writeln!(buf, "{level}: {}: {}", record.target(), record.args())
            })
            .try_init();
    });
}
