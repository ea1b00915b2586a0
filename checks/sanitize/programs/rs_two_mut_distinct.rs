// Clean: set_both(&mut x, &mut y) gets two &mut i32 to different places (not inlined).
use std::hint::black_box;

#[inline(never)]
fn set_both(a: &mut i32, b: &mut i32) -> i32 {
    *a = 1;
    *b = 2;
    *a
}

fn main() {
    let mut x = 0i32;
    let mut y = 0i32;
    let r = set_both(black_box(&mut x), black_box(&mut y));
    println!("ret={} x={} y={}", r, x, y);
}
