// Violation: scale(&mut buf[1..17], &buf[0..16]) built from one raw pointer; dst[i] writes the element src[i+1] later reads.
use std::hint::black_box;

#[inline(never)]
fn scale(dst: &mut [i32], src: &[i32]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d = *s + 1;
    }
}

fn main() {
    let mut buf = [0i32; 17];
    for (i, v) in buf.iter_mut().enumerate() {
        *v = i as i32 * 10;
    }
    let p: *mut i32 = black_box(buf.as_mut_ptr());
    unsafe {
        let dst = std::slice::from_raw_parts_mut(p.add(1), 16);
        let src = std::slice::from_raw_parts(p, 16);
        scale(dst, src);
    }
    println!("{:?}", buf);
}
