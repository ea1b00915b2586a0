//! Compiles the C++ shim (src/plugin/*.cpp) and the reader's metadata
//! accessors (src/reader/*.cpp) against LLVM 22's headers.
//!
//! LLVM is found through `LLVM_CONFIG` (default: `$LLVM_SYS_221_PREFIX/bin/llvm-config`,
//! then `/usr/lib/llvm-22/bin/llvm-config`). The shim is not linked against
//! LLVM's C++ libraries: inside `opt` the symbols come from the one
//! `libLLVM.so` that `opt` itself uses, which inkwell links dynamically too.

use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=src/plugin");
    println!("cargo:rerun-if-changed=src/reader");
    println!("cargo:rerun-if-env-changed=LLVM_CONFIG");
    println!("cargo:rerun-if-env-changed=LLVM_SYS_221_PREFIX");

    let llvm_config = std::env::var_os("LLVM_CONFIG")
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("LLVM_SYS_221_PREFIX")
                .map(|p| PathBuf::from(p).join("bin").join("llvm-config"))
        })
        .unwrap_or_else(|| PathBuf::from("/usr/lib/llvm-22/bin/llvm-config"));
    let query = |arg: &str| -> String {
        let out = Command::new(&llvm_config)
            .arg(arg)
            .output()
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", llvm_config.display()));
        assert!(
            out.status.success(),
            "{} {arg} failed",
            llvm_config.display()
        );
        String::from_utf8(out.stdout)
            .expect("llvm-config output is UTF-8")
            .trim()
            .to_owned()
    };
    let bindir = PathBuf::from(query("--bindir"));

    let mut build = cc::Build::new();
    build.cpp(true).pic(true);
    // The shim (src/plugin) and the reader's raw metadata accessors (src/reader).
    let mut sources: Vec<PathBuf> = ["src/plugin", "src/reader"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(dir).expect("source directory exists"))
        .map(|e| e.expect("readable directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "cpp"))
        .collect();
    sources.sort();
    build.files(sources);
    let clang = bindir.join("clang++");
    if std::env::var_os("CXX").is_none() && clang.exists() {
        build.compiler(clang);
    }
    for flag in query("--cxxflags").split_whitespace() {
        // Optimisation and debug flags are cargo's to choose.
        if flag.starts_with("-O") || flag == "-g" {
            continue;
        }
        build.flag(flag);
    }
    build.flag_if_supported("-Wno-unused-parameter");
    // cc keeps frame pointers whenever cargo asks for debug information
    // (line tables, in release): three instructions on every tagged alias
    // query the shim passes to Rust.
    build.force_frame_pointer(false);
    build.compile("aliaskit_shim");
}
