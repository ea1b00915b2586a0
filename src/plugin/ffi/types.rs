//! The values that cross the boundary besides LLVM-C's references and
//! plain sizes: typed codes, flag sets and the owned string. The codes and
//! flag sets are written once, in `codes.list` beside this file: build.rs
//! makes of each list the Rust enum here (through `codes!` and
//! `flags!`) and the C++ enum of the same name in `codes.h`, which
//! `shim.h` includes. The owned string is mirrored in `shim.h`, where the
//! same name says it must match.
//!
//! A code Rust hands to C++ is one of its enum's values by construction,
//! and C++ reads it as an enum with a fixed underlying type, for which any
//! value is defined. A code C++ hands to Rust arrives as a plain integer
//! (an `extern` declaration never promises a Rust enum, whose other values
//! would be undefined behaviour) and becomes a Rust value through
//! `TryFrom`, which rejects what is out of range: the caller logs it and
//! gives the conservative answer.
//!
//! Nothing here uses the crate besides [`super::imports`] (which frees an
//! owned string): the reader, one layer down, reads the codes of its C++
//! accessors through this module and that one.

use std::ffi::c_char;
use std::fmt;
use std::marker::PhantomData;

use super::imports::aliaskit_string_free;

/// A code from the C++ side that is none of its enum's values.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct UnknownCode {
    /// The enum's name.
    pub what: &'static str,
    pub value: u32,
}

impl fmt::Display for UnknownCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown {} {:#x} from the C++ side",
            self.what, self.value
        )
    }
}

/// A C-like enum with explicit values and the checked conversion from its
/// integer.
macro_rules! codes {
    ($(#[$doc:meta])* $name:ident: $repr:ident {
        $($(#[$vdoc:meta])* $variant:ident = $value:literal,)+
    }) => {
        $(#[$doc])*
        #[repr($repr)]
        #[derive(Copy, Clone, Debug, PartialEq, Eq)]
        pub enum $name {
            $($(#[$vdoc])* $variant = $value,)+
        }

        impl $name {
            /// Every value, in order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
        }

        impl TryFrom<$repr> for $name {
            type Error = UnknownCode;
            fn try_from(value: $repr) -> Result<$name, UnknownCode> {
                match value {
                    $($value => Ok($name::$variant),)+
                    _ => Err(UnknownCode { what: stringify!($name), value: value.into() }),
                }
            }
        }
    };
}

/// A code that answers an alias question ([`Answer`], [`AliasBits`]).
pub trait AliasAnswer: Copy {
    const MAY_ALIAS: Self;
    const NO_ALIAS: Self;

    /// [`AliasAnswer::MAY_ALIAS`] or [`AliasAnswer::NO_ALIAS`], without a
    /// branch on `may` (the answers of a run of questions come in no
    /// order: a branch on them is mispredicted half the time).
    #[inline]
    fn may_alias(may: bool) -> Self {
        std::hint::select_unpredictable(may, Self::MAY_ALIAS, Self::NO_ALIAS)
    }
}

impl AliasAnswer for Answer {
    const MAY_ALIAS: Answer = Answer::MayAlias;
    const NO_ALIAS: Answer = Answer::NoAlias;
}

impl AliasAnswer for AliasBits {
    const MAY_ALIAS: AliasBits = AliasBits::MayAlias;
    const NO_ALIAS: AliasBits = AliasBits::NoAlias;
}

/// One flag of a set ([`CheckFlag`], [`InspectFlag`]).
pub trait Flag: Copy + 'static {
    /// The set's name, for errors.
    const NAME: &'static str;
    /// Every flag of the set.
    const FLAGS: &'static [Self];
    fn bit(self) -> u32;
}

/// [`Flag`] for a set made by `codes!`.
macro_rules! flags {
    ($name:ident) => {
        impl Flag for $name {
            const NAME: &'static str = stringify!($name);
            const FLAGS: &'static [$name] = $name::ALL;
            fn bit(self) -> u32 {
                self as u32
            }
        }
    };
}

// The enums of `codes.list` (build.rs).
include!(concat!(env!("OUT_DIR"), "/codes.rs"));

/// A set of flags as C++ hands it over (a `uint32_t` of bits), checked:
/// every bit set is one of `F`'s.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Flags<F> {
    bits: u32,
    flag: PhantomData<F>,
}

impl<F: Flag> Flags<F> {
    /// Whether `flag` is set.
    pub fn has(self, flag: F) -> bool {
        self.bits & flag.bit() != 0
    }
}

impl<F: Flag> TryFrom<u32> for Flags<F> {
    type Error = UnknownCode;
    fn try_from(bits: u32) -> Result<Flags<F>, UnknownCode> {
        let known = F::FLAGS.iter().fold(0, |all, f| all | f.bit());
        if bits & !known != 0 {
            return Err(UnknownCode {
                what: F::NAME,
                value: bits,
            });
        }
        Ok(Flags {
            bits,
            flag: PhantomData,
        })
    }
}

/// The flags of `verify-alias-md` and `check-captures`.
pub type CheckFlags = Flags<CheckFlag>;
/// The flags of `aliaskit-explain` and `aliaskit-dot`.
pub type InspectFlags = Flags<InspectFlag>;

/// A string the C++ side made for this side (a node or an instruction as
/// `opt -S` prints it): `len` bytes at `ptr`, or null. Only values the C++
/// side returns exist, and each is freed once, by `aliaskit_string_free`
/// when it is dropped. Must match `aliaskit::OwnedString` in `shim.h`.
#[repr(C)]
pub struct OwnedString {
    ptr: *mut c_char,
    len: usize,
}

impl OwnedString {
    /// The text (invalid UTF-8 replaced); "" for null.
    pub fn into_string(self) -> String {
        if self.ptr.is_null() {
            return String::new();
        }
        // SAFETY: the C++ side made `len` bytes at `ptr`, which live until
        // `self` is dropped, after this copy.
        let bytes = unsafe { std::slice::from_raw_parts(self.ptr.cast::<u8>(), self.len) };
        String::from_utf8_lossy(bytes).into_owned()
    }
}

impl Drop for OwnedString {
    fn drop(&mut self) {
        if !self.ptr.is_null() {
            let ptr = std::mem::replace(&mut self.ptr, std::ptr::null_mut());
            // SAFETY: `ptr` came from the C++ side and is freed only here.
            unsafe { aliaskit_string_free(OwnedString { ptr, len: self.len }) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_convert_from_their_values_only() {
        for &k in MergeKind::ALL {
            assert_eq!(MergeKind::try_from(k as u8), Ok(k));
        }
        for &k in OperandKind::ALL {
            assert_eq!(OperandKind::try_from(k as u8), Ok(k));
        }
        for &k in DeclArgumentKind::ALL {
            assert_eq!(DeclArgumentKind::try_from(k as u8), Ok(k));
        }
        for &a in Answer::ALL {
            assert_eq!(Answer::try_from(a as u8), Ok(a));
        }
        for &a in AliasBits::ALL {
            assert_eq!(AliasBits::try_from(a as u32), Ok(a));
        }
        assert_eq!(AliasBits::may_alias(true) as u32, 1);
        assert_eq!(AliasBits::may_alias(false) as u32, 0);
        assert!(AliasBits::try_from(2).is_err());
        assert_eq!(MergeKind::try_from(1), Ok(MergeKind::NoAlias));
        assert_eq!(OperandKind::try_from(3), Ok(OperandKind::Int));
        for v in [2u8, 3, 0x80, 0xff] {
            assert_eq!(
                MergeKind::try_from(v),
                Err(UnknownCode {
                    what: "MergeKind",
                    value: v as u32
                })
            );
        }
        assert!(OperandKind::try_from(5).is_err());
        assert!(OperandKind::try_from(0xff).is_err());
        assert!(DeclArgumentKind::try_from(3).is_err());
        assert!(Answer::try_from(3).is_err());
        assert!(MergeOutcome::try_from(0).is_err());
        for &k in TbaaEndKind::ALL {
            assert_eq!(TbaaEndKind::try_from(k as u8), Ok(k));
        }
        assert!(TbaaEndKind::try_from(3).is_err());
        assert_eq!(
            MergeKind::try_from(7).unwrap_err().to_string(),
            "unknown MergeKind 0x7 from the C++ side"
        );
    }

    #[test]
    fn flag_sets_reject_unknown_bits() {
        let all = CheckFlags::try_from(15).expect("every known bit");
        assert!(CheckFlag::ALL.iter().all(|&f| all.has(f)));
        let none = CheckFlags::try_from(0).expect("no bit");
        assert!(CheckFlag::ALL.iter().all(|&f| !none.has(f)));
        let some = CheckFlags::try_from(CheckFlag::Warn as u32 | CheckFlag::Json as u32).unwrap();
        assert!(some.has(CheckFlag::Warn) && some.has(CheckFlag::Json));
        assert!(!some.has(CheckFlag::Strip) && !some.has(CheckFlag::WhyNot));
        for bits in [16, 17, 0x8000_0000, u32::MAX] {
            assert_eq!(
                CheckFlags::try_from(bits),
                Err(UnknownCode {
                    what: "CheckFlag",
                    value: bits
                })
            );
        }
        for bits in [64, 65, 0x8000_0000, u32::MAX] {
            assert!(InspectFlags::try_from(bits).is_err());
        }
        let scopes = InspectFlags::try_from(8).unwrap();
        assert!(scopes.has(InspectFlag::Scopes) && !scopes.has(InspectFlag::Json));
    }

    #[test]
    fn answers_are_their_bool() {
        assert_eq!(Answer::may_alias(true) as u8, 1);
        assert_eq!(Answer::may_alias(false) as u8, 0);
    }

    #[test]
    fn a_null_owned_string_is_empty() {
        // What aliaskit_bisect_query_text returns without a query, or for
        // a side other than 0 and 1: the struct comes back through the C
        // ABI, and dropping a null string frees nothing.
        let none =
            unsafe { super::super::imports::aliaskit_bisect_query_text(std::ptr::null(), 0) };
        assert_eq!(none.into_string(), "");
    }
}
