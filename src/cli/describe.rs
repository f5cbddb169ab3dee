//! Moves and positions in words (`7 -> 11 (capture)`, `W 1,3,5 | B 2,4`) and in JSON, for
//! `moves` and `play`.

use senet_engine::board::{squares, Position, Side, ENTRY, OFF};
use senet_engine::movegen::{flags, Move};
use serde_json::json;

/// The names of a move's flags.
fn flag_names(mv: &Move) -> Vec<&'static str> {
    [
        (flags::BACKWARD, "backward"),
        (flags::CAPTURE, "capture"),
        (flags::WATER, "water"),
        (flags::EXIT, "exit"),
        (flags::ENTRY, "entry"),
        (flags::REPLAY, "replay"),
        (flags::STAY, "stay"),
        (flags::RETHROW, "re-throw"),
        (flags::KEEP, "keep the points"),
        (flags::BOUNCE, "taken refuge: moved back"),
    ]
    .into_iter()
    .filter(|(f, _)| mv.has(*f))
    .map(|(_, n)| n)
    .collect()
}

/// A move as a JSON object: from, to, flags, residual points, the squares after it.
pub fn move_json(mv: &Move) -> serde_json::Value {
    json!({
        "from": mv.from,
        "to": mv.to,
        "flags": flag_names(mv),
        "residual": mv.residual,
        "white": squares(mv.after.side(Side::White)).collect::<Vec<_>>(),
        "black": squares(mv.after.side(Side::Black)).collect::<Vec<_>>(),
    })
}

/// A move in words: `7 -> 11`, `enter -> 3 (entry)`, `28 -> off (exit)`.
pub fn describe(mv: &Move) -> String {
    if mv.has(flags::RETHROW) {
        return "throw the 1 again (re-throw)".to_string();
    }
    if mv.has(flags::KEEP) {
        return "keep the points (play nothing)".to_string();
    }
    let from = if mv.from == ENTRY {
        "enter".to_string()
    } else {
        mv.from.to_string()
    };
    let to = match mv.to {
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
    if p.waiting != [0, 0] {
        line += &format!(" | waiting W {} B {}", p.waiting[0], p.waiting[1]);
    }
    line
}
