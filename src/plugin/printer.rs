//! Text of LLVM values and nodes as `opt -S` prints them, for reports.
//!
//! The C++ side (`verify.cpp`) makes one printer per module (a
//! `ModuleSlotTracker`, so nodes get the numbers `opt -S` gives them) and
//! passes it to the Rust entry points of the module passes; this is the
//! one place the Rust side calls it, and the one place that frees the
//! strings it returns.

use std::ffi::{c_char, c_void, CStr};

use inkwell::llvm_sys::prelude::{LLVMMetadataRef, LLVMValueRef};

extern "C" {
    // src/plugin/verify.cpp
    fn aliaskit_printer_metadata(printer: *mut c_void, md: LLVMMetadataRef) -> *mut c_char;
    fn aliaskit_printer_value(printer: *mut c_void, v: LLVMValueRef) -> *mut c_char;
    pub(crate) fn aliaskit_string_free(s: *mut c_char);
}

/// A module's printer, as the C++ side handed it over.
#[derive(Copy, Clone)]
pub struct Printer(pub *mut c_void);

/// Takes ownership of a string the C++ side allocated.
///
/// # Safety
/// `s` must be null or a string from the C++ side, not freed yet.
pub unsafe fn take(s: *mut c_char) -> String {
    if s.is_null() {
        return String::new();
    }
    let out = CStr::from_ptr(s).to_string_lossy().into_owned();
    aliaskit_string_free(s);
    out
}

impl Printer {
    /// A node as `!5 = !{...}`.
    ///
    /// # Safety
    /// The printer must be live and `md` a live node of its module.
    pub unsafe fn metadata(self, md: LLVMMetadataRef) -> String {
        take(aliaskit_printer_metadata(self.0, md))
    }

    /// A node's slot (`!5`), or the node itself when it has none.
    ///
    /// # Safety
    /// As [`Printer::metadata`].
    pub unsafe fn slot(self, md: LLVMMetadataRef) -> String {
        let text = self.metadata(md);
        match text.split_once(" = ") {
            Some((slot, _)) if slot.starts_with('!') => slot.to_owned(),
            _ => text,
        }
    }

    /// A value (an instruction) as `opt -S` prints it, untrimmed.
    ///
    /// # Safety
    /// The printer must be live and `v` a live value of its module.
    pub unsafe fn value(self, v: LLVMValueRef) -> String {
        take(aliaskit_printer_value(self.0, v))
    }
}

/// The body of an inspection pass's entry point (`aliaskit-explain`,
/// `aliaskit-dot`): the function filter as a string, and the pass's work
/// under `catch_unwind`, with its failure reported in one line.
///
/// # Safety
/// `function` must be null or a C string.
pub unsafe fn inspection(
    pass: &str,
    function: *const c_char,
    work: impl FnOnce(Option<&str>) -> std::io::Result<()>,
) {
    let only =
        (!function.is_null()).then(|| CStr::from_ptr(function).to_string_lossy().into_owned());
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(only.as_deref())));
    match result {
        Ok(Ok(())) => {}
        Ok(Err(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        Ok(Err(e)) => eprintln!("error: {pass}: cannot write the output: {e}"),
        Err(_) => eprintln!("error: {pass}: internal error; the output is incomplete"),
    }
}
