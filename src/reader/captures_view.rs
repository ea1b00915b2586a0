//! The capture checker's view of the functions of a module, read from IR.
//!
//! Each defined function becomes a [`FunctionView`]: its parameters with
//! their `captures` attributes, and its instructions in program order,
//! each classified as far as pointer capture goes (loads and stores with
//! their volatility, ordering and `!captures` metadata, comparisons,
//! `ptrtoint`/`ptrtoaddr`, the instructions that pass a pointer on, calls
//! with the `captures` of each argument at the call site or on the callee's
//! parameter, returns) with operands as parameters, instruction results,
//! globals (by identity), `null` or anything else.

use aliaskit_core::captures::{
    CallInfo, CaptureInfo, Components, FunctionView, Inst, InstKind, Param, Value,
};
use inkwell::llvm_sys::core::{
    LLVMConstIntGetZExtValue, LLVMCountParams, LLVMGetCallSiteEnumAttribute, LLVMGetCalledValue,
    LLVMGetCmpXchgSuccessOrdering, LLVMGetEnumAttributeAtIndex, LLVMGetEnumAttributeKindForName,
    LLVMGetEnumAttributeValue, LLVMGetFirstBasicBlock, LLVMGetFirstFunction,
    LLVMGetFirstInstruction, LLVMGetICmpPredicate, LLVMGetInstructionOpcode, LLVMGetLinkage,
    LLVMGetMDKindIDInContext, LLVMGetMDNodeNumOperands, LLVMGetMDNodeOperands, LLVMGetMDString,
    LLVMGetMetadata, LLVMGetModuleContext, LLVMGetNextBasicBlock, LLVMGetNextFunction,
    LLVMGetNextInstruction, LLVMGetNumArgOperands, LLVMGetNumOperands, LLVMGetOperand,
    LLVMGetOrdering, LLVMGetParam, LLVMGetTypeKind, LLVMGetVolatile, LLVMIsAConstantInt,
    LLVMIsAConstantPointerNull, LLVMIsAFunction, LLVMIsAGlobalValue, LLVMIsAMDString,
    LLVMIsDeclaration, LLVMTypeOf,
};
use inkwell::llvm_sys::prelude::{LLVMAttributeRef, LLVMModuleRef, LLVMValueRef};
use inkwell::llvm_sys::target::{LLVMGetModuleDataLayout, LLVMStoreSizeOfType, LLVMTargetDataRef};
use inkwell::llvm_sys::LLVMAttributeFunctionIndex;
use inkwell::llvm_sys::{
    LLVMAtomicOrdering, LLVMIntPredicate, LLVMLinkage, LLVMOpcode, LLVMTypeKind,
};
use rustc_hash::FxHashMap;

use super::name_of;

/// The defined functions of a module, with the LLVM handles needed to
/// print what the checker reports.
pub struct ModuleFunctions {
    pub functions: Vec<FunctionView>,
    /// The LLVM instruction behind each view instruction, per function.
    pub instructions: Vec<Vec<LLVMValueRef>>,
}

fn releases(o: LLVMAtomicOrdering) -> bool {
    matches!(
        o,
        LLVMAtomicOrdering::LLVMAtomicOrderingRelease
            | LLVMAtomicOrdering::LLVMAtomicOrderingAcquireRelease
            | LLVMAtomicOrdering::LLVMAtomicOrderingSequentiallyConsistent
    )
}

struct Reader {
    captures_attr: u32,
    byval_attr: u32,
    returned_attr: u32,
    memory_attr: u32,
    layout: LLVMTargetDataRef,
    captures_md: u32,
    globals: FxHashMap<usize, u32>,
    defined: FxHashMap<usize, usize>,
}

impl Reader {
    /// Whether a `memory(...)` attribute (null: none) allows no writes.
    /// Its value packs a 2-bit mod/ref mask per memory location; bit 1 of
    /// each is "mod".
    unsafe fn writes_no_memory(&self, memory: LLVMAttributeRef) -> bool {
        const MOD_BITS: u64 = 0xAAAA_AAAA_AAAA_AAAA;
        !memory.is_null() && LLVMGetEnumAttributeValue(memory) & MOD_BITS == 0
    }

    unsafe fn declared(&self, f: LLVMValueRef, param: u32) -> Option<CaptureInfo> {
        let a = LLVMGetEnumAttributeAtIndex(f, param + 1, self.captures_attr);
        (!a.is_null()).then(|| CaptureInfo::from_int(LLVMGetEnumAttributeValue(a)))
    }

    unsafe fn value(&mut self, v: LLVMValueRef, locals: &FxHashMap<usize, Value>) -> Value {
        if let Some(&x) = locals.get(&(v as usize)) {
            return x;
        }
        if !LLVMIsAConstantPointerNull(v).is_null() {
            return Value::Null;
        }
        if !LLVMIsAGlobalValue(v).is_null() {
            let next = self.globals.len() as u32;
            return Value::Global(*self.globals.entry(v as usize).or_insert(next));
        }
        Value::Other
    }

    /// `!captures` on a store: the components it lists.
    unsafe fn store_limit(&self, store: LLVMValueRef) -> Option<Components> {
        let md = LLVMGetMetadata(store, self.captures_md);
        if md.is_null() {
            return None;
        }
        let n = LLVMGetMDNodeNumOperands(md) as usize;
        let mut ops = vec![std::ptr::null_mut(); n];
        LLVMGetMDNodeOperands(md, ops.as_mut_ptr());
        let mut c = Components::NONE;
        for op in ops {
            if op.is_null() || LLVMIsAMDString(op).is_null() {
                continue;
            }
            let mut len = 0u32;
            let p = LLVMGetMDString(op, &mut len);
            let name =
                String::from_utf8_lossy(std::slice::from_raw_parts(p.cast::<u8>(), len as usize));
            c = c.union(Components::from_name(&name).unwrap_or(Components::ALL));
        }
        Some(c)
    }

    unsafe fn kind(&self, i: LLVMValueRef) -> InstKind {
        use LLVMOpcode::*;
        match LLVMGetInstructionOpcode(i) {
            LLVMLoad => InstKind::Load {
                volatile: LLVMGetVolatile(i) != 0,
            },
            LLVMStore => InstKind::Store {
                volatile: LLVMGetVolatile(i) != 0,
                release: releases(LLVMGetOrdering(i)),
                limit: self.store_limit(i),
                bytes: Some(LLVMStoreSizeOfType(
                    self.layout,
                    LLVMTypeOf(LLVMGetOperand(i, 0)),
                )),
            },
            LLVMAtomicRMW => InstKind::Atomic {
                volatile: LLVMGetVolatile(i) != 0,
                release: releases(LLVMGetOrdering(i)),
                compare: false,
            },
            LLVMAtomicCmpXchg => InstKind::Atomic {
                volatile: LLVMGetVolatile(i) != 0,
                release: releases(LLVMGetCmpXchgSuccessOrdering(i)),
                compare: true,
            },
            LLVMFence => InstKind::Fence {
                release: releases(LLVMGetOrdering(i)),
            },
            LLVMICmp => InstKind::ICmp {
                equality: matches!(
                    LLVMGetICmpPredicate(i),
                    LLVMIntPredicate::LLVMIntEQ | LLVMIntPredicate::LLVMIntNE
                ),
            },
            LLVMPtrToInt => InstKind::PtrToInt,
            LLVMPtrToAddr => InstKind::PtrToAddr,
            // Without indices a GEP is its base again.
            LLVMGetElementPtr if LLVMGetNumOperands(i) > 1 => InstKind::Gep,
            LLVMGetElementPtr | LLVMBitCast | LLVMAddrSpaceCast | LLVMFreeze => {
                InstKind::Passthrough { operands: vec![0] }
            }
            LLVMPHI => InstKind::Passthrough {
                operands: (0..LLVMGetNumOperands(i) as usize).collect(),
            },
            LLVMSelect => InstKind::Passthrough {
                operands: vec![1, 2],
            },
            LLVMRet => InstKind::Return,
            LLVMAlloca => InstKind::Alloca,
            LLVMCall | LLVMInvoke | LLVMCallBr => InstKind::Call(self.call(i)),
            _ => InstKind::Other,
        }
    }

    unsafe fn call(&self, call: LLVMValueRef) -> CallInfo {
        let callee = LLVMGetCalledValue(call);
        let direct = !callee.is_null() && !LLVMIsAFunction(callee).is_null();
        let n = LLVMGetNumArgOperands(call);
        let mut arg_captures = Vec::with_capacity(n as usize);
        let mut arg_at_call_site = Vec::with_capacity(n as usize);
        for k in 0..n {
            let at_site = LLVMGetCallSiteEnumAttribute(call, k + 1, self.captures_attr);
            if !at_site.is_null() {
                arg_captures.push(Some(CaptureInfo::from_int(LLVMGetEnumAttributeValue(
                    at_site,
                ))));
                arg_at_call_site.push(true);
            } else {
                arg_captures.push(if direct {
                    self.declared(callee, k)
                } else {
                    None
                });
                arg_at_call_site.push(false);
            }
        }
        let name = if direct {
            name_of(callee)
        } else {
            String::new()
        };
        // llvm.memcpy/memmove/memset(..., i1 isvolatile): the last argument.
        let volatile_memory = ["llvm.memcpy", "llvm.memmove", "llvm.memset"]
            .iter()
            .any(|p| name.starts_with(p))
            && n >= 1
            && {
                let flag = LLVMGetOperand(call, n - 1);
                !LLVMIsAConstantInt(flag).is_null() && LLVMConstIntGetZExtValue(flag) != 0
            };
        let returned = (0..n).find(|&k| {
            !LLVMGetCallSiteEnumAttribute(call, k + 1, self.returned_attr).is_null()
                || direct
                    && !LLVMGetEnumAttributeAtIndex(callee, k + 1, self.returned_attr).is_null()
        });
        CallInfo {
            callee: direct.then_some(name),
            volatile_memory,
            returned: returned.map(|k| k as usize),
            read_only_void: LLVMGetTypeKind(LLVMTypeOf(call)) == LLVMTypeKind::LLVMVoidTypeKind
                && (self.writes_no_memory(LLVMGetCallSiteEnumAttribute(
                    call,
                    LLVMAttributeFunctionIndex,
                    self.memory_attr,
                )) || direct
                    && self.writes_no_memory(LLVMGetEnumAttributeAtIndex(
                        callee,
                        LLVMAttributeFunctionIndex,
                        self.memory_attr,
                    ))),
            defined: if direct {
                self.defined.get(&(callee as usize)).copied()
            } else {
                None
            },
            arg_captures,
            arg_at_call_site,
        }
    }
}

/// LLVM's `GlobalValue::isDefinitionExact`: the body is the one every
/// call runs. Not for a definition another module may replace (weak,
/// linkonce, common) nor for one that may be swapped for a less refined
/// copy (the `_odr` linkages, `available_externally`), where
/// `function-attrs` does not infer from the body either. (Semantic
/// interposition of external definitions is not read.)
unsafe fn is_definition_exact(f: LLVMValueRef) -> bool {
    use LLVMLinkage::*;
    matches!(
        LLVMGetLinkage(f),
        LLVMExternalLinkage | LLVMInternalLinkage | LLVMPrivateLinkage | LLVMAppendingLinkage
    )
}

/// Reads every defined function of `module`.
///
/// # Safety
/// `module` must be live and not modified while the result is used.
pub unsafe fn read_functions(module: LLVMModuleRef) -> ModuleFunctions {
    let ctx = LLVMGetModuleContext(module);
    let mut reader = Reader {
        captures_attr: LLVMGetEnumAttributeKindForName(c"captures".as_ptr(), 8),
        byval_attr: LLVMGetEnumAttributeKindForName(c"byval".as_ptr(), 5),
        returned_attr: LLVMGetEnumAttributeKindForName(c"returned".as_ptr(), 8),
        memory_attr: LLVMGetEnumAttributeKindForName(c"memory".as_ptr(), 6),
        layout: LLVMGetModuleDataLayout(module),
        captures_md: LLVMGetMDKindIDInContext(ctx, c"captures".as_ptr(), 8),
        globals: FxHashMap::default(),
        defined: FxHashMap::default(),
    };
    let mut llvm_functions = Vec::new();
    let mut f = LLVMGetFirstFunction(module);
    while !f.is_null() {
        if LLVMIsDeclaration(f) == 0 {
            reader.defined.insert(f as usize, llvm_functions.len());
            llvm_functions.push(f);
        }
        f = LLVMGetNextFunction(f);
    }
    let mut out = ModuleFunctions {
        functions: Vec::new(),
        instructions: Vec::new(),
    };
    for &f in &llvm_functions {
        let mut locals: FxHashMap<usize, Value> = FxHashMap::default();
        let mut params = Vec::new();
        for p in 0..LLVMCountParams(f) {
            let v = LLVMGetParam(f, p);
            locals.insert(v as usize, Value::Param(p as usize));
            params.push(Param {
                name: name_of(v),
                is_pointer: matches!(
                    LLVMGetTypeKind(LLVMTypeOf(v)),
                    LLVMTypeKind::LLVMPointerTypeKind
                ),
                private: !LLVMGetEnumAttributeAtIndex(f, p + 1, reader.byval_attr).is_null(),
                declared: reader.declared(f, p),
            });
        }
        // Number the instructions first: operands may refer forward (phis).
        let mut handles = Vec::new();
        let mut blocks = Vec::new();
        let mut bb = LLVMGetFirstBasicBlock(f);
        let mut block = 0;
        while !bb.is_null() {
            let mut i = LLVMGetFirstInstruction(bb);
            while !i.is_null() {
                locals.insert(i as usize, Value::Inst(handles.len()));
                handles.push(i);
                blocks.push(block);
                i = LLVMGetNextInstruction(i);
            }
            bb = LLVMGetNextBasicBlock(bb);
            block += 1;
        }
        let mut insts = Vec::with_capacity(handles.len());
        for (&i, &block) in handles.iter().zip(&blocks) {
            let kind = reader.kind(i);
            let count = match kind {
                InstKind::Call(_) => LLVMGetNumArgOperands(i),
                _ => LLVMGetNumOperands(i) as u32,
            };
            let operands = (0..count)
                .map(|k| reader.value(LLVMGetOperand(i, k), &locals))
                .collect();
            insts.push(Inst {
                kind,
                operands,
                block,
            });
        }
        out.functions.push(FunctionView {
            name: name_of(f),
            params,
            insts,
            exact: is_definition_exact(f),
        });
        out.instructions.push(handles);
    }
    out
}
