//! `euc lsp`: the language server over stdio. A thin layer: it converts
//! positions, asks `analysis`/`ide`/`solve` one question, and converts the
//! answer back. Analysis runs on blocking threads and never holds up typing.

mod actions;
mod convert;
mod documents;
mod server;
mod solve_job;

pub use server::Backend;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tower_lsp_server::{LspService, Server};

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
            crate::cli::say!("error: cannot start the language server: {error}");
            return 2;
        }
    };
    let shut_down = Arc::new(AtomicBool::new(false));
    let flag = shut_down.clone();
    runtime.block_on(async {
        let (service, socket) =
            LspService::build(move |client| Backend::with_shutdown_flag(client, flag.clone()))
                .custom_method("euc/render", Backend::render)
                .custom_method("euc/boardState", Backend::board_state)
                .custom_method("euc/boardMove", Backend::board_move)
                .custom_method("euc/boardNext", Backend::board_next)
                .finish();
        let hung_up = Arc::new(tokio::sync::Notify::new());
        let input = Input {
            stdin: tokio::io::stdin(),
            hung_up: hung_up.clone(),
        };
        let serve = Server::new(input, tokio::io::stdout(), socket).serve(service);
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

/// Standard input that says when it ends.
struct Input {
    stdin: tokio::io::Stdin,
    hung_up: Arc<tokio::sync::Notify>,
}

impl tokio::io::AsyncRead for Input {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        context: &mut std::task::Context<'_>,
        buffer: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        let before = buffer.filled().len();
        let polled = std::pin::Pin::new(&mut self.stdin).poll_read(context, buffer);
        if let std::task::Poll::Ready(result) = &polled {
            if result.is_err() || buffer.filled().len() == before {
                self.hung_up.notify_one();
            }
        }
        polled
    }
}
