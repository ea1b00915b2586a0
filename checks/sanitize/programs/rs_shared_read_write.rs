// Violation: peek(&*p, &mut *p): *w += 1 writes the i32 that the shared &i32 `r` reads before and after.
use std::hint::black_box;

#[inline(never)]
fn peek(r: &i32, w: &mut i32) -> i32 {
    let a = *r;
    *w += 1;
    a * 100 + *r
}

fn main() {
    let mut x = 7i32;
    let p: *mut i32 = black_box(&mut x as *mut i32);
    let v = unsafe { peek(&*p, &mut *p) };
    println!("ret={} x={}", v, x);
}
