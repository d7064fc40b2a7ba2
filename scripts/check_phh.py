#!/usr/bin/env python3
"""Check PHH hand histories against pokerkit.

Loads every `*.phh` file under DIR (as written by `studbot sim --phh DIR`) into pokerkit,
plays it to the end, and compares pokerkit's final stacks with the file's
`finishing_stacks`. Prints one line per disagreeing file and a summary; exits 1 when any
file disagrees or cannot be read, 0 when all agree.

Usage: python3 scripts/check_phh.py DIR [--verbose]
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import warnings

from pokerkit import HandHistory


def check_file(path: pathlib.Path) -> tuple[str, str, list[str]]:
    """Returns (outcome, detail, pokerkit warnings); outcome is agree, disagree or error."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            with path.open("rb") as phh:
                history = HandHistory.load(phh)
            if history.finishing_stacks is None:
                return "error", "no finishing_stacks in the file", []
            final_state = None
            for final_state in history:
                pass
            if final_state is None or final_state.status:
                return "error", "pokerkit could not play the hand to its end", []
            pokerkit_stacks = list(final_state.stacks)
        except Exception as error:  # any unreadable or illegal history is a failure
            return "error", f"{type(error).__name__}: {error}", []
    notes = [str(warning.message) for warning in caught]
    if not history.ante_trimming_status and any(history.antes):
        notes.append(
            "ante_trimming_status is false: pokerkit then puts every ante in the main pot, "
            "even for a player who could not cover his ante; write ante_trimming_status = true"
        )
    expected = list(history.finishing_stacks)
    if pokerkit_stacks != expected:
        return "disagree", f"file says {expected}, pokerkit says {pokerkit_stacks}", notes
    return "agree", "", notes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", type=pathlib.Path)
    parser.add_argument("--verbose", action="store_true", help="also print pokerkit's warnings")
    args = parser.parse_args()

    if not args.directory.is_dir():
        print(f"check_phh: {args.directory} is not a directory", file=sys.stderr)
        return 2
    files = sorted(args.directory.rglob("*.phh"))
    if not files:
        print(f"check_phh: no .phh files under {args.directory}", file=sys.stderr)
        return 2

    counts = {"agree": 0, "disagree": 0, "error": 0}
    files_with_notes = 0
    for path in files:
        outcome, detail, notes = check_file(path)
        counts[outcome] += 1
        if outcome != "agree":
            print(f"{outcome}: {path}: {detail}")
        if notes:
            files_with_notes += 1
            if args.verbose:
                for note in dict.fromkeys(notes):
                    print(f"note: {path}: {note}")

    print(
        f"{len(files)} PHH files: {counts['agree']} agree with pokerkit, "
        f"{counts['disagree']} disagree, {counts['error']} could not be checked"
        + (f"; {files_with_notes} with pokerkit warnings (--verbose)" if files_with_notes else "")
    )
    return 0 if counts["agree"] == len(files) else 1


if __name__ == "__main__":
    sys.exit(main())
