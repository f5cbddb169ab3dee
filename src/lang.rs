//! The words of the outputs: `senet-tables`' languages, used by the charts, the report and the
//! command line.

pub(crate) use senet_tables::fill;
pub use senet_tables::lang::*;

/// The English or the French text, for a sentence written only in the report that uses it.
pub(crate) fn t<'a>(l: Lang, en: &'a str, fr: &'a str) -> &'a str {
    match l {
        Lang::En => en,
        Lang::Fr => fr,
    }
}
