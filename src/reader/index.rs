//! Pointer to row: which row of the core's table an `MDNode` is.
//!
//! Every query names its nodes by pointer, so this lookup is on the query
//! path. A [`PointerTable`] is an open-addressing table of `(key, value)`
//! slots with linear probing, keyed by one pointer ([`RowIndex`]: a node's
//! row) or by a pair of pointers (the two scope lists of an access, see
//! [`super::scoped`]): a multiply and a shift find a key's first slot, and
//! a found key is almost always there or in the next one, because the
//! table is kept at most half full (4096 slots at first, doubling as keys
//! arrive: at most four slots per distinct key, 64 bytes per node for a
//! [`RowIndex`]). Nothing is ever removed.
//! Pointer keys are valid for the life of the session (see the lifetime
//! note in [`super`]).
//!
//! Passes ask about one access against many in a row (GVN and MemorySSA
//! walk back from one instruction, `aa-eval` pairs each access with all
//! before it), so the first node of a query is usually the last query's
//! first node: a [`LastLookup`] keeps that one entry aside. The second
//! node changes with every question, but runs over the same accesses
//! in the same order for one first node after another: a [`SweepLookup`]
//! remembers the rows of one such sweep, place by place, and guesses the
//! second node's row as the one at the same place of the last sweep,
//! checked by the node kept beside it at the place. A sweep over
//! thousands of distinct tags then reads its rows in order instead of
//! probing a table far larger than the cache at a random slot for every
//! question, and tags that repeat within a sweep are guessed as well as
//! distinct ones.

/// A key of a [`PointerTable`]: one pointer or two.
pub trait Key: Copy + Eq {
    /// The key of an empty slot, never inserted (callers answer null
    /// pointers before asking, or find an empty slot's value right).
    const EMPTY: Self;
    /// Mixed so that the top bits, which pick the first slot, depend on
    /// every bit of the key.
    fn hash(self) -> usize;
}

impl Key for usize {
    const EMPTY: usize = 0;
    #[inline]
    fn hash(self) -> usize {
        self.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

impl Key for (usize, usize) {
    const EMPTY: (usize, usize) = (0, 0);
    #[inline]
    fn hash(self) -> usize {
        self.0.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ self.1.wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
    }
}

pub struct PointerTable<K, V> {
    /// `(key, value)`; an empty slot holds `(K::EMPTY, V::default())`.
    slots: Vec<(K, V)>,
    /// `64 - log2(slots)`: a key's first slot is its hash shifted right
    /// by this (63 while there are no slots: slot 0 or 1, neither of
    /// which exists).
    shift: u32,
    len: usize,
}

/// The row of each node pointer seen. Rows are dense numbers (the
/// core's, made in the order nodes are first seen).
pub type RowIndex = PointerTable<usize, u32>;

impl<K, V> Default for PointerTable<K, V> {
    fn default() -> PointerTable<K, V> {
        PointerTable {
            slots: Vec::new(),
            shift: 63,
            len: 0,
        }
    }
}

/// A lookup kept in front of a [`PointerTable`] ([`LastLookup`],
/// [`SweepLookup`]): it holds the values of some keys itself, found with
/// one compare, and keeps what the table finds for the others.
pub trait InFront<K: Key, V: Copy + Default> {
    /// The value of `key` if this lookup holds it. Cannot panic.
    fn held(&self, key: K) -> Option<&V>;

    /// Keeps `key` and its value, as the table found them.
    fn keep(&mut self, key: K, value: V);

    /// [`PointerTable::get`] through this lookup. Cannot panic.
    #[inline]
    fn get(&mut self, index: &PointerTable<K, V>, key: K) -> Option<V> {
        self.get_ref(index, key).copied()
    }

    /// [`InFront::get`], by reference (so that a large value is not
    /// copied).
    #[inline]
    fn get_ref<'a>(&'a mut self, index: &'a PointerTable<K, V>, key: K) -> Option<&'a V> {
        if self.held(key).is_some() {
            return self.held(key);
        }
        let value = index.get_ref(key)?;
        self.keep(key, *value);
        Some(value)
    }

    /// [`PointerTable::get_or_insert_with`] through this lookup.
    #[inline]
    fn get_or_insert_with(
        &mut self,
        index: &mut PointerTable<K, V>,
        key: K,
        read: impl FnOnce() -> V,
    ) -> V {
        if let Some(&value) = self.held(key) {
            return value;
        }
        let value = index.get_or_insert_with(key, read);
        self.keep(key, value);
        value
    }
}

/// The last `(key, value)` looked up through it, in front of a
/// [`PointerTable`] (such as a [`RowIndex`]): for the node of a query that
/// is usually the same as last time (see the module notes). At first it holds the empty key and
/// the default value, as an empty slot does.
pub struct LastLookup<K = usize, V = u32>(K, V);

impl<K: Key, V: Default> Default for LastLookup<K, V> {
    fn default() -> LastLookup<K, V> {
        LastLookup(K::EMPTY, V::default())
    }
}

impl<K: Key, V: Copy + Default> LastLookup<K, V> {
    /// Whether `key` is the one last found through it.
    #[inline(always)]
    pub fn is_last(&self, key: K) -> bool {
        self.0 == key
    }

    /// The value of the key looked up last (the empty key's default
    /// value at first).
    #[inline(always)]
    pub fn last(&self) -> &V {
        &self.1
    }

    /// The key looked up last (the empty key at first).
    #[inline(always)]
    pub fn last_key(&self) -> K {
        self.0
    }
}

impl<K: Key, V: Copy + Default> InFront<K, V> for LastLookup<K, V> {
    /// One compare: whether `key` is the one looked up last time.
    #[inline(always)]
    fn held(&self, key: K) -> Option<&V> {
        (self.0 == key).then_some(&self.1)
    }

    #[inline(always)]
    fn keep(&mut self, key: K, value: V) {
        *self = LastLookup(key, value);
    }
}

/// The values (rows) of the second keys (nodes) of a sweep of questions,
/// in front of a [`PointerTable`] (such as a [`RowIndex`]): a pass asks
/// one access (the first key) against a run of others, then the next
/// access against the same run (see the module notes), so the second key
/// of a question is usually the one at the same place in the last sweep.
/// Every question moves on by one place ([`SweepLookup::move_on`], also
/// one answered without a look-up, such as a repeated tag, so that places
/// stay in step), and the sweep starts again when the first key changes,
/// which the caller knows from the [`LastLookup`] of its first key; that
/// must hold the first key after every question, the slow path's too
/// (else the sweep starts again at the second question as well, and
/// every place after it is one off). A
/// place holds a key and its value, as found there last (the value of a
/// key never changes), so a guess is one compare of the key; a key found
/// by the table is written at its place, so that a changed run is learnt
/// in one sweep.
///
/// Memory: at most `MAX_PLACES` places of `(K, V)` each (16 bytes for a
/// [`RowIndex`]: 256 KiB).
pub struct SweepLookup<K = usize, V = u32, const MAX_PLACES: usize = { 1 << 14 }> {
    /// The second key at each place and its value, as last found there
    /// (the empty key before).
    places: Vec<(K, V)>,
    /// The current question's place.
    at: usize,
}

impl<K, V, const MAX_PLACES: usize> Default for SweepLookup<K, V, MAX_PLACES> {
    fn default() -> Self {
        SweepLookup {
            places: Vec::new(),
            at: 0,
        }
    }
}

impl<K: Key, V: Copy + Default, const MAX_PLACES: usize> SweepLookup<K, V, MAX_PLACES> {
    /// Places remembered at most.
    pub const MAX_PLACES: usize = MAX_PLACES;
    const FIRST_PLACES: usize = 256;

    /// Moves to the place of the next question: the next place if its
    /// first key is the last question's (`same_first`), else the first
    /// place of a new sweep.
    #[inline(always)]
    pub fn move_on(&mut self, same_first: bool) {
        if same_first {
            self.at = self.at.wrapping_add(1);
        } else {
            self.start();
        }
    }

    /// Starts a sweep.
    #[cold]
    fn start(&mut self) {
        self.at = 0;
    }

    /// The value at the current question's place, if the key there is
    /// `key` (not empty): one compare, no probe. Cannot panic.
    #[inline(always)]
    pub fn guess(&self, key: K) -> Option<&V> {
        let (place, value) = self.current()?;
        (*place == key).then_some(value)
    }

    /// The key at the current question's place (the empty key before the
    /// place is made). Cannot panic.
    pub fn current_key(&self) -> K {
        self.current().map_or(K::EMPTY, |&(key, _)| key)
    }

    /// The key and value at the current question's place, as last found
    /// there (`None` before the place is made). Cannot panic.
    #[inline(always)]
    pub fn current(&self) -> Option<&(K, V)> {
        self.places.get(self.at)
    }
}

impl<K: Key, V: Copy + Default, const MAX_PLACES: usize> InFront<K, V>
    for SweepLookup<K, V, MAX_PLACES>
{
    /// [`SweepLookup::guess`].
    #[inline(always)]
    fn held(&self, key: K) -> Option<&V> {
        self.guess(key)
    }

    /// Writes `key` and its value at the current place, making places up
    /// to it first (within the bound). Cannot panic (places grow only
    /// below a bound that is far from any overflow; an allocation that
    /// fails aborts).
    fn keep(&mut self, key: K, value: V) {
        let at = self.at;
        if at >= self.places.len() && at < MAX_PLACES {
            let len = (at + 1)
                .next_power_of_two()
                .clamp(Self::FIRST_PLACES.min(MAX_PLACES), MAX_PLACES);
            self.places.resize(len, (K::EMPTY, V::default()));
        }
        if let Some(place) = self.places.get_mut(at) {
            *place = (key, value);
        }
    }
}

impl<K: Key, V: Copy + Default> PointerTable<K, V> {
    const FIRST_BITS: u32 = 12;

    #[inline]
    fn first_slot(&self, key: K) -> usize {
        key.hash() >> self.shift
    }

    #[inline]
    fn bits(&self) -> u32 {
        if self.slots.is_empty() {
            0
        } else {
            64 - self.shift
        }
    }

    /// The slot holding `key` and its value, or the empty slot where it
    /// would go and `None`; `None` only while the table has no slots.
    /// Cannot panic (a slot outside the table is `None`); it ends because
    /// the table is never full.
    #[inline]
    fn probe(&self, key: K) -> Option<(usize, Option<&V>)> {
        let mut slot = self.first_slot(key);
        loop {
            let (k, value) = self.slots.get(slot)?;
            if *k == key {
                return Some((slot, Some(value)));
            }
            if *k == K::EMPTY {
                return Some((slot, None));
            }
            slot = (slot + 1) & (self.slots.len() - 1);
        }
    }

    /// The value of `key`, if it has one (for [`Key::EMPTY`], the default
    /// value once the table has slots). Cannot panic, so that the query
    /// path may ask it before its panic guard.
    #[inline]
    pub fn get(&self, key: K) -> Option<V> {
        self.get_ref(key).copied()
    }

    /// [`PointerTable::get`], by reference.
    #[inline]
    pub fn get_ref(&self, key: K) -> Option<&V> {
        self.probe(key)?.1
    }

    /// The value of `key`; `read` makes it the first time.
    #[inline]
    pub fn get_or_insert_with(&mut self, key: K, read: impl FnOnce() -> V) -> V {
        match self.get(key) {
            Some(value) => value,
            None => self.insert_new(key, read),
        }
    }

    /// [`PointerTable::get_or_insert_with`] of a key seen for the first
    /// time: out of line, so that a key found costs its callers nothing
    /// for it.
    #[cold]
    fn insert_new(&mut self, key: K, read: impl FnOnce() -> V) -> V {
        let value = read();
        self.insert(key, value);
        value
    }

    /// Adds a key not in the table.
    pub fn insert(&mut self, key: K, value: V) {
        debug_assert!(key != K::EMPTY, "the empty key is never inserted");
        debug_assert!(self.get(key).is_none());
        self.len += 1;
        let wanted = (2 * self.len)
            .next_power_of_two()
            .trailing_zeros()
            .max(Self::FIRST_BITS);
        if wanted > self.bits() {
            let empty = (K::EMPTY, V::default());
            let old = std::mem::replace(&mut self.slots, vec![empty; 1 << wanted]);
            self.shift = 64 - wanted;
            for (k, v) in old.into_iter().filter(|&(k, _)| k != K::EMPTY) {
                self.put(k, v);
            }
        }
        self.put(key, value);
    }

    fn put(&mut self, key: K, value: V) {
        let (slot, _) = self.probe(key).expect("a table with slots");
        self.slots[slot] = (key, value);
    }
}

#[cfg(test)]
mod tests {
    use super::{InFront, Key, LastLookup, PointerTable, RowIndex, SweepLookup};

    /// Pairs that differ in one pointer only, or are each other's
    /// reverse, are distinct keys; the empty pair reads as the default
    /// value once the table has slots, and nothing before.
    #[test]
    fn pairs_of_pointers_are_keys() {
        let mut table: PointerTable<(usize, usize), u64> = PointerTable::default();
        assert_eq!(table.get((0, 0)), None);
        assert_eq!(table.get((8, 16)), None);
        let keys: Vec<(usize, usize)> = (1..6000usize)
            .flat_map(|i| [(8 * i, 16), (16, 8 * i), (8 * i, 0), (0, 8 * i)])
            .filter(|&k| k != (16, 16))
            .collect();
        for (value, &k) in keys.iter().enumerate() {
            table.insert(k, value as u64 + 1);
        }
        for (value, &k) in keys.iter().enumerate() {
            assert_eq!(table.get(k), Some(value as u64 + 1), "{k:?}");
        }
        assert_eq!(table.get((16, 16)), None);
        assert_eq!(table.get(<(usize, usize)>::EMPTY), Some(0));
        assert!(table.slots.len() >= 2 * keys.len());
        let mut last = LastLookup::default();
        assert_eq!(last.get(&table, (8, 16)), Some(1));
        assert_eq!(last.get(&table, (8, 16)), Some(1));
        assert_eq!(last.get(&table, (24, 24)), None);
        assert_eq!(last.get(&table, (16, 8)), Some(2));
    }

    #[test]
    fn finds_every_pointer_after_growing_and_colliding() {
        let mut index = RowIndex::default();
        assert_eq!(index.get(0x1000), None);
        // Pointers 2^20 apart share their first slot until the table is
        // large; aligned pointers 8 apart fill it as nodes do.
        let pointers: Vec<usize> = (1..20_000usize)
            .map(|i| if i % 3 == 0 { i << 20 } else { i * 8 })
            .collect();
        for (row, &p) in pointers.iter().enumerate() {
            index.insert(p, row as u32);
        }
        for (row, &p) in pointers.iter().enumerate() {
            assert_eq!(index.get(p), Some(row as u32));
        }
        assert_eq!(index.get(8 * 20_001), None);
        assert!(index.slots.len() >= 2 * pointers.len());
        let fresh = pointers.len() as u32;
        let mut reads = 0;
        for _ in 0..3 {
            let row = index.get_or_insert_with(8 * 20_001, || {
                reads += 1;
                fresh
            });
            assert_eq!(row, fresh);
        }
        assert_eq!(reads, 1);
        assert_eq!(index.get(8 * 20_001), Some(fresh));
        assert_eq!(index.get(8), Some(0));
        // From the table, then from the side entry; a new pointer goes
        // into both.
        let mut last = LastLookup::default();
        assert_eq!(last.get_or_insert_with(&mut index, 8, || unreachable!()), 0);
        assert_eq!(last.get_or_insert_with(&mut index, 8, || unreachable!()), 0);
        assert_eq!(
            last.get_or_insert_with(&mut index, 16, || unreachable!()),
            1
        );
        let newer = fresh + 1;
        assert_eq!(
            last.get_or_insert_with(&mut index, 8 * 20_002, || newer),
            newer
        );
        assert_eq!(
            last.get_or_insert_with(&mut index, 8 * 20_002, || unreachable!()),
            newer
        );
        assert_eq!(index.get(8 * 20_002), Some(newer));
    }

    /// A [`SweepLookup`] learns a run of second nodes (with repeats) in
    /// one sweep and guesses it in the next, under another first node
    /// too; a question answered without a look-up keeps places in step;
    /// a changed run is found (never a wrong row) and learnt; places end
    /// at the bound, past which rows are still found.
    #[test]
    fn sweeps_are_guessed_and_checked() {
        let mut index = RowIndex::default();
        let key = |row: u32| 0x10_0000 + 1488 * row as usize;
        for row in 0..5000 {
            index.insert(key(row), row);
        }
        let run: Vec<u32> = (0..300u32).map(|i| (i * 7) % 50).collect();
        let mut sweep: SweepLookup = SweepLookup::default();
        // A sweep: its first question starts it, the others go on.
        for (i, &row) in run.iter().enumerate() {
            sweep.move_on(i != 0);
            assert_eq!(sweep.guess(key(row)), None, "nothing learnt yet");
            assert_eq!(sweep.get(&index, key(row)), Some(row));
        }
        for (i, &row) in run.iter().enumerate() {
            sweep.move_on(i != 0);
            assert_eq!(sweep.guess(key(row)).copied(), Some(row));
        }
        // Going on goes past the run; a new sweep starts over, and a
        // question answered without a look-up (every tenth) keeps the
        // places in step.
        sweep.move_on(true);
        assert_eq!(sweep.guess(key(run[0])), None);
        for (i, &row) in run.iter().enumerate() {
            sweep.move_on(i != 0);
            if i % 10 != 0 {
                assert_eq!(sweep.guess(key(row)).copied(), Some(row));
            }
        }
        // A changed run: rows found, never a wrong one, then learnt.
        let changed: Vec<u32> = (0..300u32)
            .map(|i| (i.wrapping_mul(2_654_435_761)) % 5000)
            .collect();
        for (i, &row) in changed.iter().enumerate() {
            sweep.move_on(i != 0);
            if let Some(&guessed) = sweep.guess(key(row)) {
                assert_eq!(guessed, row);
            }
            let again = sweep.get_or_insert_with(&mut index, key(row), || unreachable!());
            assert_eq!(again, row);
        }
        for (i, &row) in changed.iter().enumerate() {
            sweep.move_on(i != 0);
            assert_eq!(sweep.guess(key(row)).copied(), Some(row));
            assert_eq!(sweep.get_ref(&index, key(row)), Some(&row));
        }
        // Unknown keys: none from the index, made by the slow path.
        sweep.move_on(false);
        assert_eq!(sweep.get(&index, key(6000)), None);
        assert_eq!(sweep.get_ref(&index, key(6000)), None);
        assert_eq!(
            sweep.get_or_insert_with(&mut index, key(6000), || 6000),
            6000
        );
        assert_eq!(sweep.guess(key(6000)).copied(), Some(6000));
        // Past the bound: found, not guessed.
        let long = <SweepLookup>::MAX_PLACES + 10;
        for pass in 0..2 {
            for i in 0..long {
                let row = (i % 5000) as u32;
                sweep.move_on(i != 0);
                if pass == 1 {
                    let guessed = sweep.guess(key(row));
                    assert_eq!(
                        guessed.is_some(),
                        i < <SweepLookup>::MAX_PLACES,
                        "place {i}"
                    );
                }
                assert_eq!(sweep.get(&index, key(row)), Some(row));
            }
        }
        assert_eq!(sweep.places.len(), <SweepLookup>::MAX_PLACES);
    }
}
