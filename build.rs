//! Compiles the C++ shim (src/plugin/*.cpp) and the reader's metadata
//! accessors (src/reader/*.cpp) against LLVM 22's headers.
//!
//! LLVM is found through `LLVM_CONFIG` (default: `$LLVM_SYS_221_PREFIX/bin/llvm-config`,
//! then `/usr/lib/llvm-22/bin/llvm-config`). The shim is not linked against
//! LLVM's C++ libraries: inside `opt` the symbols come from the one
//! `libLLVM.so` that `opt` itself uses, which inkwell links dynamically too.
//!
//! It also makes both sides of the codes that cross the boundary from the
//! one list of them, `src/plugin/ffi/codes.list` (see [`codes`]).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=src/plugin");
    println!("cargo:rerun-if-changed=src/reader");
    println!("cargo:rerun-if-env-changed=LLVM_CONFIG");
    println!("cargo:rerun-if-env-changed=LLVM_SYS_221_PREFIX");

    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    codes(Path::new(CODES), &out_dir);

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
    // codes.h, which shim.h includes.
    build.include(&out_dir);
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

/// The one list of the codes that cross the boundary.
const CODES: &str = "src/plugin/ffi/codes.list";

/// One list of [`CODES`].
struct CodeList {
    doc: Vec<String>,
    /// A set of bits (`flags`) rather than a code (`code`).
    flags: bool,
    name: String,
    /// `u8` or `u32`.
    repr: String,
    /// Each value's doc lines, name and number.
    values: Vec<(Vec<String>, String, String)>,
}

/// Reads [`CODES`] (its format is in its head comment) and writes
/// `codes.rs` (`codes!` and `flags!` calls, for `ffi/types.rs`) and
/// `codes.h` (the C++ enums, for `shim.h`) to `out_dir`.
fn codes(list: &Path, out_dir: &Path) {
    let text = std::fs::read_to_string(list)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", list.display()));
    let mut lists: Vec<CodeList> = Vec::new();
    let mut doc: Vec<String> = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let bad = || {
            panic!(
                "{}:{}: not a code list line: {line}",
                list.display(),
                number + 1
            )
        };
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(text) = line.strip_prefix("///") {
            doc.push(text.to_owned());
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [kind @ ("code" | "flags"), name, repr @ ("u8" | "u32")] => lists.push(CodeList {
                doc: std::mem::take(&mut doc),
                flags: *kind == "flags",
                name: (*name).to_owned(),
                repr: (*repr).to_owned(),
                values: Vec::new(),
            }),
            [variant, "=", value] if value.parse::<u32>().is_ok() => {
                let Some(current) = lists.last_mut() else {
                    bad()
                };
                current.values.push((
                    std::mem::take(&mut doc),
                    (*variant).to_owned(),
                    (*value).to_owned(),
                ));
            }
            _ => bad(),
        }
    }

    let mut rust = format!("// Made by build.rs from {CODES}.\n");
    let mut cpp = format!("// Made by build.rs from {CODES}: the enums of the codes that cross.\n");
    for l in &lists {
        let docs = |doc: &[String], indent: &str| -> String {
            doc.iter()
                .map(|d| format!("{indent}#[doc = {d:?}]\n"))
                .collect()
        };
        let comments = |doc: &[String], indent: &str| -> String {
            doc.iter().map(|d| format!("{indent}///{d}\n")).collect()
        };
        let _ = writeln!(
            rust,
            "codes! {{\n{}    {}: {} {{",
            docs(&l.doc, "    "),
            l.name,
            l.repr
        );
        let cpp_type = if l.repr == "u8" {
            "uint8_t"
        } else {
            "uint32_t"
        };
        let (head, prefix) = if l.flags {
            ("enum", l.name.trim_end_matches("Flag"))
        } else {
            ("enum class", "")
        };
        let _ = writeln!(
            cpp,
            "\n{}{head} {} : {cpp_type} {{",
            comments(&l.doc, ""),
            l.name
        );
        for (doc, variant, value) in &l.values {
            let _ = writeln!(
                rust,
                "{}        {variant} = {value},",
                docs(doc, "        ")
            );
            let _ = writeln!(cpp, "{}  {prefix}{variant} = {value},", comments(doc, "  "));
        }
        rust.push_str("    }\n}\n");
        cpp.push_str("};\n");
        if l.flags {
            let _ = writeln!(rust, "flags!({});", l.name);
        }
    }
    for (name, text) in [("codes.rs", rust), ("codes.h", cpp)] {
        let path = out_dir.join(name);
        std::fs::write(&path, text)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    }
}
