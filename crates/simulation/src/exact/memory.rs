//! The layered solve's table of values in 2 MB pages where Linux allows it.
//!
//! A sweep reads the values of the next positions at random across the whole table (4.7 GB of
//! `f64` with 4 pawns a side), and asks for them ahead of their use (a prefetch); with 4 KB
//! pages nearly every such request first misses the processor's cache of addresses, and every
//! page is faulted in one by one as the table is first written. Asking the kernel for
//! transparent huge pages (`madvise(MADV_HUGEPAGE)`, an advice: the kernel falls back to small
//! pages when it has no large ones, and the contents are the same) makes both cheaper. Smaller
//! tables are left as they are.

use rayon::iter::ParallelExtend;
use std::ops::Range;

/// From this many bytes, a table is advised for huge pages: 3 pawns' 121 MB of values gain too
/// (`bench --solve-group 0 --pawns 3 --threads 2`: 145-178 ns a position against 172-197
/// with 4 KB pages, on the 2-core test machine).
const LARGE: usize = 64 << 20;

/// `len` copies of `x`, in memory advised for huge pages when they take `LARGE` bytes or more.
pub(crate) fn huge_filled<T: Copy + Send>(len: usize, x: T) -> Vec<T> {
    filled(len, x, LARGE)
}

/// `len` zeros that take no memory until written (from some 32 MB, where the allocator maps
/// fresh pages; a smaller table may reuse memory freed before): the system's zeroed pages,
/// advised for huge pages when they take `LARGE` bytes or more. A layered solve writes a
/// group's values when the group starts, so the groups still to come leave their pages to the
/// outcomes of those before them ([`unwritten`]).
pub(crate) fn huge_zeroed(len: usize) -> Vec<f64> {
    // `vec!` of zeros asks the allocator for zeroed memory, which it need not write.
    let mut v = vec![0.0f64; len];
    if len * std::mem::size_of::<f64>() >= LARGE {
        advise(&mut v);
    }
    v
}

/// Bytes of a table of `len` values ([`huge_zeroed`]) that the positions of `ranges` (indices)
/// are sure to leave unwritten while nothing else in those ranges is written: each range's
/// whole pages, less a page at each end that a neighbour's value may share (a huge page of
/// 2 MB where the table is advised for them, the system's page elsewhere).
pub(crate) fn unwritten(len: usize, ranges: impl IntoIterator<Item = Range<u32>>) -> u64 {
    let value = std::mem::size_of::<f64>() as u64;
    let page = if len as u64 * value >= LARGE as u64 {
        HUGE_PAGE
    } else {
        page_size()
    };
    let lens = ranges.into_iter().map(|r| u64::from(r.end - r.start));
    lens.map(|n| unwritten_run(n, page)).sum()
}

/// Bytes of `n` values in a row, unwritten, whose pages of `page` bytes are sure to stay
/// empty: their bytes less a page at each end, which a neighbour's value may share.
pub(crate) fn unwritten_run(n: u64, page: u64) -> u64 {
    (std::mem::size_of::<f64>() as u64 * n).saturating_sub(2 * page)
}

/// Bytes of a huge page (x86-64 and AArch64 with 4 KB pages).
pub(crate) const HUGE_PAGE: u64 = 2 << 20;

/// Bytes of the system's page.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn page_size() -> u64 {
    // SAFETY: `sysconf` only reads a constant of the system.
    u64::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap_or(4096)
}

#[cfg(not(target_os = "linux"))]
fn page_size() -> u64 {
    4096
}

/// `len` copies of `x`, advised for huge pages from `large` bytes, written by every thread
/// (the first write of a page is where the kernel gives it: 4.7 GB for 4 pawns a side).
fn filled<T: Copy + Send>(len: usize, x: T, large: usize) -> Vec<T> {
    let mut v = Vec::with_capacity(len);
    if len * std::mem::size_of::<T>() >= large {
        advise(&mut v);
    }
    // Into the capacity reserved above: an indexed iterator is written in place, in parallel.
    v.par_extend(rayon::iter::repeat_n(x, len));
    v
}

/// Advises the whole pages of `v`'s allocation for huge pages (Linux; nothing elsewhere).
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn advise<T>(v: &mut Vec<T>) {
    let bytes = v.capacity() * std::mem::size_of::<T>();
    let page = page_size() as usize;
    let start = v.as_mut_ptr() as usize;
    let (lo, hi) = (start.next_multiple_of(page), (start + bytes) / page * page);
    if hi > lo {
        // SAFETY: whole pages inside the vector's own allocation, not yet written; the advice
        // changes no content, and a refusal (an old kernel, huge pages off) leaves small pages.
        unsafe { libc::madvise(lo as *mut libc::c_void, hi - lo, libc::MADV_HUGEPAGE) };
    }
}

#[cfg(not(target_os = "linux"))]
fn advise<T>(_: &mut Vec<T>) {}

#[cfg(test)]
mod tests {
    use super::*;

    /// Advised (large) or not, the vector holds `len` copies of the value.
    #[test]
    fn huge_vectors_hold_what_was_put_in() {
        let big = filled(3 << 20, 0.5f64, 8 << 20);
        assert_eq!(big.len(), 3 << 20);
        assert!(big.iter().all(|&x| x == 0.5));
        assert_eq!(huge_filled(5, 7u32), vec![7u32; 5]);
        assert_eq!(huge_filled(0, 1u8), Vec::<u8>::new());
        let zeros = huge_zeroed(9 << 20);
        assert_eq!(zeros.len(), 9 << 20);
        assert!(zeros.iter().all(|&x| x.to_bits() == 0));
    }

    /// A range counts its values' bytes less two pages: huge ones in a table advised for them,
    /// none below a range of two pages.
    #[test]
    fn unwritten_bytes_leave_a_page_at_each_end() {
        let huge = LARGE / 8;
        assert_eq!(
            unwritten(huge, std::iter::once(0..(1 << 20))),
            (8 << 20) - (4 << 20)
        );
        assert_eq!(unwritten(huge, [0..(1 << 19), 10..20]), 0);
        let small = page_size();
        let n = (small / 8) as u32;
        assert_eq!(
            unwritten(1000, [0..5 * n, 7 * n..10 * n]),
            3 * small + small
        );
        assert_eq!(unwritten(1000, std::iter::empty()), 0);
    }
}
