//! `report.html`: one self-contained file with every chart inline and no external reference,
//! and (test `renders_in_headless_chromium`, run by the README's test command
//! after `scripts/setup.sh` installs Debian's Chromium) a real browser renders and prints it.

use crate::outputs::*;
use std::path::{Path, PathBuf};

const SCENARIO: &str = r#"
name = "html"
title = "Coins & sticks <in class>"
games = 300
seed = 5

[[arm]]
name = "coins"
variant = "tejon"

[[arm]]
name = "sticks 60%"
variant = "kendall"
device = { kind = "sticks", p_marked = 0.6 }

[tournament]
variant = "tejon"
strategies = ["random", "heuristic"]
games = 40
"#;

fn report(tmp: &Path) -> PathBuf {
    let sc = write(tmp, "html.toml", SCENARIO);
    let out = tmp.join("out");
    let o = run(&sc, &out, &[]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    out
}

#[test]
fn report_html_holds_every_chart_and_no_external_reference() {
    let tmp = tempfile::tempdir().unwrap();
    let out = report(tmp.path());
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("<title>Coins &amp; sticks &lt;in class&gt;</title>"));
    let charts: Vec<String> = std::fs::read_dir(out.join("charts"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "svg"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    assert!(charts.len() >= 8, "{charts:?}");
    for stem in &charts {
        assert!(
            html.contains(&format!("<figure class=\"chart\" id=\"{stem}\"><svg ")),
            "{stem} not inlined"
        );
    }
    assert_eq!(html.matches("<svg ").count(), charts.len());
    for external in [
        "<img", "src=", "href=", "url(", "@import", "<link", "<script", "http://", "https://",
    ] {
        let hits: Vec<_> = html
            .match_indices(external)
            .map(|(i, _)| &html[i..i + 60.min(html.len() - i)])
            .collect();
        // The SVG namespace is an identifier, not a fetched address.
        let real: Vec<_> = hits
            .iter()
            .filter(|h| !h.starts_with("http://www.w3.org/2000/svg"))
            .collect();
        assert!(real.is_empty(), "external reference {external}: {real:?}");
    }
    assert!(
        html.contains("<table>"),
        "the summary table is an HTML table"
    );
    assert!(html.contains("senet-sim run "), "the reproduce command");
    assert!(html.contains("@page { size: A4"));
}

/// Each chart and its caption are one figure, the caption under the chart, and a printed page
/// never splits a figure.
#[test]
fn each_chart_is_one_figure_with_its_caption_under_it() {
    let tmp = tempfile::tempdir().unwrap();
    let out = report(tmp.path());
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    let figures: Vec<&str> = html.split("<figure class=\"chart\"").skip(1).collect();
    assert_eq!(figures.len(), html.matches("<svg ").count());
    for f in figures {
        let f = &f[..f.find("</figure>").expect("a closed figure")];
        let caption = f
            .split("</svg><figcaption>")
            .nth(1)
            .expect("a caption after the chart");
        let text = caption.trim_end_matches("</figcaption>");
        assert!(text.len() > 40, "a sentence, not a stub: {text}");
    }
    assert!(!html.contains("<p><img"));
    assert!(html.contains(
        "figure.chart { margin: 1em 0; page-break-inside: avoid; break-inside: avoid; }"
    ));
}

/// The text of an HTML page without its charts, code and tags.
fn prose(html: &str) -> String {
    let mut s = html.to_string();
    for (open, close) in [
        ("<svg", "</svg>"),
        ("<pre", "</pre>"),
        ("<code", "</code>"),
        ("<style", "</style>"),
    ] {
        while let Some(i) = s.find(open) {
            let j = s[i..].find(close).map_or(s.len(), |j| i + j + close.len());
            s.replace_range(i..j, " ");
        }
    }
    let mut text = String::new();
    let mut in_tag = false;
    for c in s.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text
}

/// French typography: a no-break space before `: ; ? ! %`, inside « », and between thousands.
#[test]
fn the_french_report_keeps_its_spaces_unbroken() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(
        tmp.path(),
        "html.toml",
        &SCENARIO.replace("games = 300", "games = 1200"),
    );
    let out = tmp.path().join("fr");
    assert!(run(&sc, &out, &["--lang", "fr"]).status.success());
    let text = prose(&std::fs::read_to_string(out.join("report.html")).unwrap());
    for bad in [" :", " ;", " ?", " !", " %", "« ", " »"] {
        let at: Vec<&str> = text
            .match_indices(bad)
            .map(|(i, _)| text.get(i.saturating_sub(30)..i + 10).unwrap_or(bad))
            .collect();
        assert!(at.is_empty(), "a breakable space in '{bad}': {at:?}");
    }
    assert!(text.contains("1\u{a0}200 parties"), "thousands grouped");
    assert!(text.contains("Hasard ou stratégie\u{a0}?"));
}

/// Needs Chromium (`scripts/setup.sh` installs Debian's package); the README's test command runs it.
#[test]
#[ignore = "needs Chromium: run scripts/setup.sh, then cargo test -- --include-ignored"]
fn renders_in_headless_chromium() {
    let tmp = tempfile::tempdir().unwrap();
    let out = report(tmp.path());
    let page = format!("file://{}", out.join("report.html").display());
    let browser = ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|b| {
            std::process::Command::new(b)
                .arg("--version")
                .output()
                .is_ok()
        })
        .expect("Chromium is installed (scripts/setup.sh)");
    let shot = tmp.path().join("shot.png");
    let pdf = tmp.path().join("report.pdf");
    let common = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--allow-file-access-from-files",
    ];
    let status = std::process::Command::new(browser)
        .args(common)
        .arg("--window-size=1280,4000")
        .arg(format!("--screenshot={}", shot.display()))
        .arg(&page)
        .output()
        .unwrap();
    assert!(
        shot.exists(),
        "no screenshot: {}",
        String::from_utf8_lossy(&status.stderr)
    );
    let png = std::fs::read(&shot).unwrap();
    assert_eq!(&png[1..4], b"PNG");
    // Width and height from the IHDR chunk: the page was laid out in the window asked for.
    let w = u32::from_be_bytes(png[16..20].try_into().unwrap());
    assert_eq!(w, 1280);
    assert!(
        png.len() > 50_000,
        "a screenshot of charts is not nearly blank ({} bytes)",
        png.len()
    );
    let status = std::process::Command::new(browser)
        .args(common)
        .arg("--no-pdf-header-footer")
        .arg(format!("--print-to-pdf={}", pdf.display()))
        .arg(&page)
        .output()
        .unwrap();
    let bytes = std::fs::read(&pdf)
        .unwrap_or_else(|_| panic!("no PDF: {}", String::from_utf8_lossy(&status.stderr)));
    assert!(bytes.starts_with(b"%PDF"));
    assert!(
        bytes.len() > 100_000,
        "printed report too small: {} bytes",
        bytes.len()
    );
}
