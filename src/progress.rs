//! Progress on stderr while games are played: a bar on a terminal, a line every few seconds
//! otherwise, nothing when quiet.

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
        let done = Arc::new(AtomicU64::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let handle = (!quiet).then(|| {
            let (done, stop) = (done.clone(), stop.clone());
            std::thread::spawn(move || report_progress(total, &done, &stop))
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

fn report_progress(total: u64, done: &AtomicU64, stop: &AtomicBool) {
    let start = Instant::now();
    if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(total);
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} games  {msg}  about {eta} left")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        while !stop.load(Ordering::Relaxed) {
            let d = done.load(Ordering::Relaxed);
            bar.set_position(d);
            bar.set_message(format!(
                "{:.0} games/s",
                d as f64 / start.elapsed().as_secs_f64().max(1e-3)
            ));
            std::thread::sleep(Duration::from_millis(100));
        }
        bar.set_position(done.load(Ordering::Relaxed));
        bar.finish_and_clear();
        return;
    }
    let mut last = Instant::now();
    while !stop.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(100));
        if last.elapsed() >= Duration::from_secs(5) {
            last = Instant::now();
            let d = done.load(Ordering::Relaxed);
            let rate = d as f64 / start.elapsed().as_secs_f64();
            let left = if rate > 0.0 {
                (total - d) as f64 / rate
            } else {
                0.0
            };
            eprintln!("senet-sim: {d}/{total} games ({rate:.0} games/s), about {left:.0} s left");
        }
    }
}
