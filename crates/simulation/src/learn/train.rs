//! Training a `td` network by self-play (`senet-sim train`): games of the network against
//! itself, each followed by TD(λ) steps towards the λ-returns of its positions (the network
//! held fixed during the game, then updated: "offline" TD(λ)).
//!
//! Game g (0 = the first) is played from `game_seed(seed, 0, g)`, on one thread, so the network
//! after g games is the same whatever stopped and resumed the training, on any machine.

use crate::cancel::Cancel;
use crate::input::rulefile::Game;
use senet_engine::board::{Position, Side};
use senet_engine::game::{GameSummary, Observer};
use senet_engine::strategy::td::{features, Features, Net, Td};
use senet_engine::strategy::Strategy;
use senet_engine::throws::game_seed;
use std::sync::Arc;

/// How a network learns: its size, the games' seeds, the step size and λ.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Hidden units.
    pub hidden: usize,
    /// The training's seed (the first weights and every game).
    pub seed: u64,
    /// Step size of gradient descent.
    pub alpha: f32,
    /// λ of TD(λ): 0 learns from the next position only, 1 from the result only.
    pub lambda: f32,
}

impl Default for Settings {
    /// 40 hidden units, seed 1, α = 0.1 and λ = 0.7 (TD-Gammon's).
    fn default() -> Settings {
        Settings {
            hidden: 40,
            seed: 1,
            alpha: 0.1,
            lambda: 0.7,
        }
    }
}

/// A network in training: its settings, its weights and the games it has learned from.
#[derive(Clone, Debug, PartialEq)]
pub struct Training {
    /// How it learns.
    pub settings: Settings,
    /// The network after `games` games.
    pub net: Net,
    /// Games played so far.
    pub games: u64,
}

impl Training {
    /// A training not yet begun: the first weights drawn from the seed.
    pub fn new(settings: Settings) -> Training {
        Training {
            net: Net::new(settings.hidden, settings.seed),
            settings,
            games: 0,
        }
    }

    /// Plays and learns from games until `games` in all, or until `cancel`; calls `progress`
    /// with the games so far after each game. Returns whether it reached `games`.
    pub fn run(
        &mut self,
        game: &Game,
        games: u64,
        cancel: &Cancel,
        progress: &mut dyn FnMut(u64),
    ) -> bool {
        while self.games < games {
            if cancel.is_cancelled() {
                return false;
            }
            self.step(game);
            progress(self.games);
        }
        true
    }

    /// One game of self-play and its TD(λ) steps.
    pub fn step(&mut self, game: &Game) {
        let s = game_seed(self.settings.seed, 0, self.games);
        let (states, summary) = self_play(game, Arc::new(self.net.clone()), s);
        let targets = lambda_returns(&self.net, &states, &summary, self.settings.lambda);
        for ((x, _), target) in states.iter().zip(targets) {
            self.net.learn(x, target, self.settings.alpha);
        }
        self.games += 1;
    }
}

/// The positions before each throw of a game of `net` against itself (inputs and side to
/// move), and the game's summary.
pub(crate) fn self_play(
    game: &Game,
    net: Arc<Net>,
    seed: u64,
) -> (Vec<(Features, Side)>, GameSummary) {
    struct States<'a>(&'a senet_engine::rules::Rules, Vec<(Features, Side)>);
    impl Observer for States<'_> {
        fn before_throw(&mut self, pos: &Position, _: u8) {
            self.1.push((features(self.0, pos), pos.to_move()));
        }
    }
    let mut players: [Box<dyn Strategy>; 2] =
        [Box::new(Td::new(net.clone())), Box::new(Td::new(net))];
    let mut states = States(&game.rules, Vec::new());
    let summary = game.play_seeded(&mut players, seed, &mut states);
    (states.1, summary)
}

/// White's result: 1 won, 0 lost, one half for a draw or a game stopped by the turn cap.
fn white_result(summary: &GameSummary) -> f32 {
    match summary.winner {
        Some(Side::White) => 1.0,
        Some(Side::Black) => 0.0,
        None => 0.5,
    }
}

/// Each position's λ-return from its mover's point of view: from the last position back,
/// G = (1 − λ) V(next) + λ G(next), where the last position's G is the result.
pub(crate) fn lambda_returns(
    net: &Net,
    states: &[(Features, Side)],
    summary: &GameSummary,
    lambda: f32,
) -> Vec<f32> {
    let white = |v: f32, side: Side| if side == Side::White { v } else { 1.0 - v };
    let mut g = white_result(summary);
    let mut targets = vec![0.0; states.len()];
    for t in (0..states.len()).rev() {
        if t + 1 < states.len() {
            let (x, side) = &states[t + 1];
            g = (1.0 - lambda) * white(net.value_of(x), *side) + lambda * g;
        }
        targets[t] = white(g, states[t].1);
    }
    targets
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::tdfile::{parse, to_file_text};
    use senet_engine::variants::Variant;

    fn tejon(pawns: u8) -> Game {
        let v = Variant::TEJON;
        Game {
            variant: v,
            device: v.device(),
            rules: v.rules().with(|r| r.pawns = pawns).unwrap(),
        }
    }

    #[test]
    fn lambda_returns_are_the_result_at_one_and_the_next_value_at_zero() {
        let game = tejon(2);
        let net = Net::new(8, 5);
        let (states, summary) = self_play(&game, Arc::new(net.clone()), 11);
        assert!(states.len() > 10);
        let won = |side: Side| match summary.winner {
            Some(w) if w == side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        let ones = lambda_returns(&net, &states, &summary, 1.0);
        for ((_, side), g) in states.iter().zip(&ones) {
            assert_eq!(*g, won(*side));
        }
        let zeros = lambda_returns(&net, &states, &summary, 0.0);
        for t in 0..states.len() - 1 {
            let (x, next) = &states[t + 1];
            let v = net.value_of(x);
            let expected = if *next == states[t].1 { v } else { 1.0 - v };
            assert!((zeros[t] - expected).abs() < 1e-6, "{t}");
        }
        assert_eq!(zeros[states.len() - 1], won(states[states.len() - 1].1));
    }

    #[test]
    fn a_training_stopped_and_resumed_from_its_file_is_the_same_training() {
        let game = tejon(2);
        let settings = Settings {
            hidden: 12,
            ..Settings::default()
        };
        let mut whole = Training::new(settings);
        assert!(whole.run(&game, 60, &Cancel::new(), &mut |_| {}));
        let mut half = Training::new(settings);
        half.run(&game, 25, &Cancel::new(), &mut |_| {});
        let text = to_file_text(&game, &half, "senet-sim train");
        let mut resumed = parse(&text).unwrap().training;
        assert_eq!(resumed, half, "the file gives back every bit");
        resumed.run(&game, 60, &Cancel::new(), &mut |_| {});
        assert_eq!(resumed, whole);
        assert_ne!(whole.net, Training::new(settings).net, "it learned");
        // A cancelled training stops before its next game.
        let cancel = Cancel::new();
        cancel.cancel();
        let mut stopped = Training::new(settings);
        assert!(!stopped.run(&game, 60, &cancel, &mut |_| {}));
        assert_eq!(stopped.games, 0);
    }
}
