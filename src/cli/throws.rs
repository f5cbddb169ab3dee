//! `senet-sim throws`: N throws of a device beside the exact probabilities.

use super::args::DeviceArgs;
use crate::error::bad;
use crate::lang::Lang;
use anyhow::{Context, Result};
use clap::Args;
use senet_engine::throws::{seeded_values, value_distribution};
use senet_engine::variants::Variant;
use senet_simulation::play::stats::frequency_check;
use std::io::Write;

#[derive(Args, Debug)]
pub struct ThrowsArgs {
    #[command(flatten)]
    device: DeviceArgs,
    /// Number of throws.
    #[arg(long, default_value_t = 1000, value_parser = crate::error::number)]
    count: u64,
    /// Seed of the throws.
    #[arg(long, default_value_t = 1, value_parser = crate::error::number)]
    seed: u64,
    /// Variant whose table turns marked faces into values.
    #[arg(long, default_value = "tejon")]
    variant: Variant,
    /// Language of the table: en or fr (French words, decimal commas).
    #[arg(long, value_enum, default_value_t = Lang::En)]
    lang: Lang,
}

/// Throws the device and prints each value's frequency beside its probability.
pub fn throws(a: &ThrowsArgs, out: &mut impl Write) -> Result<()> {
    let rules = a.variant.rules();
    let device = a.device.over(a.variant.device())?;
    if a.count == 0 {
        return bad("--count must be at least 1");
    }
    let mut counts = [0u64; 7];
    for v in seeded_values(&rules, &device, a.seed).take(a.count as usize) {
        counts[v as usize] += 1;
    }
    let l = a.lang;
    let head = match l {
        Lang::En => format!(
            "{} throws of {device} with the {} table, seed {}",
            a.count, a.variant, a.seed
        ),
        Lang::Fr => format!(
            "{} lancers de {} avec la table de {}, graine {}",
            l.int(a.count),
            l.device(&device),
            a.variant,
            a.seed
        ),
    };
    writeln!(out, "{head}").context("writing")?;
    let names = match l {
        Lang::En => ["value", "count", "frequency", "theory", "z"],
        Lang::Fr => ["issue", "effectif", "fréquence", "probabilité", "z"],
    };
    let [v, k, f, p, z] = names;
    // "probabilité" takes one column more than "theory".
    let pw = p.chars().count().max(10);
    writeln!(out, "{v:>5} {k:>10} {f:>10} {p:>pw$} {z:>8}")?;
    for (value, p) in value_distribution(&rules, &device) {
        let c = frequency_check(counts[value as usize], a.count, p);
        // English keeps plain numbers, for scripts that read them.
        let (k, f, z, p) = match l {
            Lang::En => (
                c.count.to_string(),
                format!("{:.6}", c.frequency),
                format!("{:.2}", c.z),
                format!("{p:.6}"),
            ),
            Lang::Fr => (
                l.int(c.count),
                l.num(c.frequency, 6),
                l.num(c.z, 2),
                l.num(p, 6),
            ),
        };
        writeln!(out, "{value:>5} {k:>10} {f:>10} {p:>pw$} {z:>8}")?;
    }
    Ok(())
}
