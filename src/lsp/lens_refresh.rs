//! `workspace/codeLens/refresh`: the server tells a client that declared
//! `workspace.codeLens.refreshSupport` to ask for code lenses again when an
//! analysis changed what they say (a block found or gone, its check's
//! status or count), so the lenses follow without the client guessing
//! when to ask (README, "code lenses").

use crate::door::ide::{self, LensAction};
use crate::door::Analysis;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use tower_lsp_server::ls_types::{ClientCapabilities, Uri};
use tower_lsp_server::Client;

/// What a document's lenses say, without where they stand: an edit that
/// only moves a block needs no refresh (the client moves lenses with the
/// text), a changed title or action does.
type Said = Vec<(String, LensAction)>;

/// The lenses each open document's last analysis had, and whether the
/// client takes refresh requests at all.
#[derive(Default)]
pub struct LensWatch {
    enabled: AtomicBool,
    said: Mutex<HashMap<Uri, Said>>,
}

impl LensWatch {
    /// Refreshes are sent only to a client that declared it takes them.
    pub fn enable_for(&self, capabilities: &ClientCapabilities) {
        let supported = capabilities
            .workspace
            .as_ref()
            .and_then(|workspace| workspace.code_lens.as_ref())
            .and_then(|lens| lens.refresh_support)
            .unwrap_or(false);
        self.enabled.store(supported, Ordering::Relaxed);
    }

    /// What the lenses of this analysis say; `None` when no refresh can be
    /// sent (the lenses are then not computed).
    pub fn said(&self, analysis: &Analysis) -> Option<Said> {
        self.enabled.load(Ordering::Relaxed).then(|| {
            ide::code_lenses(analysis)
                .into_iter()
                .map(|lens| (lens.title, lens.action))
                .collect()
        })
    }

    /// Keeps what a document's lenses say now and, when that changed since
    /// its previous analysis, asks the client to refresh. The first
    /// analysis of a document sends none: a client asks for an opened
    /// document's lenses by itself.
    pub fn after_analysis(&self, client: &Client, uri: &Uri, said: Option<Said>) {
        let Some(said) = said else {
            return;
        };
        let Ok(mut all) = self.said.lock() else {
            return;
        };
        let changed = all.get(uri).is_some_and(|before| *before != said);
        all.insert(uri.clone(), said);
        drop(all);
        if changed {
            let client = client.clone();
            // Not awaited where diagnostics are published: the answer is
            // empty and nothing waits for it.
            tokio::spawn(async move {
                let _ = client.code_lens_refresh().await;
            });
        }
    }

    /// Forgets a closed document.
    pub fn close(&self, uri: &Uri) {
        if let Ok(mut all) = self.said.lock() {
            all.remove(uri);
        }
    }
}
