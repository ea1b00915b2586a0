//! The operations of a function body, each drawing from the main stream
//! (and its scoped lists from the scope stream): loads and stores, often
//! again at a recently used address, with the same or another tag; calls of
//! the external functions; `memset` / `memcpy`; monotonic `atomicrmw` and
//! `cmpxchg`. Addresses are the arguments or loaded pointers, offset by the
//! tag's offset and sometimes more.

use super::{FnGen, Value};
use crate::callees::{Callee, CALLEES};
use crate::ir_type::Ty;
use crate::module::TagChoice;

impl FnGen<'_, '_> {
    fn pick_tag(&mut self) -> TagChoice {
        if self.m.rng.pct(7) {
            TagChoice::None
        } else {
            *self.m.rng.pick(&self.set)
        }
    }

    /// An address `off` bytes (plus some random displacement) into an object.
    fn addr(&mut self, off: u64) -> String {
        let rng = &mut self.m.rng;
        let base = if !self.ptrs.is_empty() && rng.pct(12) {
            self.ptrs[rng.below(self.ptrs.len())].clone()
        } else {
            format!("%a{}", rng.below(self.nargs))
        };
        let extra = if rng.pct(72) {
            0
        } else {
            4 * rng.below(9) as u64
        };
        let base = if rng.pct(5) {
            let g = self.fresh("x");
            self.emit(&format!(
                "{g} = getelementptr inbounds i8, ptr {base}, i64 %n"
            ));
            g
        } else {
            base
        };
        let total = off.wrapping_add(extra);
        if total == 0 {
            return base;
        }
        let g = self.fresh("g");
        self.emit(&format!(
            "{g} = getelementptr inbounds i8, ptr {base}, i64 {}",
            total as i64
        ));
        g
    }

    fn constant(&mut self, ty: Ty) -> String {
        let rng = &mut self.m.rng;
        match ty {
            Ty::Int(_) => format!("{}", rng.below(100)),
            Ty::F32 | Ty::F64 => format!("{}.0", rng.below(50)),
            Ty::Ptr => {
                if rng.pct(30) {
                    "null".into()
                } else {
                    format!("%a{}", rng.below(self.nargs))
                }
            }
            Ty::Bytes(_) => "zeroinitializer".into(),
        }
    }

    fn add_to_sum(&mut self, ty: Ty, v: &str) {
        let as64 = match ty {
            Ty::Int(64) => v.to_string(),
            Ty::Int(b) => {
                let c = self.fresh("c");
                let op = if b < 64 { "zext" } else { "trunc" };
                self.emit(&format!("{c} = {op} i{b} {v} to i64"));
                c
            }
            Ty::F32 | Ty::F64 => {
                let c = self.fresh("c");
                self.emit(&format!("{c} = fptosi {} {v} to i64", ty.ir()));
                c
            }
            Ty::Ptr => {
                let c = self.fresh("c");
                self.emit(&format!("{c} = ptrtoint ptr {v} to i64"));
                c
            }
            Ty::Bytes(_) => {
                let e = self.fresh("e");
                self.emit(&format!("{e} = extractvalue {} {v}, 0", ty.ir()));
                let c = self.fresh("c");
                self.emit(&format!("{c} = zext i8 {e} to i64"));
                c
            }
        };
        let s = self.fresh("s");
        let sum = self.sum.clone();
        self.emit(&format!("{s} = add i64 {sum}, {as64}"));
        self.sum = s;
    }

    /// Address and tag for a load or store: often a recently used location.
    fn location(&mut self) -> (String, TagChoice, Ty) {
        if !self.recent.is_empty() && self.m.rng.pct(35) {
            let (p, t, ty) = self.recent[self.m.rng.below(self.recent.len())].clone();
            if self.m.rng.pct(75) {
                return (p, t, ty);
            }
            // Same address, different tag.
            let t2 = self.pick_tag();
            let ty2 = self.m.tag_ty(t2);
            return (p, t2, ty2);
        }
        let t = self.pick_tag();
        let ty = self.m.tag_ty(t);
        let off = self.m.tag_off(t);
        let p = self.addr(off);
        self.recent.push((p.clone(), t, ty));
        (p, t, ty)
    }

    pub(super) fn load(&mut self) {
        let (p, t, ty) = self.location();
        let md = self.m.attach(t, true) + &self.scoped_md();
        let v = self.fresh("v");
        let vol = if self.m.rng.pct(2) { "volatile " } else { "" };
        self.emit(&format!(
            "{v} = load {vol}{}, ptr {p}, align 1{md}",
            ty.ir()
        ));
        if ty == Ty::Ptr {
            self.ptrs.push(v.clone());
        }
        self.add_to_sum(ty, &v);
        self.avail.push(Value { ty, name: v });
    }

    pub(super) fn store(&mut self) {
        let (p, t, ty) = self.location();
        let md = self.m.attach(t, true) + &self.scoped_md();
        let cands: Vec<usize> = (0..self.avail.len())
            .filter(|&i| self.avail[i].ty == ty)
            .collect();
        let val = if !cands.is_empty() && self.m.rng.pct(50) {
            self.avail[*self.m.rng.pick(&cands)].name.clone()
        } else {
            self.constant(ty)
        };
        self.emit(&format!("store {} {val}, ptr {p}, align 1{md}", ty.ir()));
    }

    pub(super) fn call(&mut self) {
        let errno = self.m.errno;
        let choices: Vec<Callee> = CALLEES
            .iter()
            .copied()
            .filter(|c| !c.errno || errno || self.m.rng.pct(30))
            .collect();
        let c = *self.m.rng.pick(&choices);
        let t = if self.m.rng.pct(60) {
            self.pick_tag()
        } else {
            TagChoice::None
        };
        let args = if c.args == 1 {
            let off = self.m.tag_off(t);
            let p = self.addr(off);
            format!("ptr {p}")
        } else {
            String::new()
        };
        let md = self.m.attach(t, true) + &self.scoped_md();
        match c.ret {
            Some(ty) => {
                let v = self.fresh("r");
                self.emit(&format!("{v} = call {} @{}({args}){md}", ty.ir(), c.name));
                self.add_to_sum(ty, &v);
            }
            None => self.emit(&format!("call void @{}({args}){md}", c.name)),
        }
    }

    pub(super) fn mem_intrinsic(&mut self) {
        let t = if self.m.rng.pct(70) {
            self.pick_tag()
        } else {
            TagChoice::None
        };
        let ty = self.m.tag_ty(t);
        let off = self.m.tag_off(t);
        let p = self.addr(off);
        let md = self.m.attach(t, true) + &self.scoped_md();
        let n = ty.size();
        if self.m.rng.pct(50) {
            self.emit(&format!(
                "call void @llvm.memset.p0.i64(ptr {p}, i8 0, i64 {n}, i1 false){md}"
            ));
        } else {
            let q = self.addr(off);
            self.emit(&format!(
                "call void @llvm.memcpy.p0.p0.i64(ptr {p}, ptr {q}, i64 {n}, i1 false){md}"
            ));
        }
    }

    /// A monotonic atomicrmw or cmpxchg (TBAA applies to them too).
    pub(super) fn atomic(&mut self) {
        let (p, t, ty) = self.location();
        let Ty::Int(bits @ (8 | 16 | 32 | 64)) = ty else {
            return self.store();
        };
        let md = self.m.attach(t, true) + &self.scoped_md();
        let al = bits / 8;
        let v = self.m.rng.below(10);
        let r = self.fresh("r");
        if self.m.rng.pct(60) {
            let op = *self.m.rng.pick(&["add", "xchg", "or", "umax"]);
            self.emit(&format!(
                "{r} = atomicrmw {op} ptr {p}, i{bits} {v} monotonic, align {al}{md}"
            ));
            self.add_to_sum(ty, &r);
        } else {
            self.emit(&format!(
                "{r} = cmpxchg ptr {p}, i{bits} 0, i{bits} {v} monotonic monotonic, align {al}{md}"
            ));
            let e = self.fresh("e");
            self.emit(&format!("{e} = extractvalue {{ i{bits}, i1 }} {r}, 0"));
            self.add_to_sum(ty, &e);
        }
    }
}
