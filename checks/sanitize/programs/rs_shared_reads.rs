// Clean: both(&x, &x) passes two shared &i32 to one place; both are only read, nothing is modified during the call.
use std::hint::black_box;

#[inline(never)]
fn both(a: &i32, b: &i32) -> i32 {
    let s = *a;
    s * 100 + *b + *a
}

fn main() {
    let x = black_box(7i32);
    let r = both(&x, &x);
    println!("ret={} x={}", r, x);
}
