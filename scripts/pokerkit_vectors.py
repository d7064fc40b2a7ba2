#!/usr/bin/env python3
"""Generate hands of seven-card stud with pokerkit, as `studbot replay` input lines.

`--game stud8` (the default: `FixedLimitSevenCardStudHighLowSplitEightOrBetter`), `--game stud`
(`FixedLimitSevenCardStud`) or `--game razz` (`FixedLimitRazz`); lines of stud and razz carry
`"game"`. Each game has its own default fixture files (`--out`, `--disputed`); a file name
ending in `.gz` is written gzip-compressed.

Each line is one hand in the input format of docs/ARCHITECTURE.md (`studbot replay`), plus
`expected_stacks`: the final stacks pokerkit computed. `tests/pokerkit_agreement.rs`
replays every line through studbot and requires the same final stacks.

pokerkit is the oracle, but where its conventions differ from docs/RULES.md (listed in
`scripts/README.md`) the generator steers around the difference instead of encoding
pokerkit's choice:

* betting choices where the two differ are never made: a seat that already acted wagers
  again only after a full bet reopened the betting (docs/RULES.md `full_bet`, tracked here
  independently of pokerkit); a bring-in player who cannot cover more than the bring-in
  never "completes"; nobody folds when checking is free;
* the first player of every betting round is checked against docs/RULES.md;
* every showdown is divided again by an independent implementation of docs/RULES.md
  (`divide_by_rules`); a hand whose pokerkit stacks differ goes to the disputed fixture
  (`--disputed`), with docs/RULES.md's stacks as `expected_stacks` and pokerkit's as
  `pokerkit_stacks`, and the cause named by a model of pokerkit's division.

Usage: python3 scripts/pokerkit_vectors.py [--game G] [--hands N] [--seed S] [--out FILE]
                                           [--disputed FILE] [--verbose]
       python3 scripts/pokerkit_vectors.py --verify FILE [--phh DIR]
"""

from __future__ import annotations

import argparse
import collections
import gzip
import io
import importlib.metadata
import json
import os
import random
import sys
import warnings
from dataclasses import dataclass, field

import pokerkit
from pokerkit import (
    Automation,
    EightOrBetterLowHand,
    FixedLimitRazz,
    FixedLimitSevenCardStud,
    FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    RegularLowHand,
    StandardHighHand,
)
from pokerkit.state import _HighHandOpeningLookup, _LowHandOpeningLookup

PINNED_POKERKIT = "0.7.7"

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = [r + s for r in RANKS for s in SUITS]

# The conventions pokerkit implements (docs/RULES.md, "Reference oracle").
POKERKIT_RULES = {
    "max_raises": 3,
    "heads_up_uncapped": False,
    "short_all_in": "full_bet",
    "odd_chip": "first_seat",
}

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)

HIGH_BOARD_LOOKUP = _HighHandOpeningLookup()
LOW_BOARD_LOOKUP = _LowHandOpeningLookup()


@dataclass(frozen=True)
class GameSpec:
    """What differs between the stud games (docs/RULES.md, "Other stud games")."""

    name: str
    pokerkit_class: type
    # Which hands play at showdown: (high hand type or None, low hand type or None).
    high: type | None
    low: type | None
    # Razz: the highest door card brings in (ace low) and the best LOW board acts first.
    razz: bool
    out: str
    disputed: str


GAMES = {
    "stud8": GameSpec("stud8", FixedLimitSevenCardStudHighLowSplitEightOrBetter,
                      StandardHighHand, EightOrBetterLowHand, False,
                      "tests/fixtures/pokerkit_hands.jsonl",
                      "tests/fixtures/pokerkit_disputed_hands.jsonl"),
    "stud": GameSpec("stud", FixedLimitSevenCardStud, StandardHighHand, None, False,
                     "tests/fixtures/pokerkit_stud_hands.jsonl.gz",
                     "tests/fixtures/pokerkit_stud_disputed_hands.jsonl.gz"),
    "razz": GameSpec("razz", FixedLimitRazz, None, RegularLowHand, True,
                     "tests/fixtures/pokerkit_razz_hands.jsonl.gz",
                     "tests/fixtures/pokerkit_razz_disputed_hands.jsonl.gz"),
}

# The game being generated (set by main).
GAME = GAMES["stud8"]


def open_text(path: str, mode: str):
    """A text file, gzip-compressed when its name ends in `.gz`."""
    if path.endswith(".gz"):
        # mtime 0 and no file name inside: the same hands give the same bytes.
        raw = gzip.GzipFile(filename="", mode=mode + "b", fileobj=open(path, mode + "b"),
                            mtime=0)
        return io.TextIOWrapper(raw, encoding="utf-8")
    return open(path, mode, encoding="utf-8")


@dataclass
class Style:
    """How the random players of one hand behave."""

    fold: float
    raise_: float
    bet: float
    complete: float


@dataclass
class Stats:
    kept: int = 0
    dropped: collections.Counter = field(default_factory=collections.Counter)
    features: collections.Counter = field(default_factory=collections.Counter)


def random_stakes(rng: random.Random) -> dict:
    small_bet = rng.choice([2, 3, 4, 5, 6, 8, 10, 10, 10, 20, 20, 25, 40])
    # pokerkit refuses bring_in == small_bet (state.py, State.__post_init__:
    # "The bring-in must be less than the min bet."), though docs/RULES.md allows it.
    bring_in = rng.randint(1, small_bet - 1)
    big_bet = rng.choice([2 * small_bet] * 6 + [small_bet + 1, 3 * small_bet,
                                                small_bet + rng.randint(1, 2 * small_bet)])
    ante = rng.choice([0, 0, 1, 1, 2, max(1, small_bet // 5), max(1, small_bet // 2), small_bet])
    return {"ante": ante, "bring_in": bring_in, "small_bet": small_bet, "big_bet": big_bet}


def random_stacks(rng: random.Random, players: int, stakes: dict) -> list[int]:
    ante, small, big = stakes["ante"], stakes["small_bet"], stakes["big_bet"]
    stacks = []
    for _ in range(players):
        kind = rng.random()
        if kind < 0.12:
            stacks.append(rng.randint(1, ante + stakes["bring_in"] + 1))
        elif kind < 0.45:
            stacks.append(rng.randint(1, ante + 2 * small + 2 * big))
        elif kind < 0.75:
            stacks.append(rng.randint(ante + small, ante + 2 * small + 8 * big))
        else:
            stacks.append(rng.randint(ante + small, ante + 4 * small + 30 * big))
    return stacks


def random_deck(rng: random.Random) -> list[str]:
    """A deck to deal from its end. Half the hands get a plain shuffle; the rest put a
    few ranks first, so that tied highs, tied lows, quartering and odd chips come often.
    """
    deck = DECK[:]
    rng.shuffle(deck)
    style = rng.random()
    if style < 0.5:
        return deck
    if style < 0.75:
        favoured = set("A2345678")
    else:
        favoured = set(rng.sample(RANKS, rng.randint(3, 6)))
    first = [c for c in deck if c[0] in favoured]
    rest = [c for c in deck if c[0] not in favoured]
    return rest + first


def plan_seat_cards(rng: random.Random, players: int, deck: list[str]) -> list[list[str]]:
    """For about a third of the hands, two or three seats get the same ranks in the same
    order in other suits: tied hands (split and quartered pots, odd chips) and door cards
    of one rank (the bring-in decided by suit). The planned cards are taken out of `deck`;
    every list is dealt from its end.
    """
    planned: list[list[str]] = [[] for _ in range(players)]
    if rng.random() >= 0.35:
        return planned
    group = rng.sample(range(players), min(players, rng.choice([2, 2, 3])))
    per_rank = 4 // len(group)
    ranks: list[str] = []
    while len(ranks) < 7:
        rank = rng.choice("A2345678" if rng.random() < 0.6 else RANKS)
        if ranks.count(rank) < per_rank:
            ranks.append(rank)
    suits_of_rank = {rank: rng.sample(SUITS, 4) for rank in sorted(set(ranks))}
    used_of_rank = collections.Counter()
    for position, rank in enumerate(ranks):
        for seat in group:
            suit = suits_of_rank[rank][used_of_rank[rank]]
            used_of_rank[rank] += 1
            planned[seat].append(rank + suit)
    for seat in group:
        planned[seat].reverse()
        for card in planned[seat]:
            deck.remove(card)
    return planned


def high_board_entry(cards: list[str]):
    return HIGH_BOARD_LOOKUP.get_entry_or_none(pokerkit.Card.parse("".join(cards)))


def door_key(card: str) -> tuple[int, int]:
    """Bring-in order of docs/RULES.md, lowest first: ace high, then clubs < diamonds < hearts <
    spades. In razz the HIGHEST door brings in, the ace low: the key is turned around so
    that the bring-in is still the minimum."""
    if GAME.razz:
        low_rank = "A23456789TJQK".index(card[0])
        return -low_rank, -SUITS.index(card[1])
    return RANKS.index(card[0]), SUITS.index(card[1])


class HandBuilder:
    def __init__(self, rng: random.Random, index: int) -> None:
        self.rng = rng
        self.index = index
        self.players = rng.choice([2, 2, 3, 3, 4, 4, 5, 6, 6])
        self.stakes = random_stakes(rng)
        self.stacks = random_stacks(rng, self.players, self.stakes)
        self.style = Style(
            fold=rng.choice([0.0, 0.03, 0.08, 0.15, 0.3]),
            raise_=rng.choice([0.1, 0.25, 0.4, 0.6]),
            bet=rng.choice([0.2, 0.5, 0.8]),
            complete=rng.choice([0.1, 0.3, 0.6]),
        )
        self.deck = random_deck(rng)
        self.planned = plan_seat_cards(rng, self.players, self.deck)
        self.cards: list[list[str]] = [[] for _ in range(self.players)]
        self.up: list[list[str]] = [[] for _ in range(self.players)]
        self.actions: list[str] = []
        self.features: set[str] = set()
        self.street_index = -1
        # docs/RULES.md `short_all_in = full_bet`, tracked per betting round: the street total
        # of the last wager that counted as full (a completion, bet or raise of at least a
        # full bet over the previous full level, short all-ins adding up), and the level
        # each seat last acted at. A seat that already acted may wager again only once
        # the level has risen since.
        self.full_level = 0
        self.level_when_acted: dict[int, int] = {}
        self.short_wager_this_round = False
        # Where this hand touches a convention on which pokerkit and docs/RULES.md differ (or
        # docs/RULES.md is silent). Such a hand is left out of the fixture (see --disputed).
        self.disputes: list[str] = []
        self.rules_stacks: list[int] | None = None
        # pokerkit took a betting path docs/RULES.md does not: studbot cannot replay the actions,
        # so the hand cannot go to the disputed fixture either.
        self.betting_differs = False

    def next_card(self) -> str:
        return self.deck.pop()

    def build(self) -> tuple[dict, set[str]]:
        ante = self.stakes["ante"]
        after_antes = [s - min(ante, s) for s in self.stacks]
        if sum(1 for s in after_antes if s > 0) < 2:
            # Only one player (or none) has chips after the antes: pokerkit skips third
            # street's betting entirely (no bring-in); docs/RULES.md does not say what happens.
            # pokerkit then skips third street's betting, bring-in included, and so does
            # studbot; docs/RULES.md does not say.
            self.features.add("fewer than two players with chips after the antes")

        with warnings.catch_warnings():
            warnings.simplefilter("error")
            state = GAME.pokerkit_class.create_state(
                AUTOMATIONS,
                True,
                ante,
                self.stakes["bring_in"],
                self.stakes["small_bet"],
                self.stakes["big_bet"],
                self.stacks,
                self.players,
            )
            contributions = None
            while state.status:
                if state.can_burn_card():
                    state.burn_card(self.next_card())
                elif state.can_deal_hole():
                    seat = state.hole_dealee_index
                    card = self.planned[seat].pop() if self.planned[seat] else self.next_card()
                    operation = state.deal_hole(card, seat)
                    self.cards[seat].append(card)
                    if operation.statuses[0]:
                        self.up[seat].append(card)
                elif state.can_show_or_muck_hole_cards():
                    if contributions is None:
                        contributions = [s - t for s, t in zip(self.stacks, state.stacks)]
                        still_in = list(state.statuses)
                    state.show_or_muck_hole_cards(True)
                elif state.actor_index is not None:
                    if state.street_index != self.street_index:
                        self.start_round(state)
                    self.act(state)
                else:
                    raise AssertionError(f"hand {self.index}: pokerkit waits for nothing known")

        final = list(state.stacks)
        assert sum(final) == sum(self.stacks)
        if contributions is not None:
            self.check_showdown(contributions, still_in, final)
        line = {}
        if GAME.name != "stud8":
            line["game"] = GAME.name
        line |= {
            "stakes": self.stakes,
            "rules": POKERKIT_RULES,
            "stacks": self.stacks,
            "cards": self.cards,
            "community": None,
            "actions": self.actions,
            "expected_stacks": final,
        }
        if self.disputes:
            # A disputed hand expects the stacks of docs/RULES.md (as read by `check_showdown`)
            # and keeps pokerkit's for the record.
            line["expected_stacks"] = None if self.betting_differs else self.rules_stacks
            line["pokerkit_stacks"] = final
            line["disputes"] = self.disputes
        return line, self.features

    def start_round(self, state) -> None:
        """Checks pokerkit's first player of a betting round against docs/RULES.md."""
        self.street_index = state.street_index
        self.full_level = 0
        self.level_when_acted = {}
        self.short_wager_this_round = False
        able = [i for i in range(self.players) if state.statuses[i] and state.stacks[i] > 0]
        if state.street_index == 0:
            bring_in = min(
                (i for i in range(self.players) if state.statuses[i]),
                key=lambda i: door_key(self.up[i][0]),
            )
            expected = bring_in
            door_ranks = [self.up[i][0][0] for i in range(self.players)]
            if door_ranks.count(self.up[bring_in][0][0]) > 1:
                self.features.add("lowest door rank shared: bring-in decided by suit")
            while expected not in able:
                expected = (expected + 1) % self.players
            if expected != bring_in:
                self.features.add("bring-in seat all-in on the ante")
        else:
            # The best board showing for high among the players still in, ties to the
            # lowest seat; when that player is all-in, the next seat to the left with
            # chips acts first. docs/RULES.md does not say what happens when the best board is
            # all-in: this is pokerkit's choice (`_begin_betting`, Opening.HIGH_HAND, then
            # the rotation that skips players without chips) and studbot's
            # (`first_to_act_after_third`).
            best = None
            expected = None
            for i in range(self.players):
                if not state.statuses[i]:
                    continue
                if GAME.razz:
                    # The best low board: pokerkit's low-hand opening ranks boards as high
                    # hands with the ace low, and the lowest entry opens (docs/RULES.md, razz).
                    entry = LOW_BOARD_LOOKUP.get_entry_or_none(
                        pokerkit.Card.parse("".join(self.up[i])))
                    better = best is None or entry < best
                else:
                    entry = high_board_entry(self.up[i])
                    better = best is None or entry > best
                if better:
                    best, expected = entry, i
            if expected not in able:
                self.features.add("best board all-in: the next seat with chips acts first")
                while expected not in able:
                    expected = (expected + 1) % self.players
        if state.actor_index != expected:
            self.disputes.append("first to act differs from docs/RULES.md")

    def act(self, state) -> None:
        rng, style = self.rng, self.style
        seat = state.actor_index
        third = state.street_index == 0
        facing = max(state.bets) - state.bets[seat]

        if state.can_post_bring_in():
            # pokerkit lets a bring-in player whose stack does not exceed the bring-in
            # "complete" all-in for that stack (no more than the bring-in), and then
            # treats the round as completed; docs/RULES.md: such a player can only bring in.
            can_complete = (
                state.can_complete_bet_or_raise_to()
                and state.min_completion_betting_or_raising_to_amount > self.stakes["bring_in"]
            )
            if can_complete and rng.random() < style.complete:
                self.wager(state, "complete")
            else:
                if state.stacks[seat] <= self.stakes["bring_in"]:
                    self.features.add("short bring-in all-in")
                state.post_bring_in()
                self.acted(seat)
                self.actions.append("bring-in")
            return

        can_wager = state.can_complete_bet_or_raise_to()
        if can_wager and not self.reopened_for(seat):
            # pokerkit lets this seat wager again: a short all-in that was the first wager
            # of the round reopens the betting there (its `completion_betting_or_raising_amount`
            # starts at 0, so the short amount becomes the full one). docs/RULES.md full_bet: only
            # a full bet reopens the betting for a player who already acted.
            self.features.add("not reopened by a short all-in")
            can_wager = False
        if facing > 0:
            if state.can_fold() and rng.random() < style.fold:
                state.fold()
                self.acted(seat)
                self.actions.append("fold")
                return
            if can_wager and rng.random() < style.raise_:
                kind = "complete" if (third and state.completion_status) else "raise"
                self.wager(state, kind)
                return
            if (
                state.can_complete_bet_or_raise_to() is False
                and state.completion_betting_or_raising_count
                == state.street.max_completion_betting_or_raising_count
            ):
                self.features.add("raise cap reached")
            if state.stacks[seat] <= facing:
                self.features.add("call all-in")
            state.check_or_call()
            self.acted(seat)
            self.actions.append("call")
        else:
            if can_wager and rng.random() < style.bet:
                self.wager(state, "bet")
                return
            state.check_or_call()
            self.acted(seat)
            self.actions.append("check")

    def reopened_for(self, seat: int) -> bool:
        return seat not in self.level_when_acted or self.full_level > self.level_when_acted[seat]

    def acted(self, seat: int) -> None:
        self.level_when_acted[seat] = self.full_level

    def wager(self, state, kind: str) -> None:
        seat = state.actor_index
        full_target = max(
            state.completion_betting_or_raising_amount,
            state.street.min_completion_betting_or_raising_amount,
        ) + (0 if state.completion_status else max(state.bets))
        amount = state.min_completion_betting_or_raising_to_amount
        assert amount == state.max_completion_betting_or_raising_to_amount
        if self.short_wager_this_round:
            self.features.add("wager after a short all-in wager")
        completing_the_bring_in = state.street_index == 0 and state.completion_status
        if max(state.bets) > self.full_level and not completing_the_bring_in:
            # The highest bet is an all-in that did not count. pokerkit raises a full bet
            # above it; docs/RULES.md (Raises) completes it to one full bet above the last full
            # wager, and that completion is the wager. (Recorded, not avoided: the random
            # choices stay as they were, so the hands kept do not change.)
            self.disputes.append(
                "a wager above an all-in that did not count: pokerkit raises a full bet "
                "above it, docs/RULES.md completes it"
            )
            self.betting_differs = True
        if amount < full_target:
            self.features.add(f"short all-in {kind}")
            self.short_wager_this_round = True
        elif state.stacks[seat] + state.bets[seat] == amount:
            self.features.add(f"all-in {kind}")
        if amount - self.full_level >= state.street.min_completion_betting_or_raising_amount:
            self.full_level = amount
        state.complete_bet_or_raise_to(amount)
        self.acted(seat)
        self.actions.append(kind)
        if state.completion_betting_or_raising_count == 4:
            self.features.add("raise cap reached")
            if sum(1 for i in range(self.players) if state.statuses[i] and state.stacks[i]) <= 2:
                self.features.add("raise cap reached heads-up")

    def check_showdown(self, contributions: list[int], still_in: list[bool], final: list[int]):
        """Divides the pots again by docs/RULES.md and disputes the hand if pokerkit differs."""
        division = divide_by_rules(self.stacks, contributions, still_in, self.cards)
        self.features |= division.features
        verdict = division.judge(final)
        if verdict is not None:
            self.rules_stacks = division.stacks
            self.disputes.append(verdict)


@dataclass
class RulesDivision:
    """A showdown divided by docs/RULES.md, with what is needed to explain pokerkit's result."""

    stacks: list[int]
    # Every odd chip of a split to the first tied seat: where docs/RULES.md is silent.
    stacks_all_odd_to_first: list[int]
    starting_stacks: list[int]
    contributions: list[int]
    pots: list[tuple[int, list[int]]]
    highs: dict
    lows: dict
    features: set[str]

    def judge(self, pokerkit_final: list[int]) -> str | None:
        """None when pokerkit agrees; else why it differs (pokerkit's quirks, by name)."""
        if self.stacks != self.stacks_all_odd_to_first:
            # docs/RULES.md gives "the odd chip" to the first tied seat but does not say where
            # a second odd chip goes (three tied winners). pokerkit gives every odd chip
            # of a split to the first of them (state.py, push_chips); studbot gives them
            # one at a time from the first tied seat.
            matches = (
                "all to the first seat"
                if pokerkit_final == self.stacks_all_odd_to_first else "neither"
            )
            return ("odd chips: two or more odd chips among three or more tied winners "
                    f"(pokerkit: {matches})")
        if pokerkit_final == self.stacks:
            return None
        model, quirks = pokerkit_division(
            self.starting_stacks, self.contributions, self.pots, self.highs, self.lows
        )
        if model != pokerkit_final:
            return "pot division: unexplained"
        return "pot division: " + " + ".join(sorted(quirks))


def divide_by_rules(
    starting_stacks: list[int],
    contributions: list[int],
    still_in: list[bool],
    cards: list[list[str]],
) -> RulesDivision:
    """docs/RULES.md, Showdown: main pot then side pots, never mixed; each split high/low
    among its own players (the best high scoops a pot where none of them has a low);
    the high half takes the odd chip; tied winners share, odd chips from the first seat.
    """
    features: set[str] = set()
    highs, lows = {}, {}
    for seat, live in enumerate(still_in):
        if not live:
            continue
        hand = tuple(pokerkit.Card.parse("".join(cards[seat])))
        highs[seat] = GAME.high.from_game(hand) if GAME.high else None
        try:
            lows[seat] = GAME.low.from_game(hand) if GAME.low else None
        except ValueError:
            lows[seat] = None

    pots = rules_pots(contributions, still_in)
    if len(pots) > 1:
        features.add("side pots")
    if any(len(e) == 1 for _, e in pots):
        features.add("uncalled chips returned")
    if any(lows[s] is not None for s in lows):
        features.add("qualifying low at showdown")

    variants = {}
    for name, spread in (("one chip each", spread_one_each), ("all to first", spread_all_first)):
        won = [stack - c for stack, c in zip(starting_stacks, contributions)]
        for amount, eligible in pots:
            eligible_highs = [s for s in eligible if highs[s] is not None]
            high_winners = []
            if eligible_highs:
                high_best = max(highs[s] for s in eligible_highs)
                high_winners = [s for s in eligible_highs if highs[s] == high_best]
            eligible_lows = [s for s in eligible if lows[s] is not None]
            if eligible_lows and not high_winners:
                # Razz: the best low takes the whole pot.
                low_best = max(lows[s] for s in eligible_lows)
                low_winners = [s for s in eligible_lows if lows[s] == low_best]
                shares = spread(amount, low_winners)
                if len(low_winners) > 1:
                    features.add("tied low")
                    if amount % len(low_winners):
                        features.add("odd chip to the first tied seat")
            elif eligible_lows:
                low_best = max(lows[s] for s in eligible_lows)
                low_winners = [s for s in eligible_lows if lows[s] == low_best]
                low_half = amount // 2
                if len(high_winners) > 1 and sorted(high_winners) == sorted(low_winners) and low_half:
                    # Identical hands both ways: the pot is one share among them, split as
                    # evenly as possible (docs/RULES.md, Showdown; Robert's, the TDA).
                    shares = spread(amount, high_winners)
                    features.add("identical hands both ways")
                else:
                    shares = spread(amount - low_half, high_winners)
                    for s, v in spread(low_half, low_winners).items():
                        shares[s] = shares.get(s, 0) + v
                if len(low_winners) > 1 or len(high_winners) > 1:
                    features.add("split or quartered half")
                if amount % 2:
                    features.add("odd pot split high/low")
                if len(low_winners) > 1 and len(high_winners) == 1:
                    features.add("low half split (quartering)")
            else:
                shares = spread(amount, high_winners)
            if high_winners and len(high_winners) > 1 and len(eligible) > 1:
                features.add("tied high")
                if (amount if not eligible_lows else amount - amount // 2) % len(high_winners):
                    features.add("odd chip to the first tied seat")
            for s, v in shares.items():
                won[s] += v
        variants[name] = won

    return RulesDivision(
        stacks=variants["one chip each"],
        stacks_all_odd_to_first=variants["all to first"],
        starting_stacks=list(starting_stacks),
        contributions=list(contributions),
        pots=pots,
        highs=highs,
        lows=lows,
        features=features,
    )


def pokerkit_division(stacks, contributions, pots, highs, lows):
    """pokerkit's own division (state.py: _begin_hand_killing, pots, _begin_chips_pushing,
    push_chips), modelled to name what differs from docs/RULES.md. Returns the final stacks
    and the quirks that fired.
    """
    quirks = set()

    def can_win(seat):
        for _, eligible in pots:
            if seat not in eligible:
                continue
            if highs[seat] is not None and highs[seat] >= max(highs[s] for s in eligible):
                return True
            eligible_lows = [lows[s] for s in eligible if lows[s] is not None]
            if lows[seat] is not None and lows[seat] >= max(eligible_lows):
                return True
        return False

    killed = {s for s in highs if not can_win(s)}
    merged = []
    for amount, eligible in pots:
        alive = [s for s in eligible if s not in killed]
        if merged and merged[-1][1] == alive:
            merged[-1] = (merged[-1][0] + amount, alive)
            quirks.add("pots with the same players left after hand killing are merged")
        else:
            merged.append((amount, alive))
    any_low = any(lows[s] is not None for s in highs if s not in killed)
    any_high = any(highs[s] is not None for s in highs)
    final = [stack - c for stack, c in zip(stacks, contributions)]
    for amount, alive in merged:
        if not any_high:
            halves = [(amount, lows)]
        elif any_low:
            halves = [(amount - amount // 2, highs), (amount // 2, lows)]
        else:
            halves = [(amount, highs)]
        half_winners = []
        for half, hands in halves:
            best = max((hands[s] for s in alive if hands[s] is not None), default=None)
            winners = [s for s in alive if hands[s] == best]
            half_winners.append((half, winners))
            if best is None and hands is lows:
                quirks.add("a pot with no eligible low is still split, its low half shared by its players")
            if not winners:
                continue
            share, odd = divmod(half, len(winners))
            for k, s in enumerate(winners):
                final[s] += share + (odd if k == 0 else 0)
            if odd > 1:
                quirks.add("all odd chips of a split half go to the first seat")
        if (len(half_winners) == 2 and len(half_winners[0][1]) > 1
                and half_winners[0][1] == half_winners[1][1]
                and any(half % len(winners) for half, winners in half_winners)):
            quirks.add("identical hands both ways: each half split on its own, "
                       "the odd chips of both to the first seat")
    return final, quirks


def rules_pots(contributions: list[int], still_in: list[bool]) -> list[tuple[int, list[int]]]:
    """Main pot then side pots, cut at each all-in level of a player still in (docs/RULES.md)."""
    levels = sorted({c for c, live in zip(contributions, still_in) if live})
    pots = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in contributions)
        eligible = [i for i, (c, live) in enumerate(zip(contributions, still_in)) if live and c >= level]
        if amount:
            pots.append((amount, eligible))
        previous = level
    assert sum(a for a, _ in pots) == sum(contributions), "a folded player gave more than the callers"
    return pots


def spread_one_each(amount: int, winners: list[int]) -> dict[int, int]:
    share, odd = divmod(amount, len(winners))
    return {s: share + (1 if k < odd else 0) for k, s in enumerate(sorted(winners))}


def spread_all_first(amount: int, winners: list[int]) -> dict[int, int]:
    share, odd = divmod(amount, len(winners))
    ordered = sorted(winners)
    return {s: share + (odd if k == 0 else 0) for k, s in enumerate(ordered)}


def replay_in_pokerkit(line: dict):
    """Plays one fixture line again in pokerkit from its action names alone, checking
    that every name means what studbot means by it. Returns the game and finished state.
    """
    stakes, stacks, cards = line["stakes"], line["stacks"], line["cards"]
    players = len(stacks)
    used = {card for seat in cards for card in seat}
    spare = [card for card in DECK if card not in used]
    dealt = [0] * players
    actions = list(line["actions"])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        game = GAMES[line.get("game", "stud8")].pokerkit_class(
            AUTOMATIONS, True, stakes["ante"], stakes["bring_in"], stakes["small_bet"],
            stakes["big_bet"],
        )
        state = game(stacks, players)
        while state.status:
            if state.can_burn_card():
                state.burn_card(spare.pop())
            elif state.can_deal_hole():
                seat = state.hole_dealee_index
                state.deal_hole(cards[seat][dealt[seat]], seat)
                dealt[seat] += 1
            elif state.can_show_or_muck_hole_cards():
                state.show_or_muck_hole_cards(True)
            elif state.actor_index is not None:
                action = actions.pop(0)
                facing = max(state.bets) - state.bets[state.actor_index]
                if action == "bring-in":
                    state.post_bring_in()
                elif action == "complete":
                    assert state.street_index == 0 and state.completion_status, action
                    state.complete_bet_or_raise_to()
                elif action == "bet":
                    assert state.street_index > 0 and max(state.bets) == 0, action
                    state.complete_bet_or_raise_to()
                elif action == "raise":
                    assert facing > 0 and not state.completion_status, action
                    state.complete_bet_or_raise_to()
                elif action == "call":
                    assert facing > 0, action
                    state.check_or_call()
                elif action == "check":
                    assert facing == 0, action
                    state.check_or_call()
                elif action == "fold":
                    state.fold()
                else:
                    raise ValueError(f"unknown action {action!r}")
            else:
                raise AssertionError("pokerkit waits for nothing known")
    assert not actions, f"{len(actions)} actions left over"
    assert dealt == [len(seat) for seat in cards], "cards left over"
    return game, state


def verify(path: str, phh_dir: str | None) -> int:
    """Replays a fixture in pokerkit; with `phh_dir`, also writes each hand as PHH."""
    failures = 0
    if phh_dir:
        os.makedirs(phh_dir, exist_ok=True)
    with open_text(path, "r") as lines:
        for number, text in enumerate(lines, 1):
            line = json.loads(text)
            try:
                game, state = replay_in_pokerkit(line)
                stacks = list(state.stacks)
            except (AssertionError, ValueError) as error:
                stacks = f"error: {error}"
            else:
                if phh_dir:
                    history = pokerkit.HandHistory.from_game_state(
                        game, state, finishing_stacks=stacks, hand=number,
                    )
                    # from_game_state does not carry the game's ante trimming over.
                    history.ante_trimming_status = True
                    with open(os.path.join(phh_dir, f"{number:05}.phh"), "wb") as phh:
                        history.dump(phh)
            pokerkit_stacks = line.get("pokerkit_stacks", line["expected_stacks"])
            if stacks != pokerkit_stacks:
                failures += 1
                print(f"line {number}: pokerkit replays to {stacks}, "
                      f"the fixture says pokerkit gives {pokerkit_stacks}", file=sys.stderr)
    print(f"{path}: {failures} lines disagree with pokerkit", file=sys.stderr)
    return 1 if failures else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="stud8")
    parser.add_argument("--hands", type=int, default=2500)
    parser.add_argument("--seed", type=int, default=20261129)
    parser.add_argument("--out", help="the fixture to write (default: the game's own)")
    parser.add_argument("--verbose", action="store_true", help="print every dropped hand")
    parser.add_argument("--disputed", metavar="FILE",
                        default=None,
                        help="where to write the hands left out, with their disputes and the "
                             "stacks docs/RULES.md gives")
    parser.add_argument("--verify", metavar="FILE",
                        help="replay an existing fixture in pokerkit instead of generating")
    parser.add_argument("--phh", metavar="DIR",
                        help="with --verify: also write every hand as a PHH file in DIR")
    args = parser.parse_args()
    global GAME
    GAME = GAMES[args.game]
    args.out = args.out or GAME.out
    args.disputed = args.disputed or GAME.disputed
    if args.verify:
        return verify(args.verify, args.phh)

    installed = importlib.metadata.version("pokerkit")
    if installed != PINNED_POKERKIT:
        print(f"warning: pokerkit {installed} is installed, the fixture was made with "
              f"{PINNED_POKERKIT} (scripts/requirements.txt)", file=sys.stderr)
    rng = random.Random(args.seed)
    stats = Stats()
    attempts = 0
    lines = []
    disputed = []
    while stats.kept < args.hands:
        attempts += 1
        builder = HandBuilder(rng, attempts)
        line, features = builder.build()
        if builder.disputes:
            reason = builder.disputes[0]
            stats.dropped[reason] += 1
            if line["expected_stacks"] is not None:
                disputed.append(json.dumps(line, separators=(",", ":")))
            if args.verbose:
                print(f"dropped hand {attempts}: {reason}: {disputed[-1]}", file=sys.stderr)
            continue
        stats.kept += 1
        stats.features.update(features)
        stats.features[f"{builder.players} players"] += 1
        if any(len(c) == 7 for c in line["cards"]) and sum(len(c) == 7 for c in line["cards"]) >= 2:
            stats.features["reached seventh street with 2+ players"] += 1
        lines.append(json.dumps(line, separators=(",", ":")))

    with open_text(args.out, "w") as out:
        out.write("\n".join(lines) + "\n")
    if args.disputed:
        with open_text(args.disputed, "w") as out:
            out.write("\n".join(disputed) + "\n")

    print(f"wrote {stats.kept} hands to {args.out} ({attempts} generated, "
          f"{attempts - stats.kept} dropped, {len(disputed)} of them to {args.disputed})",
          file=sys.stderr)
    for reason, count in stats.dropped.most_common():
        print(f"  dropped {count:5}: {reason}", file=sys.stderr)
    for feature, count in sorted(stats.features.items()):
        print(f"  {count:5} hands: {feature}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
