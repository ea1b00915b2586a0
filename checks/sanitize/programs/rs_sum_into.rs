// Violation: sum_into(&mut xs[2], &xs) via one raw pointer; *total += x writes xs[2], which the &[i64] `xs` reads at i = 2.
use std::hint::black_box;

#[inline(never)]
fn sum_into(total: &mut i64, xs: &[i64]) {
    for x in xs {
        *total += *x;
    }
}

fn main() {
    let mut xs = [1i64, 2, 3, 4, 5, 6, 7, 8];
    let p: *mut i64 = black_box(xs.as_mut_ptr());
    unsafe { sum_into(&mut *p.add(2), std::slice::from_raw_parts(p, 8)) };
    println!("{:?}", xs);
}
