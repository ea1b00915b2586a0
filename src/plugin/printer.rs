//! Text of LLVM values and nodes as `opt -S` prints them, for reports.
//!
//! The C++ side makes one printer per module (`aliaskit::Printer` of
//! `shim.h`, around a `ModuleSlotTracker`, so nodes get the numbers `opt
//! -S` gives them) and passes it to the Rust entry points of the module
//! passes; this is the one place the Rust side calls it (`printer.cpp`).
//! Its strings come back as [`OwnedString`](super::ffi::types::OwnedString)s,
//! copied out and freed at once.

use std::ffi::c_void;
use std::ptr::null_mut;

use inkwell::llvm_sys::prelude::{LLVMMetadataRef, LLVMValueRef};

use super::ffi::imports::{
    aliaskit_debug_location, aliaskit_printer_decl_loop, aliaskit_printer_input_carried,
    aliaskit_printer_input_copy, aliaskit_printer_input_nodes, aliaskit_printer_metadata,
    aliaskit_printer_number, aliaskit_printer_origin, aliaskit_printer_place,
    aliaskit_printer_value,
};
use aliaskit_core::decision::{Origin, OriginKind};
use aliaskit_core::names::{describe_location, Slot};

/// Set in `aliaskit_printer_number`'s answer for a node not in the input
/// (`aliaskit::Printer::NewBit`, shim.h).
const NEW_BIT: i64 = 1 << 32;

use crate::reader::{InputNodes, ModuleNumbers};

/// A module's printer, as the C++ side handed it over. It is the one
/// numbering of the module's nodes ([`Printer::number`]); the core names
/// anonymous scopes and domains with it through
/// [`ModuleNumbers`] (see [`aliaskit_core::names`]).
#[derive(Copy, Clone)]
pub struct Printer(pub *mut c_void);

/// An instruction's `file:line:col` from `!dbg`, then the locations it was
/// inlined at, innermost first; empty without `!dbg`.
///
/// # Safety
/// `inst` must be a live instruction.
pub unsafe fn locations(inst: LLVMValueRef) -> Vec<String> {
    aliaskit_debug_location(inst)
        .into_string()
        .lines()
        .map(str::to_owned)
        .collect()
}

impl ModuleNumbers for Printer {
    /// A printer is live while its module pass (or its bisect record)
    /// lasts.
    unsafe fn number(&self, md: LLVMMetadataRef) -> Option<Slot> {
        let n = aliaskit_printer_number(self.0, md);
        if n < 0 {
            return None;
        }
        let slot = u32::try_from(n & !NEW_BIT).ok()?;
        Some(if n & NEW_BIT != 0 {
            Slot::New(slot)
        } else {
            Slot::Input(slot)
        })
    }

    unsafe fn place(&self, md: LLVMMetadataRef) -> Option<u32> {
        let p = aliaskit_printer_place(self.0, md);
        (p > 0).then_some(p)
    }

    unsafe fn decl_loop(&self, md: LLVMMetadataRef) -> Option<String> {
        let text = aliaskit_printer_decl_loop(self.0, md).into_string();
        if text.is_empty() {
            return None;
        }
        if text.starts_with('%') {
            return Some(format!("the loop whose header is {text}"));
        }
        let chain: Vec<String> = text.lines().map(str::to_owned).collect();
        describe_location(&chain).map(|at| format!("the loop at {at}"))
    }

    unsafe fn carried(&self, md: LLVMMetadataRef) -> Option<bool> {
        match aliaskit_printer_input_carried(self.0, md) {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }

    unsafe fn input_function(&self) -> Option<InputNodes> {
        let nodes = |which: u8| -> Option<Vec<LLVMMetadataRef>> {
            let n =
                usize::try_from(aliaskit_printer_input_nodes(self.0, which, null_mut(), 0)).ok()?;
            let mut out = vec![null_mut(); n];
            aliaskit_printer_input_nodes(self.0, which, out.as_mut_ptr(), n);
            Some(out)
        };
        let copies = nodes(2)?
            .into_iter()
            .enumerate()
            .map(|(i, n)| (n, aliaskit_printer_input_copy(self.0, i).into_string()))
            .collect();
        Some(InputNodes {
            tags: nodes(0)?,
            lists: nodes(1)?,
            copies,
        })
    }
}

impl Printer {
    /// A node as `!5 = !{...}`.
    ///
    /// # Safety
    /// The printer must be live and `md` a live node of its module.
    pub unsafe fn metadata(self, md: LLVMMetadataRef) -> String {
        aliaskit_printer_metadata(self.0, md).into_string()
    }

    /// A node's slot (`!5`, or `!new.5` for a node not in the input: its
    /// [`ModuleNumbers::number`]), or the node itself when it has none.
    ///
    /// # Safety
    /// As [`Printer::metadata`].
    pub unsafe fn slot(self, md: LLVMMetadataRef) -> String {
        match self.number(md) {
            Some(n) => n.to_string(),
            None => self.metadata(md),
        }
    }

    /// A value (an instruction) as `opt -S` prints it, untrimmed.
    ///
    /// # Safety
    /// The printer must be live and `v` a live value of its module.
    pub unsafe fn value(self, v: LLVMValueRef) -> String {
        aliaskit_printer_value(self.0, v).into_string()
    }

    /// An instruction as every report shows it: its source location when
    /// it has `!dbg` (and where it was inlined), then its text, trimmed
    /// ([`aliaskit_core::names::located`]).
    ///
    /// # Safety
    /// As [`Printer::value`]; `v` an instruction.
    pub unsafe fn located(self, v: LLVMValueRef) -> String {
        aliaskit_core::names::located(&locations(v), self.value(v).trim())
    }

    /// How instruction `v` stands to the input when it is not one of the
    /// input's as it was (input_origin.cpp); None for one of the input's,
    /// or when the input's instructions were not recorded (they are for
    /// bisect only).
    ///
    /// # Safety
    /// As [`Printer::value`]; `v` an instruction.
    pub unsafe fn origin(self, v: LLVMValueRef) -> Option<Origin> {
        let part = |p| aliaskit_printer_origin(self.0, v, p).into_string();
        let how = match part(0).as_str() {
            "made" => OriginKind::Made,
            "changed" => OriginKind::Changed,
            _ => return None,
        };
        Some(Origin {
            how,
            input: part(1),
            input_location: part(2),
            note: part(3),
        })
    }
}
