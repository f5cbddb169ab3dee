//! How a part of a layered sweep is shared among the threads: the size of a task, and the
//! write-back of the part's new values.

use rayon::prelude::*;
use std::ops::Range;

/// Positions of one task where a part of a sweep is large.
pub const BLOCK: usize = 1024;

/// Positions of one task of a part of `len` positions: [`BLOCK`], or fewer in a small part, so
/// that each thread gets at least [`TASKS`] tasks there (at least 64 positions a task). What a
/// task computes does not depend on its size: only how the part is shared.
pub(super) fn task_size(len: usize) -> usize {
    let threads = rayon::current_num_threads().max(1);
    (len / (TASKS * threads)).clamp(64, BLOCK)
}

/// Tasks a thread gets at least in a part of a sweep, where the part is large enough.
const TASKS: usize = 8;

/// `values[slot] = fresh[k]` for the k-th slot that `slots` gives for `ranks` (where the values
/// of those ranks are held), by every thread, `task` positions a task.
pub(super) fn write_back<I: Iterator<Item = usize>>(
    values: &mut [f64],
    slots: impl Fn(Range<usize>) -> I + Sync,
    ranks: Range<usize>,
    fresh: &[f64],
    task: usize,
) {
    /// `values`, shared by the threads of one write-back.
    struct Shared(*mut f64, usize);
    // SAFETY: the threads write through it to distinct positions only (below), and nothing
    // reads `values` until every write is done.
    #[allow(unsafe_code)]
    unsafe impl Sync for Shared {}
    impl Shared {
        fn set(&self, i: usize, v: f64) {
            assert!(i < self.1, "position {i} outside the values");
            // SAFETY: `i` is inside `values` (checked above), and `slots` gives each position
            // of the group once (the group's positions sorted, or the group's own slots), so
            // no two threads write the same value and none reads one.
            #[allow(unsafe_code)]
            unsafe {
                *self.0.add(i) = v
            };
        }
    }
    let shared = Shared(values.as_mut_ptr(), values.len());
    fresh.par_chunks(task).enumerate().for_each(|(c, fresh)| {
        let first = ranks.start + c * task;
        for (i, &v) in slots(first..first + fresh.len()).zip(fresh) {
            shared.set(i, v);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A part is shared in at least [`TASKS`] tasks a thread where it has 64 positions a task
    /// for them, in tasks of [`BLOCK`] where it is large.
    #[test]
    fn every_thread_gets_tasks() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(4)
            .build()
            .unwrap();
        pool.install(|| {
            for len in [1, 100, 2_048, 10_000, 32_768, 1_000_000] {
                let task = task_size(len);
                assert!((64..=BLOCK).contains(&task), "{len}: {task}");
                let tasks = len.div_ceil(task);
                if len >= 64 * TASKS * 4 {
                    assert!(tasks >= TASKS * 4, "{len} positions in {tasks} tasks");
                }
            }
            assert_eq!(task_size(1_000_000), BLOCK);
            assert_eq!(task_size(10_000), 312);
        });
    }

    /// Every value lands where the order says, whatever the task size.
    #[test]
    fn write_back_puts_each_value_in_place() {
        let order: Vec<u32> = (0..5_000u32).map(|i| (i * 7919) % 5_000).collect();
        let fresh: Vec<f64> = (0..5_000).map(f64::from).collect();
        for task in [64, 100, BLOCK] {
            let mut values = vec![-1.0; 5_000];
            let slots = |r: Range<usize>| order[r].iter().map(|&i| i as usize);
            write_back(&mut values, slots, 0..5_000, &fresh, task);
            for (k, &i) in order.iter().enumerate() {
                assert_eq!(values[i as usize], fresh[k]);
            }
        }
    }
}
