//! What this processor runs fast: the run-time checks that choose a copy of a hot function
//! compiled for more instructions than the default x86-64 target has.

/// Whether this processor has BMI2, POPCNT and BMI1, for the numbering's copies compiled for
/// them (`StateIndex::index`, `StateIndex::position`), and runs BMI2's `pext` and `pdep`
/// in hardware.
pub(crate) fn bit_instructions() -> bool {
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
