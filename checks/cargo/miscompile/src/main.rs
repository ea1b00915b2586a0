//! Breaks the promise of `set_and_read` (src/lib.rs) in `unsafe` code:
//! `a` and `b` are one place when `i == j`, which they are at run time.
//!
//! `set_and_read` lives in the library crate, so rustc cannot inline it
//! into `run`; the cross-language LTO link (`-C linker-plugin-lto`, ld.lld)
//! can. The inliner turns the two `noalias` parameters into scopes
//! (`!alias.scope` / `!noalias`), and the scoped no-alias analysis then
//! says the write `*a = 5` cannot change `*b`: the read of `*b` is
//! forwarded from `*v.add(j) = 10` and the program prints 10 instead of 5.

use aliaskit_miscompile::set_and_read;
use std::hint::black_box;

#[inline(never)]
fn run(v: *mut i32, i: usize, j: usize) -> i32 {
    unsafe {
        *v.add(j) = 10;
        set_and_read(&mut *v.add(i), &*v.add(j))
    }
}

fn main() {
    let mut buf = [0i32; 4];
    let k = std::env::args().count() - 1;
    let r = run(buf.as_mut_ptr(), black_box(k), black_box(k));
    println!("read {r}, stored {}", buf[k]);
}
