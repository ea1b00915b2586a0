//! Every function of the C++ side that Rust calls, declared once; `shim.h`
//! declares the same functions for the C++ files that define them.
//!
//! Codes C++ hands back are declared as plain integers and checked on this
//! side through [`super::types`], never trusted to fit a Rust enum, whose
//! other values would be undefined behaviour.

use std::ffi::{c_char, c_void};

use inkwell::llvm_sys::prelude::{LLVMMetadataRef, LLVMModuleRef, LLVMValueRef};

use super::types::{OwnedString, SitePart};

extern "C" {
    // shim.cpp

    /// Registers the analyses and passes with a `PassBuilder`.
    pub(crate) fn aliaskit_register_pass_builder_callbacks(builder: *mut c_void);

    // printer.cpp: the printer of one module, made by the C++ side for the
    // reports of the module passes (see `crate::plugin::printer`).

    /// A node as `opt -S` prints it (`!5 = !{...}`).
    pub(crate) fn aliaskit_printer_metadata(
        printer: *mut c_void,
        md: LLVMMetadataRef,
    ) -> OwnedString;
    /// A value (an instruction) as `opt -S` prints it.
    pub(crate) fn aliaskit_printer_value(printer: *mut c_void, v: LLVMValueRef) -> OwnedString;
    /// The number of a node (`!7` is 7) in the input of the printer's
    /// module; `1 << 32` or'ed with its number now for a node not in the
    /// input; -1 when the module does not number it.
    pub(crate) fn aliaskit_printer_number(printer: *mut c_void, md: LLVMMetadataRef) -> i64;
    /// The place (from 1) of a scope among the scopes of its domain, in
    /// the order of their numbers, or 0.
    pub(crate) fn aliaskit_printer_place(printer: *mut c_void, md: LLVMMetadataRef) -> u32;
    /// Where the loop around a `noalias.scope.decl` of scope `md` begins:
    /// its location chain, a line each, or `%header`; empty when no decl
    /// of the scope is in a loop.
    /// What the input's accesses of the printer's function carried: `which`
    /// 0, its `!tbaa` tags; 1, its scope lists; 2, the `!tbaa.struct` of
    /// its memory copies. At most `capacity` into `out`; the count, or -1
    /// when unknown.
    pub(crate) fn aliaskit_printer_input_nodes(
        printer: *mut c_void,
        which: u8,
        out: *mut LLVMMetadataRef,
        capacity: usize,
    ) -> i64;
    /// Whether some access of the input carried `md`: 1 or 0, -1 when
    /// unknown.
    pub(crate) fn aliaskit_printer_input_carried(printer: *mut c_void, md: LLVMMetadataRef) -> i8;
    /// Where copy `i` of `aliaskit_printer_input_nodes(2)` was in the
    /// input (`llvm.memcpy.p0.p0.i64 at a.c:3:5`), or "".
    pub(crate) fn aliaskit_printer_input_copy(printer: *mut c_void, i: usize) -> OwnedString;
    /// How an instruction of the printer's module stands to the input,
    /// part `part` of it (input_origin.cpp): 0, `made`, `changed` or "";
    /// 1, the input instruction it came from; 2, where; 3, a note.
    pub(crate) fn aliaskit_printer_origin(
        printer: *mut c_void,
        inst: LLVMValueRef,
        part: u8,
    ) -> OwnedString;
    pub(crate) fn aliaskit_printer_decl_loop(
        printer: *mut c_void,
        md: LLVMMetadataRef,
    ) -> OwnedString;
    /// Frees a string the C++ side made: only [`OwnedString`]'s `Drop`
    /// calls it.
    pub(crate) fn aliaskit_string_free(s: OwnedString);

    // verify.cpp

    /// `verify-alias-md<strip>`: removes operand `index` of the named
    /// metadata `name` (and the named metadata when it is left empty).
    pub(crate) fn aliaskit_remove_named_metadata_operand(
        m: LLVMModuleRef,
        name: *const c_char,
        index: u32,
    );

    /// An instruction's `file:line:col` from `!dbg`, then each location it
    /// was inlined at, one a line ("" without `!dbg`).
    pub(crate) fn aliaskit_debug_location(inst: LLVMValueRef) -> OwnedString;

    // sanitize_disjoint.cpp

    /// Whether part `part_a` of `a` and part `part_b`
    /// of `b` can never touch a common byte in one instance (false when
    /// unsure); `oracle` from the C++ side's plan call.
    pub(crate) fn aliaskit_sanitize_disjoint(
        oracle: *mut c_void,
        a: LLVMValueRef,
        part_a: SitePart,
        b: LLVMValueRef,
        part_b: SitePart,
    ) -> bool;

    /// Whether `a` and `b`, of one function, never run in one call
    /// without one of the `num_decls` instructions at `decls` running
    /// between them, in either order (with none: whether neither can
    /// follow the other in a call); false when unsure.
    pub(crate) fn aliaskit_sanitize_apart(
        oracle: *mut c_void,
        a: LLVMValueRef,
        b: LLVMValueRef,
        decls: *const LLVMValueRef,
        num_decls: usize,
    ) -> bool;

    // sanitize_tbaa.cpp

    /// The alloca that memory access `inst` reaches directly (through
    /// constant offsets), when nothing but loads, stores, lifetime markers
    /// and debug records use that alloca; null otherwise.
    pub(crate) fn aliaskit_tbaa_local_object(inst: LLVMValueRef) -> LLVMValueRef;

    // bisect.cpp

    /// The instruction of side 0 or 1 of a `BisectQuery`, as `opt -S`
    /// prints it (null without a query or for another side).
    pub(crate) fn aliaskit_bisect_query_text(query: *const c_void, side: u8) -> OwnedString;
    /// The instruction of side 0 or 1 of a `BisectQuery`, or null.
    pub(crate) fn aliaskit_bisect_query_instruction(query: *const c_void, side: u8)
        -> LLVMValueRef;
    /// A printer of the module of a `BisectQuery`'s function (null without
    /// one); freed with `aliaskit_bisect_printer_free`.
    pub(crate) fn aliaskit_bisect_printer_new(query: *const c_void) -> *mut c_void;
    pub(crate) fn aliaskit_bisect_printer_free(printer: *mut c_void);

    // src/reader/metadata.cpp: the reader's raw access to metadata, which
    // the LLVM-C API would canonicalise.

    /// The number of operands of a node.
    pub(crate) fn aliaskit_md_num_operands(node: LLVMMetadataRef) -> u32;
    /// What operand `index` of `node` is, an [`OperandKind`] (a node in
    /// `*op`; a string in `*text`, `*len`; an integer constant of `*bits`
    /// bits, `*fits` nonzero when it fits in 64 bits zero-extended, then
    /// `*value`, and `*low_bit`); the outputs that apply are filled.
    ///
    /// [`OperandKind`]: super::types::OperandKind
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn aliaskit_md_operand(
        node: LLVMMetadataRef,
        index: u32,
        op: *mut LLVMMetadataRef,
        text: *mut *const c_char,
        len: *mut usize,
        bits: *mut u32,
        fits: *mut u8,
        value: *mut u64,
        low_bit: *mut u8,
    ) -> u8;
    /// The argument of an `llvm.experimental.noalias.scope.decl` call, a
    /// [`DeclArgumentKind`] (a node in `*node`).
    ///
    /// [`DeclArgumentKind`]: super::types::DeclArgumentKind
    pub(crate) fn aliaskit_decl_argument(call: LLVMValueRef, node: *mut LLVMMetadataRef) -> u8;
    /// Where each of `insts[..count]` (instructions of `function`) stands in
    /// the function's dominator tree, four numbers each into `out`: its
    /// block's number, 1 if the block is reachable (else 0), and the block's
    /// depth-first interval (in, out) in the tree; 0, and nothing written,
    /// when a block has no terminator.
    pub(crate) fn aliaskit_dominator_places(
        function: LLVMValueRef,
        insts: *const LLVMValueRef,
        count: u32,
        out: *mut u32,
    ) -> u8;
    /// The attachments of kinds `kinds[..count]` of an instruction (null
    /// where absent) into `out`; 0, and nothing written, when it has no
    /// metadata besides its debug location (any other value: written).
    pub(crate) fn aliaskit_attachments(
        inst: LLVMValueRef,
        kinds: *const u32,
        count: u32,
        out: *mut LLVMMetadataRef,
    ) -> u8;
    /// The operands of the named metadata `name`, at most `capacity` of them
    /// into `out`; the operand count, or -1 when there is no such named
    /// metadata.
    pub(crate) fn aliaskit_named_metadata_operands(
        module: LLVMModuleRef,
        name: *const c_char,
        out: *mut LLVMMetadataRef,
        capacity: u32,
    ) -> i32;

    // llvm_answers.cpp

    /// What LLVM's AAResults answers to `question` (a `LlvmQuestion`)
    /// about instructions `a` and `b` (null for one-sided questions): an
    /// AliasResult or a ModRefInfo as a number, 255 when it does not
    /// apply. `answers` is the function analysis manager C++ handed the
    /// explain pass.
    pub(crate) fn aliaskit_llvm_answer(
        answers: *mut c_void,
        question: u8,
        a: LLVMValueRef,
        b: LLVMValueRef,
    ) -> u8;
}
