//! The end of a game, written once: whether a side with no pawn left ends the game, and how.
//! The game ([`crate::game`]), the solver's backup and the look-ahead players all ask it.

use crate::board::{Position, Side};
use crate::rules::{GameEnd, Rules};

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// This side won.
    Won(Side),
    /// Neither did: equal scores under `all-out`, or the last pawn off with a throw that gives
    /// another under `first-out-draw-on-extra`.
    Drawn,
}

/// Whether `side`, which has no pawn left in `pos`, ends the game, and how (`None`: the game
/// goes on). `again`: the throw that took its last pawn off gives another throw. `removed`:
/// the pawns each side lost to captures (by [`Side::index`]), which under `all-out` score
/// nothing: the side that bore off more pawns wins once both are out.
pub fn ending(
    rules: &Rules,
    pos: &Position,
    side: Side,
    again: bool,
    removed: [u32; 2],
) -> Option<Ending> {
    match rules.end {
        GameEnd::FirstOut => Some(Ending::Won(side)),
        GameEnd::FirstOutDrawOnExtra if again => Some(Ending::Drawn),
        GameEnd::FirstOutDrawOnExtra => Some(Ending::Won(side)),
        GameEnd::AllOut if !pos.finished(side.other()) => None,
        GameEnd::AllOut => {
            let off = |x: Side| u32::from(rules.pawns).saturating_sub(removed[x.index()]);
            match off(Side::White).cmp(&off(Side::Black)) {
                std::cmp::Ordering::Greater => Some(Ending::Won(Side::White)),
                std::cmp::Ordering::Less => Some(Ending::Won(Side::Black)),
                std::cmp::Ordering::Equal => Some(Ending::Drawn),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ludii's Bell (`all-out`): a side out first does not win; once both are out, the side
    /// that lost fewer pawns to captures does ("byScore", a point a pawn borne off).
    #[test]
    fn all_out_waits_for_both_sides_and_counts_what_was_borne_off() {
        let bell = Rules::preset("ludii-bell").unwrap();
        let mut pos = Position::new(0, 1 << 3, Side::White);
        assert_eq!(ending(&bell, &pos, Side::White, false, [0, 0]), None);
        pos = Position::new(0, 0, Side::White);
        assert_eq!(
            ending(&bell, &pos, Side::White, false, [2, 3]),
            Some(Ending::Won(Side::White))
        );
        assert_eq!(
            ending(&bell, &pos, Side::White, false, [1, 1]),
            Some(Ending::Drawn)
        );
        let tejon = Rules::preset("tejon").unwrap();
        let pos = Position::new(0, 1 << 3, Side::White);
        assert_eq!(
            ending(&tejon, &pos, Side::White, true, [0, 0]),
            Some(Ending::Won(Side::White))
        );
    }
}
