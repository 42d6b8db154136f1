"""Validate `euc check --format sarif` output against the SARIF 2.1.0 schema.

Run by .ci/run with Python's jsonschema (formats checked too); the Rust
suite (tests/suite/cli.rs) checks the log's structure. The schema is the
OASIS file as the serde-sarif crate ships it, with one typo fixed: a stray
`]` in the pattern of `language`, which a strict ECMA-262 regex check of the
schema itself rejects.

usage: validate_sarif.py SCHEMA LOG
"""

import copy
import json
import sys

import jsonschema

schema = json.load(open(sys.argv[1]))
log = json.load(open(sys.argv[2]))
validator = jsonschema.Draft7Validator(schema, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)
errors = [f"{error.message} at {list(error.absolute_path)}" for error in validator.iter_errors(log)]
if errors:
    sys.exit("the SARIF log breaks the schema:\n" + "\n".join(errors))
# The validator does reject what the schema forbids.
broken = copy.deepcopy(log)
broken["runs"][0]["results"][0]["level"] = "fatal"
if validator.is_valid(broken):
    sys.exit("the validator accepted a result of level `fatal`")
print(f"SARIF: {len(log['runs'][0]['results'])} results valid against the 2.1.0 schema")
