//! Text of LLVM values and nodes as `opt -S` prints them, for reports.
//!
//! The C++ side makes one printer per module (`aliaskit::Printer` of
//! `shim.h`, around a `ModuleSlotTracker`, so nodes get the numbers `opt
//! -S` gives them) and passes it to the Rust entry points of the module
//! passes; this is the one place the Rust side calls it (`printer.cpp`),
//! and the one place that frees the strings it returns.

use std::ffi::{c_char, c_void, CStr};

use inkwell::llvm_sys::prelude::{LLVMMetadataRef, LLVMValueRef};

use super::ffi::imports::{
    aliaskit_printer_metadata, aliaskit_printer_value, aliaskit_string_free,
};

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
