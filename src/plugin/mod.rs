//! The plugin layer: what LLVM loads and calls.
//!
//! * [`llvmGetPassPluginInfo`] is the entry point `opt -load-pass-plugin`
//!   looks up (it must be defined here, in Rust: a C++ definition is not
//!   exported from a Rust `cdylib`). Its callback is C++ (`shim.cpp`), which
//!   registers the analyses and passes with LLVM's `PassBuilder`.
//! * [`ffi`] holds the `extern "C"` functions the C++ shim calls back. Each
//!   one catches panics, so none ever unwinds into LLVM: a panic resets the
//!   session involved and the query gets the conservative answer.
//! * Diagnostics go through `log`; [`init_logging`] sets up `env_logger`
//!   with `RUST_LOG` (default: warnings), in LLVM's `warning: ...` style.

pub mod bisect;
pub mod captures;
pub mod dot;
pub mod explain;
pub mod ffi;
pub mod printer;
pub mod verify;

use std::ffi::{c_char, c_void};
use std::io::Write;
use std::sync::Once;

/// `LLVM_PLUGIN_API_VERSION` of LLVM 22 (`llvm/Plugins/PassPlugin.h`).
pub const PLUGIN_API_VERSION: u32 = 2;

/// `llvm::PassPluginLibraryInfo` (five fields in LLVM 22).
#[repr(C)]
pub struct PassPluginLibraryInfo {
    pub api_version: u32,
    pub plugin_name: *const c_char,
    pub plugin_version: *const c_char,
    pub register_pass_builder_callbacks: Option<unsafe extern "C" fn(*mut c_void)>,
    pub pre_codegen_callback: *const c_void,
}

extern "C" {
    /// Defined in `shim.cpp`: registers everything with a `PassBuilder`.
    fn aliaskit_register_pass_builder_callbacks(builder: *mut c_void);
}

/// The plugin entry point.
#[no_mangle]
pub extern "C" fn llvmGetPassPluginInfo() -> PassPluginLibraryInfo {
    init_logging();
    PassPluginLibraryInfo {
        api_version: PLUGIN_API_VERSION,
        plugin_name: c"aliaskit".as_ptr(),
        plugin_version: concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast(),
        register_pass_builder_callbacks: Some(aliaskit_register_pass_builder_callbacks),
        pre_codegen_callback: std::ptr::null(),
    }
}

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
