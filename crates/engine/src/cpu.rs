//! What this processor runs fast: the run-time checks that choose a copy of a hot function
//! compiled for more instructions than the default x86-64 target has.

use crate::movegen::KthSquare;

/// Whether this processor has BMI2, POPCNT and BMI1, for the numbering's copies compiled for
/// them (`StateIndex::index`, `StateIndex::position`), and runs BMI2's `pext` and `pdep`
/// in hardware.
pub fn bit_instructions() -> bool {
    #[cfg(target_arch = "x86_64")]
    return has_bit_instructions() && !microcoded_deposit(amd(), cpuid(1).eax);
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// Whether this processor has BMI2, POPCNT and BMI1 (fast or not).
#[cfg(target_arch = "x86_64")]
pub(crate) fn has_bit_instructions() -> bool {
    std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("popcnt")
        && std::arch::is_x86_feature_detected!("bmi1")
}

/// Proof that this processor runs BMI2's `pdep` fast (and has POPCNT and BMI1): only
/// [`Deposit::detect`] makes one. It finds the `k`-th pawn of a bit set in one instruction
/// ([`KthSquare`]); a caller compiled for `bmi2` gets the instruction inlined.
#[derive(Clone, Copy, Debug)]
pub struct Deposit(());

impl Deposit {
    /// The proof, where this processor runs BMI2 fast (see [`bit_instructions`]).
    pub fn detect() -> Option<Deposit> {
        bit_instructions().then_some(Deposit(()))
    }
}

impl KthSquare for Deposit {
    // `unsafe` (each use in the project says why it is sound): `pdep` needs BMI2.
    #[allow(unsafe_code)]
    #[inline(always)]
    fn kth(self, bits: u32, k: usize, pawns: u32) -> u8 {
        #[cfg(target_arch = "x86_64")]
        {
            let _ = pawns;
            // SAFETY: a `Deposit` exists only where the processor reported BMI2 (`detect`).
            // `1 << k` is in range: k is below the count of set bits of a `u32`.
            let one = unsafe { std::arch::x86_64::_pdep_u32(1 << k, bits) };
            one.trailing_zeros() as u8
        }
        #[cfg(not(target_arch = "x86_64"))]
        crate::movegen::Portable.kth(bits, k, pawns)
    }
}

/// CPUID's leaf `leaf`.
// `unsafe` (each use in the project says why it is sound): `__cpuid` is an unsafe function
// in the Rust releases before it was made safe, and the project builds from 1.89.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code, unused_unsafe)]
fn cpuid(leaf: u32) -> std::arch::x86_64::CpuidResult {
    // SAFETY: every x86-64 processor has CPUID, and leaves 0 and 1 always exist.
    unsafe { std::arch::x86_64::__cpuid(leaf) }
}

/// Whether the processor's vendor is AMD ("AuthenticAMD").
#[cfg(target_arch = "x86_64")]
fn amd() -> bool {
    let id = cpuid(0);
    (id.ebx, id.edx, id.ecx) == (0x6874_7541, 0x6974_6e65, 0x444d_4163)
}

/// Whether `pext` and `pdep` run in microcode on a processor of this vendor and signature
/// (CPUID leaf 1's `eax`): AMD's before Zen 3 (family 17h and below: Zen 2 takes from about 20
/// to some 300 cycles each, by the mask's bits), where the portable loop is faster. Intel's
/// run them in 3 cycles since Haswell.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
fn microcoded_deposit(amd: bool, signature: u32) -> bool {
    let base = (signature >> 8) & 0xf;
    let family = base
        + if base == 0xf {
            (signature >> 20) & 0xff
        } else {
            0
        };
    amd && family < 0x19
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::Portable;

    /// `pdep` finds the k-th pawn the loop finds, for every k of many bit sets (where the
    /// processor has a fast BMI2; elsewhere there is one way only).
    #[test]
    fn the_deposit_finds_the_pawn_the_loop_finds() {
        let Some(deposit) = Deposit::detect() else {
            return eprintln!("no fast BMI2 here: one way only");
        };
        let mut x = 0x2545_f491u32;
        for _ in 0..5000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            let bits = x & 0x7fff_fffe;
            let n = bits.count_ones();
            for k in 0..n as usize {
                assert_eq!(
                    deposit.kth(bits, k, n),
                    Portable.kth(bits, k, n),
                    "{bits:#x} {k}"
                );
            }
        }
    }

    /// `pext` and `pdep` are left to the portable loop on AMD's processors before Zen 3, by the
    /// family in CPUID's signature (base 0xf plus the extended family).
    #[test]
    fn deposits_in_microcode_are_left_alone() {
        let (zen2, zen3, zen4) = (0x0083_0f10, 0x00a2_0f10, 0x00a1_0f11);
        assert!(microcoded_deposit(true, zen2));
        assert!(!microcoded_deposit(true, zen3));
        assert!(!microcoded_deposit(true, zen4));
        assert!(
            !microcoded_deposit(false, 0x0009_06ea),
            "Intel's Coffee Lake"
        );
        assert!(
            microcoded_deposit(true, 0x0060_0f20),
            "AMD's Excavator, family 15h"
        );
    }
}
