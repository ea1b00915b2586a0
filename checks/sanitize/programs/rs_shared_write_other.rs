// Clean: peek(&x, &mut y): the shared &i32 and the &mut i32 refer to different places.
use std::hint::black_box;

#[inline(never)]
fn peek(r: &i32, w: &mut i32) -> i32 {
    let a = *r;
    *w += 1;
    a * 100 + *r
}

fn main() {
    let x = 7i32;
    let mut y = 7i32;
    let v = peek(black_box(&x), black_box(&mut y));
    println!("ret={} x={} y={}", v, x, y);
}
