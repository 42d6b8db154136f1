//! Any bytes as a `.euc` file: analysis, formatting, every editor query at
//! a position taken from the input, and the picture must not panic or hang.
//! A NUL byte splits the input in two: what follows it is the text of every
//! file a `use` line names (`use "main.euc"` names the file itself).
#![no_main]

use euc::analysis::{LoadError, Source, Sources};
use libfuzzer_sys::fuzz_target;
use std::sync::Arc;

/// Every `use` line reads `lib`.
struct OneLibrary {
    lib: String,
}

impl Sources for OneLibrary {
    fn root(&self) -> Option<String> {
        Some("main.euc".to_string())
    }

    fn load(&self, _: Option<&str>, path: &str) -> Result<Source, LoadError> {
        let id = if path == "main.euc" { path } else { "lib.euc" };
        Ok(Source {
            id: id.to_string(),
            text: self.lib.clone(),
        })
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    let (text, lib) = input.split_once('\0').unwrap_or((input, ""));
    let sources = Arc::new(OneLibrary {
        lib: lib.to_string(),
    });
    let analysis = euc::analysis::analyze_file(text, sources);
    let _ = euc::format::format(text);
    let offset = data.first().map_or(0, |&b| usize::from(b) * text.len() / 256);
    let offset = (0..=offset)
        .rev()
        .find(|&o| text.is_char_boundary(o))
        .unwrap_or(0);
    let _ = euc::ide::hover(&analysis, offset);
    let _ = euc::ide::completions(&analysis, text, offset);
    let _ = euc::ide::references(&analysis, offset);
    let _ = euc::ide::rename(&analysis, offset, "fresh");
    let _ = euc::ide::outline(&analysis);
    let _ = euc::render::render_svg(&analysis, &euc::render::RenderOptions::default());
});
