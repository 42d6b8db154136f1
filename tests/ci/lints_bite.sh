#!/usr/bin/env bash
# The lint configuration bites: a scratch crate with euc's own lint tables
# (Cargo.toml's [lints.*], copied as they are) and its clippy.toml, holding
# one planted file — an unwrap() and a function of 101 lines — must fail
# clippy, naming both lints; and the same crate without the plant passes.
# (The scratch crate has no dependencies: a few seconds, not a rebuild of euc.)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir "$scratch/src"
{
  printf '[package]\nname = "planted"\nversion = "0.0.0"\nedition = "2021"\n\n'
  # Every [lints...] table, up to the next table that is not one.
  awk '/^\[/{inside = /^\[lints/} inside' "$root/Cargo.toml"
} > "$scratch/Cargo.toml"
cp "$root/clippy.toml" "$scratch/"
grep -q 'too_many_lines = "deny"' "$scratch/Cargo.toml" || { echo "lints_bite: no [lints.clippy] table found"; exit 1; }

# Clean first: a short function, no unwrap.
printf '//! Nothing planted.\n\npub fn fine(x: Option<u32>) -> u32 {\n    x.unwrap_or(0)\n}\n' > "$scratch/src/lib.rs"
(cd "$scratch" && cargo clippy --quiet --offline -- -D warnings) || { echo "lints_bite: the clean crate fails clippy"; exit 1; }

# Planted: an unwrap outside tests, and 101 lines of code in one function.
{
  printf '//! Planted violations.\n\npub fn planted(x: Option<u32>) -> u32 {\n    let mut total = x.unwrap();\n'
  for i in $(seq 1 100); do printf '    total = total.wrapping_add(%d);\n' "$i"; done
  printf '    total\n}\n'
} > "$scratch/src/lib.rs"
set +e
out=$(cd "$scratch" && cargo clippy --quiet --offline -- -D warnings 2>&1)
status=$?
set -e
[ "$status" -ne 0 ] || { echo "lints_bite: clippy passed the planted violations"; exit 1; }
for lint in unwrap-used too-many-lines; do
  grep -q "clippy::$lint" <<< "$out" || { echo "lints_bite: clippy did not name $lint:"; echo "$out"; exit 1; }
done
echo "lints_bite: the lint tables refuse an unwrap and a 101-line function"
