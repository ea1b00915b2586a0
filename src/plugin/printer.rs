//! Text of LLVM values and nodes as `opt -S` prints them, for reports.
//!
//! The C++ side makes one printer per module (`aliaskit::Printer` of
//! `shim.h`, around a `ModuleSlotTracker`, so nodes get the numbers `opt
//! -S` gives them) and passes it to the Rust entry points of the module
//! passes; this is the one place the Rust side calls it (`printer.cpp`).
//! Its strings come back as [`OwnedString`](super::ffi::types::OwnedString)s,
//! copied out and freed at once.

use std::ffi::c_void;

use inkwell::llvm_sys::prelude::{LLVMMetadataRef, LLVMValueRef};

use super::ffi::imports::{aliaskit_printer_metadata, aliaskit_printer_value};

/// A module's printer, as the C++ side handed it over.
#[derive(Copy, Clone)]
pub struct Printer(pub *mut c_void);

impl Printer {
    /// A node as `!5 = !{...}`.
    ///
    /// # Safety
    /// The printer must be live and `md` a live node of its module.
    pub unsafe fn metadata(self, md: LLVMMetadataRef) -> String {
        aliaskit_printer_metadata(self.0, md).into_string()
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
        aliaskit_printer_value(self.0, v).into_string()
    }
}
