#!/usr/bin/env python3
"""pokerkit's random-action play, for comparing speed with `studbot sim --actions random`.

Plays N six-player hands of one stud game in pokerkit, every action chosen uniformly among
the legal ones (fold, check or call, bring-in, complete/bet/raise), with every dealing,
showing and chip movement automated, and prints one JSON line with hands per second. Time
the whole process (`time python3 scripts/pokerkit_speed.py ...`) next to
`time studbot sim --actions random ...` in the same run: docs/TESTING.md, "Benchmarks".

Usage: python3 scripts/pokerkit_speed.py [--game stud8|stud|razz] [--hands N] [--seed S]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from pokerkit import (
    Automation,
    FixedLimitRazz,
    FixedLimitSevenCardStud,
    FixedLimitSevenCardStudHighLowSplitEightOrBetter,
)

GAMES = {
    "stud8": FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    "stud": FixedLimitSevenCardStud,
    "razz": FixedLimitRazz,
}

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def play_hand(game, rng: random.Random) -> int:
    """One hand at 1/2/5/10 with six stacks of 200; returns the actions taken."""
    state = game.create_state(AUTOMATIONS, True, 1, 2, 5, 10, [200] * 6, 6)
    actions = 0
    while state.status:
        choices = []
        if state.can_fold():
            choices.append(state.fold)
        if state.can_check_or_call():
            choices.append(state.check_or_call)
        if state.can_post_bring_in():
            choices.append(state.post_bring_in)
        if state.can_complete_bet_or_raise_to():
            choices.append(state.complete_bet_or_raise_to)
        if not choices:
            raise AssertionError("pokerkit waits for something not automated")
        rng.choice(choices)()
        actions += 1
    return actions


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="stud8")
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    game = GAMES[args.game]
    started = time.perf_counter()
    actions = sum(play_hand(game, rng) for _ in range(args.hands))
    seconds = time.perf_counter() - started
    print(json.dumps({
        "game": args.game,
        "hands": args.hands,
        "actions": actions,
        "seconds": seconds,
        "hands_per_second": args.hands / seconds,
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
