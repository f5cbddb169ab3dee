//! `td` networks: trained by self-play ([`train`]), written to and read from their files
//! ([`tdfile`]), and the ones shipped inside the binary ([`shipped`]).

pub mod shipped;
pub mod tdfile;
pub mod train;
