//! Hints for the TOML errors that French writing habits cause in a scenario or rule file: a
//! decimal comma (`p_marked = 0,4`) or spaces between thousands (`games = 20 000`). TOML's own
//! messages ("invalid literal string", "string values must be quoted") do not say what to write.

/// The line (1-based) of a TOML error in `text`, and its message with a hint when that line
/// holds a number written the French way.
pub fn toml_error(text: &str, e: &toml::de::Error) -> (Option<usize>, String) {
    let line = e
        .span()
        .map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1);
    let mut message = e.message().trim().to_string();
    let source = line.and_then(|l| text.lines().nth(l - 1));
    // TOML says "duplicate key" without the key: the line names it.
    if let Some(key) = source
        .filter(|_| message == "duplicate key")
        .and_then(|s| s.split('=').next())
        .map(|k| k.trim().trim_matches('"'))
        .filter(|k| !k.is_empty())
    {
        message = format!("duplicate key '{key}' (each key once)");
    }
    if let Some(hint) = source.and_then(french_number) {
        message = format!("{message}; {hint}");
    }
    (line, message)
}

/// What to write instead, when a `key = value` of `line` holds a number written the French way.
pub fn french_number(line: &str) -> Option<String> {
    let mut rest = line;
    while let Some(eq) = rest.find('=') {
        let key = last_word(&rest[..eq]);
        let value = rest[eq + 1..].trim_start();
        let digits = |s: &str| s.chars().take_while(char::is_ascii_digit).count();
        let whole = digits(value);
        if whole > 0 && !key.is_empty() {
            let after = &value[whole..];
            if let Some(frac) = after.strip_prefix(',').filter(|f| digits(f) > 0) {
                let fixed = format!("{}.{}", &value[..whole], &frac[..digits(frac)]);
                return Some(format!(
                    "a decimal comma? write {key} = {fixed} (TOML writes decimals with a point)"
                ));
            }
            let groups = thousands(value);
            if groups.len() > 1 {
                let joined = groups.concat();
                let grouped = groups.join("_");
                return Some(format!(
                    "spaces between thousands? write {key} = {joined} or {key} = {grouped}"
                ));
            }
        }
        rest = &rest[eq + 1..];
    }
    None
}

/// The last word (key name) before an `=`.
fn last_word(text: &str) -> &str {
    let t = text.trim_end();
    // The byte after the last character that is not part of a key (it may take several bytes).
    let start = t
        .char_indices()
        .rfind(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.'))
        .map_or(0, |(i, c)| i + c.len_utf8());
    &t[start..]
}

/// Digit groups separated by single spaces (`20 000` gives `["20", "000"]`), each group after
/// the first of three digits.
fn thousands(value: &str) -> Vec<&str> {
    let mut groups = vec![];
    let mut rest = value;
    loop {
        let n = rest.chars().take_while(char::is_ascii_digit).count();
        if n == 0 || (!groups.is_empty() && n != 3) {
            break;
        }
        groups.push(&rest[..n]);
        match rest[n..].strip_prefix([' ', '\u{a0}', '\u{202f}']) {
            Some(next) if next.starts_with(|c: char| c.is_ascii_digit()) => rest = next,
            _ => break,
        }
    }
    if groups.len() > 1 && groups.iter().skip(1).all(|g| g.len() == 3) {
        groups
    } else {
        vec![]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_decimal_comma_and_spaced_thousands_are_recognised() {
        assert_eq!(
            french_number("device = { kind = \"sticks\", p_marked = 0,4 }").unwrap(),
            "a decimal comma? write p_marked = 0.4 (TOML writes decimals with a point)"
        );
        assert_eq!(
            french_number("games = 20 000").unwrap(),
            "spaces between thousands? write games = 20000 or games = 20_000"
        );
        assert_eq!(
            french_number("games = 1 000 000").unwrap(),
            "spaces between thousands? write games = 1000000 or games = 1_000_000"
        );
    }

    proptest::proptest! {
        #[test]
        fn any_line_gets_a_hint_or_none_without_panicking(line in "[a-z0-9_ ,=«é\u{80}\u{a0}]{0,30}") {
            let _ = french_number(&line);
        }
    }

    #[test]
    fn keys_after_characters_of_several_bytes_do_not_panic() {
        // Found by the random scenario files of tests/cli/robustness.rs: "\u{80}name = ...".
        assert!(french_number("\u{80}name = 0,5")
            .unwrap()
            .contains("write name = 0.5"));
        assert_eq!(
            french_number("« p_marked = 0,5").unwrap(),
            "a decimal comma? write p_marked = 0.5 (TOML writes decimals with a point)"
        );
    }

    #[test]
    fn well_written_numbers_and_lists_give_no_hint() {
        for line in [
            "p_marked = 0.4",
            "games = 20_000",
            "safe_squares = [15,26,28]",
            "name = \"a b\"",
            "games = 20 00",
        ] {
            assert_eq!(french_number(line), None, "{line}");
        }
    }
}
