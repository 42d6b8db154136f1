//! `euc lsp`: the language server over stdio. A thin layer: it converts
//! positions, asks `analysis`/`ide`/`solve` one question, and converts the
//! answer back. Analysis runs on blocking threads and never holds up typing.

mod actions;
mod convert;
mod documents;
mod server;
mod solve_job;

pub use server::Backend;

use tower_lsp_server::{LspService, Server};

/// Serves the protocol on stdin/stdout until the client exits.
pub fn run() -> i32 {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("error: cannot start the language server: {error}");
            return 2;
        }
    };
    runtime.block_on(async {
        let (service, socket) = LspService::build(Backend::new)
            .custom_method("euc/boardState", Backend::board_state)
            .custom_method("euc/boardMove", Backend::board_move)
            .custom_method("euc/boardNext", Backend::board_next)
            .finish();
        Server::new(tokio::io::stdin(), tokio::io::stdout(), socket)
            .serve(service)
            .await;
    });
    0
}
