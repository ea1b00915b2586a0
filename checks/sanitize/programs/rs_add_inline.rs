// #[inline(always)] add(a, b) called on one array twice (--cfg VIOLATION: rs_same_slice_inline) or two (rs_add_distinct_inline).
use std::hint::black_box;

// Called through a fn pointer so that rustc's MIR inliner leaves the call (and its noalias
// parameters) to LLVM, whose inliner then inlines it and turns noalias into scope metadata.
#[inline(always)]
fn add(a: &mut [i64], b: &[i64]) {
    for (x, y) in a.iter_mut().zip(b) {
        *x += *y;
    }
}

// Violation: &mut [i64] a and &[i64] b are the same array; a[i] is written and b[i] read, element-wise so not exploitable.
#[cfg(VIOLATION)]
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

// Clean: add(&mut v, &w) on two distinct arrays.
#[cfg(not(VIOLATION))]
fn main() {
    let f: fn(&mut [i64], &[i64]) = add;
    let mut v = [0i64; 12];
    let mut w = [0i64; 12];
    for i in 0..12 {
        v[i] = i as i64 * 3;
        w[i] = i as i64;
    }
    f(black_box(&mut v), black_box(&w));
    println!("{:?}", v);
}
