//! Writing files in place the way trusted formatters do (docs/design.md,
//! "Writing files"): through a symbolic link to the file it names, with the
//! file's mode (set-id bits too), owner and group from the first byte, never
//! over a read-only file, atomically by a rename, and never leaving a
//! temporary file behind on an error, an interrupt or a termination; one
//! left by a write killed outright (SIGKILL, a power cut) is removed by the
//! next write in its directory. A file with other hard links cannot be
//! replaced atomically without splitting its names: it is refused unless
//! `--in-place` asks for it, and then written only once the new text is
//! safely on disk beside it and the room for it is reserved.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, Once};

/// `--in-place`: files with other hard links are written in place (not
/// atomic) instead of refused.
pub static IN_PLACE: AtomicBool = AtomicBool::new(false);

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
    // A file euc rewrites is one it must be able to read back (pictures,
    // written by `replace`, may be larger).
    if new.len() as u64 > super::MAX_INPUT {
        return Err(format!(
            "the new text of {} would be larger than {} MiB, the most euc reads from one file; nothing written",
            path.display(),
            super::MAX_INPUT >> 20
        ));
    }
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
    replace_with(path, contents, IN_PLACE.load(Ordering::Relaxed))
}

/// `replace`, with files of several names written in place or refused.
fn replace_with(path: &Path, contents: &[u8], in_place: bool) -> Result<(), String> {
    let target = resolve_links(path)?;
    let existing = std::fs::metadata(&target).ok();
    if let Some(metadata) = &existing {
        writable(path, metadata, in_place)?;
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
    match &existing {
        Some(metadata) => {
            builder.permissions(metadata.permissions());
        }
        // A new file gets what any new file gets: 0666 less the umask (the
        // temporary file's own default is 0600).
        #[cfg(unix)]
        None => {
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(std::fs::Permissions::from_mode(0o666));
        }
        #[cfg(not(unix))]
        None => {}
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
        keep_owner_and_mode(temporary.as_file(), metadata);
    }
    let written = temporary
        .write_all(contents)
        .and_then(|()| temporary.as_file().sync_all())
        .map_err(|error| format!("cannot write {}: {error}", path.display()));
    if written.is_ok() && existing.as_ref().is_some_and(|m| hard_links(m) > 1) {
        // The new text is whole on disk beside the file: only now is the
        // file itself touched, with the list locked, so that an interrupt
        // waits for the copy to end instead of cutting it short.
        let mut list = listed();
        let copied = write_in_place(&target, contents)
            .map_err(|error| format!("cannot write {}: {error}", path.display()));
        list.retain(|known| *known != name);
        drop(temporary);
        return copied;
    }
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

/// Whether the file at `path` may be replaced: a regular file, not
/// read-only, and with no other names unless `--in-place` allows writing
/// through them. Asked before a long search too (`solve --write`).
pub fn check_writable(path: &Path) -> Result<(), String> {
    let target = resolve_links(path)?;
    match std::fs::metadata(&target) {
        Ok(metadata) => writable(path, &metadata, IN_PLACE.load(Ordering::Relaxed)),
        Err(_) => Ok(()),
    }
}

fn writable(path: &Path, metadata: &std::fs::Metadata, in_place: bool) -> Result<(), String> {
    if metadata.permissions().readonly() {
        return Err(format!("{} is read-only; nothing written", path.display()));
    }
    if !metadata.is_file() {
        return Err(format!("{} is not a regular file", path.display()));
    }
    let links = hard_links(metadata);
    if links > 1 && !in_place {
        return Err(format!(
            "{} has {links} names (hard links): replacing it would split them, and writing it \
             in place is not atomic; nothing written (`--in-place` writes it in place anyway)",
            path.display()
        ));
    }
    Ok(())
}

/// Overwrites the file with `contents` where it is, so that every name
/// keeps seeing it: the room for the new text is reserved first (a full
/// disk or a size limit fails here, before a byte changes), then it is
/// written over the old from the start, cut to length and synced. A kill
/// during that copy leaves the file part old, part new.
fn write_in_place(target: &Path, contents: &[u8]) -> std::io::Result<()> {
    let mut file = std::fs::OpenOptions::new().write(true).open(target)?;
    let length = contents.len() as u64;
    reserve(&file, length)?;
    file.write_all(contents)?;
    file.set_len(length)?;
    file.sync_all()
}

/// Allocates the blocks for `length` bytes without changing the file's
/// size; a file system that cannot (no `fallocate`) is written as it is.
#[cfg(target_os = "linux")]
fn reserve(file: &std::fs::File, length: u64) -> std::io::Result<()> {
    use rustix::fs::{fallocate, FallocateFlags};
    if length > file.metadata()?.len() {
        // A size limit (RLIMIT_FSIZE) is not checked by a reservation.
        file_size_limit_allows(length)?;
    }
    match fallocate(file, FallocateFlags::KEEP_SIZE, 0, length) {
        Ok(()) => Ok(()),
        Err(rustix::io::Errno::OPNOTSUPP | rustix::io::Errno::NOSYS) if length > 0 => Ok(()),
        Err(_) if length == 0 => Ok(()),
        Err(error) => Err(error.into()),
    }
}

#[cfg(target_os = "linux")]
fn file_size_limit_allows(length: u64) -> std::io::Result<()> {
    let limit = rustix::process::getrlimit(rustix::process::Resource::Fsize);
    match limit.current {
        Some(most) if length > most => Err(std::io::Error::from_raw_os_error(
            rustix::io::Errno::FBIG.raw_os_error(),
        )),
        _ => Ok(()),
    }
}

#[cfg(not(target_os = "linux"))]
fn reserve(_: &std::fs::File, _: u64) -> std::io::Result<()> {
    Ok(())
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
/// may (a user cannot give files away; the group is kept when they may),
/// then its mode whole: a file is created with the umask applied, and a
/// change of owner clears the set-id bits.
#[cfg(unix)]
fn keep_owner_and_mode(file: &std::fs::File, metadata: &std::fs::Metadata) {
    use std::os::unix::fs::MetadataExt;
    if std::os::unix::fs::fchown(file, Some(metadata.uid()), Some(metadata.gid())).is_err() {
        let _ = std::os::unix::fs::fchown(file, None, Some(metadata.gid()));
    }
    let _ = file.set_permissions(metadata.permissions());
}

#[cfg(not(unix))]
fn keep_owner_and_mode(_: &std::fs::File, _: &std::fs::Metadata) {}

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
        let refused = replace_with(&first, b"new", false).unwrap_err();
        assert!(refused.contains("2 names (hard links)"), "{refused}");
        assert_eq!(std::fs::read_to_string(&second).unwrap(), "old");
        replace_with(&first, b"newer and longer", true).unwrap();
        assert_eq!(
            std::fs::read_to_string(&second).unwrap(),
            "newer and longer"
        );
        replace_with(&first, b"short", true).unwrap();
        assert_eq!(std::fs::read_to_string(&second).unwrap(), "short");
        assert_eq!(std::fs::read_to_string(&first).unwrap(), "short");
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
    fn only_a_text_euc_reads_back_is_held_to_its_limit() {
        let directory = scratch("size");
        let path = directory.join("big");
        let big = "x".repeat((2 << 20) + 1);
        std::fs::write(&path, "old").unwrap();
        let refused = replace_checked(&path, "old", &big).unwrap_err();
        assert!(refused.contains("larger than 2 MiB"), "{refused}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
        // A picture is written whatever its size.
        replace(&path, big.as_bytes()).unwrap();
        assert_eq!(std::fs::metadata(&path).unwrap().len(), big.len() as u64);
        assert!(leftovers(&directory).is_empty());
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
