//! A slice of a flat store, as two `u32`s: how the tables of rows
//! ([`crate::tbaa::summary`], [`crate::scoped::ScopeLists`]) point into the
//! vectors that hold their variable-length parts.

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Span {
    pub start: u32,
    pub len: u32,
}

impl Span {
    /// The entries pushed onto `store` since it had `start` of them.
    pub fn since<T>(store: &[T], start: usize) -> Span {
        Span {
            start: start as u32,
            len: (store.len() - start) as u32,
        }
    }

    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..(self.start + self.len) as usize
    }
}
