//! `euc solve --format json` results and `--merge`: the JSON a shard prints
//! (one record per block, with the place of the subtree holding its answer)
//! and the choice among N shards of the answer the unsharded search gives —
//! the shortest, and at that length the one in the earliest subtree
//! (docs/solver.md, "Shards").

use crate::door::Analysis;
use crate::door::Shard;
use serde_json::{json, Value};
use std::path::PathBuf;

/// The whole result: the file (and a digest of its text, so results of
/// another version are refused), the shard, and the blocks.
pub(super) fn document(name: &str, text: &str, shard: Option<Shard>, blocks: Vec<Value>) -> Value {
    json!({
        "file": name,
        "digest": digest(text),
        "shard": shard.map(|shard| json!({"index": shard.index, "count": shard.count})),
        "blocks": blocks,
    })
}

/// FNV-1a: enough to tell two versions of a file apart.
fn digest(text: &str) -> String {
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{hash:016x}")
}

/// A block (its index) and the steps that solve it.
pub(super) type Answer = (usize, Vec<String>);

/// The most euc reads from one shard result: a result is a few hundred
/// bytes a block plus its steps, so this is far above what a 2 MiB file's
/// results take, and it bounds memory (`--merge /dev/zero` once read until
/// memory ran out).
pub(super) const MAX_RESULT: u64 = 32 << 20;

/// The answers of the blocks `targets` from the shards' results, and the
/// exit code (1 if some block has none). Errors: results missing, repeated,
/// unreadable, too large, of another file version or of more shards than a
/// search can have, a shard that stopped too early to be sure, or an answer
/// that is not steps of its block passing `check` there (a result file is
/// input like any other, and what is written must check).
pub(super) fn merge(
    text: &str,
    analysis: &Analysis,
    targets: &[usize],
    files: &[PathBuf],
) -> Result<(Vec<Answer>, i32), String> {
    let names: Vec<&str> = targets
        .iter()
        .map(|&index| analysis.scene().problems[index].name.as_str())
        .collect();
    let most = crate::door::MOST_SHARDS;
    let mut count = None;
    // Per shard, by its index: the records of the target blocks only, so
    // that no more than one whole result is held at a time.
    let mut shards: Vec<Option<Vec<Value>>> = Vec::new();
    for file in files {
        let content = super::read_bounded(file, MAX_RESULT, "one shard result")?;
        let document: Value = serde_json::from_str(&content)
            .map_err(|error| format!("{} is not a shard result: {error}", file.display()))?;
        drop(content);
        if let Some(error) = document["error"].as_str() {
            return Err(format!("{} is a failed run's: {error}", file.display()));
        }
        if document["digest"] != digest(text) {
            return Err(format!(
                "{} was computed for another version of the file",
                file.display()
            ));
        }
        let claimed = document["shard"]["count"].as_u64();
        let count = match count {
            Some(count) => count,
            None => {
                // Any number is read as one, so that 2^64 is out of range
                // too rather than "not a shard's".
                let written = document["shard"]["count"]
                    .as_f64()
                    .ok_or("the first result is not a shard's (run with --shard K/N)")?;
                let Some(first) = claimed.filter(|count| (1..=most as u64).contains(count)) else {
                    return Err(format!(
                        "{} says it is one of {written} shards: a search is split into 1 to {most} shards",
                        file.display()
                    ));
                };
                shards.resize(first as usize, None);
                *count.insert(first as usize)
            }
        };
        let index = document["shard"]["index"]
            .as_u64()
            .filter(|index| claimed == Some(count as u64) && *index < count as u64)
            .map(|index| index as usize)
            .filter(|index| shards[*index].is_none())
            .ok_or_else(|| format!("{}: not one of {count} distinct shards", file.display()))?;
        let records = names
            .iter()
            .map(|name| {
                document["blocks"]
                    .as_array()
                    .and_then(|blocks| blocks.iter().find(|block| block["block"] == **name))
                    .cloned()
                    .ok_or_else(|| format!("{} has no result for block `{name}`", file.display()))
            })
            .collect::<Result<_, _>>()?;
        shards[index] = Some(records);
    }
    let count = count.ok_or("no shard results")?;
    if let Some(missing) = shards.iter().position(Option::is_none) {
        return Err(format!("the result of shard {missing}/{count} is missing"));
    }
    // In shard order, so that a record's place is its shard's index.
    let shards: Vec<Vec<Value>> = shards.into_iter().flatten().collect();
    let mut answers = Vec::new();
    let mut code = super::EXIT_OK;
    for (place, (&index, name)) in targets.iter().zip(&names).enumerate() {
        let records: Vec<&Value> = shards.iter().map(|records| &records[place]).collect();
        match choose(&records) {
            Merged::Answer { moves, steps } => {
                crate::door::checked_steps(text, analysis, index, &steps).map_err(|why| {
                    format!(
                        "the shards' answer for block `{name}` is refused, nothing written: {why}"
                    )
                })?;
                say!("{name}: {moves} moves (merged from {count} shards)");
                answers.push((index, steps));
            }
            Merged::None(searched) => {
                say!("{name}: no construction with at most {searched} moves (all {count} shards)");
                code = super::EXIT_FAILED;
            }
            Merged::Unsure(why) => {
                say!("{name}: {why}");
                code = super::EXIT_FAILED;
            }
        }
    }
    Ok((answers, code))
}

/// What the shards say of one block.
enum Merged {
    Answer {
        moves: u64,
        steps: Vec<String>,
    },
    /// Every shard searched this many moves in full and found nothing.
    None(u64),
    Unsure(String),
}

/// The unsharded search's answer: the shortest found, at that length the
/// earliest subtree — provided every shard searched every shorter length
/// (and that length) in full.
fn choose(records: &[&Value]) -> Merged {
    let found = records
        .iter()
        .filter(|record| record["status"] == "found")
        .filter_map(|record| {
            Some((
                record["moves"].as_u64()?,
                record["subtree"].as_u64()?,
                record["steps"].as_array()?,
            ))
        })
        .min_by_key(|(moves, subtree, _)| (*moves, *subtree));
    let searched = |record: &&Value| record["searched"].as_u64().unwrap_or(0);
    match found {
        Some((moves, _, steps)) => {
            // A shard that found a longer answer, or none, searched this length in full.
            let unsure = records
                .iter()
                .enumerate()
                .find(|(_, record)| record["status"] != "found" && searched(record) < moves);
            if let Some((shard, record)) = unsure {
                return Merged::Unsure(format!(
                    "shard {shard} stopped ({}) before it finished {moves} moves: run it again with a longer --timeout",
                    record["reason"].as_str().unwrap_or("unknown reason")
                ));
            }
            let steps = steps
                .iter()
                .filter_map(|step| step.as_str().map(str::to_string))
                .collect();
            Merged::Answer { moves, steps }
        }
        None => {
            if let Some(record) = records
                .iter()
                .find(|record| record["status"] != "exhausted")
            {
                return Merged::Unsure(format!(
                    "no shard found a construction, and one {} ({})",
                    record["status"].as_str().unwrap_or("failed"),
                    record["reason"].as_str().unwrap_or("unknown reason")
                ));
            }
            Merged::None(records.iter().map(searched).min().unwrap_or(0))
        }
    }
}
