//! A game's stream of throws: seeded, counted, and split for clones.

use senet_engine::throws::{game_seed, SeededThrower, Thrower};
use senet_simulation::input::rulefile::Game as Rules;

/// Where a game's throws come from: a seeded stream, the draws taken from it and the clones
/// made of the game (each clone's stream is seeded from these three: [`Stream::child`]).
#[derive(Clone, Debug)]
pub struct Stream {
    /// The stream's seed.
    pub seed: u64,
    /// Throws (and starter's draws) taken from it.
    pub draws: u64,
    /// Clones made so far.
    pub clones: u64,
    thrower: SeededThrower,
}

impl Stream {
    /// The stream of `seed` for `rules`' device, advanced by `draws`, with `clones` made.
    pub fn new(rules: &Rules, seed: u64, draws: u64, clones: u64) -> Stream {
        let mut thrower = SeededThrower::new(&rules.device, seed);
        thrower.skip(draws);
        Stream {
            seed,
            draws,
            clones,
            thrower,
        }
    }

    /// Marked faces of one throw of the device.
    pub fn draw(&mut self) -> u8 {
        self.draws += 1;
        self.thrower.throw_marked()
    }

    /// A clone's own stream, seeded from this one's seed, its draws so far and its clones
    /// count (which this bumps): two clones, or a clone and its parent, draw different throws.
    pub fn child(&mut self, rules: &Rules) -> Stream {
        self.clones += 1;
        let seed = game_seed(self.seed, self.draws, self.clones);
        Stream::new(rules, seed, 0, 0)
    }
}
