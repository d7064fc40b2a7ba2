# Discord: slash command and option descriptions (at most 100 characters each), and the
# bot's own short answers.

cmd-table = The poker table of this channel
cmd-table-open = Open a stud table in this channel: Stud Hi/Lo, Stud, Razz or the mix (moderators)
cmd-table-close = Close this channel's table; a hand in progress is refunded (moderators)
cmd-table-pause = Pause the table: no new hand starts (moderators)
cmd-table-resume = Resume a paused table (moderators)
cmd-table-kick = Remove a player from the table; their chips go back to them (moderators)
cmd-table-settings = Change the table's settings from the next hand (moderators)
cmd-table-status = Show the table: stakes, seats and stacks
cmd-join = Sit down at this channel's table
cmd-leave = Leave the table (after the current hand if you are in it)
cmd-sitout = Sit out from the next hand without losing your seat
cmd-back = Come back after sitting out
cmd-cards = Show your cards (only you see them)
cmd-balance = Show your chip balance, or another player's
cmd-daily = Claim your daily chips
cmd-give = Give some of your chips to another player
cmd-leaderboard = This server's leaderboard: the most chips or the best sit & go results
cmd-stats = Hands played, pots won and net chips
cmd-history = The history of a recent hand at this table
cmd-rules = The rules of this channel's table (Stud Hi/Lo where there is none)
cmd-chips = Create or remove chips (server staff)
cmd-chips-grant = Give a player new chips (server staff)
cmd-chips-take = Take chips away from a player (server staff)

opt-ante = Ante every player posts each hand
opt-bring-in = Forced bet of the player with the lowest up card (in Razz, the highest)
opt-small-bet = Bet on third and fourth street
opt-big-bet = Bet on fifth, sixth and seventh street
opt-min-buy-in = Smallest buy-in
opt-max-buy-in = Largest buy-in
opt-seats = Number of seats, 2 to 8
opt-timer = Seconds a player has to act
opt-between-hands = Seconds between two hands
opt-max-raises = Raises allowed per betting round after the bet
opt-heads-up-uncapped = No raise cap when only two players are left
opt-short-all-in = When a short all-in reopens the betting
opt-odd-chip = Who gets the odd chip of a split pot
opt-open-pair-big-bet = An open pair on fourth street allows the big bet (Stud and Stud Hi/Lo)
opt-buy-in = Chips to bring to the table
opt-user = The player
opt-amount = Number of chips
opt-hand = Hand number (the last hand when left out)

choice-half-bet = Half a bet or more reopens
choice-full-bet = Only a full bet reopens
choice-by-suit = By suit
choice-first-seat = First seat left of the dealer
opt-game = The game dealt: Stud Hi/Lo, Stud, Razz, or the mix of the three
opt-mix-hands = In the mix, hands of each game before the next
choice-stud8 = Seven-Card Stud Hi/Lo, eight or better
choice-stud = Seven-Card Stud, high only
choice-razz = Razz, the lowest hand wins
choice-mix = Mix: Razz, Stud, Stud Hi/Lo in turn

bot-guild-only = Use this command in a server channel.
bot-shutting-down = The bot is restarting. Try again in a minute.
bot-unknown-button = This button is no longer in use.
bot-failed = Something went wrong in the bot. Please try again.
bot-no-history = There is no such hand in this table's history.
bot-dm-closed-mark = 📵 { $names }: DMs closed. Use “My cards” or /cards.
bot-stopping-mid-hand = The bot is restarting. Hand #{ $hand } stops here: when the bot is back, every player gets back the chips they had when the hand began.
bot-your-turn = { $mention }, your turn: { $options } ({ $seconds } s)
bot-refused = That did not work: { $reason }
bot-account-too-new = Your Discord account is too new to claim the daily chips. Try again in a few days.
bot-bots-hold-no-chips = Bots do not hold chips: there is no balance to look at or change.
bot-stopped-mid-hand = The bot is restarting. Hand #{ $hand } is cancelled: every player got back the chips they had when the hand began.

# Issue 10: the table's language (/table open language:, /table settings language:)
opt-language = Language of the table's messages, or the server's language
choice-en = English
choice-es = Spanish
choice-id = Indonesian
choice-server = The server's language

# Issue 8: a command's private acknowledgement when its public answer follows a deferral; /ping
bot-done = Done: the answer is in the channel.
bot-pings-on = You will be mentioned when it is your turn.
bot-pings-off = You will no longer be mentioned when it is your turn; the board still shows whose turn it is.
cmd-ping = Turn mentions for you
cmd-ping-on = Mention me when it is my turn
cmd-ping-off = Do not mention me when it is my turn

# Issue 13: /table open where the bot lacks a permission it needs in the channel. The
# permission names are those of Discord's channel settings in the moderator's language.
bot-missing-permissions = I can't run a table in this channel: I don't have { $permissions } here. Ask a server admin to give me { $count ->
    [one] that permission
   *[other] those permissions
} in this channel's settings (Permissions), then open the table again.
permission-view-channel = View Channel
permission-send-messages = Send Messages
permission-send-messages-in-threads = Send Messages in Threads

# Computer players at a table (/table open|settings computer_players:, computer_level:)
opt-computer-players = Seats computer players may fill while humans are short (0: none)
opt-computer-level = How well the table's computer players play
choice-easy = Easy: for beginners
choice-good = Good: plays by equity
opt-house = The guild house's account, which its computer players play with (server staff)
bot-not-staff = Only the server's staff can do that: the moderator role, or Manage Server or Administrator across the whole server. Permissions in a single channel are not enough.
bot-rights-unknown = Discord didn't say whether you may do that, so nothing was done. Try again in a moment.
# Sit & go tournaments (/tournament, and /join and /leave while one is registering)
cmd-tournament = The sit & go or multi-table tournament of this channel
cmd-tournament-open = Open a sit & go in this channel: players register with /join (moderators)
cmd-tournament-start = Start the sit & go with the players registered so far, at least two (moderators)
cmd-tournament-cancel = Cancel the tournament between hands: buy-ins back, or the prizes left by ICM (moderators)
cmd-tournament-status = Show the tournament: entrants, prize pool, structure, payouts; your table and stack
opt-structure = How fast the stakes rise: regular, turbo (levels half as long) or custom (your levels)
opt-payouts = Prize percentages by place, like 65/35 (by default set by the number of entrants)
choice-regular = Regular
choice-turbo = Turbo
tournament-opened = A sit & go is open in this channel: use /join to register, or /leave to unregister before it starts.
# $game: the game's full name, or the mix with its rotation (game-mix-by-level). A buy-in of 0
# is a freeroll: no buy-in, so no prize pool.
tournament-status-head = Sit & go: { $game } · { $entrants }/{ $seats } entrants · { $buy_in ->
    [0] freeroll
   *[other] buy-in { $buy_in }{ $pool ->
        [0] {""}
       *[other] {" "}· prize pool { $pool }
    }
}
tournament-status-structure = Everyone starts with { $stack } tournament chips · level 1: ante { $ante }, bring-in { $bring_in }, stakes { $small_bet }/{ $big_bet }, { $hands } { $hands ->
    [one] hand
   *[other] hands
} a level
tournament-status-payouts = Prizes by place: { $payouts }
tournament-standing-in = • { $name }: { $chips } { $chips ->
    [one] chip
   *[other] chips
}
tournament-standing-out = • { $name }: out in { finishing-place }
tournament-registered = { $pool ->
    [0] { $name } registered ({ $entrants }/{ $seats }).
   *[other] { $name } registered ({ $entrants }/{ $seats }); prize pool { $pool }.
}
tournament-unregistered = { $refund ->
    [0] { $name } unregistered.
    [one] { $name } unregistered; { $refund } chip goes back to their balance.
   *[other] { $name } unregistered; { $refund } chips go back to their balance.
}
tournament-started = { $pool ->
    [0] The sit & go starts with { $entrants } { $entrants ->
        [one] player
       *[other] players
    }.
   *[other] The sit & go starts with { $entrants } { $entrants ->
        [one] player
       *[other] players
    }; prize pool { $pool }.
}
tournament-cancelled-refunded = The sit & go is cancelled before it started: every buy-in was refunded.
tournament-cancel-share = • { $name }: { $chips } { $chips ->
    [one] chip
   *[other] chips
}
tournament-none-here = There is no sit & go in this channel.
tournament-bad-payouts = The payouts must be percentages by place that sum to 100, like 65/35 or 50/30/20.
tournament-over = That sit & go is over.
tournament-table-open = A table is open in this channel: close it before opening a sit & go here.
tournament-in-channel = A sit & go is already open in this channel.
tournament-bad = That sit & go cannot be held with these settings: its chips or prize pool are more than can be counted, or its rules do not fit its game.
tournament-already-registered = You are already registered in this sit & go.
tournament-not-registered = You are not registered in this sit & go.
tournament-full = The sit & go is full ({ $seats } { $seats ->
    [one] seat
   *[other] seats
}).
tournament-already-started = The sit & go has already started: registration is closed, and tournament chips never go back to a balance.
tournament-too-few = { $entrants ->
    [0] A sit & go needs at least two entrants to start, and nobody has registered yet.
    [one] A sit & go needs at least two entrants to start; only one has registered so far.
   *[other] A sit & go needs at least two entrants to start; it has { $entrants }.
}
tournament-not-running = The sit & go is not being played.
tournament-unreadable = The bank cannot read sit & go #{ $tournament } of this channel, so nothing was done. Every other sit & go plays on; the bot's operator has been told.
tournament-missing-permissions = I can't run a sit & go in this channel: I don't have { $permissions } here. Ask a server admin to give me { $count ->
    [one] that permission
   *[other] those permissions
} in this channel's settings (Permissions), then try again. No buy-in was taken.
tournament-sat-out = In a sit & go nobody leaves with chips: you are still dealt in, you check or fold automatically, and you pay the ante (and the bring-in when it falls to you). Use /back to play again.

# /leaderboard board: cash play or sit & gos
opt-board = Which leaderboard: chips or sit & go results
choice-cash = Chips
choice-tournaments = Sit & gos, by net result
tournament-register-button = Register

# /tournament open computer_players
# In a freeroll ($buy_in 0) there is no buy-in for the house to pay.
tournament-computers-fill = When a moderator starts it, computer players 🤖 fill up to { $seats } free { $seats ->
    [one] seat
   *[other] seats
}{ $buy_in ->
    [0] .
   *[other] ; the house pays their buy-ins.
}
tournament-too-many-computers = Computer players may fill some of the seats, never all of them: allow fewer computer players than seats.

# /history tournament: a sit & go's hands
opt-tournament = The sit & go's number, for its hands (this table's hands when left out)

# Sit & gos as a tournament director runs them: the open's structure, rules and added prize,
# the status before the start, a cancel between hands, deals, and results
cmd-tournament-deal = Propose a deal to the players left (two to four): ICM or chip chop
cmd-tournament-results = A finished sit & go's places, prizes and hands (this channel's last by default)
opt-levels = Custom levels, ante/bring-in/small/big x hands: 2/3/10/20x12, 3/5/15/30x12
opt-hands-per-level = Hands per level (by default 12 regular, 6 turbo)
opt-prize = Chips added to the prize pool (a freeroll's prize)
opt-prize-from = Where the added prize comes from: the house or your own balance
opt-kind = How the prizes left are divided
opt-number = The sit & go's number (this channel's last when left out)
choice-custom = Custom: the levels you write
choice-house = The house
choice-own-balance = My balance
choice-icm = ICM
choice-chop = Chip chop
tournament-status-added-prize = { $prize } { $prize ->
    [one] chip
   *[other] chips
} added to the prize pool by { $from }.
tournament-prize-from-house = the house
tournament-places-only = A freeroll with no prize: it plays for places only.
tournament-status-levels = Levels: { $levels }
tournament-status-rules = Rules, fixed at the open: a bet and up to { $raises } { $raises ->
    [one] raise
   *[other] raises
} a round, even heads-up while three or more are left in the sit & go · short all-in: { $short } · odd chip: { $odd }{ $open_pair ->
    [yes] {" · an open pair on fourth street allows the big bet"}
   *[no] {""}
}
tournament-status-payouts-full = Payouts with every seat filled ({ $seats }): { $payouts }
tournament-status-payouts-now = If it started now, with { $entrants } { $entrants ->
    [one] player
   *[other] players
}: { $payouts }
tournament-status-payouts-now-refused = If it started now, with { $entrants } { $entrants ->
    [one] player
   *[other] players
}, it could not: its payouts pay { $places } places.
tournament-status-payouts-too-few = It needs at least two players to start.
tournament-standing-out-paid = • { $name }: out in { finishing-place }, prize { $prize } { $prize ->
    [one] chip
   *[other] chips
}
tournament-cancel-waits = The sit & go is cancelled when the hand in play ends: no hand is dealt after it.
tournament-cancel-waiting = The sit & go is being cancelled once the hand in play ends.
tournament-cancel-by-player = You are still in this sit & go, so you cannot cancel it: another moderator can, or the players left can agree a deal with /tournament deal.
tournament-deal-proposed = { $name } proposes a deal ({ $kind }): each player left accepts with the button within { $secs } s, or play goes on.
tournament-deal-amount = • { $name }: { $chips } { $chips ->
    [one] chip
   *[other] chips
}
tournament-deal-amount-accepted = • { $name }: { $chips } { $chips ->
    [one] chip
   *[other] chips
} ✅
tournament-deal-made = Every player left has accepted: the sit & go ends with this deal.
tournament-deal-accept = Accept
tournament-deal-decline = Decline
tournament-deal-accepted = { $name } accepts the deal ({ $accepted } of { $of }).
tournament-deal-accepted-made = { $name } accepts: every player left has, and the sit & go ends with the deal.
tournament-deal-declined = { $name } declines the deal: play goes on.
tournament-deal-not-in = Only a player still in this sit & go can propose or answer its deal.
tournament-deal-players = A deal is made by two to four players left; { $left ->
    [one] 1 is left
   *[other] { $left } are left
}.
tournament-deal-pending = A deal is already waiting for the players' answers.
tournament-deal-gone = That deal is no longer open.
tournament-deal-during-hand = A deal is proposed between hands: propose it when the hand in play ends.
tournament-payout-places = Payouts for { $places } places need more players than that: this sit & go has { $entrants }.
tournament-prize-needs-source = An added prize needs prize_from: the house or your own balance.
tournament-no-results = There is no finished sit & go with that number in this server (or none yet in this channel).
tournament-results-head = Sit & go #{ $number }, { $game }: { $entrants } { $entrants ->
    [one] player
   *[other] players
}, { $hands } { $hands ->
    [one] hand
   *[other] hands
}{ $pool ->
    [0] , no prize pool
   *[other] , prize pool { $pool }
}
tournament-results-deal = It ended with a deal ({ $kind }).
tournament-levels-missing = A custom structure needs its levels, like levels: 2/3/10/20x12, 3/5/15/30x12
tournament-levels-not-custom = Levels are given with structure: custom.
tournament-level-unreadable = Level { $level } of the structure cannot be read: write each level as ante/bring-in/small bet/big bet x hands, like 2/3/10/20x12.
tournament-level-stakes = Level { $level } of the structure: { $reason }.
tournament-level-no-hands = Level { $level } of the structure must last at least one hand.
tournament-hands-per-level = A level lasts from { $min } to { $max } { $max ->
    [one] hand
   *[other] hands
}.
# A table paused because Discord refuses the bot's posts in its channel (403: a permission
# taken away): shown on the table's message while the bot can still edit it, and with the
# answer to any command or click there.
bot-paused-cannot-post = The table is paused: I cannot post in this channel. A moderator needs to give me back my permissions here, then use /table resume.

## Time banks and away players (/table open|settings time_bank:, away_hands:)

opt-time-bank = Seconds of each player's time bank, which runs on when their timer runs out (0: none)
opt-away-hands = Hands a player may sit out before they are stood up, chips back in their balance (0: never)

## A table in its own thread (/table open thread:True)

opt-thread = Open the table in a new thread under this channel, so the channel keeps its conversation
permission-create-public-threads = Create Public Threads
# A table's thread: $game is the game's name, $small/$big its stakes.
thread-name = { $game } · { $small }/{ $big }
# $thread is a link to the thread.
bot-thread-opened = The table is open in its own thread, { $thread }: sit down there with /join.
bot-thread-in-thread = This is a thread already: open the table here without thread, or with it from the channel.
bot-thread-not-here = A table gets its own thread only under a text channel: open it here without thread.
bot-thread-failed = I could not start the table's thread here. Try again, or open the table without thread.
