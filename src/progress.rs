//! Progress on stderr while games are played: a bar on a terminal, a line every few seconds
//! otherwise, nothing when quiet.

use crate::lang::Lang;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Prints progress on stderr while games are played: a bar on a terminal, a line every few
/// seconds otherwise, nothing when quiet.
pub struct Progress {
    /// Games finished so far, added to by the workers.
    pub done: Arc<AtomicU64>,
    stop: Arc<AtomicBool>,
    handle: Option<std::thread::JoinHandle<()>>,
}

impl Progress {
    /// Starts reporting on `total` games (a thread of its own unless `quiet`).
    pub fn start(total: u64, quiet: bool) -> Progress {
        Progress::start_in(total, quiet, Lang::En)
    }

    /// Starts reporting on `total` games in `lang` (a French run's terminal speaks French).
    pub fn start_in(total: u64, quiet: bool, lang: Lang) -> Progress {
        let done = Arc::new(AtomicU64::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let handle = (!quiet).then(|| {
            let (done, stop) = (done.clone(), stop.clone());
            std::thread::spawn(move || report_progress(total, &done, &stop, lang))
        });
        Progress { done, stop, handle }
    }

    /// Stops reporting.
    pub fn finish(mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}

/// A duration in words a reader takes in at once: `45 s`, `4 min 10 s`, `3 h 05 min`,
/// `6 d 3 h`.
pub fn duration_text(secs: f64) -> String {
    let s = secs.max(0.0).round() as u64;
    let (d, h, m, sec) = (s / 86_400, s / 3600 % 24, s / 60 % 60, s % 60);
    match (d, h, m) {
        (0, 0, 0) => format!("{sec} s"),
        (0, 0, _) => format!("{m} min {sec:02} s"),
        (0, _, _) => format!("{h} h {m:02} min"),
        _ => format!("{d} d {h} h"),
    }
}

/// Seconds left at the speed so far, if any game is done.
fn left(total: u64, done: u64, elapsed: f64) -> Option<f64> {
    (done > 0).then(|| total.saturating_sub(done) as f64 * elapsed / done as f64)
}

/// ", about 4 min 10 s left" (", encore environ 4 min 10 s") at the speed so far (nothing
/// before the first game is done).
fn eta_text(total: u64, done: u64, elapsed: f64, l: Lang) -> String {
    left(total, done, elapsed).map_or(String::new(), |left| {
        crate::lang::fill!(l.texts().r_about_left, duration_text(left))
    })
}

/// Once, a few seconds in: a warning when the run would last more than an hour.
fn warn_if_long(total: u64, done: u64, elapsed: f64, warned: &mut bool, l: Lang) {
    if *warned || elapsed < 3.0 {
        return;
    }
    *warned = true;
    if let Some(left) = left(total, done, elapsed).filter(|&l| l > 3600.0) {
        let (speed, more) = (done as f64 / elapsed, duration_text(left));
        match l {
            Lang::En => eprintln!("senet-sim: warning: {total} games at {speed:.0} games/s will take about {more} more; Ctrl-C stops the run without writing anything"),
            Lang::Fr => eprintln!("senet-sim : attention : {total} parties à {speed:.0} parties/s prendront encore environ {more} ; Ctrl-C arrête la simulation sans rien écrire"),
        }
    }
}

fn report_progress(total: u64, done: &AtomicU64, stop: &AtomicBool, l: Lang) {
    let games = l.texts().r_games;
    let start = Instant::now();
    let mut warned = false;
    if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(total);
        bar.set_style(
            ProgressStyle::with_template(&format!("{{bar:40}} {{pos}}/{{len}} {games}  {{msg}}"))
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        while !stop.load(Ordering::Relaxed) {
            let (d, t) = (done.load(Ordering::Relaxed), start.elapsed().as_secs_f64());
            bar.set_position(d);
            let eta = eta_text(total, d, t, l);
            bar.set_message(format!("{:.0} {games}/s{eta}", d as f64 / t.max(1e-3)));
            bar.suspend(|| warn_if_long(total, d, t, &mut warned, l));
            std::thread::sleep(Duration::from_millis(100));
        }
        bar.set_position(done.load(Ordering::Relaxed));
        bar.finish_and_clear();
        return;
    }
    let mut last = Instant::now();
    while !stop.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(100));
        let (d, t) = (done.load(Ordering::Relaxed), start.elapsed().as_secs_f64());
        warn_if_long(total, d, t, &mut warned, l);
        if last.elapsed() >= Duration::from_secs(5) {
            last = Instant::now();
            let eta = eta_text(total, d, t, l);
            eprintln!(
                "senet-sim: {d}/{total} {games} ({:.0} {games}/s){eta}",
                d as f64 / t
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_in_the_largest_units() {
        assert_eq!(duration_text(0.4), "0 s");
        assert_eq!(duration_text(45.0), "45 s");
        assert_eq!(duration_text(250.0), "4 min 10 s");
        assert_eq!(
            duration_text(3.0 * 3600.0 + 5.0 * 60.0 + 59.0),
            "3 h 05 min"
        );
        assert_eq!(duration_text(516_755.0), "5 d 23 h");
        assert_eq!(left(100, 0, 1.0), None);
        assert_eq!(left(100, 25, 2.0), Some(6.0));
    }
}
