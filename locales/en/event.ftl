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
