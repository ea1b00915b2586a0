// Violation: #[inline(always)] set_both gets two &mut i32 to one place (from one raw pointer); *b = 2 writes the byte *a then reads.
use std::hint::black_box;

// Called through a fn pointer so that rustc's MIR inliner leaves the call (and its noalias
// parameters) to LLVM, whose inliner then inlines it and turns noalias into scope metadata.
#[inline(always)]
fn set_both(a: &mut i32, b: &mut i32) -> i32 {
    *a = 1;
    *b = 2;
    *a
}

fn main() {
    let mut x = 0i32;
    let p: *mut i32 = &mut x;
    let f: fn(&mut i32, &mut i32) -> i32 = set_both;
    let (a, b) = unsafe { (&mut *black_box(p), &mut *black_box(p)) };
    let r = f(a, b);
    println!("ret={} x={}", r, x);
}
