//! A frame in the language of its report: French headers ([`ColumnDef::fr`]) and French words
//! for the sides, devices, strategies and moves a column holds ([`Values`]). The frames are
//! built with the program's names; only the files a reader opens are translated.

use crate::columns::{self, ColumnDef, Values};
use crate::lang::Lang;
use crate::TablesError;
use polars::prelude::*;

/// `df`, a table of the CSV file named `file`, with its headers and words in `lang`, its
/// counts as signed 64-bit integers (a difference of two counts never wraps around, in
/// Parquet or a Python frame; a count above 2⁶³ − 1 is an error, never a null). Every header must be a column of [`columns::COLUMNS`] for that
/// file.
pub fn frame(df: &DataFrame, file: &str, lang: Lang) -> Result<DataFrame, TablesError> {
    let mut out = Vec::with_capacity(df.width());
    for c in df.columns() {
        let def = definition(file, c.name())?;
        let mut c = c.clone();
        if matches!(
            c.dtype(),
            DataType::UInt8 | DataType::UInt16 | DataType::UInt32 | DataType::UInt64
        ) {
            c = c.strict_cast(&DataType::Int64)?;
        }
        if lang != Lang::En && def.values != Values::Plain {
            if let Ok(text) = c.str() {
                let words: Vec<Option<String>> = text
                    .iter()
                    .map(|v| v.map(|v| word(def.values, v, lang)))
                    .collect();
                c = Column::new(c.name().clone(), words);
            }
        }
        out.push(c.with_name(def.header(lang).into()));
    }
    Ok(DataFrame::new_infer_height(out)?)
}

/// The definition of column `name` of `file`, or the error that names both.
pub fn definition(file: &str, name: &str) -> Result<&'static ColumnDef, TablesError> {
    columns::find(file, name).ok_or_else(|| TablesError::UnknownColumn {
        file: file.to_string(),
        column: name.to_string(),
    })
}

/// One cell's text in `lang`: a side, device, strategy or move as a reader of that language
/// says it; anything else, and any text it does not know, as it is.
pub fn word(values: Values, text: &str, lang: Lang) -> String {
    if lang == Lang::En || text.is_empty() {
        return text.to_string();
    }
    match values {
        Values::Plain => text.to_string(),
        Values::Side => match text {
            "white" => "blancs".into(),
            "black" => "noirs".into(),
            "none" => "aucun".into(),
            "first-thrower" => "premier lanceur".into(),
            "first-mover" => "premier à jouer".into(),
            other => other.into(),
        },
        Values::Device => device(text).map_or_else(|| text.to_string(), |d| lang.device(&d)),
        Values::Strategy => lang.strategy(text),
        Values::Moves => crate::describe::french(text),
    }
}

/// A device from the way a table writes it (`coins`, `sticks(p=0.4)`).
fn device(text: &str) -> Option<senet_engine::throws::Device> {
    use senet_engine::throws::Device;
    match text.strip_prefix("sticks(p=") {
        Some(p) => Some(Device::Sticks {
            p_marked: p.strip_suffix(')')?.parse().ok()?,
        }),
        None => Device::parse(text, None).ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frames::col;

    /// A French table says blancs, bâtonnets (p = 0,4), au hasard and dehors (sortie), under
    /// French headers; an English one is the frame as built.
    #[test]
    fn a_french_table_speaks_french() {
        let df = DataFrame::new_infer_height(vec![
            col("arm", vec!["sticks".to_string()]),
            col("device", vec!["sticks(p=0.4)".to_string()]),
            col("white", vec!["expectimax:1".to_string()]),
            col("black", vec!["random".to_string()]),
            col("white_wins", vec![3u64]),
        ])
        .unwrap();
        let fr = frame(&df, "summary.csv", Lang::Fr).unwrap();
        let names: Vec<&str> = fr.get_column_names().iter().map(|n| n.as_str()).collect();
        assert_eq!(
            names,
            [
                "configuration",
                "objet_de_lancer",
                "stratégie_blancs",
                "stratégie_noirs",
                "victoires_blancs"
            ]
        );
        let cell = |i: usize| fr.columns()[i].str().unwrap().get(0).unwrap().to_string();
        assert_eq!(cell(0), "sticks", "an arm's name is the user's");
        assert_eq!(cell(1), "bâtonnets (p = 0,4)");
        assert_eq!(cell(2), "regarde 1 lancer plus loin");
        assert_eq!(cell(3), "au hasard");
        assert!(frame(&df, "summary.csv", Lang::En).unwrap().equals(&df));
        assert_eq!(word(Values::Device, "coins", Lang::Fr), "pièces");
        assert_eq!(word(Values::Side, "none", Lang::Fr), "aucun");
        assert_eq!(
            word(Values::Moves, "28 -> off (exit)", Lang::Fr),
            "28 -> dehors (sortie)"
        );
        assert!(matches!(
            frame(&df, "throws.csv", Lang::Fr),
            Err(TablesError::UnknownColumn { .. })
        ));
    }
}
