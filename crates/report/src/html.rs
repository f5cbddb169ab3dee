//! `report.html`: the report in one self-contained file to project in class or print on A4.
//!
//! It is `report.md` rendered to HTML (pulldown-cmark), with every chart's PNG link and the
//! caption under it made one figure that a page break never splits, the chart's SVG inlined, and a style sheet inside the file: no network, no other file needed.

use crate::error::{ReportError, Result};
use pulldown_cmark::{html, CowStr, Event, Options, Parser, Tag, TagEnd};
use std::collections::BTreeMap;

const STYLE: &str = r#"
body { font-family: "DejaVu Sans", Verdana, sans-serif; font-size: 18px; line-height: 1.45;
       max-width: 1200px; margin: 0 auto; padding: 1em 2em; color: #111; }
h1 { font-size: 2em; } h2 { font-size: 1.5em; margin-top: 1.6em; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.9em; }
th, td { border: 1px solid #999; padding: 0.3em 0.6em; }
th { background: #eee; }
figure.chart { margin: 1em 0; page-break-inside: avoid; break-inside: avoid; }
figure.chart svg { width: 100%; height: auto; display: block; }
figcaption { margin: 0.3em 0 0 0; font-size: 0.95em; color: #222; }
section.live { border: 2px solid #0072b2; padding: 0.1em 0.8em 0.6em 0.8em; margin: 1em 0; }
section.live h3 { margin: 0.3em 0; }
section.live .hint { font-size: 0.85em; color: #333; }
section.live .grid { display: flex; gap: 1.2em; align-items: flex-start; }
section.live .grid > div:last-child { flex: 1; font-size: 0.9em; }
section.live label { margin-right: 1.2em; white-space: nowrap; }
section.live input, section.live select { width: 3.2em; font-size: 0.9em; padding: 0 0.2em; }
section.live input.name { width: 8em; }
section.live select { width: auto; }
section.live table { margin: 0.4em 0; }
section.live table { font-size: 0.85em; }
section.live td, section.live th { padding: 0 0.3em; text-align: right; }
section.live tfoot td { font-weight: bold; background: #f4f4f4; }
section.live input.refused { border: 2px solid #d55e00; background: #fde8dc; }
section.live .refused { color: #a33c00; }
section.live p { margin: 0.3em 0; }
section.live .charts { display: flex; gap: 1em; }
section.live .charts > div { flex: 1; min-width: 0; }
section.live svg { width: 100%; height: auto; }
pre { background: #f4f4f4; padding: 0.6em; overflow-x: auto; white-space: pre-wrap; }
@media print {
  @page { size: A4; margin: 15mm; }
  body { font-size: 11pt; max-width: none; padding: 0; }
  table { font-size: 8pt; }
  h2, h3 { page-break-after: avoid; }
  section.live { page-break-inside: avoid; }
  section.live button, section.live .hint { display: none; }
  .all-results { display: none; }
  .print-only { display: block; }
}
.print-only { display: none; }
"#;

/// What a pupils' report leaves out of its printed pages: the section after `heading` (« Tous les
/// résultats »), with `note` printed in its place; it stays on the screen.
pub struct PrintQuestion<'a> {
    /// The heading of the section left out (its text, as in `report.md`).
    pub heading: &'a str,
    /// What the printed page says instead.
    pub note: &'a str,
}

/// `report.html` from the markdown of the report and the SVG of each chart drawn (by file
/// stem); `form` (the class's live form, or empty) replaces the markdown's
/// [`super::live::MARKER`]; `lang` is the document's language code; `print` (a pupils'
/// report) prints the question only.
pub fn page(
    markdown: &str,
    svgs: &BTreeMap<String, String>,
    form: &str,
    (title, lang): (&str, &str),
    print: Option<PrintQuestion>,
) -> Result<String> {
    let mut body = String::new();
    html::push_html(&mut body, text_only(markdown));
    let mut body = inline_charts(svgs, &body)?.replacen(super::live::MARKER, form, 1);
    if let Some(p) = print {
        let heading = format!("<h2>{}</h2>", escape(p.heading));
        if let Some(at) = body.find(&heading) {
            let rest = body.split_off(at);
            let note = format!("<p class=\"print-only\"><em>{}</em></p>\n", escape(p.note));
            body = format!("{body}{note}<div class=\"all-results\">\n{rest}</div>\n");
        }
    }
    Ok(format!(
        "<!DOCTYPE html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n{body}</body>\n</html>\n",
        escape(title)
    ))
}

/// Replaces each paragraph `<p><img src="charts/STEM.png" ...></p>` and the paragraph after it
/// (the chart's caption) by one figure: the SVG drawn as `charts/STEM.svg` inlined, the caption
/// under it.
fn inline_charts(svgs: &BTreeMap<String, String>, body: &str) -> Result<String> {
    let page = |why: &str| ReportError::Page(why.into());
    const OPEN: &str = "<p><img src=\"charts/";
    let mut out = String::with_capacity(body.len());
    let mut rest = body;
    while let Some(i) = rest.find(OPEN) {
        out.push_str(&rest[..i]);
        let tail = &rest[i + OPEN.len()..];
        let stem_end = tail
            .find(".png\"")
            .ok_or_else(|| page("a chart link without .png"))?;
        let stem = &tail[..stem_end];
        if !stem_ok(stem) {
            return Err(page(&format!(
                "a chart named {stem:?}: not one of the report's"
            )));
        }
        // The image's paragraph ends at its first "</p>" (the alt text is a stem).
        let close = tail
            .find("</p>")
            .ok_or_else(|| page("an unclosed chart paragraph"))?;
        rest = tail[close + 4..].trim_start();
        let caption = match rest.strip_prefix("<p>").and_then(|r| r.split_once("</p>")) {
            Some((text, after)) => {
                rest = after;
                format!("<figcaption>{text}</figcaption>")
            }
            None => String::new(),
        };
        let svg = (svgs.get(stem))
            .ok_or_else(|| page(&format!("charts/{stem}.png: a chart not drawn")))?;
        let svg = svg.trim_end().replacen(
            "<svg ",
            &format!("<svg role=\"img\" aria-label=\"{stem}\" "),
            1,
        );
        out.push_str(&format!(
            "<figure class=\"chart\" id=\"{stem}\">{svg}{caption}</figure>\n"
        ));
    }
    out.push_str(rest);
    Ok(out)
}

/// The markdown's events with every HTML written in it (a name, a title, a value) turned back
/// into text, the live form's marker aside, and every image that is not one of the report's
/// own charts (`charts/STEM.png`) reduced to its alt text: a report runs no one's script and
/// shows nothing from outside its folder.
fn text_only(markdown: &str) -> impl Iterator<Item = Event<'_>> {
    let mut dropped = 0usize;
    Parser::new_ext(markdown, Options::ENABLE_TABLES).map(move |ev| match ev {
        Event::Html(h) | Event::InlineHtml(h) if h.trim() != super::live::MARKER => Event::Text(h),
        Event::Start(Tag::Image { ref dest_url, .. }) if !own_chart(dest_url) => {
            dropped += 1;
            Event::Text(CowStr::Borrowed(""))
        }
        Event::End(TagEnd::Image) if dropped > 0 => {
            dropped -= 1;
            Event::Text(CowStr::Borrowed(""))
        }
        other => other,
    })
}

/// Whether `url` is one of the report's charts: `charts/` and a file stem of letters, digits
/// and dashes, `.png`.
fn own_chart(url: &str) -> bool {
    (url.strip_prefix("charts/")
        .and_then(|u| u.strip_suffix(".png")))
    .is_some_and(stem_ok)
}

/// A chart's file stem as the report names them (a slug).
fn stem_ok(stem: &str) -> bool {
    !stem.is_empty()
        && (stem.bytes())
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
