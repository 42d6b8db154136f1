//! The files `use` lines name, read for the core (`door::Sources`): from
//! disk (`FileSources`, which the command line uses too: `cli` may name
//! `lsp`, never the other way, so the one disk reader lives here), and, for
//! an open document, from the open documents first — an editor's unsaved
//! text wins over the disk (`DocumentSources`), which also keeps every file
//! an analysis asked for, so that a change to one of them analyses its
//! users again (docs/design.md, "Tools across files").

use crate::door::{LoadError, Source, Sources, Text, MOST_BYTES};
use std::io::Read;
use std::path::{Component, Path, PathBuf};
use std::sync::Mutex;

/// The files near one file on disk: each path relative to the file that
/// names it, at most `MOST_BYTES` of UTF-8.
pub struct FileSources {
    /// The analysed file itself, canonical (none for standard input).
    root: Option<PathBuf>,
    /// The folder its `use` lines are relative to.
    folder: PathBuf,
}

impl FileSources {
    /// The sources of a text whose `use` lines are relative to `folder`
    /// (`root`: the text's own file, canonical, when it is one).
    pub fn new(root: Option<PathBuf>, folder: PathBuf) -> FileSources {
        FileSources { root, folder }
    }

    /// The sources of the file at `path`.
    pub fn of_file(path: &Path) -> FileSources {
        let root = std::fs::canonicalize(path).ok();
        let folder = root
            .as_deref()
            .unwrap_or(path)
            .parent()
            .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
        FileSources { root, folder }
    }

    /// Where `path`, written in the file `from` (an id `load` gave, or
    /// `None`: the text analysed), is: lexically normal, not canonical.
    pub fn joined(&self, from: Option<&str>, path: &str) -> PathBuf {
        let folder = match from {
            Some(id) => Path::new(id)
                .parent()
                .map_or_else(|| self.folder.clone(), Path::to_path_buf),
            None => self.folder.clone(),
        };
        normal(&folder.join(path))
    }
}

impl Sources for FileSources {
    fn root(&self) -> Option<String> {
        self.root.as_ref().map(|root| root.display().to_string())
    }

    fn load(&self, from: Option<&str>, path: &str) -> Result<Source, LoadError> {
        read_file(&self.joined(from, path))
    }
}

/// `a/./b/../c` → `a/c`, without asking the disk.
fn normal(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other),
        }
    }
    out
}

/// The file at `joined`, read from disk; its id is its canonical path.
fn read_file(joined: &Path) -> Result<Source, LoadError> {
    let most = MOST_BYTES as u64;
    let metadata = std::fs::metadata(joined).map_err(|error| match error.kind() {
        std::io::ErrorKind::NotFound => LoadError::Missing(joined.display().to_string()),
        _ => LoadError::Unreadable(error.to_string()),
    })?;
    if metadata.is_dir() {
        return Err(LoadError::Directory);
    }
    if metadata.len() > most {
        return Err(LoadError::TooLarge(metadata.len()));
    }
    let id =
        std::fs::canonicalize(joined).map_err(|error| LoadError::Unreadable(error.to_string()))?;
    let mut bytes = Vec::new();
    std::fs::File::open(&id)
        .and_then(|file| file.take(most + 1).read_to_end(&mut bytes))
        .map_err(|error| LoadError::Unreadable(error.to_string()))?;
    if bytes.len() as u64 > most {
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

/// The text of an open document at a path, if one is open there.
pub trait OpenTexts: Send + Sync {
    fn text_at(&self, path: &Path) -> Option<Text>;
}

/// The sources of an open document: the files its `use` lines name, an
/// open document's text first, else the file on disk. A document that is
/// not a file (`untitled:`) has none: its `use` lines are E0811.
pub struct DocumentSources {
    /// None: not a file.
    disk: Option<FileSources>,
    open: Box<dyn OpenTexts>,
    /// Every file asked for, as found (canonical) or as named (normal):
    /// the files whose change changes this document's analysis.
    asked: Mutex<Vec<PathBuf>>,
}

impl DocumentSources {
    /// The sources of the document at `path` (`None`: not a file).
    pub fn new(path: Option<&Path>, open: Box<dyn OpenTexts>) -> DocumentSources {
        DocumentSources {
            disk: path.map(FileSources::of_file),
            open,
            asked: Mutex::default(),
        }
    }

    /// Whether an analysis through these sources asked for the file at
    /// `path` (canonical or as named): directly or through other files.
    pub fn asked_for(&self, path: &Path) -> bool {
        let canonical = std::fs::canonicalize(path).ok();
        let normal = normal(path);
        self.asked
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .iter()
            .any(|asked| *asked == normal || Some(asked) == canonical.as_ref())
    }

    /// The file `path` names, written in the document itself: its id (a
    /// path) and text, as an analysis reads it.
    pub fn resolve(&self, path: &str) -> Option<(PathBuf, Text)> {
        let source = self.load(None, path).ok()?;
        Some((PathBuf::from(source.id), Text::new(source.text)))
    }

    fn remember(&self, path: PathBuf) {
        let mut asked = self
            .asked
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if !asked.contains(&path) {
            asked.push(path);
        }
    }
}

impl Sources for DocumentSources {
    fn root(&self) -> Option<String> {
        self.disk.as_ref()?.root()
    }

    fn load(&self, from: Option<&str>, path: &str) -> Result<Source, LoadError> {
        let disk = self.disk.as_ref().ok_or(LoadError::NoFiles)?;
        let joined = disk.joined(from, path);
        let canonical = std::fs::canonicalize(&joined).ok();
        self.remember(canonical.clone().unwrap_or_else(|| joined.clone()));
        let open = self.open.text_at(&joined).or_else(|| {
            canonical
                .as_deref()
                .and_then(|canonical| self.open.text_at(canonical))
        });
        match open {
            Some(text) => Ok(Source {
                id: canonical.unwrap_or(joined).display().to_string(),
                text: text.to_string(),
            }),
            None => read_file(&joined),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    struct Open(Vec<(PathBuf, Text)>);

    impl OpenTexts for Open {
        fn text_at(&self, path: &Path) -> Option<Text> {
            self.0
                .iter()
                .find(|(open, _)| open == path)
                .map(|(_, text)| text.clone())
        }
    }

    #[test]
    fn an_open_document_wins_over_the_disk_and_every_file_asked_for_is_kept() {
        let folder = std::env::temp_dir().join(format!("euc-sources-{}", std::process::id()));
        std::fs::create_dir_all(folder.join("lib")).unwrap();
        let folder = std::fs::canonicalize(folder).unwrap();
        std::fs::write(folder.join("lib/a.euc"), "// on disk\n").unwrap();
        std::fs::write(folder.join("lib/b.euc"), "// b on disk\n").unwrap();
        let open = Open(vec![(
            folder.join("lib/a.euc"),
            Arc::new("// open\n".to_string()),
        )]);
        let sources = DocumentSources::new(Some(&folder.join("main.euc")), Box::new(open));
        let a = sources.load(None, "lib/./a.euc").unwrap();
        assert_eq!(a.text, "// open\n");
        assert_eq!(PathBuf::from(&a.id), folder.join("lib/a.euc"));
        // Relative to the file that names it.
        let b = sources.load(Some(&a.id), "b.euc").unwrap();
        assert_eq!(b.text, "// b on disk\n");
        assert!(matches!(
            sources.load(None, "lib/missing.euc"),
            Err(LoadError::Missing(_))
        ));
        for asked in [
            "lib/a.euc",
            "lib/b.euc",
            "lib/missing.euc",
            "lib/../lib/b.euc",
        ] {
            assert!(sources.asked_for(&folder.join(asked)), "{asked}");
        }
        assert!(!sources.asked_for(&folder.join("main.euc")));
        // Not a file: nothing to be relative to.
        let untitled = DocumentSources::new(None, Box::new(Open(Vec::new())));
        assert_eq!(untitled.load(None, "lib/a.euc"), Err(LoadError::NoFiles));
        std::fs::remove_dir_all(&folder).unwrap();
    }
}
