//! Moves and positions in words (`7 -> 11 (capture)`, `W 1,3,5 | B 2,4`) and in JSON, for
//! `moves` and `play`.

use senet_engine::board::{squares, Position, Side, ENTRY, OFF};
use senet_engine::movegen::{Effects, Kind, Move};
use serde_json::json;

/// The names of what a move is and did, in a fixed order (the `flags` of `--json`).
fn flag_names(mv: &Move) -> Vec<&'static str> {
    let kind = mv.kind();
    [
        (mv.has(Effects::BACKWARD), "backward"),
        (mv.has(Effects::CAPTURE), "capture"),
        (mv.has(Effects::WATER), "water"),
        (matches!(kind, Kind::BearOff { .. }), "exit"),
        (matches!(kind, Kind::Enter { .. }), "entry"),
        (mv.has(Effects::REPLAY), "replay"),
        (matches!(kind, Kind::Stay { .. }), "stay"),
        (matches!(kind, Kind::Rethrow { .. }), "re-throw"),
        (matches!(kind, Kind::KeepPoints), "keep the points"),
        (mv.has(Effects::BOUNCE), "taken refuge: moved back"),
    ]
    .into_iter()
    .filter(|(on, _)| *on)
    .map(|(_, n)| n)
    .collect()
}

/// The name of a move's kind in `--json`.
fn kind_name(kind: &Kind) -> &'static str {
    match kind {
        Kind::Step { .. } => "step",
        Kind::Restart { .. } => "restart",
        Kind::Enter { .. } => "enter",
        Kind::BearOff { .. } => "bear-off",
        Kind::Stay { .. } => "stay",
        Kind::Rethrow { .. } => "re-throw",
        Kind::KeepPoints => "keep-points",
    }
}

/// A move as a JSON object: its kind, from and to along the path (0 before the board, 31
/// borne off), flags, points left, the squares after it.
pub fn move_json(mv: &Move) -> serde_json::Value {
    let (from, to) = mv.span();
    json!({
        "kind": kind_name(&mv.kind()),
        "from": from,
        "to": to,
        "flags": flag_names(mv),
        "residual": mv.left,
        "white": squares(mv.after.side(Side::White)).collect::<Vec<_>>(),
        "black": squares(mv.after.side(Side::Black)).collect::<Vec<_>>(),
    })
}

/// A move in words: `7 -> 11`, `enter -> 3 (entry)`, `28 -> off (exit)`.
pub fn describe(mv: &Move) -> String {
    match mv.kind() {
        Kind::Rethrow { .. } => return "throw the 1 again (re-throw)".to_string(),
        Kind::KeepPoints => return "keep the points (play nothing)".to_string(),
        _ => {}
    }
    let (from, to) = mv.span();
    let from = if from == ENTRY {
        "enter".to_string()
    } else {
        from.to_string()
    };
    let to = match to {
        OFF => "off".to_string(),
        ENTRY => "waiting (restart)".to_string(),
        t => t.to_string(),
    };
    let extra = flag_names(mv);
    if extra.is_empty() {
        format!("{from} -> {to}")
    } else {
        format!("{from} -> {to} ({})", extra.join(", "))
    }
}

/// A move in French words (`7 -> 11 (prise)`, `28 -> sortie`), for `review --lang fr`.
pub fn describe_fr(mv: &Move) -> String {
    french(&describe(mv))
}

/// [`describe`]'s words in French: `28 -> off (exit)` becomes `28 -> dehors (sortie)` (a
/// French report's CSV files).
pub fn french(words: &str) -> String {
    const WORDS: [(&str, &str); 14] = [
        ("throw the 1 again (re-throw)", "relancer le 1"),
        (
            "keep the points (play nothing)",
            "garder les points (ne rien jouer)",
        ),
        ("waiting (restart)", "en attente (recommence)"),
        ("taken refuge: moved back", "réfugié : recule"),
        ("keep the points", "garder les points"),
        ("backward", "en arrière"),
        ("capture", "prise"),
        ("water", "eau"),
        ("exit", "sortie"),
        ("entry", "entrée"),
        ("replay", "rejoue"),
        ("stay", "reste"),
        ("re-throw", "relance"),
        ("enter ->", "entre ->"),
    ];
    let mut text = words.replace("-> off", "-> dehors");
    for (en, fr) in WORDS {
        text = text.replace(en, fr);
    }
    text
}

/// A position on one line: "W 1,3,5 | B 2,4" ("-" for a side with no pawn on the board), and
/// the waiting pawns when there are any.
pub fn board_line(p: &Position) -> String {
    let list = |side| {
        let v: Vec<String> = squares(p.side(side)).map(|s| s.to_string()).collect();
        if v.is_empty() {
            "-".to_string()
        } else {
            v.join(",")
        }
    };
    let mut line = format!("W {} | B {}", list(Side::White), list(Side::Black));
    if p.waiting() != [0, 0] {
        line += &format!(" | waiting W {} B {}", p.waiting()[0], p.waiting()[1]);
    }
    line
}
