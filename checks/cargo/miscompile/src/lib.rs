//! The library half. `set_and_read` promises, through its reference
//! types, that `a` and `b` do not overlap while it runs (`&mut` is
//! `noalias`, `&` is `noalias readonly`). Compiled alone, the promise buys
//! nothing: the read of `*b` stays after the write of `*a`.

/// The value `set_and_read` writes. Because `set_and_read` calls a
/// function, rustc does not inline it into other crates (it does so only
/// with small functions that call nothing): only the LTO link can.
#[inline(never)]
fn new_value() -> i32 {
    5
}

/// Writes `*a`, then reads `*b`.
pub fn set_and_read(a: &mut i32, b: &i32) -> i32 {
    *a = new_value();
    *b
}
