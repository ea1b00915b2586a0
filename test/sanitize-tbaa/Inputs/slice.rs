fn main() {
    let mut v: Vec<u32> = (0..100).collect();
    let s: &mut [u32] = &mut v;
    for x in s.iter_mut() { *x = x.wrapping_mul(3); }
    println!("{}", v.iter().sum::<u32>());
}
