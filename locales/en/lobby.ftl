## The table service's own messages, and the terminal's (`studbot play`).

lobby-busted = { $name } has no chips left and sits out until they top up.
lobby-no-chips = You have no chips at this table: top up first.
lobby-already-sitting-out = You are already sitting out.
lobby-not-sitting-out = You are not sitting out.
lobby-no-hand = No hand is being played right now.
lobby-paused = The table is paused.
lobby-not-paused = The table is not paused.
# $reason is one of the settings-* messages below.
lobby-invalid-settings = Those settings cannot be used: { $reason }.
lobby-failure = Something went wrong at the table. Please try again.

## Why table settings were refused (SettingsError, StakesError). Each is the end of the
## sentence lobby-invalid-settings starts.

settings-bring-in-zero = the bring-in must be at least 1 chip
settings-small-bet-zero = the small bet must be more than 0
settings-bring-in-above-small-bet = the bring-in ({ $bring_in }) cannot be more than the small bet ({ $small_bet })
settings-big-bet-not-above-small-bet = the big bet ({ $big_bet }) must be more than the small bet ({ $small_bet })
settings-seats = a table has { $min } to { $max } { $max ->
    [one] seat
   *[other] seats
}, not { $seats }
settings-min-buy-in-below-big-bet = the minimum buy-in ({ $min_buy_in }) must be at least the big bet ({ $big_bet })
settings-buy-in-range = the maximum buy-in ({ $max_buy_in }) cannot be less than the minimum buy-in ({ $min_buy_in })
settings-action-timer = the time to act must be between { $min } and { $max } { $max ->
    [one] second
   *[other] seconds
}, not { $seconds }
settings-between-hands = the pause between hands can be at most { $max } { $max ->
    [one] second
   *[other] seconds
}, not { $seconds }
settings-max-raises = the raises per betting round must be between { $min } and { $max }, not { $raises }
settings-mix-hands = the hands of each game in the mix must be between { $min } and { $max }, not { $hands }
settings-open-pair-in-razz = razz has no open-pair big bet: turn open_pair_big_bet off for a razz table

## The terminal (`studbot play`)

play-welcome = { $game }. You play against { $bots } { $bots ->
    [one] computer player
   *[other] computer players
}; your balance is { $balance } { $balance ->
    [one] chip
   *[other] chips
}.
play-buy-in = You sit down with { $amount } { $amount ->
    [one] chip
   *[other] chips
}.
play-prompt = Your move — { $options }:
play-data-dir = Your balance is kept in { $dir }.
play-timer-rule = You have { $seconds } s for each action. If time runs out, you check, or fold when there is a bet to call; at the bring-in, the bring-in is posted for you.
play-no-hand-yet = No hand has been played yet.
play-tournament-ended = The sit & go is over: “history [N]” tells its hands, “quit” leaves.
play-help =
    What you can type (a word or its letter):
      check (k) · call (c) · fold (f) · bet (b) · raise (r) · bring-in · complete
      “c” checks when there is nothing to call; “b” and “r” make the one bet or raise offered.
      The amount may follow, as your options show it: “bet 5”, “raise to 20”.
      cards: your cards · board: the table · status: seats and stacks
      balance: your balance · topup [N]: chips back to your buy-in, or N more · history [N]: the last hand, or hand N
      help (h): this text · quit (q): leave the table, your chips go back to your balance
      pre check/fold · pre check · pre call · pre call any · pre fold · pre off: what to do when your turn comes, chosen ahead (nobody else sees it)
      time (+30): 30 more seconds from your time bank, at your turn · back: play again after the table sat you out
play-bad-input = “{ $input }” is not one of your options now: { $options }.
play-unknown-word = I do not know “{ $input }”. Type “help” for the words you can use.
play-not-now = That is not possible now; type “help” for the commands.
play-waiting = Waiting for the next hand…
play-balance = Your balance: { $balance } { $balance ->
    [one] chip
   *[other] chips
} (at the table: { $stack }).
play-cashed-out = { $amount ->
    [0] You leave the table.
    [one] You leave the table; { $amount } chip goes back to your balance.
   *[other] You leave the table; { $amount } chips go back to your balance.
}
play-leaving-after-hand = You will leave the table when this hand ends.
play-busted = You have no chips left at the table, which waits for you: type “topup” to buy back in (“topup 150” for another amount), or “quit”.
play-topped-up = You now have { $stack } { $stack ->
    [one] chip
   *[other] chips
} at the table.
play-bye = Goodbye!
play-other-amount = “{ $input }”: { $count ->
    [one] the amount on offer is { $offered }.
   *[other] the amounts on offer are { $offered }.
}
play-ambiguous-r = Raise or fold? Type “raise” or “fold”.
play-not-your-turn = It is not your turn yet: type it again when your prompt shows.
play-pre-not-offered = “{ $input }” is not one of the pre-actions now: { $options }.
play-pre-none = “{ $input }”: there is nothing to choose ahead now; pre-actions are chosen while a hand you are in is being bet.
play-time-added = +{ $added } s from your time bank ({ $left } s left).
play-away-sat-out = The table acted for you twice in a row, so you now sit out. Type “back” to be dealt in again; after { $hands } { $hands ->
    [one] hand
   *[other] hands
} away you are stood up and your chips go back to your balance.
play-away-sat-out-dealt-in = The table acted for you twice in a row, so you now sit out: you are still dealt in, and you check or fold automatically. Type “back” to play your hands again.
play-topup-not-needed = You have { $stack } { $stack ->
    [one] chip
   *[other] chips
} at the table: topup refills a stack below { $target }.
play-you = Player
play-final-balance = Your balance: { $balance } { $balance ->
    [one] chip
   *[other] chips
}.

# Settling a hand while the bank is slow (issue 9, lobby)
lobby-settling = Hand #{ $hand } is over and is being settled: the result comes as soon as the bank confirms it. Nothing is lost meanwhile.
lobby-waiting-for-bank = Hand #{ $hand } waits for the bank, which is slow to answer: cards are dealt as soon as it does. Nothing is lost meanwhile.

## A sit & go at the terminal (`studbot play --tournament`)

play-tournament-welcome = A sit & go of { $game } for { $entrants } { $entrants ->
    [one] player
   *[other] players
}: { $buy_in ->
    [0] a freeroll
   *[other] buy-in { $buy_in }, prize pool { $pool }
}; everyone starts with { $stack } tournament { $stack ->
    [one] chip
   *[other] chips
}. The last player with chips wins.
play-tournament-resumed = The sit & go you left is dealt on from hand { $hand }.
play-tournament-header = Level { $level }: ante { $ante }, bring-in { $bring_in }, stakes { $small_bet }/{ $big_bet } · { $next ->
    [0] last level
    [one] 1 hand to the next level
   *[other] { $next } hands to the next level
} · { $left ->
    [one] 1 player left
   *[other] { $left } players left
} · average stack { $average }
# A finishing place as players say it: "4th place" (en), "puesto 4" (es), "peringkat 4" (id).
# $place is an ordinal number: one = 1st, 21st…; two = 2nd…; few = 3rd…
finishing-place = { $place ->
    [one] { $place }st
    [two] { $place }nd
    [few] { $place }rd
   *[other] { $place }th
} place
play-tournament-out = { $name } is out in { finishing-place }.
# Every finish is listed: an unpaid place is said to have no prize, not to win 0.
play-tournament-place = { $chips ->
    [0] { finishing-place }: { $name }, no prize.
    [one] { finishing-place }: { $name } wins { $chips } chip.
   *[other] { finishing-place }: { $name } wins { $chips } chips.
}
play-tournament-over = The sit & go is over after { $hands } { $hands ->
    [one] hand
   *[other] hands
}.
play-tournament-quit = Sit & go paused: run { $command } again to play on from this hand.
play-structure-without-tournament = { $structure } is for a sit & go: add { $tournament }
play-tournament-help =
    What you can type (a word or its letter):
      check (k) · call (c) · fold (f) · bet (b) · raise (r) · bring-in · complete
      “c” checks when there is nothing to call; “b” and “r” make the one bet or raise offered.
      The amount may follow, as your options show it: “bet 5”, “raise to 20”.
      cards: your cards · board: the table · status: level, stakes and stacks
      history [N]: the last hand at your table, or hand N
      help (h): this text · quit (q): stop; the tournament waits at this hand
settings-computer-players = computer players may take at most { $max } { $max ->
    [one] seat
   *[other] seats
} here (one is always left for a human), not { $computer_players }
settings-computer-buy-in = computer players buy in at the maximum buy-in, which on this server may be at most { $limit } where they sit, not { $max_buy_in }
lobby-computer-gives-seat = The table is full, but a computer player sits here: it gives you its seat when this hand ends, and you are dealt into the next one (/leave if you change your mind).

## A sit & go dealt at its channel's table

lobby-tournament-board = Level { $level } · { $next ->
    [0] last level
    [one] 1 hand to the next level
   *[other] { $next } hands to the next level
} · { $left ->
    [one] 1 player left
   *[other] { $left } players left
} · average stack { $average }
lobby-tournament-resumed = The sit & go deals on from hand { $hand }, every stack as it was when that hand began.
# A moderator's pause outlived the restart: the sit & go is back, and waits for /table resume.
lobby-tournament-resumed-paused = The sit & go is back at hand { $hand } and still paused: a moderator can resume it with /table resume.
lobby-sit-and-go-table = This is a sit & go's table: until it ends, nobody buys chips or tops up here, and nobody leaves with chips (a player who sits out still pays the ante, and the bring-in when it falls to them).

## A sit & go's news: a paid bust, a level's new stakes, a cancel, a deal
tournament-out-paid = { $name } is out in { finishing-place } and wins { $prize } { $prize ->
    [one] chip
   *[other] chips
}.
tournament-over-deal = The sit & go ends with a deal ({ $kind ->
    [icm] ICM
   *[other] chip chop
}) after { $hands } { $hands ->
    [one] hand
   *[other] hands
}.
lobby-tournament-level-begins = Level { $level } begins: ante { $ante }, bring-in { $bring_in }, stakes { $small_bet }/{ $big_bet } · { $left ->
    [one] 1 player left
   *[other] { $left } players left
} · average stack { $average }
tournament-cancel-refund = The sit & go is cancelled before anyone was out: every buy-in went back, and any prize added to where it came from.
tournament-cancelled-shares = The sit & go is cancelled: the prizes already paid stand, and the prizes not yet won go to the players still in by ICM (what their chips are worth in prizes):
tournament-deal-lapsed = Not every player left accepted the deal in time: play goes on.
tournament-deal-void = The deal is off: the stacks have changed since it was proposed. Play goes on, and a new deal can be proposed.
tournament-deal-off = The deal is no longer open: play goes on, and a new deal can be proposed.
tournament-deal-still-open = A deal proposed before the bot restarted is open again: { $secs } s to accept it with its buttons.

## Time banks and away players (settings)

settings-time-bank = a time bank can be at most { $max } { $max ->
    [one] second
   *[other] seconds
}, not { $seconds }
settings-away-hands = a player can be away at most { $max } { $max ->
    [one] hand
   *[other] hands
} before they are stood up, not { $hands }

## Pre-actions and the time bank (refusals)

lobby-pre-action-stale = That pre-action no longer fits: the street or the bet has changed.
lobby-your-turn-now = It is your turn: choose on the table's message.
lobby-time-bank-empty = Your time bank is empty.
lobby-time-bank-running = Your time bank is already running.

## `play --tournament --table-size`: a multi-table tournament at the terminal.
play-players-range = A table seats 2 to 8 players, not { $players }: for more, play a multi-table tournament ({ $flags }).
play-event-players-few = A multi-table tournament needs more players than one table seats: { $players_flag } { $players } with { $size_flag } { $size }. For one table, play a sit & go ({ $tournament_flag } without { $size_flag }).
play-event-players-cap = A multi-table tournament takes at most { $cap } { $cap ->
    [one] player
   *[other] players
}, not { $players }.
play-event-computers = The house has { $computers } computer { $computers ->
    [one] player
   *[other] players
}: with you, a multi-table tournament here takes at most { $most } { $most ->
    [one] player
   *[other] players
}, not { $players }.
play-event-welcome = A multi-table tournament of { $game } for { $players } { $players ->
    [one] player
   *[other] players
} at tables of { $size }: { $buy_in ->
    [0] a freeroll
   *[other] buy-in { $buy_in }
}, starting stack { $stack }.
play-event-resumed = The multi-table tournament you left plays on: { $players } { $players ->
    [one] player
   *[other] players
} of { $game } at tables of { $size }.
play-event-moved = You move from table { $from } to table { $to }, seat { $seat }.
play-event-table-broken = Your table { $table } breaks: you move to another.
play-event-your-finish = You finish in { finishing-place }, no prize. The tournament plays on to its end.
play-event-your-prize = You finish in { finishing-place } and win { $prize } { $prize ->
    [one] chip
   *[other] chips
}. The tournament plays on to its end.
play-event-over = The multi-table tournament is over:
play-event-quit = Tournament paused: run { $command } again to play on.
play-event-final-table = Final table: you are drawn to seat { $seat } of table { $table }.
