# Multi-table tournaments: /tournament schedule's refusals, the event's message, the reminder
# and a player's /tournament status.

## /tournament schedule refused
event-name = An event needs a name of 1 to { $max } characters.
event-start-unreadable = I can't read that start time. Write it from now (in 2h, 90m, 1d 4h), as a date and time with its offset from UTC (2026-12-20 20:00 UTC, 2026-12-20 21:00 +01:00), or as a Discord timestamp (<t:1797796800>).
event-start-passed = That start time has passed or is less than { $minutes } { $minutes ->
    [one] minute
   *[other] minutes
} away: players need time to register.
event-start-too-far = An event starts within { $days } days: that start time is further away.
event-level-minutes = A level lasts { $min } to { $max } minutes, not { $minutes }.
event-custom-level-minutes = Level { $level } of the structure lasts { $minutes } { $minutes ->
    [one] minute
   *[other] minutes
}: a level lasts { $min } to { $max }.
event-level-unreadable = Level { $level } of the structure cannot be read: write each level as ante/bring-in/small bet/big bet x minutes, like 2/3/10/20x20.
event-starting-stack = The starting stack ({ $stack }) is less than the big bet of level 1 ({ $big_bet }).
event-table-size = Seats per table: { $min } to { $max }, not { $seats }.
event-cap = A cap on entries is { $min } to { $max }, not { $cap }.
event-late-registration-levels = Late registration can last until the end of level { $count } at most: the structure has { $count } { $count ->
    [one] level
   *[other] levels
}.
event-re-entries-need-late = Re-entries need late registration: a player who is out may buy in again only while it is open. Set late_registration too.
event-re-entries-max = A player may re-enter { $max } times at most.
event-payouts-past-cap = Payouts for { $places } places need a cap above { $places } entries, not { $cap }.
event-break-half-given = A break needs both break_minutes and break_every.
event-break-minutes = A break lasts { $min } to { $max } minutes.
event-break-every = Breaks come every 1 to { $max } levels.
event-bad = That event cannot be held with these settings: its chips or prize pool are more than can be counted, or its rules do not fit its game.

## The event's message, edited as it goes. $start and $next are Discord timestamps: each
## reader sees them in their own time zone ("Sunday, December 20, 2026 8:00 PM", "in 2 hours").
event-title = **{ $name }** · multi-table tournament · { $game }
event-starts = Starts { $start } ({ $relative })
event-buy-in = { $buy_in ->
    [0] Freeroll
   *[other] Buy-in { $buy_in }
} · starting stack { $stack } tournament { $stack ->
    [one] chip
   *[other] chips
}
event-levels = Levels of { $max } min · level 1: ante { $ante }, bring-in { $bring_in }, stakes { $small_bet }/{ $big_bet }
event-levels-varied = Levels of { $min } to { $max } min · level 1: ante { $ante }, bring-in { $bring_in }, stakes { $small_bet }/{ $big_bet }
event-late-none = no late registration
event-late = late registration until the end of level { $level }
event-tables = Tables of { $seats } · { $late } · { $count ->
    [0] no re-entry
    [one] 1 re-entry
   *[other] { $count } re-entries
}
event-breaks = A { $minutes } min break every { $count ->
    [one] level
   *[other] { $count } levels
}
event-payouts-by-field = Payouts by field size: the winner takes all up to 4 entries; past 10, 15% of the field is paid
event-payouts-now = If it started now: { $paid } { $paid ->
    [one] place
   *[other] places
} paid, first place { $chips }
event-payouts-table = Payouts: { $payouts }
event-computers-allowed = Computer players 🤖 may play.
event-registered = { $count ->
    [0] Nobody has registered yet.
    [one] 1 player registered{ $pool ->
        [0] {""}
       *[other] {" "}· prize pool { $pool }
    }
   *[other] { $count } players registered{ $pool ->
        [0] {""}
       *[other] {" "}· prize pool { $pool }
    }
}
event-cap-line = At most { $cap } { $cap ->
    [one] entry
   *[other] entries
}.
event-and-more = and { $count } more
event-join = Use /join or the Register button to register.
event-level = Level { $level }: ante { $ante }, bring-in { $bring_in }, stakes { $small_bet }/{ $big_bet }
event-level-mix = Level { $level }, { $game }: ante { $ante }, bring-in { $bring_in }, stakes { $small_bet }/{ $big_bet }
event-next-level = Next level { $next }
event-on-break = On a break: play resumes { $next }
event-last-level = Last level: the stakes stay here.
event-paused = The clock is paused: no table deals a new hand.
event-hand-for-hand = Hand-for-hand: every table plays one hand at a time until the bubble bursts.
event-field = { $left } of { $entries } { $entries ->
    [one] entry
   *[other] entries
} still in · average stack { $average } · largest { $largest } ({ $name }) · { $tables } { $tables ->
    [one] table
   *[other] tables
}
event-pool = { $pool ->
    [0] A freeroll with no prize: it plays for places only.
   *[other] Prize pool { $pool } · { $paid } { $paid ->
        [one] place
       *[other] places
    } paid
}
event-prize = { finishing-place } { $chips }
event-late-open = Late registration open until the end of level { $level }
event-over = It's over: { $entries } { $entries ->
    [one] entry
   *[other] entries
}{ $pool ->
    [0] , played for places only.
   *[other] , prize pool { $pool }.
}

## The reminder, a few minutes before the start, mentioning the players registered.
event-reminder = **{ $name }** starts { $start }: take your seats.

## /tournament status for a player of a multi-table event (private).
event-status-not-in = You are not in this event.
event-status-seat = You are at table { $table }, seat { $seat }.
event-status-stack = Your stack: { $chips } { $chips ->
    [one] chip
   *[other] chips
} (average { $average }) · chip rank { $rank } of { $left }
event-status-level = Level { $level }, { $game }: ante { $ante }, stakes { $small_bet }/{ $big_bet }
event-status-out = { $chips ->
    [0] You are out in { finishing-place }, with no prize.
    [one] You are out in { finishing-place } and win { $chips } chip.
   *[other] You are out in { finishing-place } and win { $chips } chips.
}
event-status-out-unplaced = You are out: your place is decided when late registration closes.
event-status-re-enter = You may re-enter while late registration is open: use /join to buy in again.

## The event's message once a moderator cancelled it.
event-cancelled-refunded = Cancelled before anyone was out: every buy-in went back.
event-cancelled-shares = Cancelled: the prizes already won stand, and the prizes not yet won went to the players still in by ICM (what their chips are worth in prizes):

## /tournament schedule answered (privately, to the moderator); its refusal for permissions.
event-scheduled = **{ $name }** is scheduled: it starts { $start } ({ $relative }). Its message in this channel takes registrations.
event-missing-permissions = I can't run a multi-table tournament in this channel: I don't have { $permissions } here, and each table plays in its own thread under this channel. Ask a server admin to give me { $count ->
    [one] that permission
   *[other] those permissions
} in this channel's settings (Permissions), then try again. Nothing was scheduled.

## Entering and leaving an event (each answer private to the player).
event-unregister-button = Unregister
event-entered = You're registered for **{ $name }**: { $buy_in ->
    [0] a freeroll
   *[other] the prize pool holds your buy-in ({ $buy_in })
}. It starts { $start }; use /leave before then to unregister.
event-entered-late = You're in **{ $name }** ({ $entry ->
    [1] your first entry
   *[other] entry { $entry }
}{ $buy_in ->
    [0] {""}
   *[other] , buy-in { $buy_in }
}): your table's thread tells you where you sit.
event-unregistered = You're unregistered from **{ $name }**{ $refund ->
    [0] .
   *[other] : your buy-in ({ $refund }) went back to your balance.
}
event-status-registered = You're registered.

## The event's refusals.
event-already-in = You're in this event already.
event-registration-closed = Registration for this event is closed.
event-no-re-entry-left = You have no re-entry left in this event.
event-full = The event is full: it takes at most { $cap } { $cap ->
    [one] entry
   *[other] entries
}.
event-over-refused = This event is over.
event-not-registered = You're not registered for this event.
event-unregister-started = The event has started: nobody can unregister now.
event-not-started = The event hasn't started yet.
event-none-here = There's no multi-table tournament in this channel.
event-already-paused = The event is paused already.
event-not-paused = The event isn't paused.

## Moderators' commands, told in the channel.
event-paused-by = ⏸ { $name } paused the event: the clock stops, and each table once its hand is over.
event-resumed-by = ▶ { $name } resumed the event: the clock runs again.
event-cancel-after-hands = **{ $name }** is being cancelled: once every table's hand is over, the chips are settled as the event's message shows.
event-cancelled-now = **{ $name }** is cancelled: every buy-in went back.

## Each table's thread, and a player moved there.
event-thread-name = { $name } · Table { $table }
# The line above an event table's board, in its thread.
event-table-board = **{ $name }** · Table { $table } · level { $level }: ante { $ante }, bring-in { $bring_in }, stakes { $small_bet }/{ $big_bet } · { $left ->
    [one] 1 player left
   *[other] { $left } players left
}
event-moved = { $user } moves from table { $from } to table { $to }: your seat is here.

## /tournament schedule, pause and resume: the commands and their options as Discord lists them.
cmd-tournament-schedule = Schedule a multi-table tournament in this channel, tables in threads (moderators)
cmd-tournament-pause = Pause this channel's multi-table tournament: the clock and every table stop (moderators)
cmd-tournament-resume = Resume this channel's paused multi-table tournament (moderators)
opt-name = The tournament's name, as its message and its tables' threads show it
opt-start = When it starts: in 2h, 2026-12-20 20:00 UTC, 2026-12-20 21:00 +01:00, or <t:1797796800>
opt-starting-stack = Tournament chips each entry starts with (by default 30 big bets of level 1)
opt-timed-levels = Custom levels, ante/bring-in/small/big x minutes: 2/3/10/20x20, 3/5/15/30x20
opt-minutes-per-level = Minutes of each level, 3 to 120 (by default 20 regular, 10 turbo)
opt-table-size = Seats at each table, 2 to 8 (by default 7)
opt-cap = The most entries it takes, re-entries counted (by default no cap)
opt-late-registration = Late registration until the end of this level (by default none)
opt-re-entries = Times a player who is out may buy in again during late registration (by default 0)
opt-computers-allowed = Whether computer players may be entered (their buy-ins from the house)
opt-break-minutes = A break of this many minutes (with break_every)
opt-break-every = A break after every this many levels (with break_minutes)
## /tournament computers: computer players entered by the server's staff (answered privately).
event-computers-entered = 🤖 { $count ->
    [one] 1 computer player is
   *[other] { $count } computer players are
} in **{ $name }** now. { $paid ->
    [0] It's a freeroll: no buy-in to pay.
    [one] The house paid 1 chip of buy-ins.
   *[other] The house paid { $paid } chips of buy-ins.
} { $entries ->
    [one] 1 entry
   *[other] { $entries } entries
} so far.
event-computers-entered-partly = 🤖 Only { $entered } of the { $count ->
    [one] 1 computer player
   *[other] { $count } computer players
} got into **{ $name }**; the rest were stopped:
event-computers-not-allowed = This event was scheduled without computer players, so none can be entered.
event-computers-none-asked = Enter at least 1 computer player.
event-computers-past-cap = { $room ->
    [0] The event is full
    [one] Only 1 more entry fits
   *[other] Only { $room } more entries fit
} (at most { $cap } in all). No computer player was entered.
event-computers-too-many = One event takes at most { $most } computer players. No computer player was entered.
event-computers-house-short = The house can't pay { $count ->
    [one] a computer player's buy-in
   *[other] the buy-ins of { $count } computer players
} ({ $needed ->
    [one] 1 chip
   *[other] { $needed } chips
}): it holds { $held }, and { $left ->
    [0] the mint may create no more chips for it
    [one] the mint may create only 1 more chip for it
   *[other] the mint may create only { $left } more chips for it
}. No computer player was entered.
cmd-tournament-computers = Enter computer players in this channel's tournament, buy-ins from the house (server staff)
opt-count = How many computer players to enter
event-seated = { $users }: your seat is at this table. Good luck!
