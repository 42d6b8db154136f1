//! Writing files in place the way trusted formatters do (docs/design.md,
//! "Writing files"): through a symbolic link to the file it names, with the
//! file's mode, owner and group from the first byte, never over a read-only
//! file, atomically by a rename when that keeps the file what it was, and
//! never leaving a temporary file behind on an error, an interrupt or a
//! termination; one left by a write killed outright (SIGKILL, a power cut)
//! is removed by the next write in its directory.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, Once};

/// Temporary files being written now: an interrupt removes them.
static IN_FLIGHT: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// On SIGINT, SIGTERM or SIGHUP: remove the temporary files being written
/// and leave with 130, as an interrupted command does.
fn clean_up_on_signals() {
    static INSTALLED: Once = Once::new();
    INSTALLED.call_once(|| {
        let _ = ctrlc::set_handler(|| {
            if let Ok(paths) = IN_FLIGHT.lock() {
                for path in paths.iter() {
                    let _ = std::fs::remove_file(path);
                }
            }
            std::process::exit(130);
        });
    });
}

/// The prefix of this process's temporary files: the process id tells a
/// later write whether the writer still runs.
fn temporary_prefix() -> String {
    format!(".euc-{}-", std::process::id())
}

/// Removes temporary files in `directory` whose writing process is gone: a
/// write killed outright cannot clean up after itself.
fn remove_stale_temporaries(directory: &Path) {
    let Ok(entries) = std::fs::read_dir(directory) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|name| name.strip_prefix(".euc-"))
            .filter(|rest| rest.ends_with(".tmp"))
            .and_then(|rest| rest.split_once('-'))
            .and_then(|(pid, _)| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if pid != std::process::id() && !process_runs(pid) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Whether a process with this id exists (when unsure: yes, keep its file).
#[cfg(unix)]
fn process_runs(pid: u32) -> bool {
    let Some(pid) = i32::try_from(pid)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
    else {
        return true;
    };
    !matches!(
        rustix::process::test_kill_process(pid),
        Err(rustix::io::Errno::SRCH)
    )
}

#[cfg(not(unix))]
fn process_runs(_: u32) -> bool {
    true
}

/// Writes `new` over `path` unless the file no longer holds `old` (someone
/// changed it meanwhile).
pub fn replace_checked(path: &Path, old: &str, new: &str) -> Result<(), String> {
    let current = super::read_source(path)?;
    if current != old {
        return Err(format!(
            "{} changed while euc was working on it; nothing written",
            path.display()
        ));
    }
    replace(path, new.as_bytes())
}

/// Writes `contents` as the file at `path` (created if missing).
pub fn replace(path: &Path, contents: &[u8]) -> Result<(), String> {
    let target = resolve_links(path)?;
    let existing = std::fs::metadata(&target).ok();
    if let Some(metadata) = &existing {
        if metadata.permissions().readonly() {
            return Err(format!("{} is read-only; nothing written", path.display()));
        }
        if !metadata.is_file() {
            return Err(format!("{} is not a regular file", path.display()));
        }
        // A rename would split the file from its other names: write in place.
        if hard_links(metadata) > 1 {
            return std::fs::write(&target, contents)
                .map_err(|error| format!("cannot write {}: {error}", path.display()));
        }
    }
    let directory = target
        .parent()
        .filter(|parent| !parent.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    clean_up_on_signals();
    remove_stale_temporaries(directory);
    let prefix = temporary_prefix();
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    if let Some(metadata) = &existing {
        builder.permissions(metadata.permissions());
    }
    // The list stays locked from the file's creation until it is listed,
    // and from its unlisting until the rename: an interrupt in between waits
    // for the lock, so it always knows every temporary file there is.
    let listed = || {
        IN_FLIGHT
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    };
    let mut list = listed();
    // Removed on drop: every early return below cleans up.
    let mut temporary = builder
        .tempfile_in(directory)
        .map_err(|error| format!("cannot write next to {}: {error}", path.display()))?;
    let name = temporary.path().to_path_buf();
    list.push(name.clone());
    drop(list);
    if let Some(metadata) = &existing {
        keep_owner(temporary.as_file(), metadata);
    }
    let written = temporary
        .write_all(contents)
        .and_then(|()| temporary.as_file().sync_all())
        .map_err(|error| format!("cannot write {}: {error}", path.display()));
    let mut list = listed();
    list.retain(|known| *known != name);
    if let Err(error) = written {
        // Removed while the list is still locked, like the rename below.
        drop(temporary);
        return Err(error);
    }
    temporary
        .persist(&target)
        .map(drop)
        .map_err(|error| format!("cannot replace {}: {}", path.display(), error.error))
}

/// The file a path names, following symbolic links (a missing file: the
/// path itself).
fn resolve_links(path: &Path) -> Result<PathBuf, String> {
    match std::fs::symlink_metadata(path) {
        Ok(metadata) if metadata.file_type().is_symlink() => std::fs::canonicalize(path)
            .map_err(|error| format!("cannot follow the link {}: {error}", path.display())),
        _ => Ok(path.to_path_buf()),
    }
}

#[cfg(unix)]
fn hard_links(metadata: &std::fs::Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::nlink(metadata)
}

#[cfg(not(unix))]
fn hard_links(_: &std::fs::Metadata) -> u64 {
    1
}

/// Gives the new file the old one's owner and group, as far as this user
/// may (a user cannot give files away; the group is kept when they may).
#[cfg(unix)]
fn keep_owner(file: &std::fs::File, metadata: &std::fs::Metadata) {
    use std::os::unix::fs::MetadataExt;
    if std::os::unix::fs::fchown(file, Some(metadata.uid()), Some(metadata.gid())).is_err() {
        let _ = std::os::unix::fs::fchown(file, None, Some(metadata.gid()));
    }
}

#[cfg(not(unix))]
fn keep_owner(_: &std::fs::File, _: &std::fs::Metadata) {}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let directory =
            std::env::temp_dir().join(format!("euc-files-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&directory);
        std::fs::create_dir_all(&directory).unwrap();
        directory
    }

    fn leftovers(directory: &Path) -> Vec<String> {
        std::fs::read_dir(directory)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().to_string())
            .filter(|name| name.starts_with(".euc-"))
            .collect()
    }

    #[cfg(unix)]
    #[test]
    fn writes_through_a_link_and_keeps_the_mode() {
        use std::os::unix::fs::PermissionsExt;
        let directory = scratch("link");
        let real = directory.join("real.euc");
        std::fs::write(&real, "old").unwrap();
        std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o600)).unwrap();
        let link = directory.join("link.euc");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        replace_checked(&link, "old", "new").unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
        let mode = std::fs::metadata(&real).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        assert!(leftovers(&directory).is_empty());
        std::fs::remove_dir_all(&directory).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn keeps_hard_links_and_refuses_read_only_files() {
        use std::os::unix::fs::PermissionsExt;
        let directory = scratch("hard");
        let first = directory.join("first.euc");
        let second = directory.join("second.euc");
        std::fs::write(&first, "old").unwrap();
        std::fs::hard_link(&first, &second).unwrap();
        replace_checked(&first, "old", "new").unwrap();
        assert_eq!(std::fs::read_to_string(&second).unwrap(), "new");
        let locked = directory.join("locked.euc");
        std::fs::write(&locked, "old").unwrap();
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o444)).unwrap();
        let refused = replace_checked(&locked, "old", "new").unwrap_err();
        assert!(refused.contains("read-only"), "{refused}");
        assert_eq!(std::fs::read_to_string(&locked).unwrap(), "old");
        assert!(leftovers(&directory).is_empty());
        std::fs::remove_dir_all(&directory).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn the_next_write_removes_what_a_killed_writer_left() {
        let directory = scratch("stale");
        let path = directory.join("file.euc");
        std::fs::write(&path, "old").unwrap();
        // A finished process's id: it no longer runs.
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let gone = child.id();
        child.wait().unwrap();
        let stale = directory.join(format!(".euc-{gone}-abc123.tmp"));
        std::fs::write(&stale, "half").unwrap();
        // One of a writer that still runs (this one) stays.
        let running = directory.join(format!("{}abc123.tmp", temporary_prefix()));
        std::fs::write(&running, "half").unwrap();
        replace_checked(&path, "old", "new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        assert!(!stale.exists());
        assert!(running.exists());
        std::fs::remove_dir_all(&directory).unwrap();
    }

    #[test]
    fn a_changed_file_is_left_alone() {
        let directory = scratch("changed");
        let path = directory.join("file.euc");
        std::fs::write(&path, "theirs").unwrap();
        assert!(replace_checked(&path, "ours", "new").is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "theirs");
        assert!(leftovers(&directory).is_empty());
        std::fs::remove_dir_all(&directory).unwrap();
    }
}
