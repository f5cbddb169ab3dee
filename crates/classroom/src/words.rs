//! Numbers and names as a pupil writes them: a decimal comma in French, thousands grouped, and
//! rounding half up on the number as written (1/16 = 0,0625 is 0,063 to three decimals, where
//! a computer's round-half-to-even on the binary value gives 0,062).

/// The language of what the class reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// French: decimal commas, a no-break space before « : » and inside « ».
    Fr,
}

/// The no-break space of French numbers and punctuation.
pub const NBSP: &str = "\u{a0}";

impl Lang {
    /// The English or the French text.
    pub fn pick<'a>(self, en: &'a str, fr: &'a str) -> &'a str {
        match self {
            Lang::En => en,
            Lang::Fr => fr,
        }
    }

    /// `x` rounded half up to `decimals` decimals, written with this language's decimal mark
    /// and its thousands grouped ("12,345.6" or "12 345,6" with a no-break space).
    pub fn num(self, x: f64, decimals: usize) -> String {
        let (sign, int, frac) = round_half_up(x, decimals);
        let mut out = String::from(sign);
        for (i, d) in int.chars().enumerate() {
            if i > 0 && (int.len() - i) % 3 == 0 {
                out.push_str(self.thousands());
            }
            out.push(d);
        }
        if !frac.is_empty() {
            out.push(self.decimal_mark());
            out.push_str(&frac);
        }
        out
    }

    /// A whole number with its thousands grouped: "49,303,694" or "49 303 694".
    pub fn int(self, n: u64) -> String {
        self.num(n as f64, 0)
    }

    /// The thousands separator: "," or a no-break space.
    pub fn thousands(self) -> &'static str {
        match self {
            Lang::En => ",",
            Lang::Fr => NBSP,
        }
    }

    /// The decimal mark: '.' or ','.
    pub fn decimal_mark(self) -> char {
        match self {
            Lang::En => '.',
            Lang::Fr => ',',
        }
    }

    /// A name in this language's quotation marks: "name" or « name ».
    pub fn quote(self, name: &str) -> String {
        match self {
            Lang::En => format!("\"{name}\""),
            Lang::Fr => format!("«{NBSP}{name}{NBSP}»"),
        }
    }

    /// `100 x` as a percentage with `decimals` decimals: "60%" or "60 %".
    pub fn pct(self, x: f64, decimals: usize) -> String {
        match self {
            Lang::En => format!("{}%", self.num(100.0 * x, decimals)),
            Lang::Fr => format!("{}{NBSP}%", self.num(100.0 * x, decimals)),
        }
    }

    /// Names quoted and joined: « a », « b » et « c ».
    pub fn list(self, names: &[String]) -> String {
        let q: Vec<String> = names.iter().map(|n| self.quote(n)).collect();
        match q.split_last() {
            Some((last, rest)) if !rest.is_empty() => {
                format!("{} {} {last}", rest.join(", "), self.pick("and", "et"))
            }
            _ => q.join(""),
        }
    }
}

/// The sign, the whole part and the `decimals` digits of `x` rounded half up (away from zero)
/// on its shortest decimal writing, the one a person reads ("0.145" rounds to "0.15").
fn round_half_up(x: f64, decimals: usize) -> (&'static str, String, String) {
    if !x.is_finite() {
        return ("", format!("{x}"), String::new());
    }
    // Display writes the shortest decimal that reads back as x, never with an exponent.
    let text = format!("{}", x.abs());
    let (int, frac) = text.split_once('.').unwrap_or((&text, ""));
    let mut digits: Vec<u8> = int.bytes().chain(frac.bytes()).map(|b| b - b'0').collect();
    let whole = int.len();
    digits.resize(whole + decimals.max(frac.len()), 0);
    let round_up = digits.get(whole + decimals).is_some_and(|&d| d >= 5);
    digits.truncate(whole + decimals);
    if round_up {
        let mut i = digits.len();
        loop {
            if i == 0 {
                digits.insert(0, 1);
                break;
            }
            i -= 1;
            if digits[i] == 9 {
                digits[i] = 0;
            } else {
                digits[i] += 1;
                break;
            }
        }
    }
    let split = digits.len() - decimals;
    let show = |d: &[u8]| d.iter().map(|d| char::from(b'0' + d)).collect::<String>();
    let (int, frac) = (show(&digits[..split]), show(&digits[split..]));
    let zero = digits.iter().all(|&d| d == 0);
    let sign = if x < 0.0 && !zero { "-" } else { "" };
    let int = match int.trim_start_matches('0') {
        "" => "0".to_string(),
        int => int.to_string(),
    };
    (sign, int, frac)
}

#[cfg(test)]
mod tests {
    use super::Lang;

    #[test]
    fn rounds_as_a_pupil_rounds() {
        let fr = Lang::Fr;
        assert_eq!(fr.num(0.0625, 3), "0,063");
        assert_eq!(fr.num(0.145, 2), "0,15");
        assert_eq!(fr.num(130.0 / 407.0, 4), "0,3194");
        assert_eq!(fr.num(0.9999, 2), "1,00");
        assert_eq!(fr.num(99.95, 1), "100,0");
        assert_eq!(fr.num(-0.004, 2), "0,00");
        assert_eq!(fr.num(-1.25, 1), "-1,3");
        assert_eq!(fr.num(1234567.5, 0), "1\u{a0}234\u{a0}568");
        assert_eq!(Lang::En.num(1234.5, 2), "1,234.50");
        assert_eq!(Lang::En.num(0.0, 0), "0");
        assert_eq!(Lang::En.num(1e-7, 3), "0.000");
        assert_eq!(Lang::En.int(1600), "1,600");
        assert_eq!(fr.pct(0.6, 0), "60\u{a0}%");
    }

    #[test]
    fn lists_are_joined_in_each_language() {
        let names = ["a".to_string(), "b".to_string(), "c".to_string()];
        assert_eq!(Lang::En.list(&names), "\"a\", \"b\" and \"c\"");
        assert_eq!(Lang::Fr.list(&names[..1]), "«\u{a0}a\u{a0}»".to_string());
    }
}
