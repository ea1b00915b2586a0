//! `ALIASKIT_BISECT`'s selections: which decisions keep their definite
//! answer. A term matches decisions by the low bits of their ids (a
//! [`Suffix`], Go's `bisect` style), by id, or by their module: the low
//! bits of its [`ModuleKey`], or one module and the low bits of the ids in
//! it. The module terms let `aliaskit bisect` narrow a build of many
//! modules by module first, so that a run changes what is kept in as few
//! modules as possible (and a build that tracks its dependencies rebuilds
//! only those).

use std::fmt;
use std::str::FromStr;

use super::{DecisionId, ModuleKey};

/// Low bits of an id: the `bits` lowest bits must equal `value`, except
/// the digits in `free`, which may be either.
///
/// Written as binary digits with the lowest bit last, as Go's bisect does:
/// `+01` keeps the ids whose bit 0 is 1 and bit 1 is 0. Longer suffixes
/// are made by writing a digit in front. A `.` is a free digit: `+0.1`
/// keeps the ids whose bit 0 is 1 and bit 2 is 0, whatever bit 1 is (the
/// parallel search asks about several bits at once with these,
/// [`Suffix::ask`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Suffix {
    pub bits: u8,
    pub value: u64,
    /// Digits below `bits` that match either way (their `value` bits are 0).
    pub free: u64,
}

impl Suffix {
    /// The empty suffix: every id ends in it.
    pub const ALL: Suffix = Suffix {
        bits: 0,
        value: 0,
        free: 0,
    };

    /// The ids whose `bits` lowest bits are `value`.
    pub fn new(bits: u8, value: u64) -> Suffix {
        Suffix {
            bits,
            value,
            free: 0,
        }
    }

    fn mask(self) -> u64 {
        let all = if self.bits >= 64 {
            u64::MAX
        } else {
            (1u64 << self.bits) - 1
        };
        all & !self.free
    }

    pub fn matches(self, id: DecisionId) -> bool {
        self.matches_bits(id.0)
    }

    /// Whether `bits` (an id, or a module's key) ends in this suffix.
    pub fn matches_bits(self, bits: u64) -> bool {
        bits & self.mask() == self.value
    }

    /// BITS of the selection syntax: `0`, `1` and `.` digits, lowest last.
    fn parse(b: &str) -> Option<Suffix> {
        let ok = !b.is_empty()
            && b.len() <= 64
            && b.bytes().all(|c| matches!(c, b'0' | b'1' | b'.'))
            && b.bytes().any(|c| c != b'.');
        let digit = |want: u8| b.bytes().fold(0u64, |v, c| (v << 1) | u64::from(c == want));
        ok.then(|| Suffix {
            bits: b.len() as u8,
            value: digit(b'1'),
            free: digit(b'.'),
        })
    }

    /// The two halves of this suffix: one more bit, 0 and 1.
    pub fn halves(self) -> Option<(Suffix, Suffix)> {
        if self.bits >= 64 {
            return None;
        }
        let one = 1u64 << self.bits;
        Some((
            Suffix {
                bits: self.bits + 1,
                ..self
            },
            Suffix {
                bits: self.bits + 1,
                value: self.value | one,
                ..self
            },
        ))
    }

    /// The ids of this suffix whose digit `k` places above it is 0, the
    /// digits in between free: the question "is the culprit's next-but-k
    /// bit 0?", asked of one culprit alongside the others of a round.
    /// None past 64 bits.
    pub fn ask(self, k: u8) -> Option<Suffix> {
        let bit = self.bits.checked_add(k).filter(|&b| b < 64)?;
        let between = ((1u64 << bit) - 1) & !((1u64 << self.bits) - 1);
        Some(Suffix {
            bits: bit + 1,
            value: self.value,
            free: self.free | between,
        })
    }

    /// This suffix, `k` digits longer: `digits`' lowest `k` bits written in
    /// front. None past 64 bits.
    pub fn extend(self, k: u8, digits: u64) -> Option<Suffix> {
        let bits = self.bits.checked_add(k).filter(|&b| b <= 64)?;
        let width = if k >= 64 { u64::MAX } else { (1u64 << k) - 1 };
        Some(Suffix {
            bits,
            value: self.value | (digits & width).checked_shl(self.bits as u32).unwrap_or(0),
            free: self.free,
        })
    }
}

impl fmt::Display for Suffix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for i in (0..self.bits).rev() {
            f.write_str(if self.free >> i & 1 == 1 {
                "."
            } else if self.value >> i & 1 == 1 {
                "1"
            } else {
                "0"
            })?;
        }
        Ok(())
    }
}

/// One term of a [`Selection`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Term {
    /// Ids ending in these bits (the empty suffix: every id).
    Suffix(Suffix),
    /// One id.
    Id(DecisionId),
    /// The decisions of the modules whose key ends in these bits.
    Modules(Suffix),
    /// The decisions of one module whose ids end in these bits.
    InModule(ModuleKey, Suffix),
}

impl Term {
    /// Whether the term matches decision `id` of module `module` (None:
    /// not known, and then no module term matches).
    fn matches(self, id: DecisionId, module: Option<ModuleKey>) -> bool {
        match self {
            Term::Suffix(s) => s.matches(id),
            Term::Id(x) => x == id,
            Term::Modules(s) => module.is_some_and(|m| s.matches_bits(m.0)),
            Term::InModule(m, s) => module == Some(m) && s.matches(id),
        }
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bits = |s: &Suffix| {
            if s.bits == 0 {
                "y".to_owned()
            } else {
                s.to_string()
            }
        };
        match self {
            Term::Suffix(s) => f.write_str(&bits(s)),
            Term::Id(id) => write!(f, "x{id}"),
            Term::Modules(s) => write!(f, "m{}", bits(s)),
            Term::InModule(m, s) => write!(f, "mx{:016x}:{}", m.0, bits(s)),
        }
    }
}

impl FromStr for Term {
    type Err = ();

    /// A term without its sign.
    fn from_str(b: &str) -> Result<Term, ()> {
        let bits = |b: &str| {
            if b == "y" {
                Some(Suffix::ALL)
            } else {
                Suffix::parse(b)
            }
        };
        if let Some(rest) = b.strip_prefix("mx") {
            let (key, ids) = rest.split_once(':').ok_or(())?;
            let key = u64::from_str_radix(key, 16).map_err(|_| ())?;
            return Ok(Term::InModule(ModuleKey(key), bits(ids).ok_or(())?));
        }
        if let Some(rest) = b.strip_prefix('m') {
            return bits(rest).map(Term::Modules).ok_or(());
        }
        if let Some(rest) = b.strip_prefix('x') {
            return rest.parse().map(Term::Id).map_err(|_| ());
        }
        bits(b).map(Term::Suffix).ok_or(())
    }
}

/// Which decisions keep their definite answer (`ALIASKIT_BISECT`).
///
/// Syntax: terms separated by spaces or commas.
///
/// | term | keeps |
/// |---|---|
/// | `y` | every decision |
/// | `n` | none (the same as an empty selection) |
/// | `+BITS` or `BITS` | decisions whose id ends in the binary digits BITS (lowest bit last) |
/// | `-BITS` | not those, whatever else matches |
/// | `+1.0` | a `.` in BITS is either digit: here bit 2 is 1 and bit 0 is 0 |
/// | `+xHEX` / `-xHEX` | the decision with that id / not it |
/// | `+mBITS` | the decisions of the modules whose key ends in BITS (`my`: of every module) |
/// | `+mxHEX:BITS` | the decisions of module HEX (its key) whose id ends in BITS (`:y`: all of them) |
///
/// A decision is kept when some `+` term matches it and no `-` term does.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Selection {
    pub keep: Vec<Term>,
    pub except: Vec<Term>,
}

impl Selection {
    /// Keeps every decision (`y`).
    pub fn all() -> Selection {
        Selection {
            keep: vec![Term::Suffix(Suffix::ALL)],
            except: Vec::new(),
        }
    }

    /// Keeps none (`n`).
    pub fn none() -> Selection {
        Selection::default()
    }

    /// Keeps exactly these ids.
    pub fn ids(ids: impl IntoIterator<Item = DecisionId>) -> Selection {
        Selection {
            keep: ids.into_iter().map(Term::Id).collect(),
            except: Vec::new(),
        }
    }

    /// This selection, also keeping `term`.
    pub fn with(&self, term: Term) -> Selection {
        let mut s = self.clone();
        if !s.keep.contains(&term) {
            s.keep.push(term);
        }
        s
    }

    /// Whether decision `id` is kept, its module unknown (no module term
    /// matches it).
    pub fn keeps(&self, id: DecisionId) -> bool {
        self.keeps_in(id, None)
    }

    /// Whether decision `id` of module `module` is kept.
    pub fn keeps_in(&self, id: DecisionId, module: Option<ModuleKey>) -> bool {
        self.keep.iter().any(|t| t.matches(id, module))
            && !self.except.iter().any(|t| t.matches(id, module))
    }

    /// The ids this selection keeps when it keeps exactly some ids (the
    /// inverse of [`Selection::ids`]); None for any other selection.
    pub fn only_ids(&self) -> Option<Vec<DecisionId>> {
        if !self.except.is_empty() || self.keep.is_empty() {
            return None;
        }
        self.keep
            .iter()
            .map(|t| match t {
                Term::Id(id) => Some(*id),
                _ => None,
            })
            .collect()
    }

    /// Whether the selection has module terms (then the plugin needs each
    /// decision's module to apply it).
    pub fn by_module(&self) -> bool {
        self.keep
            .iter()
            .chain(&self.except)
            .any(|t| matches!(t, Term::Modules(_) | Term::InModule(..)))
    }
}

impl fmt::Display for Selection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.keep.is_empty() {
            return f.write_str("n");
        }
        let mut first = true;
        for (sign, terms) in [("+", &self.keep), ("-", &self.except)] {
            for t in terms {
                if !first {
                    f.write_str(" ")?;
                }
                first = false;
                match t {
                    Term::Suffix(s) if s.bits == 0 && sign == "+" => f.write_str("y")?,
                    _ => write!(f, "{sign}{t}")?,
                }
            }
        }
        Ok(())
    }
}

impl FromStr for Selection {
    type Err = String;

    fn from_str(text: &str) -> Result<Selection, String> {
        let mut sel = Selection::none();
        for word in text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
        {
            let (negative, body) = match word.as_bytes()[0] {
                b'+' => (false, &word[1..]),
                b'-' => (true, &word[1..]),
                _ => (false, word),
            };
            let term = match body {
                "n" if !negative && body.len() == word.len() => continue,
                b => b.parse::<Term>().map_err(|()| {
                    format!(
                        "bad term '{word}' (expected y, n, [+-]BITS of 0, 1 and ., [+-]xHEXID, [+-]mBITS or [+-]mxHEXKEY:BITS)"
                    )
                })?,
            };
            if negative {
                sel.except.push(term);
            } else {
                sel.keep.push(term);
            }
        }
        Ok(sel)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suffixes_select_by_low_bits() {
        let s: Selection = "+01".parse().unwrap();
        assert!(s.keeps(DecisionId(0b1101)));
        assert!(!s.keeps(DecisionId(0b1111)));
        assert!(!s.keeps(DecisionId(0b1100)));
        assert_eq!(s.to_string(), "+01");
        let (zero, one) = Suffix::ALL.halves().unwrap();
        assert_eq!(
            (zero.to_string(), one.to_string()),
            ("0".into(), "1".into())
        );
        let (s0, s1) = one.halves().unwrap();
        assert_eq!((s0.to_string(), s1.to_string()), ("01".into(), "11".into()));
        assert!(s1.matches(DecisionId(0b11)) && !s1.matches(DecisionId(0b01)));
    }

    #[test]
    fn free_digits_ask_one_bit_of_several() {
        let one = Suffix::new(1, 1);
        // Bit 1 is 0 and bit 3 is 0: "is the culprit's next bit 0", and
        // "is the one after it 0", each whatever the others are.
        let (a0, a2) = (one.ask(0).unwrap(), one.ask(2).unwrap());
        assert_eq!(
            (a0.to_string(), a2.to_string()),
            ("01".into(), "0..1".into())
        );
        assert!(a2.matches(DecisionId(0b0111)) && a2.matches(DecisionId(0b0001)));
        assert!(!a2.matches(DecisionId(0b1001)) && !a2.matches(DecisionId(0b0000)));
        let s: Selection = "+0..1".parse().unwrap();
        assert_eq!(s.keep, vec![Term::Suffix(a2)]);
        assert_eq!(s.to_string(), "+0..1");
        // The answers of a round, written in front: bits 1..3 = 1, 0, 1.
        let next = one.extend(3, 0b101).unwrap();
        assert_eq!(next.to_string(), "1011");
        assert!(next.matches(DecisionId(0b11011)) && !next.matches(DecisionId(0b1001)));
        assert!(Suffix::new(63, 0).ask(1).is_none());
        assert_eq!(Suffix::new(63, 0).ask(0).unwrap().bits, 64);
        assert!("+...".parse::<Selection>().is_err());
    }

    #[test]
    fn selections_parse_print_and_combine() {
        let all: Selection = "y".parse().unwrap();
        assert!(all.keeps(DecisionId(7)));
        assert_eq!(all, Selection::all());
        let none: Selection = "n".parse().unwrap();
        assert!(!none.keeps(DecisionId(7)));
        assert_eq!("".parse::<Selection>().unwrap(), Selection::none());
        let s: Selection = "y -x0000000000000007, -10".parse().unwrap();
        assert!(!s.keeps(DecisionId(7)));
        assert!(!s.keeps(DecisionId(0b110)));
        assert!(s.keeps(DecisionId(0b111 << 4)));
        let round: Selection = s.to_string().parse().unwrap();
        assert_eq!(round, s);
        let ids = Selection::ids([DecisionId(3), DecisionId(9)]);
        assert_eq!(ids.only_ids(), Some(vec![DecisionId(3), DecisionId(9)]));
        assert_eq!(Selection::none().only_ids(), None);
        assert_eq!(s.only_ids(), None);
        assert_eq!(ids.with(Term::Suffix(Suffix::new(1, 0))).only_ids(), None);
        assert!(ids.keeps(DecisionId(9)) && !ids.keeps(DecisionId(4)));
        assert_eq!(ids.to_string().parse::<Selection>().unwrap(), ids);
        for bad in ["+2", "x", "-xzz", "maybe", "+"] {
            assert!(bad.parse::<Selection>().is_err(), "{bad}");
        }
    }

    #[test]
    fn module_terms_select_by_module() {
        let (a, b) = (ModuleKey(0b10), ModuleKey(0xabc1));
        let by_key: Selection = "+m0".parse().unwrap();
        assert!(by_key.keeps_in(DecisionId(7), Some(a)));
        assert!(!by_key.keeps_in(DecisionId(7), Some(b)));
        // Without the module, no module term matches.
        assert!(!by_key.keeps(DecisionId(7)));
        assert!(by_key.by_module() && !Selection::all().by_module());
        let within: Selection = "+mx000000000000abc1:01 -x0000000000000005".parse().unwrap();
        assert_eq!(within.keep, vec![Term::InModule(b, Suffix::new(2, 0b01))]);
        assert!(within.keeps_in(DecisionId(0b1101), Some(b)));
        assert!(!within.keeps_in(DecisionId(0b1101), Some(a)));
        assert!(!within.keeps_in(DecisionId(5), Some(b)));
        let whole: Selection = "+mx000000000000abc1:y my".parse().unwrap();
        assert_eq!(
            whole.keep,
            vec![Term::InModule(b, Suffix::ALL), Term::Modules(Suffix::ALL)]
        );
        for s in [by_key, within, whole] {
            assert_eq!(s.to_string().parse::<Selection>().unwrap(), s);
        }
        for bad in ["+m", "+mx12", "+mxzz:y", "+mx12:2", "+m2"] {
            assert!(bad.parse::<Selection>().is_err(), "{bad}");
        }
    }
}
