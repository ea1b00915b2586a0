//! The external functions that generated code calls: each with the memory
//! effects its declaration states (unknown, read-only, argument memory,
//! inaccessible memory, errno), so that calls exercise every way TBAA and
//! scoped lists answer for a call.

use crate::ir_type::Ty;

#[derive(Clone, Copy)]
pub struct Callee {
    pub name: &'static str,
    pub decl: &'static str,
    /// Pointer arguments (0 or 1).
    pub args: usize,
    pub ret: Option<Ty>,
    /// It touches errno memory (called mostly in modules with
    /// `!llvm.errno.tbaa`).
    pub errno: bool,
}

pub const CALLEES: &[Callee] = &[
    Callee {
        name: "ext_unknown",
        decl: "declare void @ext_unknown(ptr)",
        args: 1,
        ret: None,
        errno: false,
    },
    Callee {
        name: "ext_read",
        decl: "declare void @ext_read(ptr) memory(read)",
        args: 1,
        ret: None,
        errno: false,
    },
    Callee {
        name: "ext_argmem",
        decl: "declare void @ext_argmem(ptr) memory(argmem: readwrite)",
        args: 1,
        ret: None,
        errno: false,
    },
    Callee {
        name: "ext_argread",
        decl: "declare i32 @ext_argread(ptr) memory(argmem: read)",
        args: 1,
        ret: Some(Ty::Int(32)),
        errno: false,
    },
    Callee {
        name: "ext_write",
        decl: "declare void @ext_write() memory(write)",
        args: 0,
        ret: None,
        errno: false,
    },
    Callee {
        name: "ext_inacc",
        decl: "declare void @ext_inacc() memory(inaccessiblemem: readwrite)",
        args: 0,
        ret: None,
        errno: false,
    },
    Callee {
        name: "ext_opaque",
        decl: "declare i64 @ext_opaque()",
        args: 0,
        ret: Some(Ty::Int(64)),
        errno: false,
    },
    Callee {
        name: "set_errno",
        decl: "declare void @set_errno() memory(errnomem: write)",
        args: 0,
        ret: None,
        errno: true,
    },
    Callee {
        name: "get_errno",
        decl: "declare i32 @get_errno() memory(errnomem: read)",
        args: 0,
        ret: Some(Ty::Int(32)),
        errno: true,
    },
    Callee {
        name: "ext_errno_arg",
        decl: "declare void @ext_errno_arg(ptr) memory(argmem: readwrite, errnomem: write)",
        args: 1,
        ret: None,
        errno: true,
    },
];
