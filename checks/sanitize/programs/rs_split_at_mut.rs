// Clean: split_at_mut gives scale() a &mut [i32] and a &[i32] over disjoint halves of one array.
use std::hint::black_box;

#[inline(never)]
fn scale(dst: &mut [i32], src: &[i32]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d = *s + 1;
    }
}

fn main() {
    let mut buf = [0i32; 32];
    for (i, v) in buf.iter_mut().enumerate() {
        *v = i as i32 * 10;
    }
    let (lo, hi) = black_box(&mut buf).split_at_mut(16);
    scale(hi, lo);
    println!("{:?}", buf);
}
