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

/// From this many bytes, a table is advised for huge pages: 3 pawns' 121 MB of values gain too
/// (`bench --solve-group 0 --pawns 3 --threads 2`: 145-178 ns a position against 172-197
/// with 4 KB pages, on the 2-core test machine).
const LARGE: usize = 64 << 20;

/// `len` copies of `x`, in memory advised for huge pages when they take `LARGE` bytes or more.
pub(crate) fn huge_filled<T: Copy + Send>(len: usize, x: T) -> Vec<T> {
    filled(len, x, LARGE)
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
    // SAFETY: `sysconf` only reads a constant of the system.
    let page = usize::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap_or(4096);
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
    }
}
