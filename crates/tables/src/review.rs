//! The table of a reviewed game (`review.csv`): one row per throw, its luck and the chance
//! its move gave away, from [`senet_simulation::exact::review`]'s steps.

use crate::describe::describe;
use polars::prelude::{Column, DataFrame, PolarsResult};
use senet_simulation::exact::review::Step;

/// The frame of a review: `throw`, `side`, `value`, `move`, `white_before`, `white_chance`,
/// `luck`, `best_move`, `loss` and `grade`, one row per step (chances to six decimals).
pub fn frame(steps: &[Step]) -> PolarsResult<DataFrame> {
    let text = |f: &dyn Fn(&Step) -> String| -> Vec<String> { steps.iter().map(f).collect() };
    let chance =
        |f: &dyn Fn(&Step) -> f64| -> Vec<f64> { steps.iter().map(|s| six(f(s))).collect() };
    DataFrame::new_infer_height(vec![
        Column::new("throw".into(), (1..=steps.len() as u32).collect::<Vec<_>>()),
        Column::new("side".into(), text(&|s| s.side.name().to_string())),
        Column::new(
            "value".into(),
            steps.iter().map(|s| u32::from(s.throw)).collect::<Vec<_>>(),
        ),
        Column::new(
            "move".into(),
            text(&|s| s.played.as_ref().map(describe).unwrap_or_default()),
        ),
        Column::new("white_before".into(), chance(&|s| s.white_before)),
        Column::new("white_chance".into(), chance(&|s| s.white_chance)),
        Column::new("luck".into(), chance(&|s| s.luck)),
        Column::new(
            "best_move".into(),
            text(&|s| s.graded.map(|g| describe(&g.0)).unwrap_or_default()),
        ),
        Column::new(
            "loss".into(),
            (steps.iter())
                .map(|s| s.graded.map(|g| six(g.1)))
                .collect::<Vec<_>>(),
        ),
        Column::new(
            "grade".into(),
            (steps.iter())
                .map(|s| s.grade().map(|g| g.name()))
                .collect::<Vec<_>>(),
        ),
    ])
}

/// A chance to six decimals: the table stores `f32` (about 7 significant digits), so the
/// digits after the sixth are rounding noise, not information.
fn six(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

#[cfg(test)]
mod tests {
    use super::*;
    use senet_engine::board::Side;
    use senet_engine::setup::Setup;

    #[test]
    fn a_review_frame_has_a_row_a_throw_and_chances_to_six_decimals() {
        let pos = Setup::of(&[1, 2], &[3], Side::White).board().unwrap();
        let step = Step {
            side: Side::Black,
            throw: 4,
            played: None,
            after: pos,
            white_before: 0.123_456_789,
            white_chance: 0.5,
            luck: -0.000_000_4,
            graded: None,
        };
        let df = frame(&[step.clone(), step]).unwrap();
        let names: Vec<&str> = df.get_column_names().iter().map(|n| n.as_str()).collect();
        assert_eq!(
            names,
            [
                "throw",
                "side",
                "value",
                "move",
                "white_before",
                "white_chance",
                "luck",
                "best_move",
                "loss",
                "grade"
            ]
        );
        assert_eq!(df.height(), 2);
        let before = df.column("white_before").unwrap().f64().unwrap().get(0);
        assert_eq!(before, Some(0.123457));
        assert_eq!(df.column("luck").unwrap().f64().unwrap().get(1), Some(-0.0));
        assert_eq!(df.column("loss").unwrap().null_count(), 2);
        assert_eq!(df.column("grade").unwrap().null_count(), 2);
    }
}
