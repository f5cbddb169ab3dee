//! The network of `td`: its weights, its output for one position or several, and its learning
//! step.

use super::inputs::{features, Features, INPUTS};
use super::logistic::sigmoid_by;
use crate::board::Position;
use crate::rules::Rules;
use crate::throws::mix64;

/// The most hidden units a network may have.
pub const MAX_HIDDEN: usize = 256;

/// Whether this processor runs the copies compiled for AVX2 and FMA (a cached flag read).
#[cfg(target_arch = "x86_64")]
fn fused() -> bool {
    std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma")
}

/// Positions valued together by [`Net::values`].
const BATCH: usize = 4;

/// Scratch space of [`Net::values`]: the hidden outputs of a batch of positions. The caller's,
/// reused from call to call.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    hidden: Vec<f32>,
}

/// A network: `hidden` sigmoid units over [`INPUTS`] inputs, one sigmoid output, the side to
/// move's winning chance.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    /// Hidden units.
    hidden: usize,
    /// Input weights, input after input: `w1[i * hidden + j]` from input i to unit j.
    w1: Vec<f32>,
    /// Hidden biases.
    b1: Vec<f32>,
    /// Output weights.
    w2: Vec<f32>,
    /// Output bias.
    b2: f32,
}

/// A network's numbers in a file's order: hidden units, input weights (input after input),
/// hidden biases, output weights, output bias.
pub type Parts = (usize, Vec<f32>, Vec<f32>, Vec<f32>, f32);

impl Net {
    /// A network of `hidden` units (1 to [`MAX_HIDDEN`]) with small weights drawn from `seed`
    /// (uniform in ±0.1).
    pub fn new(hidden: usize, seed: u64) -> Net {
        assert!(
            (1..=MAX_HIDDEN).contains(&hidden),
            "1 to {MAX_HIDDEN} units"
        );
        let mut k = 0u64;
        let mut draw = || {
            k += 1;
            let u = (mix64(seed ^ mix64(k)) >> 40) as f32 / (1u64 << 24) as f32;
            0.2 * u - 0.1
        };
        Net {
            hidden,
            w1: (0..INPUTS * hidden).map(|_| draw()).collect(),
            b1: (0..hidden).map(|_| draw()).collect(),
            w2: (0..hidden).map(|_| draw()).collect(),
            b2: 0.0,
        }
    }

    /// A network from its numbers ([`Net::parts`]'s order); `None` when their sizes disagree.
    pub fn from_parts(parts: Parts) -> Option<Net> {
        let (hidden, w1, b1, w2, b2) = parts;
        let ok = (1..=MAX_HIDDEN).contains(&hidden)
            && w1.len() == INPUTS * hidden
            && b1.len() == hidden
            && w2.len() == hidden;
        ok.then_some(Net {
            hidden,
            w1,
            b1,
            w2,
            b2,
        })
    }

    /// Its numbers, to write them.
    pub fn parts(&self) -> (usize, &[f32], &[f32], &[f32], f32) {
        (self.hidden, &self.w1, &self.b1, &self.w2, self.b2)
    }

    /// The hidden units' outputs for `x`, into `h`; returns the network's output. Runs the copy
    /// compiled for AVX2 and FMA where the processor has them ([`Net::forward_fused`]).
    #[allow(unsafe_code)]
    fn forward(&self, x: &Features, h: &mut [f32; MAX_HIDDEN]) -> f32 {
        #[cfg(target_arch = "x86_64")]
        if fused() {
            // SAFETY: the processor reported AVX2 and FMA.
            return unsafe { self.forward_fused(x, h) };
        }
        self.hidden_into::<false>(x, h);
        self.output::<false>(h)
    }

    /// [`Net::forward`] compiled for AVX2 and FMA: eight units an instruction, the same IEEE
    /// operations in the same order on each (no multiplication and addition fused where the
    /// code does not say so), and the exponential's divisions by constants fused
    /// ([`super::logistic::exp_by`]): the same bits.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,fma")]
    fn forward_fused(&self, x: &Features, h: &mut [f32; MAX_HIDDEN]) -> f32 {
        self.hidden_into::<true>(x, h);
        self.output::<true>(h)
    }

    /// The hidden units' outputs for `x`, into `h[..hidden]`.
    #[inline(always)]
    fn hidden_into<const FUSED: bool>(&self, x: &Features, h: &mut [f32]) {
        let n = self.hidden;
        let mut j = 0;
        while j + 64 <= n {
            self.sums::<64>(x, j, h);
            j += 64;
        }
        if j + 32 <= n {
            self.sums::<32>(x, j, h);
            j += 32;
        }
        if j + 16 <= n {
            self.sums::<16>(x, j, h);
            j += 16;
        }
        while j + 8 <= n {
            self.sums::<8>(x, j, h);
            j += 8;
        }
        while j < n {
            self.sums::<1>(x, j, h);
            j += 1;
        }
        // The units' sigmoids in a loop of their own, which the compiler vectorises (each unit
        // the same IEEE operations, so the same bits).
        for a in &mut h[..n] {
            *a = sigmoid_by::<FUSED>(*a);
        }
    }

    /// The weighted sums of the `W` units from `j`, into `h`: each unit's bias, then its
    /// inputs' products added in the inputs' order. The `W` sums are kept in registers while
    /// every input is read once.
    #[inline(always)]
    fn sums<const W: usize>(&self, x: &Features, j: usize, h: &mut [f32]) {
        let n = self.hidden;
        let mut acc = [0.0f32; W];
        acc.copy_from_slice(&self.b1[j..j + W]);
        // A pawn's input is 1, and 1 · w is w: its weights are added without the multiplication.
        let (ones, others, values) = x.by_value();
        for &i in ones {
            let row = &self.w1[usize::from(i) * n + j..][..W];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w;
            }
        }
        for (&i, &v) in others.iter().zip(values) {
            let row = &self.w1[usize::from(i) * n + j..][..W];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += v * w;
            }
        }
        h[j..j + W].copy_from_slice(&acc);
    }

    /// The output for the hidden units' outputs `h`: their weighted sum in unit order, one
    /// addition after the other.
    #[inline(always)]
    fn output<const FUSED: bool>(&self, h: &[f32]) -> f32 {
        let mut out = self.b2;
        for (a, w) in h[..self.hidden].iter().zip(&self.w2) {
            out += a * w;
        }
        sigmoid_by::<FUSED>(out)
    }

    /// [`Net::output`] of [`BATCH`] positions at once, their hidden outputs one after the
    /// other in `h`: each position's products (unit by weight) first, then its sum the same
    /// additions in the same order, the sums interleaved so that the processor does not wait
    /// on one addition before the next. Leaves the products in `h`.
    #[inline(always)]
    fn outputs<const FUSED: bool>(&self, h: &mut [f32]) -> [f32; BATCH] {
        let n = self.hidden;
        let w2 = &self.w2[..n];
        for row in h.chunks_exact_mut(n) {
            for (a, w) in row.iter_mut().zip(w2) {
                *a *= w;
            }
        }
        let rows: [&[f32]; BATCH] = std::array::from_fn(|k| &h[k * n..][..n]);
        let mut sums = [self.b2; BATCH];
        for j in 0..n {
            for (sum, row) in sums.iter_mut().zip(rows) {
                *sum += row[j];
            }
        }
        for sum in &mut sums {
            *sum = sigmoid_by::<FUSED>(*sum);
        }
        sums
    }

    /// The side to move's winning chance in each of `positions`, by the network, into `out`
    /// (cleared first): the bits of [`Net::value`] on each, four positions' output sums
    /// interleaved. `scratch` is the caller's, reused from call to call.
    #[allow(unsafe_code)]
    pub fn values(
        &self,
        rules: &Rules,
        positions: &[Position],
        scratch: &mut Scratch,
        out: &mut Vec<f32>,
    ) {
        out.clear();
        scratch.hidden.resize(BATCH * self.hidden, 0.0);
        let h = &mut scratch.hidden;
        #[cfg(target_arch = "x86_64")]
        if fused() {
            // SAFETY: the processor reported AVX2 and FMA.
            unsafe { self.values_fused(rules, positions, h, out) };
            return;
        }
        self.values_by::<false>(rules, positions, h, out);
    }

    /// [`Net::values`] compiled for AVX2 and FMA, as [`Net::forward_fused`].
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,fma")]
    fn values_fused(&self, rules: &Rules, ps: &[Position], h: &mut [f32], out: &mut Vec<f32>) {
        self.values_by::<true>(rules, ps, h, out);
    }

    /// [`Net::values`], `h` holding [`BATCH`] positions' hidden outputs. A last batch of fewer
    /// positions sums the rows left from the one before too, and drops their outputs.
    #[inline(always)]
    fn values_by<const FUSED: bool>(
        &self,
        rules: &Rules,
        positions: &[Position],
        h: &mut [f32],
        out: &mut Vec<f32>,
    ) {
        let n = self.hidden;
        for batch in positions.chunks(BATCH) {
            for (pos, row) in batch.iter().zip(h.chunks_exact_mut(n)) {
                self.hidden_into::<FUSED>(&features(rules, pos), row);
            }
            out.extend_from_slice(&self.outputs::<FUSED>(h)[..batch.len()]);
        }
    }

    /// The side to move's winning chance in `pos`, by the network.
    pub fn value(&self, rules: &Rules, pos: &Position) -> f32 {
        self.value_of(&features(rules, pos))
    }

    /// The network's output for the inputs `x`.
    pub fn value_of(&self, x: &Features) -> f32 {
        self.forward(x, &mut [0.0; MAX_HIDDEN])
    }

    /// One step of gradient descent on (target − output)² / 2 for the inputs `x`, of size
    /// `alpha`; returns the output before the step.
    pub fn learn(&mut self, x: &Features, target: f32, alpha: f32) -> f32 {
        let mut h = [0.0; MAX_HIDDEN];
        let y = self.forward(x, &mut h);
        let delta = alpha * (target - y) * y * (1.0 - y);
        let n = self.hidden;
        let Net { w1, b1, w2, b2, .. } = self;
        let units = w2.iter_mut().zip(b1.iter_mut()).zip(&h[..n]);
        for (j, ((w2, b1), &h)) in units.enumerate() {
            let back = delta * *w2 * h * (1.0 - h);
            *w2 += delta * h;
            *b1 += back;
            for (i, v) in x.pairs() {
                w1[usize::from(i) * n + j] += back * v;
            }
        }
        *b2 += delta;
        y
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::board::Side;

    /// Positions with pawns on random squares (not all reachable: the inputs are what counts).
    fn positions(count: u64, seed: u64) -> Vec<Position> {
        (0..count)
            .map(|k| {
                let r = mix64(seed ^ mix64(k));
                let (white, black) = (r as u32 & 0x3fff_ffff, (r >> 32) as u32 & 0x3fff_ffff);
                let side = if r & (1 << 63) == 0 {
                    Side::White
                } else {
                    Side::Black
                };
                let mut pos = Position::new(white & !black, black & !white, side);
                pos.waiting = [(r >> 40) as u8 % 3, (r >> 44) as u8 % 3];
                pos.bound = r & (1 << 50) != 0;
                pos
            })
            .collect()
    }

    /// A network of `hidden` units with weights spread over ±`spread`.
    fn spread(hidden: usize, seed: u64, spread: f32) -> Net {
        let net = Net::new(hidden, seed);
        let (hidden, w1, b1, w2, b2) = net.parts();
        let scale = |w: &[f32]| w.iter().map(|w| w * spread * 10.0).collect();
        Net::from_parts((hidden, scale(w1), scale(b1), scale(w2), b2 + spread / 3.0)).unwrap()
    }

    #[test]
    fn every_copy_of_the_network_gives_the_same_bits() {
        // The copy for any processor, the one compiled for AVX2 and FMA (where this processor
        // has them), one position at a time and in batches of every length: the same bits, on
        // every block of units (64, 32, 16, 8, one) and sigmoids far into both tails.
        let rules = Rules::preset("tejon").unwrap();
        let all = positions(200, 7);
        for (hidden, weights) in [
            (1, 0.5),
            (5, 2.0),
            (37, 1.0),
            (80, 0.3),
            (80, 4.0),
            (256, 1.0),
        ] {
            let net = spread(hidden, hidden as u64, weights);
            let mut h = [0.0; MAX_HIDDEN];
            let (mut low, mut high) = (1f32, 0f32);
            let portable: Vec<u32> = all
                .iter()
                .map(|p| {
                    net.hidden_into::<false>(&features(&rules, p), &mut h);
                    for &u in &h[..hidden] {
                        (low, high) = (low.min(u), high.max(u));
                    }
                    net.output::<false>(&h).to_bits()
                })
                .collect();
            let one: Vec<u32> = all.iter().map(|p| net.value(&rules, p).to_bits()).collect();
            assert_eq!(one, portable, "{hidden} units, one at a time");
            let mut scratch = Scratch::default();
            let mut out = Vec::new();
            for len in [1, 2, 3, 4, 5, 9, 200] {
                net.values(&rules, &all[..len], &mut scratch, &mut out);
                let batch: Vec<u32> = out.iter().map(|v| v.to_bits()).collect();
                assert_eq!(batch, portable[..len], "{hidden} units, batches of {len}");
            }
            if weights >= 4.0 {
                // Units far into both tails, where e^x is clamped.
                assert!(low < 1e-9 && high == 1.0, "{low} {high}");
            }
        }
    }

    #[test]
    fn a_learning_step_moves_the_output_towards_its_target() {
        let rules = Rules::preset("tejon").unwrap();
        let x = features(&rules, &crate::game::start_position(&rules));
        let mut net = Net::new(16, 3);
        let mut before = (net.value_of(&x) - 0.9).abs();
        for _ in 0..50 {
            net.learn(&x, 0.9, 0.5);
            let after = (net.value_of(&x) - 0.9).abs();
            assert!(after < before, "{after} after {before}");
            before = after;
        }
        assert!(before < 0.05, "{before}");
        let parts = net.parts();
        let again = Net::from_parts((
            parts.0,
            parts.1.into(),
            parts.2.into(),
            parts.3.into(),
            parts.4,
        ));
        assert_eq!(again, Some(net.clone()));
        assert_eq!(
            Net::from_parts((17, parts.1.into(), parts.2.into(), parts.3.into(), 0.0)),
            None
        );
    }
}
