//! Any bytes as a `.euc` file: analysis, formatting, every editor query at
//! a position taken from the input, and the picture must not panic or hang.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let analysis = euc::analysis::analyze(text);
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
