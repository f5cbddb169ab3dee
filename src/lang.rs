//! The words of the outputs: `senet-tables`' languages, used by the charts, the report and the
//! command line.

pub(crate) use senet_tables::fill;
pub use senet_tables::lang::*;
