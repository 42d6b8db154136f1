//! `euc render`: a solve or planar block as an SVG picture, printed or
//! written (`-o`).

use super::{emit, files, load_valid, EXIT_OK, EXIT_USAGE};

/// What `euc render` is asked to draw.
pub(super) struct Asked {
    pub block: Option<String>,
    pub step: Option<usize>,
    pub expand: bool,
    pub instance: Option<crate::door::InstanceChoice>,
}

pub(super) fn run(path: &std::path::Path, asked: Asked, output: Option<&std::path::Path>) -> i32 {
    let analysis = match load_valid(path) {
        Ok((_, analysis)) => analysis,
        Err(code) => {
            say!("error: {}: nothing to draw", path.display());
            return code;
        }
    };
    let options = crate::door::RenderOptions {
        block: asked.block,
        moves: asked.step,
        expand: asked.expand,
        instance: asked.instance,
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
