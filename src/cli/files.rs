//! Writing files in place the way trusted formatters do (docs/design.md,
//! "Writing files"): through a symbolic link to the file it names, with the
//! file's mode (set-id bits too), owner and group from the first byte, never
//! over a read-only file, atomically by a rename — on Linux an exchange,
//! checked afterwards, so that a save landing meanwhile is swapped back
//! rather than lost — and never leaving a temporary file behind on an
//! error, an interrupt or a termination; one left by a write killed
//! outright (SIGKILL, a power cut) is removed by the next write in its
//! directory. A file with other hard links cannot be replaced atomically
//! without splitting its names: it is refused unless `--in-place` asks for
//! it, and then written only once the new text is safely on disk beside it
//! and the room for it is reserved.

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
            // Held until the process is gone: the main thread runs on
            // meanwhile, and must not create a temporary file after these
            // are removed.
            let paths = IN_FLIGHT
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            for path in paths.iter() {
                let _ = std::fs::remove_file(path);
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
    // A change seen now is refused before anything is written; one that
    // lands later is caught by the exchange (`exchange_checked`).
    if super::read_source(path)? != old {
        return Err(changed(path));
    }
    replace_with(
        path,
        new.as_bytes(),
        Some(old.as_bytes()),
        IN_PLACE.load(Ordering::Relaxed),
    )
}

fn changed(path: &Path) -> String {
    format!(
        "{} changed while euc was working on it (saved meanwhile?); nothing written, the file keeps that change",
        path.display()
    )
}

/// Writes `contents` as the file at `path` (created if missing).
pub fn replace(path: &Path, contents: &[u8]) -> Result<(), String> {
    replace_with(path, contents, None, IN_PLACE.load(Ordering::Relaxed))
}

/// `replace`, with files of several names written in place or refused; with
/// `expected`, only over a file that still holds it.
fn replace_with(
    path: &Path,
    contents: &[u8],
    expected: Option<&[u8]>,
    in_place: bool,
) -> Result<(), String> {
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
        // waits for the copy to end instead of cutting it short. Not
        // atomic, so a save can still land just before the copy.
        let mut list = listed();
        let copied = still_holds(&target, expected)
            .map_err(|()| changed(path))
            .and_then(|()| {
                write_in_place(&target, contents)
                    .map_err(|error| format!("cannot write {}: {error}", path.display()))
            });
        list.retain(|known| *known != name);
        drop(temporary);
        return copied;
    }
    // Locked until the end: an interrupt waits for the rename or the
    // exchange and its check, and never removes a file swapped out.
    let mut list = listed();
    list.retain(|known| *known != name);
    if let Err(error) = written {
        drop(temporary);
        return Err(error);
    }
    let Some(expected) = expected.filter(|_| existing.is_some()) else {
        return persist(temporary, &target, path);
    };
    match exchange(&name, &target) {
        Ok(()) => exchange_checked(temporary, &name, &target, path, expected, contents),
        // No exchange here (another system, a file system without it):
        // checked just before the rename, which leaves a window of a rename's
        // length for a save to be lost (docs/design.md, "Writing files").
        Err(Unsupported) => match still_holds(&target, Some(expected)) {
            Ok(()) => persist(temporary, &target, path),
            Err(()) => Err(changed(path)),
        },
    }
}

/// Renames the temporary file over the target.
fn persist(temporary: tempfile::NamedTempFile, target: &Path, path: &Path) -> Result<(), String> {
    temporary
        .persist(target)
        .map(drop)
        .map_err(|error| format!("cannot replace {}: {}", path.display(), error.error))
}

/// Whether the file at `target` holds `expected` (anything, without it).
fn still_holds(target: &Path, expected: Option<&[u8]>) -> Result<(), ()> {
    match expected {
        Some(expected) if std::fs::read(target).ok().as_deref() != Some(expected) => Err(()),
        _ => Ok(()),
    }
}

/// How long the file swapped out by the exchange is watched for a save in
/// place already under way (docs/design.md, "Writing files"): a path's
/// lookup and its truncation take microseconds; 2 ms is far beyond them
/// and unnoticed in a write.
const IN_PLACE_SAVE_GRACE: std::time::Duration = std::time::Duration::from_millis(2);

/// The exchange of two names is not available here.
struct Unsupported;

/// Swaps the files at `first` and `second` atomically (`renameat2` with
/// `RENAME_EXCHANGE`): each name then holds what the other held.
#[cfg(target_os = "linux")]
fn exchange(first: &Path, second: &Path) -> Result<(), Unsupported> {
    use rustix::fs::{renameat_with, RenameFlags, CWD};
    renameat_with(CWD, first, CWD, second, RenameFlags::EXCHANGE).map_err(|_| Unsupported)
}

#[cfg(not(target_os = "linux"))]
fn exchange(_: &Path, _: &Path) -> Result<(), Unsupported> {
    Err(Unsupported)
}

/// After the exchange, the new text is the file and `name` holds what was
/// swapped out: if that is what euc read, it goes, and the write is done.
/// If not, a save landed between euc's reading and the exchange: the files
/// are swapped back, so the save is the file again, and the write is an
/// error. Should yet another save land in the microseconds between the two
/// exchanges, it is swapped in too and the earlier one kept beside the file
/// (named in the error): no save is ever removed.
fn exchange_checked(
    temporary: tempfile::NamedTempFile,
    name: &Path,
    target: &Path,
    path: &Path,
    expected: &[u8],
    contents: &[u8],
) -> Result<(), String> {
    if std::fs::read(name).ok().as_deref() == Some(expected) {
        // A save in place whose open looked the file up just before the
        // exchange truncates and writes the old file a moment after it:
        // look again after that moment before letting the old file go.
        std::thread::sleep(IN_PLACE_SAVE_GRACE);
        if std::fs::read(name).ok().as_deref() == Some(expected) {
            drop(temporary);
            return Ok(());
        }
    }
    if exchange(name, target).is_err() {
        // Keep what was swapped out, whatever it is, and say where.
        let kept = keep_beside(temporary, target);
        return Err(format!(
            "{} changed while euc was writing it, and swapping the change back failed: the file now has euc's text, the change is kept in {kept}",
            path.display()
        ));
    }
    if std::fs::read(name).ok().as_deref() == Some(contents) {
        // Euc's own text, untouched: it goes.
        drop(temporary);
        return Err(changed(path));
    }
    // A newer save replaced euc's text at the file meanwhile, and now lies
    // at `name`: the newest save goes back to the file, the earlier stays.
    let _ = exchange(name, target);
    let kept = keep_beside(temporary, target);
    Err(format!(
        "{} was saved twice while euc was writing it: the file keeps the last save, an earlier one is kept in {kept}; nothing written",
        path.display()
    ))
}

/// Moves the temporary file (after an exchange: a save) to a lasting name
/// beside `target`, and gives that name.
fn keep_beside(temporary: tempfile::NamedTempFile, target: &Path) -> String {
    let kept = target.with_file_name(format!(
        "{}.euc-conflict-{}",
        target
            .file_name()
            .map(|name| name.to_string_lossy().to_string())
            .unwrap_or_default(),
        std::process::id()
    ));
    match temporary.persist(&kept) {
        Ok(_) => kept.display().to_string(),
        Err(error) => match error.file.keep() {
            Ok((_, at)) => at.display().to_string(),
            Err(_) => "a temporary file beside it".to_string(),
        },
    }
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
        let refused = replace_with(&first, b"new", None, false).unwrap_err();
        assert!(refused.contains("2 names (hard links)"), "{refused}");
        assert_eq!(std::fs::read_to_string(&second).unwrap(), "old");
        replace_with(&first, b"newer and longer", None, true).unwrap();
        assert_eq!(
            std::fs::read_to_string(&second).unwrap(),
            "newer and longer"
        );
        replace_with(&first, b"short", None, true).unwrap();
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

    /// An editor saving while euc writes: each round, euc reads the file
    /// and writes its text over it while another thread saves at a random
    /// moment, in place or by a rename as editors do. Every save either
    /// ends in the file or was read by euc before it wrote (its text then
    /// grows from that save). The test that the file had not changed was
    /// made a moment before the rename, and saves in between were lost.
    #[cfg(unix)]
    #[test]
    fn saves_racing_writes_are_never_lost() {
        let directory = scratch("race");
        let path = directory.join("file.euc");
        // A small generator of delays, seeded: the same rounds every run.
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut micros = move |most: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            std::time::Duration::from_micros(state % most)
        };
        let mut lost = Vec::new();
        let mut refused = 0;
        for round in 0..400 {
            std::fs::write(&path, format!("save {round}\n")).unwrap();
            let save = format!("save {}\n", round + 1);
            let (saver_path, saver_save, pause) = (path.clone(), save.clone(), micros(1500));
            let saver = std::thread::spawn(move || {
                std::thread::sleep(pause);
                if round % 2 == 0 {
                    std::fs::write(&saver_path, &saver_save).unwrap();
                } else {
                    let aside = saver_path.with_file_name("editor.tmp");
                    std::fs::write(&aside, &saver_save).unwrap();
                    std::fs::rename(&aside, &saver_path).unwrap();
                }
            });
            let old = std::fs::read_to_string(&path).unwrap();
            std::thread::sleep(micros(500));
            let new = format!("{old}// written\n");
            let result = replace_checked(&path, &old, &new);
            saver.join().unwrap();
            refused += usize::from(result.is_err());
            let now = std::fs::read_to_string(&path).unwrap();
            let kept = now == save || (old == save && now == new);
            if !kept {
                lost.push((round, old, now, result));
            }
        }
        assert!(lost.is_empty(), "{} saves lost: {lost:?}", lost.len());
        // The race was run: some writes met a save and were refused.
        assert!(refused > 0, "no write met a save");
        let names: Vec<String> = std::fs::read_dir(&directory)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().to_string())
            .collect();
        assert_eq!(names, ["file.euc"]);
        std::fs::remove_dir_all(&directory).unwrap();
    }

    /// A temporary file of euc's text ("ours") beside `path`, exchanged
    /// with it (as `write` does before it checks), and its name.
    #[cfg(target_os = "linux")]
    fn ours_exchanged_in(
        directory: &Path,
        path: &Path,
    ) -> (tempfile::NamedTempFile, std::path::PathBuf) {
        let mut temporary = tempfile::Builder::new()
            .prefix(&temporary_prefix())
            .suffix(".tmp")
            .tempfile_in(directory)
            .unwrap();
        temporary.write_all(b"ours").unwrap();
        let name = temporary.path().to_path_buf();
        assert!(
            exchange(&name, path).is_ok(),
            "no exchange on this file system"
        );
        (temporary, name)
    }

    /// The swap back, step by step: a save that landed after euc read the
    /// file and before the exchange is swapped out, seen, and swapped back;
    /// the write is an error and nothing is left beside the file.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_save_swapped_out_is_swapped_back() {
        let directory = scratch("swap");
        let path = directory.join("file.euc");
        // Euc read "old"; the editor has saved "theirs" since.
        std::fs::write(&path, "theirs").unwrap();
        let (temporary, name) = ours_exchanged_in(&directory, &path);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "ours");
        let refused =
            exchange_checked(temporary, &name, &path, &path, b"old", b"ours").unwrap_err();
        assert!(refused.contains("changed while euc"), "{refused}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "theirs");
        assert!(leftovers(&directory).is_empty());
        std::fs::remove_dir_all(&directory).unwrap();
    }

    /// Two saves around the exchange: the one before it is swapped out, the
    /// one after it replaces euc's text. The last save ends as the file and
    /// the earlier is kept beside it, named in the error.
    #[cfg(target_os = "linux")]
    #[test]
    fn two_saves_around_the_exchange_are_both_kept() {
        let directory = scratch("swap-twice");
        let path = directory.join("file.euc");
        std::fs::write(&path, "first save").unwrap();
        let (temporary, name) = ours_exchanged_in(&directory, &path);
        // The editor saves again, by a rename, over euc's text.
        let aside = directory.join("editor.tmp");
        std::fs::write(&aside, "second save").unwrap();
        std::fs::rename(&aside, &path).unwrap();
        let refused =
            exchange_checked(temporary, &name, &path, &path, b"old", b"ours").unwrap_err();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "second save");
        let kept = directory.join(format!("file.euc.euc-conflict-{}", std::process::id()));
        assert!(refused.contains(&kept.display().to_string()), "{refused}");
        assert_eq!(std::fs::read_to_string(&kept).unwrap(), "first save");
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
