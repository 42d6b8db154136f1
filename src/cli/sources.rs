//! The files `use` lines name, read from disk for the core
//! (`analysis::Sources`): each path relative to the file that names it, at
//! most `MAX_INPUT` bytes of UTF-8 (docs/language.md, "Tools from other
//! files"); and the analysis (or only the resolution) of a file with its
//! `use` lines followed.

use crate::diag::Diagnostic;
use crate::door::{analyze_file, resolve_file, Analysis, LoadError, Scene, Source, Sources};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The files near one analysed file (or, for standard input, near the
/// current folder).
pub struct FileSources {
    /// The analysed file itself, canonical (none for standard input).
    root: Option<PathBuf>,
    /// The folder its `use` lines are relative to.
    folder: PathBuf,
}

impl FileSources {
    /// The sources of the file at `path` (`-`: standard input).
    pub fn near(path: &Path) -> FileSources {
        if super::is_stdin(path) {
            return FileSources {
                root: None,
                folder: PathBuf::from("."),
            };
        }
        let root = std::fs::canonicalize(path).ok();
        let folder = root
            .as_deref()
            .unwrap_or(path)
            .parent()
            .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
        FileSources { root, folder }
    }
}

impl Sources for FileSources {
    fn root(&self) -> Option<String> {
        self.root.as_ref().map(|root| root.display().to_string())
    }

    fn load(&self, from: Option<&str>, path: &str) -> Result<Source, LoadError> {
        let folder = match from {
            Some(id) => Path::new(id)
                .parent()
                .map_or_else(|| self.folder.clone(), Path::to_path_buf),
            None => self.folder.clone(),
        };
        let joined = folder.join(path);
        let metadata = std::fs::metadata(&joined).map_err(|error| match error.kind() {
            std::io::ErrorKind::NotFound => LoadError::Missing(joined.display().to_string()),
            _ => LoadError::Unreadable(error.to_string()),
        })?;
        if metadata.is_dir() {
            return Err(LoadError::Directory);
        }
        if metadata.len() > super::MAX_INPUT {
            return Err(LoadError::TooLarge(metadata.len()));
        }
        let id = std::fs::canonicalize(&joined)
            .map_err(|error| LoadError::Unreadable(error.to_string()))?;
        let mut bytes = Vec::new();
        std::fs::File::open(&id)
            .and_then(|file| file.take(super::MAX_INPUT + 1).read_to_end(&mut bytes))
            .map_err(|error| LoadError::Unreadable(error.to_string()))?;
        if bytes.len() as u64 > super::MAX_INPUT {
            return Err(LoadError::TooLarge(bytes.len() as u64));
        }
        let text = String::from_utf8(bytes).map_err(|error| {
            LoadError::Unreadable(format!(
                "it is not UTF-8 text (byte {} is not)",
                error.utf8_error().valid_up_to()
            ))
        })?;
        Ok(Source {
            id: id.display().to_string(),
            text,
        })
    }
}

/// The analysis of `text`, read from `path`, with its `use` lines followed
/// on disk.
pub fn analyze_source(path: &Path, text: &str) -> Analysis {
    analyze_file(text, Arc::new(FileSources::near(path)))
}

/// `text`, read from `path`, parsed and resolved with its `use` lines
/// followed on disk, its blocks not checked (`hint`, `planar untangle`).
pub fn resolve_source(path: &Path, text: &str) -> (Scene, Vec<Diagnostic>) {
    resolve_file(text, &FileSources::near(path))
}
