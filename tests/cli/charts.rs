//! Every chart kind, in both languages, read back from its SVG: the data inside the plot frame,
//! the legend strip away from the plot, distinct tick labels in the language's number format,
//! whole numbers on count axes, no text running off the picture.

use crate::outputs::*;
use std::path::Path;

const SCENARIO: &str = r#"
name = "charts"
title = "Charts"
games = 400
seed = 5
charts = ["throw-off", "exit-waits"]

[[arm]]
name = "kendall with coins, the name a teacher gave this arm to say everything about it in one line"
variant = "kendall"

[[arm]]
name = "tejon"
variant = "tejon"

[[arm]]
name = "empty board, sticks"
variant = "empty-board"
device = { kind = "sticks", p_marked = 0.7 }

[tournament]
variant = "tejon"
strategies = ["random", "back", "front"]
games = 20
"#;

/// One SVG element: its tag, attributes and text.
struct El {
    tag: String,
    attrs: Vec<(String, String)>,
    text: String,
}

impl El {
    fn get(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|a| a.0 == name)
            .map(|a| a.1.as_str())
    }
    fn num(&self, name: &str) -> f64 {
        self.get(name).and_then(|v| v.parse().ok()).unwrap_or(0.0)
    }
    /// The points an element covers (rect corners, circle centre, polyline and polygon points).
    fn points(&self) -> Vec<(f64, f64)> {
        match self.tag.as_str() {
            "rect" => {
                let (x, y) = (self.num("x"), self.num("y"));
                vec![(x, y), (x + self.num("width"), y + self.num("height"))]
            }
            "circle" => vec![(self.num("cx"), self.num("cy"))],
            "line" => vec![
                (self.num("x1"), self.num("y1")),
                (self.num("x2"), self.num("y2")),
            ],
            _ => self
                .get("points")
                .unwrap_or("")
                .split_whitespace()
                .filter_map(|p| p.split_once(','))
                .map(|(x, y)| (x.parse().unwrap(), y.parse().unwrap()))
                .collect(),
        }
    }
}

/// The elements of a plotters SVG (one element per tag, attributes in double quotes).
fn parse(svg: &str) -> Vec<El> {
    let mut out = vec![];
    for chunk in svg.split('<').skip(1) {
        let Some((head, rest)) = chunk.split_once('>') else {
            continue;
        };
        let tag: String = head.chars().take_while(|c| c.is_alphanumeric()).collect();
        if tag.is_empty() {
            continue;
        }
        let mut attrs = vec![];
        for part in head[tag.len()..].split("\" ") {
            if let Some((k, v)) = part.trim().split_once("=\"") {
                attrs.push((k.to_string(), v.trim_end_matches(['"', '/']).to_string()));
            }
        }
        let text = rest.trim().replace("&apos;", "'").replace("&amp;", "&");
        out.push(El { tag, attrs, text });
    }
    out
}

/// The colours of data (the palette, and the grey of reference lines and bands).
const DATA: [&str; 7] = [
    "#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#787878",
];

fn is_data(e: &El) -> bool {
    ["fill", "stroke"]
        .iter()
        .any(|a| e.get(a).is_some_and(|c| DATA.contains(&c)))
}

struct Rect {
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}

impl Rect {
    fn of(e: &El) -> Rect {
        let p = e.points();
        Rect {
            x0: p[0].0,
            y0: p[0].1,
            x1: p[1].0,
            y1: p[1].1,
        }
    }
    fn holds(&self, (x, y): (f64, f64), slack: f64) -> bool {
        x >= self.x0 - slack && x <= self.x1 + slack && y >= self.y0 - slack && y <= self.y1 + slack
    }
}

/// The number format of a language: decimal point or comma, thousands grouped.
fn check_number(label: &str, fr: bool, chart: &str) {
    let digits: Vec<char> = label.chars().collect();
    for w in digits.windows(3) {
        if w[0].is_ascii_digit() && w[2].is_ascii_digit() {
            if fr {
                assert_ne!(w[1], '.', "{chart}: decimal point in French: '{label}'");
            } else {
                assert_ne!(
                    w[1], '\u{a0}',
                    "{chart}: French space in English: '{label}'"
                );
            }
        }
    }
    // Each number of the label (words apart; a grouped number keeps its no-break spaces).
    for number in label.split(' ') {
        let run = number.chars().fold((0, 0), |(best, cur), c| {
            let cur = if c.is_ascii_digit() { cur + 1 } else { 0 };
            (best.max(cur), cur)
        });
        let integer_part = number.split([',', '.']).next().unwrap_or("");
        let plain = integer_part.chars().filter(|c| c.is_ascii_digit()).count();
        assert!(
            run.0 < 4 || plain < 4 || !fr && number.contains('.'),
            "{chart}: thousands not grouped: '{label}'"
        );
    }
}

/// Checks one chart's SVG; returns its tick labels (x, y).
fn check_chart(path: &Path, fr: bool) -> (Vec<String>, Vec<String>) {
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let svg = std::fs::read_to_string(path).unwrap();
    let els = parse(&svg);
    let root = els.iter().find(|e| e.tag == "svg").unwrap();
    let (w, h) = (root.num("width"), root.num("height"));
    let texts: Vec<&El> = els.iter().filter(|e| e.tag == "text").collect();
    for t in &texts {
        // Text within the picture (DejaVu Sans: about 0.55 em per character on average).
        let width = t.text.chars().count() as f64 * 0.55 * t.num("font-size");
        let x = t.num("x");
        let (left, right) = match t.get("text-anchor") {
            Some("end") => (x - width, x),
            Some("middle") => (x - width / 2.0, x + width / 2.0),
            _ => (x, x + width),
        };
        let rotated = t.get("transform").is_some();
        assert!(
            rotated || left >= -1.0 && right <= w + 1.0,
            "{name}: '{}' runs off the picture",
            t.text
        );
        check_number(&t.text, fr, &name);
    }
    // One frame per panel (most charts have one).
    let frames: Vec<Rect> = els
        .iter()
        .filter(|e| e.tag == "rect" && e.get("stroke") == Some("#111111"))
        .map(Rect::of)
        .collect();
    let Some(frame) = frames.first() else {
        // The board and the heat map have no axes.
        return (vec![], vec![]);
    };
    // A chart of small panels (the lengths of many arms) names each panel instead of a legend.
    let legend = els
        .iter()
        .find(|e| e.tag == "rect" && e.get("fill") == Some("#FAFAF8"))
        .map(Rect::of)
        .or_else(|| {
            (frames.len() > 1).then_some(Rect {
                x0: 0.0,
                y0: h,
                x1: w,
                y1: h,
            })
        })
        .unwrap_or_else(|| panic!("{name}: no legend strip"));
    assert!(
        legend.y0 > frame.y1 + 40.0 && legend.y1 <= h,
        "{name}: the legend strip overlaps the plot"
    );
    for e in els.iter().filter(|e| is_data(e)) {
        for p in e.points() {
            assert!(
                frames.iter().any(|f| f.holds(p, 1.5)) || legend.holds(p, 0.0),
                "{name}: a {} drawn at {p:?}, outside the plot frame",
                e.tag
            );
        }
    }
    let axis = texts
        .iter()
        .map(|t| t.num("font-size"))
        .fold(f64::INFINITY, f64::min);
    let ticks = |pick: &dyn Fn(&El) -> bool| -> Vec<String> {
        texts
            .iter()
            .filter(|t| t.num("font-size") == axis && pick(t))
            .map(|t| t.text.clone())
            .collect()
    };
    // Left of the first panel, beside it.
    let beside = |t: &El| t.num("y") > frame.y0 - 20.0 && t.num("y") < frame.y1 + 20.0;
    let ys = ticks(&|t| t.get("text-anchor") == Some("end") && t.num("x") < frame.x0 && beside(t));
    // The x ticks under the first panel.
    let under = |t: &El| t.num("x") > frame.x0 - 40.0 && t.num("x") < frame.x1 + 40.0;
    // Above the legend, or the next panel below the first.
    let below = (frames.iter().map(|f| f.y0))
        .filter(|&y| y > frame.y1)
        .fold(legend.y0, f64::min);
    let xs = ticks(&|t| t.num("y") > frame.y1 && t.num("y") < below && under(t));
    for labels in [&xs, &ys] {
        let mut sorted = labels.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(
            sorted.len(),
            labels.len(),
            "{name}: repeated tick labels {labels:?}"
        );
        // A number axis has at least three ticks; a category axis (words) at least two.
        let words = labels.iter().all(|l| l.chars().any(char::is_alphabetic));
        let least = if words { 2 } else { 3 };
        assert!(labels.len() >= least, "{name}: too few ticks {labels:?}");
    }
    (xs, ys)
}

#[test]
fn every_chart_reads_well_in_both_languages() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "charts.toml", SCENARIO);
    for lang in ["en", "fr"] {
        let out = tmp.path().join(lang);
        let res = run(&sc, &out, &["--lang", lang]);
        assert!(
            res.status.success(),
            "{}",
            String::from_utf8_lossy(&res.stderr)
        );
        let charts = out.join("charts");
        let mut kinds = std::collections::BTreeSet::new();
        for e in std::fs::read_dir(&charts).unwrap() {
            let path = e.unwrap().path();
            if path.extension().is_some_and(|x| x == "svg") {
                let stem = path.file_stem().unwrap().to_string_lossy().to_string();
                let kind = stem.split('-').next().unwrap().to_string();
                let (xs, _) = check_chart(&path, lang == "fr");
                if ["lengths", "throws", "squares", "exit"].contains(&kind.as_str()) {
                    // Count axes: whole numbers.
                    for x in &xs {
                        assert!(
                            x.chars()
                                .all(|c| c.is_ascii_digit() || c == ',' || c == '\u{a0}')
                                && (lang == "en" || !x.contains(',')),
                            "{stem}: '{x}' on a count axis"
                        );
                    }
                }
                kinds.insert(kind);
            }
        }
        let expected = [
            "board",
            "convergence",
            "exit",
            "heatmap",
            "lengths",
            "squares",
            "throw",
            "throws",
            "wins",
        ];
        assert_eq!(kinds.into_iter().collect::<Vec<_>>(), expected);
    }
}

#[test]
fn the_board_shows_every_square_of_every_arm() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "charts.toml", SCENARIO);
    let out = tmp.path().join("b");
    assert!(run(&sc, &out, &["--lang", "fr"]).status.success());
    let svg = std::fs::read_to_string(out.join("charts/board.svg")).unwrap();
    let els = parse(&svg);
    let shares = els
        .iter()
        .filter(|e| e.tag == "text" && e.text.ends_with("\u{a0}%"))
        .count();
    assert_eq!(
        shares,
        3 * 30,
        "a share on each of the 30 squares of 3 boards"
    );
    // Square numbers 1..=30 on each board, and the marks' key (kendall has water and refuges).
    for n in 1..=30 {
        let numbers: Vec<&El> = els.iter().filter(|e| e.text == n.to_string()).collect();
        assert_eq!(numbers.len(), 3, "square {n}");
        // Legible when projected or printed: they were 14 pixels (11 in the SVG), about 4 pt on
        // a printed page.
        for e in numbers {
            assert!(
                e.num("font-size") >= 18.0,
                "square {n} in {} pixels",
                e.num("font-size")
            );
        }
    }
    assert!(svg.contains("≈ eau") && svg.contains("◆ case refuge"));
}

/// The black whiskers of a chart's intervals (2-point polylines in black) with an end cap at
/// both ends, and the caps: (whiskers, caps), a cap being a line across a whisker's end (its
/// middle on the end).
fn whiskers_and_caps(svg: &str) -> (usize, usize) {
    let lines: Vec<Vec<(f64, f64)>> = parse(svg)
        .iter()
        .filter(|e| e.tag == "polyline" && e.get("stroke") == Some("#000000"))
        .map(|e| e.points())
        .filter(|p| p.len() == 2)
        .collect();
    let mid = |c: &[(f64, f64)]| ((c[0].0 + c[1].0) / 2.0, (c[0].1 + c[1].1) / 2.0);
    let near = |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).abs() < 1.0 && (a.1 - b.1).abs() < 1.0;
    let capped = |end: (f64, f64)| lines.iter().any(|c| near(mid(c), end));
    let whiskers = lines
        .iter()
        .filter(|w| capped(w[0]) && capped(w[1]))
        .count();
    let caps = lines
        .iter()
        .filter(|c| lines.iter().any(|w| w.iter().any(|&e| near(mid(c), e))))
        .count();
    (whiskers, caps)
}

#[test]
fn intervals_have_end_caps_and_panels_share_their_scale() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "charts.toml", SCENARIO);
    let out = tmp.path().join("out");
    assert!(run(&sc, &out, &["--lang", "fr"]).status.success());
    let charts = out.join("charts");
    for stem in ["wins", "throw-off-tejon", "exit-waits-tejon"] {
        let svg = std::fs::read_to_string(charts.join(format!("{stem}.svg"))).unwrap();
        let (whiskers, caps) = whiskers_and_caps(&svg);
        assert!(whiskers >= 2, "{stem}: {whiskers} intervals");
        // A whisker shorter than its caps (an interval of almost no width) counts as a cap.
        assert!(
            caps >= 2 * whiskers - 4 && caps <= 2 * whiskers + 4,
            "{stem}: {whiskers} intervals, {caps} caps"
        );
    }
    // tejon's three exit squares: one y scale, so the same tick labels in each panel.
    let svg = std::fs::read_to_string(charts.join("exit-waits-tejon.svg")).unwrap();
    let els = parse(&svg);
    let frames: Vec<Rect> = els
        .iter()
        .filter(|e| e.tag == "rect" && e.get("stroke") == Some("#111111"))
        .map(Rect::of)
        .collect();
    assert_eq!(frames.len(), 3, "one panel per square 28, 29, 30");
    let ticks_left_of = |f: &Rect| -> Vec<String> {
        els.iter()
            .filter(|t| t.tag == "text" && t.get("text-anchor") == Some("end"))
            .filter(|t| t.num("x") < f.x0 && t.num("x") > f.x0 - 60.0)
            .map(|t| t.text.clone())
            .collect()
    };
    let first = ticks_left_of(&frames[0]);
    assert!(first.len() >= 3, "{first:?}");
    for f in &frames[1..] {
        assert_eq!(ticks_left_of(f), first, "each panel on the same y scale");
    }
    // The throws charts of one report (coins, sticks at 70%, kendall's coins): one y scale, so
    // that slides side by side do not mislead.
    let mut scales = std::collections::BTreeSet::new();
    for e in std::fs::read_dir(&charts).unwrap() {
        let path = e.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if name.starts_with("throws-") && name.ends_with(".svg") {
            scales.insert(check_chart(&path, true).1);
        }
    }
    assert_eq!(scales.len(), 1, "{scales:?}");
}

#[test]
fn the_length_axis_starts_near_the_shortest_game() {
    // tejon: no game is shorter than about 40 turns of a cut near 180; the axis starts there,
    // not at 0 (which left a third of the width empty).
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(
        tmp.path(),
        "t.toml",
        "name = \"t\"\ngames = 2000\nseed = 3\n[[arm]]\nname = \"tejon\"\nvariant = \"tejon\"\n",
    );
    let out = tmp.path().join("out");
    assert!(run(&sc, &out, &[]).status.success());
    let (xs, _) = check_chart(&out.join("charts/lengths.svg"), false);
    let first: f64 = xs[0].replace(',', "").parse().unwrap();
    let shortest = std::fs::read_to_string(out.join("lengths.csv"))
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(1).unwrap().parse::<f64>().unwrap())
        .fold(f64::INFINITY, f64::min);
    assert!(
        first > 0.0 && first <= shortest + 20.0,
        "first tick {first}, shortest game {shortest}"
    );
}

/// Twelve arms of every variant and device, and a tournament with a long name.
const MANY: &str = r#"
name = "many"
games = 300
seed = 9

[[arm]]
name = "passage"
variant = "passage"
[[arm]]
name = "game-box"
variant = "game-box"
[[arm]]
name = "kendall"
variant = "kendall"
[[arm]]
name = "empty-board"
variant = "empty-board"
[[arm]]
name = "tejon"
variant = "tejon"
[[arm]]
name = "tejon, die"
variant = "tejon"
device = { kind = "die" }
[[arm]]
name = "ludii-kendall"
variant = "ludii-kendall"
[[arm]]
name = "ludii-jequier"
variant = "ludii-jequier"
[[arm]]
name = "ludii-bell"
variant = "ludii-bell"
[[arm]]
name = "ludii-piccione"
variant = "ludii-piccione"
[[arm]]
name = "passage, sticks 60%"
variant = "passage"
device = { kind = "sticks", p_marked = 0.6 }
[[arm]]
name = "kendall, five pawns"
variant = "kendall"
[arm.rules]
pawns = 4

[[tournament]]
name = "ludii-piccione: heuristic against random, colours alternated"
variant = "ludii-piccione"
strategies = ["heuristic", "random"]
games = 20
"#;

#[test]
fn charts_of_many_arms_keep_them_apart() {
    // Before, nine series shared seven colours (passage and ludii-bell one blue), one length
    // axis squashed the short variants into a few bars, a long heat-map title ran off the
    // picture, and the board did not mark bonus squares.
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "many.toml", MANY);
    let out = tmp.path().join("m");
    let res = run(&sc, &out, &[]);
    assert!(
        res.status.success(),
        "{}",
        String::from_utf8_lossy(&res.stderr)
    );
    let charts = out.join("charts");
    for stem in ["squares", "lengths", "wins", "board"] {
        check_chart(&charts.join(format!("{stem}.svg")), false);
    }
    check_chart(
        &charts.join("heatmap-ludii-piccione-heuristic-against-random-colours-alternated.svg"),
        false,
    );
    // Twelve line colours on the squares chart, the last five also dashed.
    let svg = std::fs::read_to_string(charts.join("squares.svg")).unwrap();
    let els = parse(&svg);
    let mut colours: Vec<&str> = els
        .iter()
        .filter(|e| e.tag == "polyline" && e.num("stroke-width") == 3.0)
        .filter_map(|e| e.get("stroke"))
        .collect();
    colours.sort();
    colours.dedup();
    assert_eq!(colours.len(), 12, "{colours:?}");
    // A panel of its own for each arm's lengths, each with its own bars.
    let svg = std::fs::read_to_string(charts.join("lengths.svg")).unwrap();
    let els = parse(&svg);
    let frames = els
        .iter()
        .filter(|e| e.tag == "rect" && e.get("stroke") == Some("#111111"))
        .count();
    assert_eq!(frames, 12);
    let mut bars: Vec<&str> = els
        .iter()
        .filter(|e| e.tag == "text" && e.text.contains("bars of"))
        .map(|e| e.text.as_str())
        .collect();
    assert_eq!(bars.len(), 12);
    bars.sort();
    bars.dedup();
    assert!(bars.len() >= 3, "{bars:?}");
    let board = std::fs::read_to_string(charts.join("board.svg")).unwrap();
    assert!(
        board.contains("★ another throw"),
        "the key of ludii-piccione's bonus squares"
    );
}
