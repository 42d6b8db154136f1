//! `euc lsp`: the language server over stdio. A thin layer: it converts
//! positions, asks `analysis`/`ide`/`solve` one question, and converts the
//! answer back. Analysis runs off the async threads (on one thread of its
//! own, `analyser`) and never holds up typing.

mod actions;
mod analyser;
mod capabilities;
mod commands;
mod construction;
mod convert;
mod documents;
mod ext;
mod framing;
mod lens_refresh;
mod publish;
mod requests;
mod server;
mod settings;
mod solve_job;
pub mod sources;
mod structure;
mod tool_links;
mod workspace;

pub use server::Backend;

use ext::Method;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tower_lsp_server::{LspService, Server};

/// Messages whose handlers tower-lsp-server runs at once; the next waits,
/// unread, until one ends. A handler that awaits a search holds its place
/// for the whole search (the search itself runs on a blocking thread), so
/// at the library's default of 4, four searches held every place and
/// edits, hovers and cancels waited 56–59 s. Searches are at most
/// `solve_job::MOST_SEARCHES` (8) at once, a further one refused, so at
/// least 56 places are always left for the messages answered at once; the
/// order in which handlers start is the order of the messages, as before.
const MESSAGES_AT_ONCE: usize = 64;

/// Serves the protocol on stdin/stdout until the client exits or goes away.
/// Exit code 0 after `shutdown` then `exit`, 1 otherwise (an `exit` without
/// `shutdown`, or stdin closed), as the protocol asks.
pub fn run() -> i32 {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            // Nobody may be reading standard error: a failed write is no panic.
            let _ = writeln!(
                std::io::stderr(),
                "error: cannot start the language server: {error}"
            );
            return 2;
        }
    };
    let shut_down = Arc::new(AtomicBool::new(false));
    let flag = shut_down.clone();
    runtime.block_on(async {
        let (service, socket) =
            LspService::build(move |client| Backend::with_shutdown_flag(client, flag.clone()))
                .custom_method(ext::Render::METHOD, Backend::render)
                .custom_method(ext::BoardState::METHOD, Backend::board_state)
                .custom_method(ext::BoardMove::METHOD, Backend::board_move)
                .custom_method(ext::BoardNext::METHOD, Backend::board_next)
                .custom_method(ext::ConstructionState::METHOD, Backend::construction_state)
                .custom_method(
                    ext::ConstructionFailing::METHOD,
                    Backend::construction_failing,
                )
                .custom_method(ext::ConstructionMove::METHOD, Backend::construction_move)
                .custom_method(ext::ConstructionUndo::METHOD, Backend::construction_undo)
                .custom_method(ext::ConstructionRedo::METHOD, Backend::construction_redo)
                .custom_method(ext::ConstructionHint::METHOD, Backend::construction_hint)
                .custom_method(ext::InvalidMessage::METHOD, Backend::invalid_message)
                .custom_method(ext::ProgressCancel::METHOD, Backend::progress_cancel)
                .finish();
        let hung_up = Arc::new(tokio::sync::Notify::new());
        let input = Input {
            stdin: tokio::io::stdin(),
            hung_up: hung_up.clone(),
            reframer: framing::Reframer::default(),
            ready: Vec::new(),
        };
        let serve = Server::new(input, tokio::io::stdout(), socket)
            .concurrency_level(MESSAGES_AT_ONCE)
            .serve(service);
        tokio::pin!(serve);
        // The server would wait for every request in flight once its input
        // ends; a client that went away waits for nothing, so after a
        // moment for the last messages (`shutdown`, `exit`) it is left.
        tokio::select! {
            () = &mut serve => {}
            () = hung_up.notified() => {
                let _ = tokio::time::timeout(Duration::from_millis(200), &mut serve).await;
            }
        }
    });
    // A solve still running on a blocking thread (its client went away
    // mid-search) is not waited for: the process ends and takes it along.
    runtime.shutdown_timeout(Duration::from_millis(50));
    if shut_down.load(Ordering::SeqCst) {
        0
    } else {
        1
    }
}

/// Standard input that says when it ends, its messages checked on the way
/// (`framing`).
struct Input {
    stdin: tokio::io::Stdin,
    hung_up: Arc<tokio::sync::Notify>,
    reframer: framing::Reframer,
    /// Checked bytes the server has not taken yet.
    ready: Vec<u8>,
}

impl tokio::io::AsyncRead for Input {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        context: &mut std::task::Context<'_>,
        buffer: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        use std::task::Poll;
        loop {
            if !self.ready.is_empty() {
                let taken = self.ready.len().min(buffer.remaining());
                buffer.put_slice(&self.ready[..taken]);
                self.ready.drain(..taken);
                return Poll::Ready(Ok(()));
            }
            let mut raw = [0u8; 16 << 10];
            let mut read = tokio::io::ReadBuf::new(&mut raw);
            match std::pin::Pin::new(&mut self.stdin).poll_read(context, &mut read) {
                Poll::Pending => return Poll::Pending,
                Poll::Ready(Err(error)) => {
                    self.hung_up.notify_one();
                    return Poll::Ready(Err(error));
                }
                Poll::Ready(Ok(())) if read.filled().is_empty() => {
                    self.hung_up.notify_one();
                    return Poll::Ready(Ok(()));
                }
                Poll::Ready(Ok(())) => {
                    let checked = self.reframer.push(read.filled());
                    self.ready.extend(checked);
                }
            }
        }
    }
}
