//! LLVM's capture components and `captures(...)` claims.

use std::fmt;

/// LLVM's `CaptureComponents` bitmask.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Components(pub u8);

impl Components {
    pub const NONE: Components = Components(0);
    pub const ADDRESS_IS_NULL: Components = Components(1);
    pub const ADDRESS: Components = Components(2 | 1);
    pub const READ_PROVENANCE: Components = Components(4);
    pub const PROVENANCE: Components = Components(8 | 4);
    pub const ALL: Components = Components(15);

    pub fn union(self, o: Components) -> Components {
        Components(self.0 | o.0)
    }

    pub fn intersect(self, o: Components) -> Components {
        Components(self.0 & o.0)
    }

    pub fn is_none(self) -> bool {
        self.0 == 0
    }

    /// Whether every component of `self` is allowed by `allowed`.
    pub fn within(self, allowed: Components) -> bool {
        self.0 & !allowed.0 == 0
    }

    /// `!captures` metadata / attribute spelling of one component.
    pub fn from_name(name: &str) -> Option<Components> {
        Some(match name {
            "none" => Components::NONE,
            "address" => Components::ADDRESS,
            "address_is_null" => Components::ADDRESS_IS_NULL,
            "provenance" => Components::PROVENANCE,
            "read_provenance" => Components::READ_PROVENANCE,
            _ => return None,
        })
    }
}

impl fmt::Display for Components {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if self.0 & 2 != 0 {
            parts.push("address");
        } else if self.0 & 1 != 0 {
            parts.push("address_is_null");
        }
        if self.0 & 8 != 0 {
            parts.push("provenance");
        } else if self.0 & 4 != 0 {
            parts.push("read_provenance");
        }
        if parts.is_empty() {
            f.write_str("none")
        } else {
            f.write_str(&parts.join(", "))
        }
    }
}

/// LLVM's `CaptureInfo`: components captured elsewhere and through `ret`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct CaptureInfo {
    pub other: Components,
    pub ret: Components,
}

impl CaptureInfo {
    pub const ALL: CaptureInfo = CaptureInfo {
        other: Components::ALL,
        ret: Components::ALL,
    };
    /// `captures(none)`: the claim nothing satisfies but a use that
    /// captures nothing.
    pub const NONE: CaptureInfo = CaptureInfo {
        other: Components::NONE,
        ret: Components::NONE,
    };

    /// The integer value of the `captures` attribute (`other << 4 | ret`).
    pub fn from_int(v: u64) -> CaptureInfo {
        CaptureInfo {
            other: Components(((v >> 4) & 15) as u8),
            ret: Components((v & 15) as u8),
        }
    }

    pub fn is_all(self) -> bool {
        self == CaptureInfo::ALL
    }
}

impl fmt::Display for CaptureInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.other == self.ret {
            write!(f, "captures({})", self.other)
        } else if self.other.is_none() {
            write!(f, "captures(ret: {})", self.ret)
        } else {
            write!(f, "captures({}, ret: {})", self.other, self.ret)
        }
    }
}
