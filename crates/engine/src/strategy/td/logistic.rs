//! The logistic function of `td`'s units, with only IEEE additions, multiplications and
//! divisions so that a network gives the same bits on every machine. Two forms, the same bits:
//! the Taylor series' divisions as written, and, where the processor fuses a multiplication
//! and an addition (one rounding), each division by a constant as a multiplication by its
//! rounded reciprocal and one exact correction (Markstein's), which a processor does several
//! times faster than a division.

/// e^x (x clamped to ±30): x = k ln 2 + r with |r| <= ln 2 / 2, e^r by its Taylor series to
/// r^7. `FUSED`: the divisions by 3, 5, 6 and 7 by [`divide`]'s fused form.
#[inline(always)]
pub(super) fn exp_by<const FUSED: bool>(x: f32) -> f32 {
    let x = x.clamp(-30.0, 30.0);
    // k is the truncated sum, kept a float (|k| <= 44, exact) so that the compiler keeps the
    // whole loop in vector registers (a cast to an integer saturates, one unit at a time).
    let k = (x * std::f32::consts::LOG2_E + if x < 0.0 { -0.5 } else { 0.5 }).trunc();
    // ln 2 in two parts (Cody and Waite), the first exact in few bits, so that k ln 2 is
    // subtracted without rounding away r's digits.
    let r = (x - k * 0.693_145_75) - k * 1.428_606_8e-6;
    let mut term = 1.0f32;
    let mut sum = 1.0f32;
    // `1..8`, not `1..=7`: an inclusive range's loop is not unrolled, and the sigmoids of
    // the network's units are then not vectorised.
    for n in 1..8 {
        term = divide::<FUSED>(term * r, n);
        sum += term;
    }
    // 2^k: k + 127 (83 to 171) added to 2^23 is a float whose low bits are that integer,
    // shifted into the exponent's place.
    sum * f32::from_bits((k + 127.0 + 8_388_608.0).to_bits() << 23)
}

/// a / n rounded to nearest. `FUSED` (where n is not a power of two): q = a · RN(1/n), then
/// q + (a − q·n) · RN(1/n), each with one rounding: q is within an ulp of a/n and a − q·n is
/// exact, so the corrected quotient is the rounded one (Markstein's theorem, for every `a`
/// whose quotient is a normal float; checked on a whole binade by a test). A term too small
/// to be normal is far below half an ulp of the sum it is added to.
#[inline(always)]
fn divide<const FUSED: bool>(a: f32, n: u32) -> f32 {
    let c = n as f32;
    if !FUSED || n.is_power_of_two() {
        return a / c;
    }
    let z = 1.0 / c;
    let q = a * z;
    let rem = (-q).mul_add(c, a);
    rem.mul_add(z, q)
}

/// The logistic function 1 / (1 + e^-x).
pub fn sigmoid(x: f32) -> f32 {
    sigmoid_by::<false>(x)
}

/// [`sigmoid`], its exponential's divisions fused or not ([`exp_by`]): the same bits.
#[inline(always)]
pub(super) fn sigmoid_by<const FUSED: bool>(x: f32) -> f32 {
    1.0 / (1.0 + exp_by::<FUSED>(-x))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exp(x: f32) -> f32 {
        exp_by::<false>(x)
    }

    #[test]
    fn the_exponential_is_accurate_to_a_few_units_in_the_last_place() {
        for k in -300..=300 {
            let x = k as f32 / 10.0;
            let exact = f64::from(x).exp();
            let rel = ((f64::from(exp(x)) - exact) / exact).abs();
            assert!(rel < 1e-6, "e^{x}: {} against {exact}", exp(x));
        }
        assert!((sigmoid(0.0) - 0.5).abs() < 1e-7);
    }

    /// The exponential as it was written before it was vectorised (k an integer), which every
    /// shipped network was trained with.
    fn exp_with_integer_k(x: f32) -> f32 {
        let x = x.clamp(-30.0, 30.0);
        let k = (x * std::f32::consts::LOG2_E + if x < 0.0 { -0.5 } else { 0.5 }) as i32;
        let r = (x - k as f32 * 0.693_145_75) - k as f32 * 1.428_606_8e-6;
        let (mut term, mut sum) = (1.0f32, 1.0f32);
        for n in 1..8 {
            term = term * r / n as f32;
            sum += term;
        }
        sum * f32::from_bits(((k + 127) as u32) << 23)
    }

    #[test]
    fn a_fused_division_by_a_constant_is_the_rounded_quotient() {
        // Every float of [1, 2): a quotient's rounding is the same in every binade whose
        // quotients are normal floats (a and a/n scale by the same power of two).
        for n in [3, 5, 6, 7] {
            for bits in 1f32.to_bits()..2f32.to_bits() {
                let a = f32::from_bits(bits);
                let q = divide::<true>(a, n);
                assert_eq!(q.to_bits(), (a / n as f32).to_bits(), "{a} / {n}");
                assert_eq!(divide::<true>(-a, n), -q);
            }
        }
    }

    #[test]
    #[ignore = "slow (10 s in a debug build): cargo test -- --include-ignored"]
    fn both_exponentials_have_the_bits_of_the_integer_form() {
        // Every 37th float from -40 to 40 (both signs, clamped ends included), and the ends:
        // the plain form against the integer one, the fused form against the plain one.
        let mut checked = 0;
        for bits in (0..=40f32.to_bits()).step_by(37).chain([30f32.to_bits()]) {
            for x in [f32::from_bits(bits), -f32::from_bits(bits)] {
                assert_eq!(exp(x).to_bits(), exp_with_integer_k(x).to_bits(), "e^{x}");
                assert_eq!(exp_by::<true>(x).to_bits(), exp(x).to_bits(), "fused e^{x}");
                let (fused, plain) = (sigmoid_by::<true>(x), sigmoid(x));
                assert_eq!(fused.to_bits(), plain.to_bits(), "sigmoid({x})");
                checked += 1;
            }
        }
        assert!(checked > 50_000_000);
        assert!(exp(f32::NAN).is_nan() && sigmoid(f32::NAN).is_nan());
        assert!(exp_by::<true>(f32::NAN).is_nan());
    }
}
