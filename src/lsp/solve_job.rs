//! "Find construction": the solver on a blocking thread, with work-done
//! progress, cancellation (request cancelled, document changed), a stop
//! from the progress bar that takes the best answer so far, and an edit
//! tied to the document version it was computed for.

use super::documents::{Documents, Snapshot};
use crate::edit::fill_block;
use crate::ide::find;
use crate::solve::search::{search, Budget, Outcome, Progress, SearchOptions, Stop};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tower_lsp_server::jsonrpc;
use tower_lsp_server::ls_types as lsp;
use tower_lsp_server::Client;

/// Searches that may run at once: Find construction, hints, untangling. A
/// request beyond them is refused at once rather than queued, since a
/// queued request holds one of the protocol's places (`super::MESSAGES_AT_ONCE`)
/// as surely as a running one.
pub const MOST_SEARCHES: usize = 8;

/// The places of the searches running (`MOST_SEARCHES`).
#[derive(Clone)]
pub struct Searches(Arc<tokio::sync::Semaphore>);

impl Default for Searches {
    fn default() -> Searches {
        Searches(Arc::new(tokio::sync::Semaphore::new(MOST_SEARCHES)))
    }
}

impl Searches {
    /// A place for one search, held until the permit is dropped; an error
    /// for the client when every place is taken.
    pub fn enter(&self) -> jsonrpc::Result<tokio::sync::OwnedSemaphorePermit> {
        Arc::clone(&self.0)
            .try_acquire_owned()
            .map_err(|_| jsonrpc::Error {
                // RequestFailed: the request was valid, the server cannot now.
                code: jsonrpc::ErrorCode::ServerError(-32803),
                message: format!(
                "{MOST_SEARCHES} searches are running already: wait for one to end, or cancel one"
            )
                .into(),
                data: None,
            })
    }
}

/// How far and how long "Find construction" searches (`settings`).
#[derive(Clone, Debug, PartialEq)]
pub struct SolveSettings {
    pub max_moves: usize,
    pub timeout: Duration,
}

/// The searches running with a progress report, by its token: the
/// client's cancel button on the progress bar
/// (`window/workDoneProgress/cancel`) stops one, and the best answer found
/// so far is taken (docs/solver.md, "An answer at once").
#[derive(Clone, Default)]
pub struct Running(Arc<Mutex<HashMap<lsp::ProgressToken, Arc<AtomicBool>>>>);

impl Running {
    /// Stops the search reporting under `token`, if one still runs.
    pub fn stop(&self, token: &lsp::ProgressToken) {
        if let Some(stopped) = self.0.lock().ok().and_then(|map| map.get(token).cloned()) {
            stopped.store(true, Ordering::Relaxed);
        }
    }

    fn start(&self, token: &lsp::ProgressToken) -> Arc<AtomicBool> {
        let stopped = Arc::new(AtomicBool::new(false));
        if let Ok(mut map) = self.0.lock() {
            map.insert(token.clone(), stopped.clone());
        }
        stopped
    }

    fn end(&self, token: &lsp::ProgressToken) {
        if let Ok(mut map) = self.0.lock() {
            map.remove(token);
        }
    }
}

struct JobBudget {
    cancelled: Arc<AtomicBool>,
    /// Stopped from the progress bar: the best answer so far is taken.
    stopped: Arc<AtomicBool>,
    current_version: Arc<AtomicI32>,
    version: i32,
    /// `None`: a limit too far away to count (a huge setting).
    deadline: Option<Instant>,
    latest: Mutex<Option<Progress>>,
}

impl Budget for JobBudget {
    fn stop(&self) -> Option<Stop> {
        if self.cancelled.load(Ordering::Relaxed)
            || self.stopped.load(Ordering::Relaxed)
            || self.current_version.load(Ordering::SeqCst) != self.version
        {
            Some(Stop::Cancelled)
        } else if self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            Some(Stop::OutOfTime)
        } else {
            None
        }
    }

    fn progress(&self, progress: &Progress) {
        if let Ok(mut latest) = self.latest.lock() {
            // The best answer so far stays known when later reports omit it.
            let best = progress
                .best
                .or_else(|| latest.as_ref().and_then(|latest| latest.best));
            *latest = Some(Progress {
                best,
                ..progress.clone()
            });
        }
    }
}

/// Ends the progress report and stops the search when the request goes
/// away — finished, failed or cancelled (its future dropped).
struct Guard {
    cancelled: Arc<AtomicBool>,
    /// Set by the progress bar's cancel button (`Running`).
    stopped: Arc<AtomicBool>,
    running: Running,
    client: Client,
    token: Option<lsp::ProgressToken>,
    message: String,
}

impl Guard {
    /// Ends the progress report now, before the response goes out.
    async fn finish(&mut self) {
        if let Some(token) = self.token.take() {
            self.running.end(&token);
            let message = std::mem::take(&mut self.message);
            send_progress(
                &self.client,
                token,
                lsp::WorkDoneProgress::End(lsp::WorkDoneProgressEnd {
                    message: Some(message),
                }),
            )
            .await;
        }
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        self.cancelled.store(true, Ordering::Relaxed);
        if let Some(token) = self.token.take() {
            self.running.end(&token);
            let client = self.client.clone();
            let message = std::mem::take(&mut self.message);
            tokio::spawn(async move {
                send_progress(
                    &client,
                    token,
                    lsp::WorkDoneProgress::End(lsp::WorkDoneProgressEnd {
                        message: Some(message),
                    }),
                )
                .await;
            });
        }
    }
}

async fn send_progress(client: &Client, token: lsp::ProgressToken, value: lsp::WorkDoneProgress) {
    client
        .send_notification::<lsp::notification::Progress>(lsp::ProgressParams {
            token,
            value: lsp::ProgressParamsValue::WorkDone(value),
        })
        .await;
}

/// Finds a construction for the block and returns the edit that fills it.
pub async fn find_construction(
    client: &Client,
    running: &Running,
    documents: &Documents,
    snapshot: Snapshot,
    block: &str,
    settings: SolveSettings,
    progress_token: Option<lsp::ProgressToken>,
) -> jsonrpc::Result<lsp::WorkspaceEdit> {
    let analysis = {
        let documents = documents.clone();
        let snapshot = snapshot.clone();
        tokio::task::spawn_blocking(move || documents.analysis(&snapshot))
            .await
            .map_err(|_| internal("the analysis failed"))?
    };
    let Some(problem_index) = analysis.scene().problem_index(block) else {
        return Err(invalid(format!("no solve block named `{block}`")));
    };
    if analysis.diagnostics.iter().any(|d| d.is_input_error()) {
        return Err(invalid("fix the errors in the file first".to_string()));
    }
    let cancelled = Arc::new(AtomicBool::new(false));
    let mut guard = Guard {
        cancelled: cancelled.clone(),
        stopped: Arc::default(),
        running: running.clone(),
        client: client.clone(),
        token: None,
        message: find::CANCELLED.into(),
    };
    if let Some(token) = progress_token {
        // Registered before the bar shows its cancel button (and ended by
        // the guard however the request ends).
        guard.stopped = running.start(&token);
        guard.token = Some(token.clone());
        send_progress(
            client,
            token,
            lsp::WorkDoneProgress::Begin(lsp::WorkDoneProgressBegin {
                title: format!("Finding a construction for `{block}`"),
                cancellable: Some(true),
                message: None,
                percentage: None,
            }),
        )
        .await;
    }
    let result = run(
        client,
        &analysis,
        problem_index,
        &snapshot,
        settings,
        &mut guard,
    )
    .await;
    guard.finish().await;
    result
}

async fn run(
    client: &Client,
    analysis: &Arc<crate::analysis::Analysis>,
    problem_index: usize,
    snapshot: &Snapshot,
    settings: SolveSettings,
    guard: &mut Guard,
) -> jsonrpc::Result<lsp::WorkspaceEdit> {
    let cancelled = guard.cancelled.clone();
    let budget = Arc::new(JobBudget {
        cancelled: cancelled.clone(),
        stopped: guard.stopped.clone(),
        current_version: snapshot.current_version.clone(),
        version: snapshot.version,
        deadline: Instant::now().checked_add(settings.timeout),
        latest: Mutex::new(None),
    });
    // On a block that is solved already, only a shorter construction helps
    // (`ide::find`).
    let problem = &analysis.scene().problems[problem_index];
    let solved = find::solved_length(analysis, problem_index);
    let options = SearchOptions {
        max_moves: find::max_moves(solved, settings.max_moves),
        ..SearchOptions::default()
    };
    let job = {
        let analysis = analysis.clone();
        let budget = budget.clone();
        tokio::task::spawn_blocking(move || {
            search(
                &analysis.scene().searchable(problem_index),
                &options,
                budget.as_ref(),
            )
        })
    };
    tokio::pin!(job);
    let outcome = loop {
        tokio::select! {
            result = &mut job => break result.map_err(|_| internal("the solver failed"))?.0,
            _ = tokio::time::sleep(Duration::from_millis(100)) => {
                let latest = budget.latest.lock().ok().and_then(|latest| latest.clone());
                if let (Some(token), Some(progress)) = (guard.token.clone(), latest) {
                    let message = find::describe_progress(&progress);
                    send_progress(client, token, lsp::WorkDoneProgress::Report(lsp::WorkDoneProgressReport {
                        cancellable: Some(true),
                        message: Some(message),
                        percentage: None,
                    }))
                    .await;
                }
            }
        }
    };
    if snapshot.current_version.load(Ordering::SeqCst) != snapshot.version {
        guard.message = "the document changed".into();
        return Err(content_modified());
    }
    let Some(construction) = answer_of(client, outcome, solved, guard).await? else {
        return Ok(lsp::WorkspaceEdit::default());
    };
    guard.message = find::found_briefly(&construction);
    // What the solver answers, `check` accepts (the filled file is analysed
    // again, off the async threads).
    let lines = {
        let analysis = analysis.clone();
        let text = snapshot.text.clone();
        tokio::task::spawn_blocking(move || {
            crate::analysis::checked_answer(&text, &analysis, problem_index, &construction)
        })
        .await
        .map_err(|_| internal("the check of the answer failed"))?
    };
    let lines = match lines {
        Ok(lines) => lines,
        Err(why) => {
            guard.message = why.clone();
            return Err(invalid(why));
        }
    };
    let spans: Vec<_> = problem.steps.iter().map(|step| step.span).collect();
    Ok(snapshot.versioned_edit(fill_block(&snapshot.text, problem, &spans, &lines)))
}

/// What Find construction writes for the search's outcome, in the words of
/// `ide::find`: the answer (`None`: nothing to change, said in a message),
/// or the error the request ends with.
async fn answer_of(
    client: &Client,
    outcome: Outcome,
    solved: Option<usize>,
    guard: &mut Guard,
) -> jsonrpc::Result<Option<crate::solve::construction::Construction>> {
    // Stopped from the progress bar: the best answer so far is taken.
    let taken = guard.stopped.load(Ordering::Relaxed);
    let construction = match outcome {
        Outcome::Found(construction) => construction,
        Outcome::Exhausted { max_moves } if solved.is_some() => {
            // An answer, not a failure: say it and change nothing.
            let proved = find::no_shorter(max_moves, solved);
            guard.message = proved.clone();
            client.show_message(lsp::MessageType::INFO, proved).await;
            return Ok(None);
        }
        Outcome::Exhausted { max_moves } => {
            guard.message = find::none_within(max_moves);
            return Err(invalid(guard.message.clone()));
        }
        // Out of time, or stopped from the progress bar (not cancelled),
        // with an answer not proved shortest: it is taken, and the message
        // says what is still open.
        Outcome::Stopped {
            stop,
            searched,
            best: Some(best),
        } if stop == Stop::OutOfTime || taken => {
            let why = match stop {
                Stop::Cancelled => find::STOPPED_ON_REQUEST.to_string(),
                Stop::OutOfTime => find::why_stopped(stop, None),
            };
            let found = find::found_briefly(&best);
            let message = find::improvable(&found, best.draws.len(), &why, searched);
            client.show_message(lsp::MessageType::INFO, message).await;
            *best
        }
        Outcome::Stopped {
            stop: Stop::Cancelled,
            searched,
            best: None,
        } if taken => {
            guard.message = find::stopped(find::STOPPED_ON_REQUEST, searched);
            return Err(stopped_without_answer(guard.message.clone()));
        }
        Outcome::Stopped {
            stop: stop @ Stop::OutOfTime,
            searched,
            best: None,
        } => {
            guard.message = find::stopped(&find::why_stopped(stop, None), searched);
            return Err(invalid(guard.message.clone()));
        }
        // Cancelled: the request is gone, nothing is written.
        Outcome::Stopped { .. } => return Err(jsonrpc::Error::request_cancelled()),
        Outcome::Unsearchable(why) => return Err(invalid(why)),
    };
    Ok(Some(construction))
}

/// Stopped from the progress bar before any answer: the request is
/// cancelled, and the message says what was proved.
fn stopped_without_answer(message: String) -> jsonrpc::Error {
    jsonrpc::Error {
        message: message.into(),
        ..jsonrpc::Error::request_cancelled()
    }
}

fn internal(message: &str) -> jsonrpc::Error {
    jsonrpc::Error {
        code: jsonrpc::ErrorCode::InternalError,
        message: message.to_string().into(),
        data: None,
    }
}

pub fn invalid(message: String) -> jsonrpc::Error {
    jsonrpc::Error {
        code: jsonrpc::ErrorCode::InvalidParams,
        message: message.into(),
        data: None,
    }
}

fn content_modified() -> jsonrpc::Error {
    jsonrpc::Error {
        code: jsonrpc::ErrorCode::ServerError(-32801),
        message: "the document changed while the solver ran; the result was dropped".into(),
        data: None,
    }
}
