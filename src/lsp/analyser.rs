//! The one thread that analyses documents. Every analysis and incremental
//! analysis of the server runs here, whichever blocking thread asked for
//! it, so its memory comes from one glibc arena. Run on tokio's blocking
//! threads, each analysis allocated in the arena of whichever thread ran
//! it, and memory freed there stayed with that arena: over edits of a
//! 2 MB file the server held 1.83 GB after a hundred edits, 0.85 GB now
//! (`tests/ci/lsp_memory.py`; docs/design.md, "Limits"). Analyses of
//! different documents wait for each other here; on two cores they
//! competed for the same cores before.
//! `M_ARENA_MAX` would say the same to glibc, but only through `mallopt`,
//! which is unsafe code, or the environment, which is the user's.

use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::mpsc::{channel, Sender};
use std::sync::OnceLock;

type Job = Box<dyn FnOnce() + Send>;

/// The thread's queue of work.
struct Analyser {
    jobs: Sender<Job>,
}

fn analyser() -> &'static Analyser {
    static ANALYSER: OnceLock<Analyser> = OnceLock::new();
    ANALYSER.get_or_init(|| {
        let (jobs, queue) = channel::<Job>();
        let started = std::thread::Builder::new()
            .name("euc-analysis".into())
            .spawn(move || {
                for job in queue {
                    // A job that panics takes its answer's sender along, and
                    // its caller sees the panic; the thread serves on.
                    let _ = catch_unwind(AssertUnwindSafe(job));
                }
            });
        // Without the thread its queue is gone, and every job is done by
        // its caller (`on_analysis_thread`).
        drop(started);
        Analyser { jobs }
    })
}

/// Runs `work` on the analysis thread and waits for its answer; a panic
/// there is a panic here. Called from blocking threads only, never from
/// the analysis thread itself.
pub fn on_analysis_thread<R: Send + 'static>(work: impl FnOnce() -> R + Send + 'static) -> R {
    let (answer, answered) = channel();
    let job: Job = Box::new(move || {
        let _ = answer.send(work());
    });
    if let Err(refused) = analyser().jobs.send(job) {
        // No analysis thread could be started: the work is done here.
        (refused.0)();
    }
    match answered.recv() {
        Ok(result) => result,
        Err(_) => resume_unwind(Box::new("the analysis panicked")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_runs_on_the_one_thread_and_a_panic_comes_back() {
        let name = on_analysis_thread(|| std::thread::current().name().map(str::to_string));
        assert_eq!(name.as_deref(), Some("euc-analysis"));
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let panicked = catch_unwind(|| on_analysis_thread(|| -> usize { panic!("a bug") }));
        std::panic::set_hook(previous);
        assert!(panicked.is_err());
        // The thread serves on.
        assert_eq!(on_analysis_thread(|| 7), 7);
    }
}
