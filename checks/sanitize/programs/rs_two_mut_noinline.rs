// Violation: set_both(&mut *p, &mut *p) makes two &mut i32 to one place; *b = 2 writes the byte that *a then reads (not inlined).
use std::hint::black_box;

#[inline(never)]
fn set_both(a: &mut i32, b: &mut i32) -> i32 {
    *a = 1;
    *b = 2;
    *a
}

fn main() {
    let mut x = 0i32;
    let p: *mut i32 = black_box(&mut x as *mut i32);
    let r = unsafe { set_both(&mut *p, &mut *p) };
    println!("ret={} x={}", r, x);
}
