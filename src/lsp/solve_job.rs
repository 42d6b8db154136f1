//! "Find construction": the solver on a blocking thread, with work-done
//! progress, cancellation (request cancelled, document changed), a stop
//! from the progress bar that takes the best answer so far, and an edit
//! tied to the document version it was computed for.

use super::documents::{Documents, Snapshot};
use crate::deadline::Deadline;
use crate::door::find::{self, find, FindRequest, Verdict};
use crate::door::{fill_block, Analysis, Progress, SearchOptions};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
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
    analysis: &Arc<Analysis>,
    problem_index: usize,
    snapshot: &Snapshot,
    settings: SolveSettings,
    guard: &mut Guard,
) -> jsonrpc::Result<lsp::WorkspaceEdit> {
    // Stopped by the request's end, an edit of the document, or the
    // progress bar's button (then the best answer so far is taken).
    let (cancelled, stopped) = (guard.cancelled.clone(), guard.stopped.clone());
    let (current, version) = (snapshot.current_version.clone(), snapshot.version);
    let latest: Arc<Mutex<Option<Progress>>> = Arc::default();
    let reported = latest.clone();
    let budget = Deadline::after(Some(settings.timeout))
        .cancelled_when(move || {
            cancelled.load(Ordering::Relaxed)
                || stopped.load(Ordering::Relaxed)
                || current.load(Ordering::SeqCst) != version
        })
        .reporting(move |progress| {
            if let Ok(mut latest) = reported.lock() {
                // The best answer so far stays known when later reports omit it.
                let best = progress
                    .best
                    .or_else(|| latest.as_ref().and_then(|latest| latest.best));
                *latest = Some(Progress {
                    best,
                    ..progress.clone()
                });
            }
        });
    // On a block that is solved already, only a shorter construction helps.
    let solved = find::solved_length(analysis, problem_index);
    let request = FindRequest {
        block: problem_index,
        options: SearchOptions {
            max_moves: find::max_moves(solved, settings.max_moves),
            ..SearchOptions::default()
        },
        solved,
        limit: None,
    };
    let limit = request.options.max_moves;
    let job = {
        let (analysis, text, taken) = (
            analysis.clone(),
            snapshot.text.clone(),
            guard.stopped.clone(),
        );
        // What the solver answers, `check` accepts: the door checks it,
        // off the async threads.
        tokio::task::spawn_blocking(move || {
            find(&text, &analysis, &request, &budget, &|| {
                taken.load(Ordering::Relaxed)
            })
        })
    };
    tokio::pin!(job);
    let found = loop {
        tokio::select! {
            result = &mut job => break result.map_err(|_| internal("the solver failed"))?,
            _ = tokio::time::sleep(Duration::from_millis(100)) => {
                let latest = latest.lock().ok().and_then(|latest| latest.clone());
                if let (Some(token), Some(progress)) = (guard.token.clone(), latest) {
                    let message = find::describe_progress(&progress, limit);
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
    let Some(lines) = answer_of(client, found.verdict, guard).await? else {
        return Ok(lsp::WorkspaceEdit::default());
    };
    let problem = &analysis.scene().problems[problem_index];
    let spans: Vec<_> = problem.steps.iter().map(|step| step.span).collect();
    Ok(snapshot.versioned_edit(fill_block(&snapshot.text, problem, &spans, &lines)))
}

/// What Find construction writes for the door's verdict: the lines
/// (`None`: nothing to change, said in a message), or the error the request
/// ends with; the progress bar ends with the verdict's words.
async fn answer_of(
    client: &Client,
    verdict: Verdict,
    guard: &mut Guard,
) -> jsonrpc::Result<Option<Vec<String>>> {
    match verdict {
        Verdict::Answer {
            construction,
            lines,
            proved,
            message,
        } => {
            if !proved {
                // Taken before it was proved shortest: the message says
                // what is still open.
                client.show_message(lsp::MessageType::INFO, message).await;
            }
            guard.message = find::found_briefly(&construction);
            Ok(Some(lines))
        }
        // An answer, not a failure: say it and change nothing.
        Verdict::Proved(message) => {
            guard.message = message.clone();
            client.show_message(lsp::MessageType::INFO, message).await;
            Ok(None)
        }
        Verdict::Failed(message) => {
            guard.message = message.clone();
            Err(invalid(message))
        }
        // Stopped from the progress bar before any answer: what the user
        // asked for, so no error — the message says what was proved, the
        // file is left as it is.
        Verdict::StoppedEmpty(message) => {
            guard.message = message.clone();
            client.show_message(lsp::MessageType::INFO, message).await;
            Ok(None)
        }
        // Cancelled: the request is gone, nothing is written.
        Verdict::Cancelled => Err(jsonrpc::Error::request_cancelled()),
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
