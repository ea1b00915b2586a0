// Clean: #[inline(always)] add(&mut v, &w) on two distinct arrays.
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
    let mut w = [0i64; 12];
    for i in 0..12 {
        v[i] = i as i64 * 3;
        w[i] = i as i64;
    }
    f(black_box(&mut v), black_box(&w));
    println!("{:?}", v);
}
