# studbot — the renderer's messages (src/render/). English.
# Every id here must also exist in locales/es/render.ftl and locales/id/render.ftl.
# Variables named $amount, $total, $stack… are chip counts; $name is a player's name (already
# escaped for Discord markdown); $cards is a list of cards already drawn with suit emoji.

## Streets

street-third = Third street
street-fourth = Fourth street
street-fifth = Fifth street
street-sixth = Sixth street
street-seventh = Seventh street
street-showdown = Showdown

## Ranks. $rank is one of: ace king queen jack ten nine eight seven six five four three two

rank = { $rank ->
    [ace] ace
    [king] king
    [queen] queen
    [jack] jack
    [ten] ten
    [nine] nine
    [eight] eight
    [seven] seven
    [six] six
    [five] five
    [four] four
    [three] three
   *[two] deuce
}
rank-plural = { $rank ->
    [ace] aces
    [king] kings
    [queen] queens
    [jack] jacks
    [ten] tens
    [nine] nines
    [eight] eights
    [seven] sevens
    [six] sixes
    [five] fives
    [four] fours
    [three] threes
   *[two] deuces
}
# "to the king" in languages that need an article; English does not use it.
rank-to = { rank }

## High hands. $high = the top rank (singular), $high_to = rank-to of it,
## $first and $second = the deciding ranks in the plural. Hand names are written as they read
## inside a sentence ("wins with two pair"): no message starts a line with one.

hand-no-cards = no cards
hand-high-card = { $high } high
hand-pair = pair of { $first }
hand-two-pair = two pair, { $first } and { $second }
hand-trips = three of a kind, { $first }
hand-straight = straight, { $high } high
hand-flush = flush, { $high } high
hand-full-house = full house, { $first } over { $second }
hand-quads = four of a kind, { $first }
hand-straight-flush = straight flush, { $high } high
hand-royal-flush = royal flush

## Low hands. $ranks = "8-7-5-3-A"

low-hand = { $ranks } low
low-wheel = { $ranks } low, the wheel
low-none = no low
low-none-yet = none yet

## Seat states on the board

seat-to-act = to act
seat-folded = folded
seat-all-in = all-in
seat-sitting-out = sitting out
seat-waiting = waiting for the next hand
seat-away = away
seat-bet = bet { $amount }
seat-shown = face up
seat-equity = equity { $equity } · scoop { $scoop }
# Stud and Razz: no split pot, so no scoop to show.
seat-equity-only = equity { $equity }
# What a seat did on this street, after its cards on the board. $amount is what the seat
# has in front of it now (for a call: the bet it matched).
seat-did-bring-in = brings in { $amount }
seat-did-complete = completes to { $amount }
seat-did-bet = bets { $amount }
seat-did-raise = raises to { $amount }
seat-did-call = calls { $amount }
seat-did-check = checks

## The board

board-header = **Hand #{ $hand }** · { $street } · { $game }
board-stakes = Stakes { $small }/{ $big } · ante { $ante } · bring-in { $bring_in }
board-pot = Pot: **{ $amount }**
board-main-pot = main pot { $amount }
board-side-pot = side pot { $number }: { $amount } ({ $players })
# A side pot whose players' names do not fit on the board: how many share it.
board-side-pot-count = side pot { $number }: { $amount } ({ $count } { $count ->
    [one] player
   *[other] players
})
board-community = Community card for everyone: { $card }
board-last = Last action: { $action }
board-next = **{ $name }** to act — { $options }
board-timer = { $seconds } s on the clock
board-hand-over = The hand is over.
board-dealing-out = All-in: the hands are face up; the next street comes in a moment.
board-dm-legend = 📵 = DMs closed: use “My cards” to see your cards.
# Under a Stud/8 board with equities and a side pot.
board-odds-legend = equity = expected share of all the pots; scoop = chance to take every pot the player is in

## Actions as they are told (board, history)

did-bring-in = { $name } brings in for { $amount }
did-complete = { $name } completes to { $amount }
did-bet = { $name } bets { $amount }
did-raise = { $name } raises to { $amount }
did-call = { $name } calls { $amount }
did-check = { $name } checks
did-fold = { $name } folds
did-all-in = { $action } and is all-in

## Buttons and action choices

button-bring-in = Bring-in { $amount }
button-complete = Complete to { $amount }
button-bet = Bet { $amount }
button-raise = Raise to { $amount }
button-call = Call { $amount }
button-check = Check
button-fold = Fold
button-all-in = { $label } (all-in)
button-my-cards = My cards

## "Your turn" (to the player to act only)

turn-header = **Your turn** — hand #{ $hand }, { $street }
turn-to-call = { $amount } to call · your stack { $stack } · pot { $pot }
turn-free = Nothing to call · your stack { $stack } · pot { $pot }
turn-options = You can:
turn-timer-check = You have { $seconds } s. If time runs out, you check.
turn-timer-fold = You have { $seconds } s. If time runs out, you fold.
turn-timer-bring-in = You have { $seconds } s. If time runs out, the bring-in is posted for you.

## Your own cards (DM or ephemeral only)

private-header = **Your cards** — hand #{ $hand }
private-down = Down: { $cards }
private-up = Up: { $cards }
private-community = Community card: { $card }
private-high = High: { $hand }
# Stud (high only): no "High" label, there is no low.
private-hand = Hand: { $hand }
# A hand drawing to a low: $ranks its cards of 8 or lower of different ranks ("8-6-A"), $count
# how many of the five a low needs (1 to 4).
private-low-draw = Low draw: { $ranks } ({ $count } of 5)
private-low = Low: { $hand }
private-low-made = { $wheel ->
    [yes] Low: { $ranks }, the wheel
   *[no] Low: { $ranks }
}

## Results

results-header = **Hand #{ $hand } — results**
history-face-up = { $name } turns face up { $cards }
results-shows = { $name } shows { $cards }: { $high }; { $low }
results-mucks = { $name } mucks
results-main-pot = **Main pot { $amount }**
# The only pot (no side pot): nothing to call it "main" against.
results-pot = **Pot { $amount }**
results-side-pot = **Side pot { $number }: { $amount }**
results-uncontested = { $name } wins { $amount } uncontested
results-scoop = { $name } scoops { $amount }: high with { $high } ({ $high_cards }) and { $low } ({ $low_cards })
results-scoop-high-only = { $name } scoops { $amount } with { $high } ({ $high_cards }); no qualifying low
results-wins = { $name } wins { $amount }
results-no-low = No qualifying low: the high hand takes the whole pot.
results-high = High: { $name } wins { $amount } with { $hand } ({ $cards })
results-low = Low: { $name } wins { $amount } with { $hand } ({ $cards })
results-high-split = High half split { $count } { $count ->
    [one] way
   *[other] ways
}{ $quartered ->
    [yes] {" "}— quartered
   *[no] {""}
}
results-low-split = Low half split { $count } { $count ->
    [one] way
   *[other] ways
}{ $quartered ->
    [yes] {" "}— quartered
   *[no] {""}
}
results-returned = { $amount } { $amount ->
    [one] chip
   *[other] chips
} returned to { $name } (not called)
results-net = Net: { $lines }

## Hand history (public: only cards that were shown)

history-header = **Hand #{ $hand }** — { $game }, stakes { $small }/{ $big }, ante { $ante }, bring-in { $bring_in }
history-seats = Players: { $seats }
history-antes = Antes: { $antes }
history-street = — { $street } —
history-dealt = Dealt face up: { $cards }
history-dealt-down = Each player gets a card face down.
history-community = Community card: { $card }
history-ante-all-in = { $name } is all-in on the ante
history-end = Stacks after the hand: { $stacks }
history-cut = … { $lines } { $lines ->
    [one] line
   *[other] lines
} of the hand left out here, too long for one message …

## Refusals and status

notice-not-your-turn = It is not your turn: { $name } is to act.
# Everyone is all-in and the rest of the streets are being dealt: nobody is to act.
notice-no-one-to-act = Nobody is to act now: the remaining streets are being dealt.
notice-stale-action = That button is out of date; use the buttons on the table's latest message.
notice-action-not-allowed = That action is not possible now; use the buttons on the current board.
notice-not-seated = You are not seated at this table. Use /join to sit down.
notice-already-seated = You are already seated at this table.
notice-no-table = There is no table in this channel. A moderator can open one with /table open.
notice-table-already-open = This channel already has a table.
notice-table-full = The table is full ({ $seats } { $seats ->
    [one] seat
   *[other] seats
}).
notice-buy-in-out-of-range = The buy-in must be between { $min } and { $max } { $max ->
    [one] chip
   *[other] chips
}.
notice-not-enough-chips = You need { $needed } { $needed ->
    [one] chip
   *[other] chips
}, but your balance is { $balance }.
notice-not-moderator = Only a table moderator can do that.
notice-no-cards = You have no cards right now.
notice-between-hands-only = That can only be done between hands.
notice-invalid-amount = The amount must be a whole number of chips above zero.
notice-cannot-give-to-self = You cannot give chips to yourself.
notice-cannot-give-to-bot = You cannot give chips to a bot.
notice-amount-too-large = That amount is too large.
notice-amount-limits = The amount must be between { $min } and { $max } { $max ->
    [one] chip
   *[other] chips
}.
notice-joined = { $name } sits down with { $amount } { $amount ->
    [one] chip
   *[other] chips
}.
notice-left = { $amount ->
    [0] { $name } leaves the table.
    [one] { $name } leaves the table; { $amount } chip goes back to their balance.
   *[other] { $name } leaves the table; { $amount } chips go back to their balance.
}
notice-leaving-after-hand = { $name } will leave the table when this hand ends.
notice-sat-out = { $name } sits out.
notice-sat-out-after-timeouts = { $name } timed out twice in a row and now sits out; they can use /back to play again.
notice-back = { $name } is back and plays from the next hand.
# $action: check, bring_in (a forced bring-in cannot fold) or fold.
notice-timed-out = { $action ->
    [check] { $name } ran out of time: check.
    [bring_in] { $name } ran out of time: bring-in.
   *[fold] { $name } ran out of time: fold.
}
notice-kicked = { $name } was removed from the table by a moderator.
notice-kicked-after-hand = A moderator removes { $name } from the table when this hand ends; until then { $name } plays it out.
notice-seat-request-withdrawn = You won't be seated when this hand ends: your request for a seat is withdrawn.
notice-topped-up = { $name } adds { $amount } { $amount ->
    [one] chip
   *[other] chips
} (stack { $stack }).
notice-table-opened = The table is open: use /join to sit down.
notice-table-paused = The table is paused: no new hand will start until a moderator uses /table resume.
notice-table-halted = The table has stopped: the bank could not record the hand. The bot restarts; the interrupted hand is cancelled and every player gets back the chips they had when it began.
notice-table-resumed = The table is playing again.
notice-table-closed = The table is closed. Every player's chips went back to their balance.
notice-settings-next-hand = The new settings apply from the next hand.
notice-hand-cancelled = Hand #{ $hand } was cancelled and every player got back their stack from the start of the hand.
notice-next-hand-in = { $seconds ->
    [0] The next hand is being dealt.
   *[other] Next hand in { $seconds } s.
}
notice-waiting-for-players = { $needed ->
    [one] Waiting for one more player.
   *[other] Waiting for { $needed } more players.
}
notice-dm-closed = { $name }, I could not send you a DM. Your cards are on the “My cards” button (only you see them). To get them by DM, allow direct messages from server members in this server’s privacy settings.
notice-cards-by-dm = Your cards were sent to you by DM.
notice-balance = Your balance: { $balance } { $balance ->
    [one] chip
   *[other] chips
}.
notice-balance-of = { $name } has { $balance } { $balance ->
    [one] chip
   *[other] chips
}.
notice-daily-claimed = You collected { $amount } { $amount ->
    [one] chip
   *[other] chips
}. Your balance: { $balance }.
# With no hours (or no minutes), that unit is left out.
notice-daily-not-yet = Your next daily chips are ready in { $hours ->
    [0] { $minutes } min
   *[other] { $hours } h{ $minutes ->
        [0] {""}
       *[other] {" "}{ $minutes } min
    }
}.
notice-gave = { $giver } gave { $amount } { $amount ->
    [one] chip
   *[other] chips
} to { $name }.
notice-granted = { $amount } { $amount ->
    [one] chip
   *[other] chips
} given to { $name } (balance { $balance }).
notice-taken = { $amount } { $amount ->
    [one] chip
   *[other] chips
} taken from { $name } (balance { $balance }).

## /table status, /stats, /leaderboard

status-header = **Table** · stakes { $small }/{ $big } · ante { $ante } · bring-in { $bring_in }
status-settings = Buy-in { $min }–{ $max } · { $seats } { $seats ->
    [one] seat
   *[other] seats
} · { $timer } s to act
status-paused = Paused.
status-hand = Hand #{ $hand } in progress.
status-no-hand = No hand in progress.
status-empty = Nobody is seated.
stats-header = **Stats for { $name }**
stats-body = Hands played: { $hands } · pots won: { $pots } · scoops: { $scoops }
stats-money = Net at the tables: { $net } · biggest pot: { $biggest }
leaderboard-header = **Leaderboard**
leaderboard-empty = Nobody has chips yet.
leaderboard-line = { $place }. { $name } — { $balance }

## /rules

rules-summary = **Seven-Card Stud Hi/Lo, eight or better (fixed limit)**
    • Everyone antes. Each player gets two cards face down and one face up (third street); the player with the lowest up card brings in (ace high, ties by suit: ♣️ < ♦️ < ♥️ < ♠️) or completes to the small bet.
    • Fourth, fifth and sixth street: one card face up each; seventh street: one face down. From fourth street the player showing the best hand acts first.
    • Bets and raises are the small bet on third and fourth street, the big bet after{ $open_pair ->
        [yes] {""}; an open pair on fourth street allows the big bet
       *[no] {""}
    }. A bet and up to { $raises } { $raises ->
        [one] raise
       *[other] raises
    } per round{ $heads_up_uncapped ->
        [yes] , with no cap once only two players are left
       *[no] {""}
    }.
    • At showdown the pot is split: half to the best high hand, half to the best low — five different ranks, eight or lower, aces low; straights and flushes do not spoil a low. No qualifying low: the high takes it all. One hand may win both (a scoop).
    • Your down cards come by DM (or the “My cards” button). Act with the buttons on the table's message.

# bank (issue 9): the daily gift caps, and a bank too slow to take a request up
bank-give-cap-reached = { $remaining ->
    [0] You have given the most you can today ({ $cap } chips). Try again tomorrow.
    [one] You can give only { $remaining } more chip today: the daily limit is { $cap }.
   *[other] You can give only { $remaining } more chips today: the daily limit is { $cap }.
}
bank-receive-cap-reached = { $remaining ->
    [0] That player has received the most gifts they can today ({ $cap } chips).
    [one] That player can receive only { $remaining } more chip today: the daily limit is { $cap }.
   *[other] That player can receive only { $remaining } more chips today: the daily limit is { $cap }.
}
bank-house-dry = The house can't pay a computer player's buy-in of { $needed }: it holds { $held }, and { $left ->
    [0] the mint may create no more chips for it
    [one] the mint may create only 1 more chip for it
   *[other] the mint may create only { $left } more chips for it
}. No computer player sits down until the house wins chips back.
bank-computer-buy-in-too-large = A computer player buys in for at most { $limit } chips on this server, not { $amount }. Lower the buy-in, or play without computer players.
bank-too-slow = The bank was too slow to answer, so nothing was changed. Try again.
bank-guild-elsewhere = Another copy of the bot runs this server's tables right now, so nothing was changed. Try again in a minute.

## Games: Stud/8, Stud, Razz and the mix (the table's `game`)

# The short name on the board's header.
game-name = { $game ->
    [stud] Stud
    [razz] Razz
   *[stud8] Stud Hi/Lo
}
# The full name in a hand's history and /rules.
game-full-name = { $game ->
    [stud] Seven-Card Stud
    [razz] Seven-Card Razz
   *[stud8] Seven-Card Stud Hi/Lo
}
# After the board's header at a `mix` table: hands of this game left, this one included.
board-mix = mix: { $left ->
    [1] last hand, then { $next }
   *[other] { $left } hands left with this one, then { $next }
}
game-mix = Mix: Razz, Stud, Stud Hi/Lo, { $hands } { $hands ->
    [one] hand
   *[other] hands
} each
# A sit & go's mix inside a sentence (its status and welcome): a game a level, no colon.
game-mix-by-level = the stud mix (Razz, Stud, Stud Hi/Lo, a game a level)
# A razz hand as players say it: "7-5-4-2-A", "a wheel (5-4-3-2-A)", "pair of twos (2-2-7-5-A)".
razz-low = { $ranks }
razz-wheel = { $ranks }, a wheel
# The wheel when its five cards follow (results).
razz-the-wheel = a wheel
razz-paired = { $hand } ({ $ranks })
results-shows-hand = { $name } shows { $cards }: { $hand }
results-pot-wins = { $name } wins { $amount } with { $hand } ({ $cards })
results-pot-split = Pot split { $count } { $count ->
    [one] way
   *[other] ways
}
rules-table-deals = This table deals **{ $game }**.
rules-table-deals-mix = This table deals the **mix**: { $first }, then { $second }, then { $third }, { $hands } { $hands ->
    [one] hand
   *[other] hands
} of each; a hand always finishes as the game it was dealt.
rules-summary-stud = **Seven-Card Stud (fixed limit), high only**
    • Everyone antes. Each player gets two cards face down and one face up (third street); the player with the lowest up card brings in (ace high, ties by suit: ♣️ < ♦️ < ♥️ < ♠️) or completes to the small bet.
    • Fourth, fifth and sixth street: one card face up each; seventh street: one face down. From fourth street the player showing the best hand acts first.
    • Bets and raises are the small bet on third and fourth street, the big bet after{ $open_pair ->
        [yes] {""}; an open pair on fourth street allows the big bet
       *[no] {""}
    }. A bet and up to { $raises } { $raises ->
        [one] raise
       *[other] raises
    } per round{ $heads_up_uncapped ->
        [yes] , with no cap once only two players are left
       *[no] {""}
    }.
    • At showdown the best five-card high hand of seven takes the whole pot.
    • Your down cards come by DM (or the “My cards” button). Act with the buttons on the table's message.
rules-summary-razz = **Razz (Seven-Card Razz, fixed limit): the lowest hand wins**
    • Everyone antes. Each player gets two cards face down and one face up (third street); the player with the HIGHEST up card brings in (the ace is low, so a king is the highest; ties by suit: ♣️ < ♦️ < ♥️ < ♠️) or completes to the small bet.
    • Fourth, fifth and sixth street: one card face up each; seventh street: one face down. From fourth street the player showing the best low acts first (a pair counts against it).
    • Bets and raises are the small bet on third and fourth street, the big bet after. A bet and up to { $raises } { $raises ->
        [one] raise
       *[other] raises
    } per round{ $heads_up_uncapped ->
        [yes] , with no cap once only two players are left
       *[no] {""}
    }.
    • At showdown the best five-card low of seven takes the whole pot: aces low, straights and flushes do not count, pairs count against you, no qualifier. The best is 5-4-3-2-A, the wheel.
    • Your down cards come by DM (or the “My cards” button). Act with the buttons on the table's message.
rules-summary-mix = **The stud mix (fixed limit): Razz, Stud, Stud Hi/Lo in turn**
    • Every game: everyone antes, two cards down and one up on third street, one up on fourth to sixth, one down on seventh; the small bet on third and fourth street, the big bet after.
    • **Razz**: the player with the highest up card brings in (ace low); the player showing the best low acts first; the best ace-to-five low takes the pot (no qualifier, straights and flushes do not count).
    • **Stud**: the player with the lowest up card brings in (ace high); the player showing the best hand acts first; the best high hand takes the pot.
    • **Stud Hi/Lo**: as Stud, but the pot is split between the best high and the best low of five different ranks eight or lower; no qualifying low, the high takes it all.
    • The board says which game the hand is and how many hands, this one included, are left before the next.
    • Your down cards come by DM (or the “My cards” button). Act with the buttons on the table's message.

## Lists inside a sentence: “View Channel” and “Send Messages”

list-and = { $first } and { $last }
quoted = “{ $text }”

## Computer players: the board's mark, /table status, /stats house

board-computer-legend = 🤖 = computer player (gives its seat to a human after the hand)
board-computer-legend-sit-and-go = 🤖 = computer player
computer-level-easy = easy
computer-level-good = good
status-computers = Computer players may take up to { $seats } { $seats ->
    [one] seat
   *[other] seats
} while players are short (level: { $level }).
house-header = **The house** · { $balance } { $balance ->
    [one] chip
   *[other] chips
} for its computer players
house-body = { $hands } { $hands ->
    [one] hand
   *[other] hands
} played · won { $won } · lost { $lost } · net { $net } · minted { $minted }
house-mint = { $left ->
    [0] The house has run dry: the mint has created all { $limit } chips it may for it, so a computer player sits down only while the house holds its buy-in.
    [one] The mint may create 1 more chip for the house ({ $limit } in all); then a computer player sits down only while the house holds its buy-in.
   *[other] The mint may create { $left } more chips for the house ({ $limit } in all); then a computer player sits down only while the house holds its buy-in.
}

## /stats, /stats house and /leaderboard board:tournaments: sit & gos, apart from cash play

stats-tournaments = Sit & gos: { $entries } { $entries ->
    [one] entry
   *[other] entries
} · { $wins } { $wins ->
    [one] win
   *[other] wins
} · { $cashes } { $cashes ->
    [one] cash
   *[other] cashes
} · net { $net }
leaderboard-tournaments-header = **Leaderboard: sit & gos** (by net result)
leaderboard-tournaments-empty = Nobody has finished a sit & go yet.
leaderboard-tournaments-line = { $place }. { $name } — net { $net } · { $entries } { $entries ->
    [one] entry
   *[other] entries
} · { $wins } { $wins ->
    [one] win
   *[other] wins
} · { $cashes } { $cashes ->
    [one] cash
   *[other] cashes
}

# A sit & go's hand in /history: numbered apart from the channel's cash hands
history-header-sit-and-go = **Sit & go #{ $tournament }, hand { $hand }** — { $game }, stakes { $small }/{ $big }, ante { $ante }, bring-in { $bring_in }
history-header-event = **{ $event }, hand { $hand }** — { $game }, stakes { $small }/{ $big }, ante { $ante }, bring-in { $bring_in }
history-header-event-table = **{ $event } · Table { $table } · level { $level }, hand { $hand }** — { $game }, stakes { $small }/{ $big }, ante { $ante }, bring-in { $bring_in }

## Pre-actions, the time bank and away players (src/render/pace.rs)

# $seconds on the clock, $added taken from the time bank this turn with "+30 s".
board-timer-added = { $seconds } s on the clock (+{ $added } s)
board-time-bank = time bank { $seconds } s
button-add-time = +{ $seconds } s
button-back = I'm back
# Pre-actions, chosen before one's turn in the private view ("My cards", /cards).
pre-check-fold = Check/Fold
pre-check = Check
pre-call = Call { $amount }
pre-call-any = Call any
pre-fold = Fold
pre-clear = Clear
pre-your-turn = It is your turn: choose on the table's message.
pre-offered = Before your turn you may choose what to do when it comes; nobody else sees it.
# $action is one of the pre-* labels above.
pre-chosen = Before your turn: **{ $action }**. It is done the moment your turn comes, if it still fits; nobody else sees it.
pre-dropped = Your pre-action “{ $action }” no longer fits (the bet changed): choose now.
time-bank-left = Time bank: { $seconds } s
turn-time-bank = { $seconds ->
    [0] Your time bank is empty.
   *[other] Your time bank adds { $seconds } s before that.
}
away-sat-out = The table acted for you twice in a row, so you now sit out. Press “I'm back” (or use /back) to be dealt in again; after { $hands } { $hands ->
    [one] hand
   *[other] hands
} away you are stood up and your chips go back to your balance.
away-sat-out-dealt-in = The table acted for you twice in a row, so you now sit out: you are still dealt in, and you check or fold automatically. Press “I'm back” (or use /back) to play your hands again.
away-stood-up = You were away for { $hands } { $hands ->
    [one] hand
   *[other] hands
}, so you were stood up: your { $amount } { $amount ->
    [one] chip is
   *[other] chips are
} back in your balance.
away-back = Welcome back: you are dealt in from the next hand.
