//! `euc fmt`: files formatted, printed, checked (`--check`) or rewritten
//! (`--write`).

use super::{emit, files, is_stdin, read, EXIT_FAILED, EXIT_OK, EXIT_USAGE};
use std::path::PathBuf;

pub(super) fn run(files: &[PathBuf], write: bool, check: bool) -> i32 {
    let mut code = EXIT_OK;
    if write && files.iter().any(|path| is_stdin(path)) {
        say!("error: `--write` cannot rewrite standard input: leave it out to print the result");
        return EXIT_USAGE;
    }
    for path in files {
        let text = match read(path) {
            Ok(text) => text,
            Err(error) => {
                code = code.max(error);
                continue;
            }
        };
        let Some(formatted) = crate::door::format(&text) else {
            say!(
                "error: {} has syntax errors; not formatted (see `euc check`)",
                path.display()
            );
            code = code.max(EXIT_USAGE);
            continue;
        };
        if check {
            if formatted != text {
                say!("{}: not formatted", path.display());
                code = code.max(EXIT_FAILED);
            }
        } else if write {
            if formatted != text {
                if let Err(message) = files::replace_checked(path, &text, &formatted) {
                    say!("error: {message}");
                    code = code.max(EXIT_USAGE);
                }
            }
        } else {
            emit(&formatted);
        }
    }
    code
}
