//! `senet-sim`: a thin entry point that maps errors to exit codes
//! (2 for bad input, 1 for anything else).

mod charts;
mod cli;
mod frames;
mod html;
mod lang;
mod report;
mod tournament_report;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (`senet-sim play | head`) is the reader's choice, not an error.
        Err(e)
            if e.chain().any(|c| {
                c.downcast_ref::<std::io::Error>()
                    .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            }) =>
        {
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("senet-sim: error: {e:#}");
            if e.downcast_ref::<cli::InputError>().is_some() {
                ExitCode::from(2)
            } else {
                ExitCode::from(1)
            }
        }
    }
}
