## The table service's own messages, and the terminal's (`studbot play`).

lobby-busted = { $name } has no chips left and sits out: top up to play again.
lobby-no-chips = You have no chips at this table: top up first.
lobby-already-sitting-out = You are already sitting out.
lobby-not-sitting-out = You are not sitting out.
lobby-no-hand = No hand is being played right now.
lobby-paused = The table is paused.
lobby-not-paused = The table is not paused.
lobby-invalid-settings = Those settings cannot be used: { $reason }
lobby-failure = Something went wrong at the table: { $reason }

play-welcome = Seven-Card Stud Hi/Lo, eight or better. You sit with { $bots } computer players; your balance is { $balance } chips.
play-buy-in = You buy in for { $amount } chips.
play-prompt = Your move ({ $options }):
play-help =
    Commands:
      k, check · c, call · f, fold · b, bet · r, raise · bring-in · complete
      cards: your cards · board: the table · status: seats and stacks
      balance: your balance · help: this text · quit: cash out and leave
      history [N]: the last hand, or hand N, as told
play-bad-input = “{ $input }” is not one of your options: { $options }. Type help for the commands.
play-not-now = That is not possible now; type help for the commands.
play-waiting = Waiting for the next hand…
play-balance = Your balance: { $balance } chips (at the table: { $stack }).
play-cashed-out = You cash out { $amount } chips. Your balance is { $balance } chips.
play-busted = You have no chips left at the table. Type topup to buy in again, or quit.
play-topped-up = You now have { $stack } chips at the table.
play-bye = Goodbye!
play-you = Player
play-final-balance = Your balance: { $balance } chips.

# Settling a hand while the bank is slow (issue 9, lobby)
lobby-settling = Hand #{ $hand } is over and is being settled: the result comes as soon as the bank confirms it. Nothing is lost meanwhile.
