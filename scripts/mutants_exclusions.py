#!/usr/bin/env python3
"""Checks `.cargo/mutants.toml`'s exclusions against the mutants cargo-mutants makes today.

Each `exclude_re` entry ends its line with `# N`: the number of mutants it is meant to leave
out (the equivalent ones its comment explains). An entry names no line (`\\d+` in its place),
so a line moved by an edit elsewhere changes nothing; an edit of the function itself may
make an entry miss its mutant or catch another, which this finds: every entry must match
exactly N of the mutants `cargo mutants --list --no-config` lists, and the names it matches
are printed for reading against the comment.

    python3 scripts/mutants_exclusions.py      # from the repository's root; exits 1 on a mismatch
"""

import re
import subprocess
import sys

ENTRY = re.compile(r"^\s*'(?P<regex>[^']+)',\s*#\s*(?P<count>\d+)\s*$")


def entries(path):
    """Each exclusion's regex and the number of mutants it is meant to match."""
    found = []
    with open(path, encoding="utf-8") as toml:
        for number, line in enumerate(toml, start=1):
            stripped = line.strip()
            if not stripped.startswith("'"):
                continue
            match = ENTRY.match(line)
            if not match:
                sys.exit(f"{path}:{number}: an exclusion without its `# N` count: {stripped}")
            if re.search(r"\.rs:\d", match["regex"]):
                sys.exit(f"{path}:{number}: an exclusion that names a line: {stripped}")
            found.append((number, match["regex"], int(match["count"])))
    return found


def main():
    listed = subprocess.run(
        ["cargo", "mutants", "--list", "--no-config"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.splitlines()
    wrong = 0
    for number, regex, count in entries(".cargo/mutants.toml"):
        # cargo-mutants searches the name (Rust's regex `is_match`), as `re.search` does.
        matched = [name for name in listed if re.search(regex, name)]
        mark = "ok" if len(matched) == count else "WRONG"
        wrong += mark != "ok"
        print(f"{mark}: line {number}: {regex} matches {len(matched)}, meant {count}")
        for name in matched:
            print(f"      {name}")
    print(f"{len(listed)} mutants listed; {wrong} exclusion(s) wrong")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
