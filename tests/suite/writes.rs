//! What euc does to the files it writes and the process it runs in, when
//! things go wrong: a file with several names, a full disk, a size limit, a
//! kill during the write, a closed standard error (docs/design.md, "Writing
//! files" and "Exit codes").

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn euc() -> Command {
    Command::new(env!("CARGO_BIN_EXE_euc"))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("euc-writes-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A file `fmt` shortens: ~230 KB before, ~206 KB after.
fn unformatted() -> (String, String) {
    let old = (0..12_000).map(|i| format!("let  v{i} =  {i}\n")).collect();
    let new = (0..12_000).map(|i| format!("let v{i} = {i}\n")).collect();
    (old, new)
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    names.sort();
    names
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).to_string()
}

#[cfg(unix)]
#[test]
fn a_file_with_two_names_is_refused_or_written_through_both() {
    let dir = scratch("links");
    let (old, new) = unformatted();
    let first = dir.join("h.euc");
    let second = dir.join("h2.euc");
    std::fs::write(&first, &old).unwrap();
    std::fs::hard_link(&first, &second).unwrap();
    let refused = euc().args(["fmt", "--write"]).arg(&first).output().unwrap();
    assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
    assert!(
        stderr(&refused).contains("has 2 names (hard links)")
            && stderr(&refused).contains("--in-place"),
        "{}",
        stderr(&refused)
    );
    assert_eq!(std::fs::read_to_string(&second).unwrap(), old);
    let written = euc()
        .args(["fmt", "--write", "--in-place"])
        .arg(&first)
        .output()
        .unwrap();
    assert_eq!(written.status.code(), Some(0), "{}", stderr(&written));
    assert_eq!(std::fs::read_to_string(&first).unwrap(), new);
    assert_eq!(std::fs::read_to_string(&second).unwrap(), new);
    use std::os::unix::fs::MetadataExt;
    assert_eq!(std::fs::metadata(&first).unwrap().nlink(), 2);
    assert_eq!(names_in(&dir), ["h.euc", "h2.euc"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A size limit fails the write as a full disk does, with no trap in the
/// shell: euc exits 2 instead of dying of SIGXFSZ, the file untouched —
/// whether it has one name or two (written in place).
#[cfg(unix)]
#[test]
fn a_size_limit_leaves_every_file_whole_and_exits_2() {
    let dir = scratch("limit");
    let (old, _) = unformatted();
    for in_place in [false, true] {
        let path = dir.join("big.euc");
        std::fs::write(&path, &old).unwrap();
        if in_place {
            std::fs::hard_link(&path, dir.join("other.euc")).unwrap();
        }
        let output = Command::new("sh")
            .args([
                "-c",
                "ulimit -f 100; exec \"$0\" fmt --write --in-place \"$1\"",
                env!("CARGO_BIN_EXE_euc"),
                path.to_str().unwrap(),
            ])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
        assert!(
            stderr(&output).contains("File too large"),
            "{}",
            stderr(&output)
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), old);
        let expected: &[&str] = if in_place {
            &["big.euc", "other.euc"]
        } else {
            &["big.euc"]
        };
        assert_eq!(names_in(&dir), expected, "no temporary file is left");
        let _ = std::fs::remove_file(dir.join("other.euc"));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A real full disk: a 320 KB tmpfs mounted in a private mount namespace
/// (`unshare -rm`), holding a 230 KB file with two names, so that the new
/// text cannot be written beside it. Nothing changes, nothing is left.
#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_leaves_a_file_with_two_names_whole() {
    let probe = Command::new("unshare").args(["-rm", "true"]).output();
    if !probe.is_ok_and(|output| output.status.success()) {
        eprintln!("skipped: this machine cannot make a mount namespace (unshare -rm)");
        return;
    }
    let dir = scratch("full");
    let (old, _) = unformatted();
    let source = dir.join("source.euc");
    std::fs::write(&source, &old).unwrap();
    let disk = dir.join("disk");
    std::fs::create_dir_all(&disk).unwrap();
    let script = r#"
        set -e
        mount -t tmpfs -o size=320k euc-full "$2"
        cp "$3" "$2/h.euc"
        ln "$2/h.euc" "$2/h2.euc"
        set +e
        "$0" fmt --write "$2/h.euc"; echo "refused=$?"
        "$0" fmt --write --in-place "$2/h.euc"; echo "in-place=$?"
        cmp -s "$3" "$2/h.euc" && echo "first=old"
        cmp -s "$3" "$2/h2.euc" && echo "second=old"
        ls -A "$2"
    "#;
    let output = Command::new("unshare")
        .args(["-rm", "sh", "-c", script, env!("CARGO_BIN_EXE_euc")])
        .arg(&dir)
        .arg(&disk)
        .arg(&source)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines,
        [
            "refused=2",
            "in-place=2",
            "first=old",
            "second=old",
            "h.euc",
            "h2.euc"
        ],
        "{}",
        stderr(&output)
    );
    assert!(
        stderr(&output).contains("No space left on device"),
        "{}",
        stderr(&output)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// SIGTERM, SIGINT or SIGHUP during an in-place write waits for the copy to
/// end: the file with two names is always the old text or the new, whole.
/// (A SIGKILL during the copy can leave it part old, part new: README.)
#[cfg(unix)]
#[test]
fn interrupts_never_cut_an_in_place_write_short() {
    let dir = scratch("terms");
    let path = dir.join("big.euc");
    let other = dir.join("other.euc");
    let old: String = (0..20_000).map(|i| format!("let  v{i} =  {i}\n")).collect();
    let new: String = (0..20_000).map(|i| format!("let v{i} = {i}\n")).collect();
    let args = ["fmt", "--write", "--in-place", path.to_str().unwrap()];
    std::fs::write(&path, &old).unwrap();
    std::fs::hard_link(&path, &other).unwrap();
    let started = std::time::Instant::now();
    assert_eq!(euc().args(args).status().unwrap().code(), Some(0));
    let run = started.elapsed();
    let mut finished = 0;
    for round in 0..24u32 {
        std::fs::write(&path, &old).unwrap();
        let child = euc().args(args).spawn().unwrap();
        std::thread::sleep(run.mul_f64(0.5 + 0.6 * f64::from(round) / 24.0));
        let signal = ["-TERM", "-INT", "-HUP"][round as usize % 3];
        let _ = Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status();
        let status = child.wait_with_output().unwrap().status;
        finished += usize::from(status.code() == Some(0));
        let text = std::fs::read_to_string(&other).unwrap();
        assert!(text == old || text == new, "round {round}: a partial file");
        assert_eq!(names_in(&dir), ["big.euc", "other.euc"], "round {round}");
    }
    eprintln!("writes that finished before the signal: {finished} of 24");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The mode is kept whole: not masked by the umask, set-id bits included.
#[cfg(unix)]
#[test]
fn the_mode_survives_the_umask_and_keeps_set_id_bits() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("mode");
    let path = dir.join("m.euc");
    for mode in [0o664, 0o6775, 0o600] {
        std::fs::write(&path, "point  A = (0, 0)\n").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).unwrap();
        let output = Command::new("sh")
            .args([
                "-c",
                "umask 077; exec \"$0\" fmt --write \"$1\"",
                env!("CARGO_BIN_EXE_euc"),
                path.to_str().unwrap(),
            ])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "point A = (0, 0)\n"
        );
        let kept = std::fs::metadata(&path).unwrap().permissions().mode() & 0o7777;
        assert_eq!(kept, mode, "{mode:o} became {kept:o}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `fmt` can lengthen a file (spaces around `=`): a result over the 2 MiB
/// that euc reads is not written.
#[test]
fn a_result_euc_could_not_read_back_is_not_written() {
    let dir = scratch("size");
    let path = dir.join("long.euc");
    let mut text = String::new();
    let mut index = 0;
    while text.len() < (2 << 20) - 100 {
        text.push_str(&format!("let v{index}=1\n"));
        index += 1;
    }
    std::fs::write(&path, &text).unwrap();
    let output = euc().args(["fmt", "--write"]).arg(&path).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("larger than 2 MiB"),
        "{}",
        stderr(&output)
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    assert_eq!(names_in(&dir), ["long.euc"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `solve --write` on a file it may not write says so before searching.
#[cfg(unix)]
#[test]
fn solve_write_refuses_a_read_only_file_before_searching() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("read-only");
    let path = dir.join("slow.euc");
    std::fs::copy(super::root().join("benches/no-short-solution.euc"), &path).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    // With the search first, this would take the whole time limit.
    let output = euc()
        .args(["solve", "--write", "--timeout", "600", "--max-moves", "9"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains("read-only"), "{}", stderr(&output));
    assert!(
        !stderr(&output).contains("construction"),
        "{}",
        stderr(&output)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Diagnostics into a closed standard error (`2>&-`) or a pipe nobody
/// reads: the command still ends with its own exit code, never a panic.
#[cfg(unix)]
#[test]
fn a_closed_standard_error_is_no_panic() {
    use std::io::Write;
    use std::process::Stdio;
    let dir = scratch("stderr");
    let path = dir.join("bad.euc");
    std::fs::write(
        &path,
        "point A = (0, 0)\nsolve x {\n  goal g = line(A, Q)\n}\n",
    )
    .unwrap();
    let file = path.to_str().unwrap();
    for command in ["check", "compile", "render", "solve"] {
        let closed = Command::new("sh")
            .args(["-c", "exec \"$0\" \"$1\" \"$2\" >/dev/null 2>&-"])
            .args([env!("CARGO_BIN_EXE_euc"), command, file])
            .status()
            .unwrap();
        assert_eq!(closed.code(), Some(2), "{command} 2>&-");
        // The pipe's reader is gone before euc starts (it waits for a line).
        let mut child = Command::new("sh")
            .args(["-c", "read go; exec \"$0\" \"$1\" \"$2\" >/dev/null"])
            .args([env!("CARGO_BIN_EXE_euc"), command, file])
            .stdin(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stderr.take());
        let mut input = child.stdin.take().unwrap();
        input.write_all(b"go\n").unwrap();
        drop(input);
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(2), "{command} into a closed pipe");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A new file (a picture) gets what any new file gets, 0666 less the umask.
#[cfg(unix)]
#[test]
fn a_new_picture_gets_the_usual_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("picture");
    let picture = dir.join("napoleon.svg");
    let output = Command::new("sh")
        .args(["-c", "umask 022; exec \"$0\" render \"$1\" -o \"$2\""])
        .arg(env!("CARGO_BIN_EXE_euc"))
        .arg(super::root().join("examples/napoleon.euc"))
        .arg(&picture)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let mode = std::fs::metadata(&picture).unwrap().permissions().mode();
    assert_eq!(mode & 0o7777, 0o644);
    std::fs::remove_dir_all(&dir).unwrap();
}
