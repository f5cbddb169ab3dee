//! A class's throws: each group's count of each value of the device, in the order the teacher
//! wrote them, and their pooling group after group.

/// One group's counts, in the order of [`Class::values`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The group's name (the row's first cell).
    pub name: String,
    /// The line of the file it was read from (1-based; 0 for counts typed in a form).
    pub line: usize,
    /// Its count of each value.
    pub counts: Vec<u64>,
}

/// The class's throws: the device's values (ascending) and each group's counts, in file order.
/// Made by [`crate::read`] or [`crate::parse`], which check that every sum fits a `u64`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Class {
    /// The values, ascending.
    pub values: Vec<u8>,
    /// The groups, in file order (at least one).
    pub groups: Vec<Group>,
}

impl Class {
    /// The pooled counts after the first `k` groups, for k = 1 to the number of groups.
    pub fn pooled(&self) -> Vec<Vec<u64>> {
        let mut sum = vec![0u64; self.values.len()];
        let mut out = Vec::with_capacity(self.groups.len());
        for g in &self.groups {
            for (s, c) in sum.iter_mut().zip(&g.counts) {
                *s = s.saturating_add(*c);
            }
            out.push(sum.clone());
        }
        out
    }

    /// Every group's counts added up.
    pub fn totals(&self) -> Vec<u64> {
        let mut sum = vec![0u64; self.values.len()];
        for g in &self.groups {
            for (s, c) in sum.iter_mut().zip(&g.counts) {
                *s = s.saturating_add(*c);
            }
        }
        sum
    }

    /// The class's throws in all.
    pub fn throws(&self) -> u64 {
        self.totals().iter().fold(0, |a, &c| a.saturating_add(c))
    }

    /// Whether these are the kit's example groups, not a class's: every group's name says
    /// « exemple » (or "example"), as the shipped `classe.csv` does. A report then gives no
    /// verdict from them.
    pub fn is_example(&self) -> bool {
        self.groups.iter().all(|g| {
            let name = g.name.to_lowercase();
            name.contains("exemple") || name.contains("example")
        })
    }
}
