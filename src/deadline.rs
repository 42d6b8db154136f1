//! The edges' one budget for a search: a deadline read from the clock, a
//! cancel asked from outside, and what to do with the progress reports. The
//! core has no clock (`solve::budget`); the command line and the language
//! server hand it one of these (docs/architecture.md, "The door").

use crate::door::{Budget, Progress, Stop};
use std::time::{Duration, Instant};

type Cancel = Box<dyn Fn() -> bool + Send + Sync>;
type Report = Box<dyn Fn(&Progress) + Send + Sync>;

/// Stops a search at a time (if any) or when asked, and passes its progress
/// on.
pub struct Deadline {
    /// `None`: no limit, or one too far away to count.
    at: Option<Instant>,
    cancelled: Option<Cancel>,
    report: Option<Report>,
}

impl Deadline {
    /// A search of at most `limit` from now (`None`: no limit).
    pub fn after(limit: Option<Duration>) -> Deadline {
        Deadline {
            at: limit.and_then(|limit| Instant::now().checked_add(limit)),
            cancelled: None,
            report: None,
        }
    }

    /// A search of at most `seconds` from now.
    pub fn seconds(seconds: u64) -> Deadline {
        Deadline::after(Some(Duration::from_secs(seconds)))
    }

    /// Also stops, as cancelled, once `cancelled` says so.
    #[must_use]
    pub fn cancelled_when(mut self, cancelled: impl Fn() -> bool + Send + Sync + 'static) -> Self {
        self.cancelled = Some(Box::new(cancelled));
        self
    }

    /// Passes every progress report to `report`.
    #[must_use]
    pub fn reporting(mut self, report: impl Fn(&Progress) + Send + Sync + 'static) -> Self {
        self.report = Some(Box::new(report));
        self
    }
}

impl Budget for Deadline {
    fn stop(&self) -> Option<Stop> {
        if self.cancelled.as_ref().is_some_and(|cancelled| cancelled()) {
            Some(Stop::Cancelled)
        } else if self.at.is_some_and(|at| Instant::now() >= at) {
            Some(Stop::OutOfTime)
        } else {
            None
        }
    }

    fn progress(&self, progress: &Progress) {
        if let Some(report) = &self.report {
            report(progress);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::sync::Arc;

    #[test]
    fn a_deadline_stops_when_its_time_is_up_or_when_cancelled() {
        assert_eq!(Deadline::after(None).stop(), None);
        assert_eq!(Deadline::seconds(3600).stop(), None);
        assert_eq!(
            Deadline::after(Some(Duration::ZERO)).stop(),
            Some(Stop::OutOfTime)
        );
        // A limit too far away to count is no limit.
        assert_eq!(Deadline::after(Some(Duration::MAX)).stop(), None);
        let flag = Arc::new(AtomicBool::new(false));
        let asked = flag.clone();
        let deadline = Deadline::after(Some(Duration::ZERO))
            .cancelled_when(move || asked.load(Ordering::Relaxed));
        assert_eq!(deadline.stop(), Some(Stop::OutOfTime));
        flag.store(true, Ordering::Relaxed);
        assert_eq!(
            deadline.stop(),
            Some(Stop::Cancelled),
            "a cancel comes first"
        );
    }

    #[test]
    fn progress_is_passed_on() {
        let seen = Arc::new(AtomicUsize::new(0));
        let counter = seen.clone();
        let deadline = Deadline::after(None).reporting(move |progress| {
            counter.store(progress.moves, Ordering::Relaxed);
        });
        deadline.progress(&Progress {
            moves: 7,
            examined: 1,
            best: None,
        });
        assert_eq!(seen.load(Ordering::Relaxed), 7);
    }
}
