// scale(dst, src) on one array shifted by one (--cfg VIOLATION: rs_slice_overlap) or on its two halves (rs_split_at_mut).
use std::hint::black_box;

#[inline(never)]
fn scale(dst: &mut [i32], src: &[i32]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d = *s + 1;
    }
}

// Violation: scale(&mut buf[1..17], &buf[0..16]) built from one raw pointer; dst[i] writes the element src[i+1] later reads.
#[cfg(VIOLATION)]
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

// Clean: split_at_mut gives scale() a &mut [i32] and a &[i32] over disjoint halves of one array.
#[cfg(not(VIOLATION))]
fn main() {
    let mut buf = [0i32; 32];
    for (i, v) in buf.iter_mut().enumerate() {
        *v = i as i32 * 10;
    }
    let (lo, hi) = black_box(&mut buf).split_at_mut(16);
    scale(hi, lo);
    println!("{:?}", buf);
}
