//! `senet-sim`: a thin entry point that maps errors to exit codes
//! (2 for bad input, 1 for anything else).

mod bench;
mod cli;
mod config;
mod error;
mod exact;
mod lang;
mod program;
mod progress;
mod resume;
mod run;
mod shards;
mod signals;
mod solve;
mod staging;

use clap::Parser as _;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = match cli::Cli::try_parse() {
        Ok(args) => args,
        Err(e) => match error::bad_value(&e) {
            Some(line) => {
                eprintln!("senet-sim: error: {line}");
                return ExitCode::from(2);
            }
            None => e.exit(),
        },
    };
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
            // One line a fault: an input with several faults tells each.
            for line in format!("{e:#}").lines() {
                eprintln!("{}{line}", error::prefix(&e));
            }
            if e.downcast_ref::<error::Interrupted>().is_some() {
                ExitCode::from(130)
            } else if e.downcast_ref::<error::InputError>().is_some()
                || e.downcast_ref::<error::FrenchInputError>().is_some()
                || (e.downcast_ref::<senet_tables::shards::ShardError>())
                    .is_some_and(|s| s.is_input())
            {
                ExitCode::from(2)
            } else {
                ExitCode::from(1)
            }
        }
    }
}
