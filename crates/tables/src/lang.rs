//! The words of the outputs in English and in French (school vocabulary: effectif, fréquence,
//! probabilité, issue, loi des grands nombres, diagramme en bâtons...), and numbers written
//! with a decimal point or a decimal comma.

/// The language of charts, the report and the column labels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// French: decimal commas, a space before %.
    Fr,
}

impl Lang {
    /// Every language, in the order of [`crate::columns::ColumnDef::labels`].
    pub(crate) const ALL: [Lang; 2] = [Lang::En, Lang::Fr];

    /// The language of a scenario's `lang` key.
    pub fn from_code(code: &str) -> Option<Lang> {
        match code {
            "en" => Some(Lang::En),
            "fr" => Some(Lang::Fr),
            _ => None,
        }
    }

    /// The ISO 639-1 code.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
        }
    }

    /// The texts of this language.
    pub fn texts(self) -> &'static Texts {
        match self {
            Lang::En => &EN,
            Lang::Fr => &FR,
        }
    }

    /// `x` with `decimals` digits after the decimal point (a comma in French) and its thousands
    /// grouped ("12,345.6" or "12 345,6" with a no-break space), rounded half up as a person
    /// rounds the number as written (0.0625 is "0.063" to three decimals): `senet-classroom`'s.
    pub fn num(self, x: f64, decimals: usize) -> String {
        senet_classroom::Lang::from(self).num(x, decimals)
    }

    /// A whole number with its thousands grouped: "49,303,694" or "49 303 694".
    pub fn int(self, n: u64) -> String {
        self.num(n as f64, 0)
    }

    /// The thousands separator: "," or a no-break space.
    pub fn thousands(self) -> &'static str {
        senet_classroom::Lang::from(self).thousands()
    }

    /// The decimal mark: '.' or ','.
    pub fn decimal_mark(self) -> char {
        senet_classroom::Lang::from(self).decimal_mark()
    }

    /// `100 x` as a percentage with one decimal: "12.5%" or "12,5 %" (no-break space).
    pub fn pct(self, x: f64) -> String {
        self.pct_with(x, 1)
    }

    /// `100 x` as a percentage with `decimals` decimals.
    pub fn pct_with(self, x: f64, decimals: usize) -> String {
        match self {
            Lang::En => format!("{}%", self.num(100.0 * x, decimals)),
            Lang::Fr => format!("{}{NBSP}%", self.num(100.0 * x, decimals)),
        }
    }

    /// A name in this language's quotation marks: "name" or « name ».
    pub fn quote(self, name: &str) -> String {
        match self {
            Lang::En => format!("\"{name}\""),
            Lang::Fr => format!("«{NBSP}{name}{NBSP}»"),
        }
    }

    /// A strategy's name for a reader of this language: its id in English ("heuristic",
    /// "expectimax:1"), words in French ("heuristique", "regarde 1 lancer plus loin"), as a French
    /// report's CSV files write it; scenario files and English files keep the ids.
    pub fn strategy(self, id: &str) -> String {
        if self == Lang::En {
            return id.to_string();
        }
        let (kind, arg) = id.split_once(':').unwrap_or((id, ""));
        match (kind, arg) {
            ("random", _) => "au hasard".into(),
            ("front", _) => "le plus avancé".into(),
            ("back", _) => "le plus en arrière".into(),
            ("heuristic", "") => "heuristique".into(),
            ("heuristic", w) => format!("heuristique ({w})"),
            ("expectimax", "0") => "meilleur coup immédiat".into(),
            ("expectimax", "1") => "regarde 1 lancer plus loin".into(),
            ("expectimax", d) => format!("regarde {d} lancers plus loin"),
            ("rollout", n) => format!("{n} parties simulées"),
            ("optimal", _) => "au mieux".into(),
            _ => id.to_string(),
        }
    }

    /// A strategy's id as code in English, its name with the id beside it in French
    /// ("heuristique (`heuristic`)"), for a reader who also writes scenario files.
    pub fn strategy_with_id(self, id: &str) -> String {
        match self {
            Lang::En => format!("`{id}`"),
            Lang::Fr => format!("{} (`{id}`)", self.strategy(id)),
        }
    }

    /// A throwing device in this language ("sticks (p = 0.6)", "bâtonnets (p = 0,6)").
    pub fn device(self, d: &senet_engine::throws::Device) -> String {
        use senet_engine::throws::Device;
        match (self, d) {
            (Lang::En, Device::Sticks { p_marked }) => {
                format!("sticks (p = {})", self.tick(*p_marked))
            }
            (Lang::En, _) => d.to_string(),
            (Lang::Fr, Device::Sticks { p_marked }) => {
                format!("bâtonnets (p = {})", self.tick(*p_marked))
            }
            (Lang::Fr, Device::Coins) => "pièces".into(),
            (Lang::Fr, Device::Die) => "dé".into(),
            (Lang::Fr, Device::D4) => "dé à 4 faces".into(),
        }
    }

    /// The shortest form of `x` with up to 3 decimals ("0.25", "0,7").
    pub fn tick(self, x: f64) -> String {
        let mut s = format!("{x:.3}");
        while s.contains('.') && (s.ends_with('0') || s.ends_with('.')) {
            s.pop();
        }
        let decimals = s.split_once('.').map_or(0, |(_, f)| f.len());
        self.num(x, decimals)
    }

    /// French typography in a text: a no-break space before `: ; ? ! %` and inside « »
    /// (the spaces already there are replaced); English text is returned as it is.
    pub fn typography(self, text: &str) -> String {
        if self == Lang::En {
            return text.to_string();
        }
        let mut out = text.to_string();
        for (from, to) in [
            (" :", "\u{a0}:"),
            (" ;", "\u{a0};"),
            (" ?", "\u{a0}?"),
            (" !", "\u{a0}!"),
            (" %", "\u{a0}%"),
            ("« ", "«\u{a0}"),
            (" »", "\u{a0}»"),
        ] {
            out = out.replace(from, to);
        }
        out
    }
}

mod en;
mod fr;
mod texts;
pub use en::EN;
pub use fr::FR;
pub use texts::Texts;

/// The no-break space of French numbers and punctuation.
pub const NBSP: &str = senet_classroom::words::NBSP;

impl From<Lang> for senet_classroom::Lang {
    fn from(l: Lang) -> Self {
        match l {
            Lang::En => senet_classroom::Lang::En,
            Lang::Fr => senet_classroom::Lang::Fr,
        }
    }
}

/// Fills the `{}` marks of a template with the arguments, in order: `fill!(t.title, name, n)`.
#[macro_export]
macro_rules! fill {
    ($t:expr $(, $a:expr)* $(,)?) => {
        $crate::lang::fill_args($t, &[$(&$a as &dyn std::fmt::Display),*])
    };
}

/// Fills the `{}` marks of `template` with `args`, in order.
pub fn fill_args(template: &str, args: &[&dyn std::fmt::Display]) -> String {
    let mut out = String::with_capacity(template.len() + 16 * args.len());
    let mut parts = template.split("{}");
    if let Some(first) = parts.next() {
        out.push_str(first);
    }
    for (i, part) in parts.enumerate() {
        if let Some(a) = args.get(i) {
            out.push_str(&a.to_string());
        }
        out.push_str(part);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::Lang;

    /// Each text's fields and the number of `{}` marks it holds, read from a language's file.
    fn marks(file: &str) -> std::collections::BTreeMap<String, usize> {
        let mut out = std::collections::BTreeMap::new();
        let mut field = None;
        for line in file.lines() {
            let entry = line.strip_prefix("    ").and_then(|l| l.split_once(": "));
            if let Some((name, _)) = entry.filter(|(n, _)| {
                n.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
            }) {
                field = Some(name.to_string());
                out.insert(name.to_string(), 0);
            }
            if let Some(f) = &field {
                *out.get_mut(f).unwrap() += line.matches("{}").count();
            }
        }
        out
    }

    /// Every language fills each text with as many values, so that a template filled in
    /// English fills in French too (a third language is a file beside these two).
    #[test]
    fn every_language_has_each_text_with_the_same_marks() {
        let en = marks(include_str!("lang/en.rs"));
        let fr = marks(include_str!("lang/fr.rs"));
        assert!(en.len() > 200, "{}", en.len());
        assert_eq!(en, fr);
        assert_eq!(en["heatmap_subtitle"], 3);
    }

    #[test]
    fn strategies_are_named_in_french_and_keep_their_id_in_english() {
        let fr = |id| Lang::Fr.strategy(id);
        assert_eq!(fr("random"), "au hasard");
        assert_eq!(fr("expectimax:1"), "regarde 1 lancer plus loin");
        assert_eq!(fr("expectimax:2"), "regarde 2 lancers plus loin");
        assert_eq!(fr("rollout:8"), "8 parties simulées");
        assert_eq!(fr("heuristic:pair=2"), "heuristique (pair=2)");
        assert_eq!(fr("optimal:t/table.senet"), "au mieux");
        assert_eq!(Lang::En.strategy("expectimax:1"), "expectimax:1");
        assert_eq!(
            Lang::Fr.strategy_with_id("back"),
            "le plus en arrière (`back`)"
        );
        assert_eq!(Lang::En.strategy_with_id("back"), "`back`");
    }
}
