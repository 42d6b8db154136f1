//! Publishing a document's diagnostics after its analysis.

use super::convert;
use super::documents::Documents;
use super::lens_refresh::LensWatch;
use std::sync::Arc;
use std::time::Duration;
use tower_lsp_server::ls_types::{MessageType, Uri};
use tower_lsp_server::Client;

/// How long after publishing diagnostics the spans an edit left to move
/// are moved (`analysis::Settling`) and replaced analyses freed: long enough
/// for the message to be written and read, far shorter than the time
/// between two keystrokes (docs/design.md, "Analysis after an edit").
const AFTER_PUBLISHING: Duration = Duration::from_millis(5);

/// Analyses the document (off the async runtime) and publishes its
/// diagnostics, unless it has moved on past `version` meanwhile; then asks
/// the client to refresh code lenses if they changed (`lens_refresh`).
pub(super) async fn publish_diagnostics(
    client: Client,
    documents: Documents,
    lenses: Arc<LensWatch>,
    uri: Uri,
    version: i32,
) {
    let Some(snapshot) = documents.snapshot(&uri) else {
        return;
    };
    if snapshot.version != version {
        return;
    }
    let Some(sources) = documents.sources(&uri) else {
        return;
    };
    let (for_thread, analyser) = (snapshot.clone(), documents.clone());
    let Ok(analysis) = tokio::task::spawn_blocking(move || analyser.analysis(&for_thread)).await
    else {
        client
            .log_message(
                MessageType::ERROR,
                "euc: the analysis failed on this document",
            )
            .await;
        return;
    };
    // A file it uses changed while it was analysed: the analysis of the
    // change, scheduled then, publishes instead (docs/design.md, "Tools
    // across files").
    if !documents.reads_through(&uri, &sources) {
        return;
    }
    let text = snapshot.view();
    let diagnostics = analysis
        .diagnostics
        .iter()
        .map(|d| convert::diagnostic(&text, &uri, d))
        .collect();
    let said = lenses.said(&analysis);
    // Not held while the client reads the diagnostics: the analysis of
    // the next edit moves the latest analysis's parts only when it holds
    // the one reference left.
    drop(analysis);
    client
        .publish_diagnostics(uri.clone(), diagnostics, Some(version))
        .await;
    lenses.after_analysis(&client, &uri, said);
    // Off the way to the diagnostics above: the spans after an edit are
    // moved, and whatever the analysis replaced is freed, a little later,
    // once the diagnostics are written out and read (done at once, this
    // competes with both for the machine's cores).
    tokio::spawn(async move {
        tokio::time::sleep(AFTER_PUBLISHING).await;
        // On the analysis thread, like the analyses whose spans move and
        // whose memory is freed (`analyser`).
        tokio::task::spawn_blocking(move || {
            super::analyser::on_analysis_thread(move || {
                documents.settle(&uri);
                documents.free_retired(&uri);
            })
        });
    });
}
