// Violation: #[inline(always)] add(a, b) where &mut [i64] a and &[i64] b are the same array; a[i] is written and b[i] read, element-wise so not exploitable.
use std::hint::black_box;

// Called through a fn pointer so that rustc's MIR inliner leaves the call (and its noalias
// parameters) to LLVM, whose inliner then inlines it and turns noalias into scope metadata.
#[inline(always)]
fn add(a: &mut [i64], b: &[i64]) {
    for (x, y) in a.iter_mut().zip(b) {
        *x += *y;
    }
}

fn main() {
    let f: fn(&mut [i64], &[i64]) = add;
    let mut v = [0i64; 12];
    for (i, e) in v.iter_mut().enumerate() {
        *e = i as i64 * 3;
    }
    let p: *mut i64 = v.as_mut_ptr();
    unsafe {
        let a = std::slice::from_raw_parts_mut(black_box(p), 12);
        let b = std::slice::from_raw_parts(black_box(p), 12);
        f(a, b);
    }
    println!("{:?}", v);
}
