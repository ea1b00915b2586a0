//! The IR types of loaded and stored values: integers, `float`, `double`,
//! `ptr` and byte arrays, with the size and alignment a type node of that
//! type gets.

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ty {
    Int(u32),
    F32,
    F64,
    Ptr,
    Bytes(u64),
}

impl Ty {
    pub fn ir(self) -> String {
        match self {
            Ty::Int(b) => format!("i{b}"),
            Ty::F32 => "float".into(),
            Ty::F64 => "double".into(),
            Ty::Ptr => "ptr".into(),
            Ty::Bytes(n) => format!("[{n} x i8]"),
        }
    }
    pub fn size(self) -> u64 {
        match self {
            Ty::Int(b) => u64::from(b.div_ceil(8)),
            Ty::F32 => 4,
            Ty::F64 | Ty::Ptr => 8,
            Ty::Bytes(n) => n,
        }
    }
    pub fn align(self) -> u64 {
        match self {
            Ty::Bytes(_) => 1,
            t => t.size().min(8).next_power_of_two(),
        }
    }
    /// The IR type used to access a whole object of `size` bytes.
    pub fn for_size(size: u64) -> Ty {
        if (1..=16).contains(&size) {
            Ty::Int((size * 8) as u32)
        } else {
            Ty::Bytes(size.max(1))
        }
    }
}
