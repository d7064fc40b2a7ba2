#!/usr/bin/env python3
"""Check PHH hand histories against pokerkit.

Loads every `*.phh` file under DIR (as written by `studbot sim --phh DIR`) into pokerkit,
plays it to the end, and compares pokerkit's final stacks with the file's
`finishing_stacks`. Prints one line per disagreeing file and a summary; exits 1 when any
file disagrees or cannot be played, 0 when all agree.

Files are played by pokerkit's own loader (`HandHistory` iteration). Each is also played
exactly as written, since the loader "repairs" a history it cannot follow (folding players
if need be): the first action pokerkit refuses is reported. For a file that disagrees
after a showdown, the pots are divided again by docs/RULES.md
(`pokerkit_vectors.divide_by_rules`) to tell whether the file follows docs/RULES.md where
pokerkit does not (scripts/README.md lists those places).

Usage: python3 scripts/check_phh.py DIR [--verbose]
"""

from __future__ import annotations

import argparse
import collections
import pathlib
import sys
import warnings

from pokerkit import HandHistory
from pokerkit.notation import parse_action

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from pokerkit_vectors import divide_by_rules  # noqa: E402


class Unplayable(Exception):
    """pokerkit refuses the history as written."""


def dealt_cards(history: HandHistory) -> list[list[str]]:
    """Each player's cards, from the history's `d dh pN CARDS` actions."""
    cards: list[list[str]] = [[] for _ in history.starting_stacks]
    for action in history.actions:
        words = action.split()
        if words[:2] == ["d", "dh"] and len(words) >= 4:
            text = words[3]
            cards[int(words[2][1:]) - 1].extend(text[i:i + 2] for i in range(0, len(text), 2))
    return cards


def play_with_loader(history: HandHistory):
    """Plays the history as pokerkit's loader does (`HandHistory` iteration). Returns the
    final state and, when there was a showdown, the contributions and players still in
    when it began.
    """
    showdown = None
    final_state = None
    for final_state in history:
        if showdown is None and final_state.showdown_index is not None:
            contributions = [
                start - stack
                for start, stack in zip(history.starting_stacks, final_state.stacks)
            ]
            showdown = (contributions, list(final_state.statuses))
    if final_state is None or final_state.status:
        raise Unplayable("pokerkit could not play the hand to its end")
    return final_state, showdown


def strict_refusal(history: HandHistory) -> str | None:
    """The first action pokerkit refuses when the actions are played exactly as written
    (the loader instead "repairs" the history, by folding players if need be)."""
    state = history.create_state()
    for index, action in enumerate(history.actions):
        while state.can_burn_card():
            state.burn_card("??")
        try:
            parse_action(state, action, history.parse_value)
        except ValueError as error:
            return f"action {index + 1} {action!r} refused: {error}"
    if state.status:
        return "the hand is not over after the last action"
    return None


def open_pair_big_wager(history: HandHistory, refusal: str | None) -> bool:
    """Whether pokerkit refuses the history at a big bet or raise on an open-pair fourth
    street (`_open_pair_big_bet = true`): pokerkit 0.7.7 has no such option, its fixed-limit
    wagers are the small bet on fourth street, so it cannot deal these hands."""
    return (
        history.user_defined_fields.get("_open_pair_big_bet") is True
        and refusal is not None
        and " cbr " in refusal
        and "above the maximum allowed" in refusal
    )


def check_file(path: pathlib.Path) -> tuple[str, str, list[str]]:
    """Returns (outcome, detail, notes); outcome is agree, disagree, unplayable or
    beyond pokerkit (a deal pokerkit has no option for)."""
    notes: list[str] = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            with path.open("rb") as phh:
                history = HandHistory.load(phh)
        except Exception as error:  # an unreadable file is a failure, never a crash
            return "unplayable", f"{type(error).__name__}: {error}", notes
        if history.finishing_stacks is None:
            return "unplayable", "no finishing_stacks in the file", notes
        try:
            refusal = strict_refusal(history)
        except Exception as error:
            refusal = f"{type(error).__name__}: {error}"
        if open_pair_big_wager(history, refusal):
            return "beyond pokerkit", f"open-pair big wager: {refusal}", notes
        try:
            state, showdown = play_with_loader(history)
        except Exception as error:
            detail = f"{type(error).__name__}: {error}"
            if refusal:
                detail += f" (played as written: {refusal})"
            return "unplayable", detail, notes
    notes.extend(str(warning.message) for warning in caught)
    if refusal:
        notes.append(f"pokerkit had to repair the history: {refusal}")
    if not history.ante_trimming_status and any(history.antes):
        notes.append(
            "ante_trimming_status is false: pokerkit then puts every ante in the main pot, "
            "even opposite a player who could not cover his ante; write "
            "ante_trimming_status = true"
        )
    expected = list(history.finishing_stacks)
    pokerkit_stacks = list(state.stacks)
    if pokerkit_stacks == expected:
        return "agree", "", notes
    detail = f"file says {expected}, pokerkit says {pokerkit_stacks}"
    if showdown is not None:
        contributions, still_in = showdown
        division = divide_by_rules(
            history.starting_stacks, contributions, still_in, dealt_cards(history)
        )
        verdict = division.judge(pokerkit_stacks)
        short_ante = any(
            stack < ante for stack, ante in zip(history.starting_stacks, history.antes)
        )
        if not history.ante_trimming_status and short_ante:
            verdict = (
                "ante_trimming_status is false and a player could not cover his ante, "
                "so pokerkit put every ante in the main pot"
            )
        if expected == division.stacks and verdict is not None:
            detail += f"; the file follows docs/RULES.md, pokerkit differs: {verdict}"
        elif expected != division.stacks:
            detail += f"; docs/RULES.md gives {division.stacks}"
    if refusal:
        detail += f"; played as written, pokerkit stops at {refusal}"
    return "disagree", detail, notes


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

    counts = collections.Counter()
    files_with_notes = 0
    for path in files:
        outcome, detail, notes = check_file(path)
        counts[outcome] += 1
        if outcome != "agree":
            print(f"{outcome}: {path}: {detail}")
        if any(note.startswith("pokerkit had to repair") for note in notes):
            counts["repaired"] += 1
        if notes:
            files_with_notes += 1
            if args.verbose:
                for note in dict.fromkeys(notes):
                    print(f"note: {path}: {note}")

    print(
        f"{len(files)} PHH files: {counts['agree']} agree with pokerkit, "
        f"{counts['disagree']} disagree, {counts['unplayable']} could not be played; "
        f"pokerkit had to repair {counts['repaired']} of them"
        + (
            f"; {counts['beyond pokerkit']} bet or raise big on an open-pair fourth street, "
            "which pokerkit cannot deal"
            if counts["beyond pokerkit"]
            else ""
        )
        + (f"; {files_with_notes} with notes (--verbose)" if files_with_notes else "")
    )
    return 0 if counts["agree"] + counts["beyond pokerkit"] == len(files) else 1


if __name__ == "__main__":
    sys.exit(main())
