//! `euc render`: a solve or planar block as an SVG picture, printed or
//! written (`-o`).

use super::{emit, files, load_valid, EXIT_OK, EXIT_USAGE};

pub(super) fn run(
    path: &std::path::Path,
    block: Option<String>,
    output: Option<&std::path::Path>,
    step: Option<usize>,
    expand: bool,
) -> i32 {
    let analysis = match load_valid(path) {
        Ok((_, analysis)) => analysis,
        Err(code) => {
            say!("error: {}: nothing to draw", path.display());
            return code;
        }
    };
    let options = crate::door::RenderOptions {
        block,
        moves: step,
        expand,
    };
    match crate::door::render_svg(&analysis, &options) {
        Ok(svg) => match output {
            Some(output) => match files::replace(output, svg.as_bytes()) {
                Ok(()) => EXIT_OK,
                Err(error) => {
                    say!("error: cannot write {}: {error}", output.display());
                    EXIT_USAGE
                }
            },
            None => {
                emit(&svg);
                EXIT_OK
            }
        },
        Err(message) => {
            say!("error: {}: {message}", path.display());
            EXIT_USAGE
        }
    }
}
