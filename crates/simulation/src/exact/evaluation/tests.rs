use super::*;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

/// White at 50%, 60%, 40%, 30% before its four moves, then white wins: white's evaluations
/// 0, 0.2, −0.2, −0.4 and black's the opposite.
const COMEBACK: [f64; 4] = [0.5, 0.6, 0.4, 0.3];

#[test]
fn ludiis_drama_ranks_both_sides_highest_whoever_wins() {
    // Drama.java reads highestRankedPlayers at the start (no ranks: both draw-ranked), so
    // each state's drama is the mean of both sides' gaps to the leader, |2w − 1|: 0, 0.2,
    // 0.2, 0.4, whether white or black wins.
    for winner in [Some(Side::White), Some(Side::Black), None] {
        let g = game_evaluation(&COMEBACK, winner).unwrap();
        assert!(close(g.drama_average, 0.2), "{g:?}");
        assert!(close(g.drama_max, 0.4), "{g:?}");
        // DecisivenessThreshold.java: no player outside that list, so −1 stays.
        assert_eq!(g.decisiveness_threshold, -1.0);
        // Leaders {both}, {white}, {black}, {black}: the first state counts, as in Ludii.
        assert!(close(g.lead_change, 0.75), "{g:?}");
    }
}

#[test]
fn a_comeback_is_dramatic_as_the_docstring_says() {
    let g = game_evaluation(&COMEBACK, Some(Side::White)).unwrap();
    // The highest evaluation less the winner's: 0, 0, 0.4, 0.8.
    assert!(close(g.drama_winner_average, 0.3), "{g:?}");
    assert!(close(g.drama_winner_max, 0.8), "{g:?}");
    // Black, the loser, reached 0.4.
    assert!(close(g.loser_threshold, 0.4), "{g:?}");
}

#[test]
fn a_game_won_by_the_side_always_ahead_has_no_docstring_drama() {
    let g = game_evaluation(&COMEBACK, Some(Side::Black)).unwrap();
    // Black led or tied throughout except at 60% for white: 0, 0.4, 0, 0.
    assert!(close(g.drama_winner_average, 0.1), "{g:?}");
    assert!(close(g.drama_winner_max, 0.4), "{g:?}");
    // White, the loser, reached 0.2.
    assert!(close(g.loser_threshold, 0.2), "{g:?}");
}

#[test]
fn a_game_without_a_winner_ranks_both_sides_first() {
    let g = game_evaluation(&COMEBACK, None).unwrap();
    assert!(close(g.drama_winner_average, 0.2), "{g:?}");
    assert!(close(g.drama_winner_max, 0.4), "{g:?}");
    // No loser: Ludii's starting value stays.
    assert_eq!(g.loser_threshold, -1.0);
    assert_eq!(game_evaluation(&[], Some(Side::White)), None);
}

#[test]
fn the_metrics_of_games_are_means_with_their_standard_errors() {
    let a = game_evaluation(&COMEBACK, Some(Side::White)).unwrap();
    let b = game_evaluation(&COMEBACK, Some(Side::Black)).unwrap();
    let m = StateMetrics::of(&[a, b]).unwrap();
    let named = m.named();
    let get = |name: &str| named.iter().find(|(n, _)| *n == name).unwrap().1;
    assert_eq!(m.games, 2);
    let docstring = get("Drama Average (docstring)");
    assert!(close(docstring.mean, 0.2));
    // Two values 0.3 and 0.1: sample deviation 0.1·√2, over √2.
    assert!(close(docstring.se, 0.1));
    assert!(close(get("DecisivenessThreshold (docstring)").mean, 0.3));
    assert!(close(get("DecisivenessThreshold").mean, -1.0));
    assert!(close(get("LeadChange").se, 0.0));
    assert_eq!(StateMetrics::of(&[]), None);
}
