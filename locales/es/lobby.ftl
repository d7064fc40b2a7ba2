## Mensajes propios del servicio de mesas y de la terminal (`studbot play`).

lobby-busted = { $name } se quedó sin fichas y queda ausente: tiene que recargar para volver a jugar.
lobby-no-chips = No tienes fichas en esta mesa: recarga primero.
lobby-already-sitting-out = Ya estás ausente.
lobby-not-sitting-out = No estás ausente.
lobby-no-hand = Ahora mismo no se está jugando ninguna mano.
lobby-paused = La mesa está en pausa.
lobby-not-paused = La mesa no está en pausa.
# $reason es uno de los mensajes settings-* de abajo.
lobby-invalid-settings = No se puede usar esa configuración: { $reason }.
lobby-failure = Algo falló en la mesa. Vuelve a intentarlo.

## Por qué se rechaza una configuración de mesa. Cada uno termina la frase que empieza
## lobby-invalid-settings.

settings-bring-in-zero = el bring-in debe ser de al menos 1 ficha
settings-small-bet-zero = la apuesta pequeña debe ser mayor que 0
settings-bring-in-above-small-bet = el bring-in ({ $bring_in }) no puede ser mayor que la apuesta pequeña ({ $small_bet })
settings-big-bet-not-above-small-bet = la apuesta grande ({ $big_bet }) debe ser mayor que la apuesta pequeña ({ $small_bet })
settings-seats = una mesa tiene de { $min } a { $max } { $max ->
    [one] asiento
   *[other] asientos
}, no { $seats }
settings-min-buy-in-below-big-bet = el buy-in mínimo ({ $min_buy_in }) debe ser al menos la apuesta grande ({ $big_bet })
settings-buy-in-range = el buy-in máximo ({ $max_buy_in }) no puede ser menor que el mínimo ({ $min_buy_in })
settings-action-timer = el tiempo para jugar debe estar entre { $min } y { $max } { $max ->
    [one] segundo
   *[other] segundos
}, no { $seconds }
settings-between-hands = la pausa entre manos puede ser como mucho de { $max } { $max ->
    [one] segundo
   *[other] segundos
}, no { $seconds }
settings-max-raises = las subidas por ronda de apuestas deben estar entre { $min } y { $max }, no { $raises }
settings-mix-hands = las manos de cada juego del mix deben estar entre { $min } y { $max }, no { $hands }
settings-open-pair-in-razz = el Razz no tiene apuesta grande por par descubierto en cuarta calle: desactiva esa opción en una mesa de Razz

## La terminal (`studbot play`)

play-welcome = { $game }. Juegas contra { $bots } { $bots ->
    [one] bot
   *[other] bots
}; tu saldo es de { $balance } { $balance ->
    [one] ficha
   *[other] fichas
}.
play-buy-in = Te sientas con { $amount } { $amount ->
    [one] ficha
   *[other] fichas
}.
play-prompt = Tu jugada — { $options }:
play-data-dir = Tu saldo se guarda en { $dir }.
play-timer-rule = Tienes { $seconds } s para cada acción. Si se te acaba el tiempo, pasas si no hay nada que igualar y te retiras si hay una apuesta; si te toca el bring-in, lo haces automáticamente.
play-no-hand-yet = Todavía no hay ninguna mano jugada.
play-tournament-ended = El torneo terminó: «historial [N]» cuenta sus manos, «salir» para irte.
play-help =
    Lo que puedes escribir (la palabra o su letra):
      paso (p) · veo, igualo, voy (v) · no voy, me retiro (n) · apuesto (a) · subo (s) · bring-in · completo
      «veo» pasa si no hay nada que igualar; «apuesto» y «subo» hacen la apuesta o subida que se ofrece.
      Puedes añadir la cantidad tal como la muestran tus opciones: «apuesto 5», «subo a 20».
      «cartas»: tus cartas · «mesa»: la mesa · «estado»: asientos y fichas
      «saldo»: tu saldo · «recargar [N]»: volver a las fichas con que te sentaste o N más · «historial [N]»: la última mano o la mano N
      «ayuda»: este texto · «salir»: dejar la mesa; tus fichas vuelven a tu saldo
      pre paso/no voy · pre paso · pre veo · pre veo todo · pre no voy · pre quitar: lo que harás cuando te toque, elegido de antemano (nadie más lo ve)
      «tiempo» (+30): 30 segundos más de tu banco de tiempo, en tu turno · «vuelvo»: volver a jugar si la mesa te dejó fuera
play-bad-input = «{ $input }» no es una de tus opciones ahora: { $options }.
play-unknown-word = No conozco «{ $input }». Escribe «ayuda» para ver las palabras que puedes usar.
play-not-now = Eso no se puede hacer ahora; escribe «ayuda» para ver los comandos.
play-waiting = Esperando la próxima mano…
play-balance = Tu saldo: { $balance } { $balance ->
    [one] ficha
   *[other] fichas
} (en la mesa: { $stack }).
play-cashed-out = { $amount ->
    [0] Dejas la mesa.
    [one] Dejas la mesa; { $amount } ficha vuelve a tu saldo.
   *[other] Dejas la mesa; { $amount } fichas vuelven a tu saldo.
}
play-leaving-after-hand = Dejarás la mesa cuando termine esta mano.
play-busted = Te quedaste sin fichas en la mesa, que te espera: escribe «recargar» para volver a sentarte («recargar 150» para otra cantidad) o «salir» para irte.
play-topped-up = Ahora tienes { $stack } { $stack ->
    [one] ficha
   *[other] fichas
} en la mesa.
play-bye = ¡Hasta luego!
play-other-amount = «{ $input }»: { $count ->
    [one] la cantidad que se ofrece es { $offered }.
   *[other] las cantidades que se ofrecen son { $offered }.
}
play-ambiguous-r = ¿Subir o retirarte? Escribe «subo» (s) o «me retiro» (n).
play-not-your-turn = Todavía no te toca: escríbelo de nuevo cuando aparezca tu turno.
play-pre-not-offered = «{ $input }» no es una de las acciones anticipadas de ahora: { $options }.
play-pre-none = «{ $input }»: ahora no hay nada que elegir de antemano; se elige mientras se apuesta una mano en la que estás.
play-time-added = +{ $added } s de tu banco de tiempo ({ $left ->
    [one] te queda 1 s
   *[other] te quedan { $left } s
}).
play-away-sat-out = La mesa jugó por ti dos veces seguidas, así que quedas ausente. Escribe «vuelvo» para que te repartan otra vez; si sigues ausente { $hands } { $hands ->
    [one] mano
   *[other] manos
}, te levantamos de la mesa y tus fichas vuelven a tu saldo.
play-away-sat-out-dealt-in = La mesa jugó por ti dos veces seguidas, así que quedas ausente: sigues recibiendo cartas y pasas o te retiras automáticamente. Escribe «vuelvo» para jugar tus manos otra vez.
play-topup-not-needed = Tienes { $stack } { $stack ->
    [one] ficha
   *[other] fichas
} en la mesa: «recargar» solo completa hasta { $target }.
play-you = Jugador
play-final-balance = Tu saldo: { $balance } { $balance ->
    [one] ficha
   *[other] fichas
}.

# Settling a hand while the bank is slow (issue 9, lobby)
lobby-settling = La mano #{ $hand } terminó y se está liquidando: el resultado llega en cuanto el banco lo confirme. Mientras tanto no se pierde nada.
lobby-waiting-for-bank = La mano #{ $hand } espera al banco, que tarda en responder: las cartas se reparten en cuanto responda. Mientras tanto no se pierde nada.

## Un torneo en la terminal (`studbot play --tournament`)

play-tournament-welcome = Torneo de { $game } para { $entrants } { $entrants ->
    [one] jugador
   *[other] jugadores
}: { $buy_in ->
    [0] freeroll
   *[other] buy-in { $buy_in }, bolsa de premios { $pool }
}; cada jugador empieza con { $stack } { $stack ->
    [one] ficha
   *[other] fichas
} de torneo. Gana el último que quede con fichas.
play-tournament-resumed = El torneo que dejaste se reanuda en la mano { $hand }.
play-tournament-header = Nivel { $level }: ante { $ante }, bring-in { $bring_in }, límites { $small_bet }/{ $big_bet } · { $next ->
    [0] último nivel
    [one] 1 mano para el siguiente nivel
   *[other] { $next } manos para el siguiente nivel
} · { $left ->
    [one] queda 1 jugador
   *[other] quedan { $left } jugadores
} · media de fichas { $average }
# Un puesto como lo dicen los jugadores: el número detrás («puesto 4»), sin ordinal (evita
# «3.er» y el género de «tercero/tercera»).
finishing-place = puesto { $place }
play-tournament-out = { $name } queda fuera en el { finishing-place }.
# Se listan todos los puestos: uno sin premio no «gana 0 fichas».
play-tournament-place = { $chips ->
    [0] Puesto { $place }: { $name }, sin premio.
    [one] Puesto { $place }: { $name } cobra { $chips } ficha.
   *[other] Puesto { $place }: { $name } cobra { $chips } fichas.
}
play-tournament-over = El torneo termina tras { $hands } { $hands ->
    [one] mano
   *[other] manos
}.
play-tournament-quit = Torneo en pausa: vuelve a ejecutar { $command } para seguir desde esta mano.
play-structure-without-tournament = { $structure } es para un torneo: añade { $tournament }
play-tournament-help =
    Lo que puedes escribir (la palabra o su letra):
      paso (p) · veo, igualo, voy (v) · no voy, me retiro (n) · apuesto (a) · subo (s) · bring-in · completo
      «veo» pasa si no hay nada que igualar; «apuesto» y «subo» hacen la apuesta o subida que se ofrece.
      Puedes añadir la cantidad tal como la muestran tus opciones: «apuesto 5», «subo a 20».
      «cartas»: tus cartas · «mesa»: la mesa · «estado»: nivel, límites y fichas
      «historial [N]»: la última mano de tu mesa o la mano N
      «ayuda»: este texto · «salir»: parar; el torneo te espera en esta mano
settings-computer-players = los bots pueden ocupar como máximo { $max } { $max ->
    [one] asiento
   *[other] asientos
} aquí (siempre queda uno para una persona), no { $computer_players }
settings-computer-buy-in = los bots entran con el buy-in máximo, que en este servidor no puede pasar de { $limit } en una mesa con bots; { $max_buy_in } es demasiado
lobby-computer-gives-seat = La mesa está llena, pero aquí juega un bot: te cede su asiento al terminar esta mano y entras en la siguiente (usa /leave si cambias de idea).

## A sit & go dealt at its channel's table

lobby-tournament-board = Nivel { $level } · { $next ->
    [0] último nivel
    [one] 1 mano para el siguiente nivel
   *[other] { $next } manos para el siguiente nivel
} · { $left ->
    [one] queda 1 jugador
   *[other] quedan { $left } jugadores
} · media de fichas { $average }
lobby-tournament-resumed = El torneo se reanuda en la mano { $hand }: cada jugador tiene las fichas que tenía al empezarla.
# La pausa de un moderador sigue tras el reinicio: el torneo vuelve, pero espera /table resume.
lobby-tournament-resumed-paused = El torneo se recuperó en la mano { $hand } y sigue en pausa: un moderador puede reanudarlo con /table resume.
lobby-sit-and-go-table = Esta es la mesa de un torneo: hasta que termine no se pueden comprar fichas ni recargar, y las fichas de torneo no vuelven al saldo (quien se ausenta sigue pagando el ante, y el bring-in cuando le toca).

## Las noticias de un torneo: quien queda fuera y cobra, los límites de un nivel nuevo, la
## cancelación, los tratos
tournament-out-paid = { $name } queda fuera en el { finishing-place } y cobra { $prize } { $prize ->
    [one] ficha
   *[other] fichas
}.
tournament-over-deal = El torneo termina con un trato ({ $kind ->
    [icm] ICM
   *[other] reparto por fichas
}) tras { $hands } { $hands ->
    [one] mano
   *[other] manos
}.
lobby-tournament-level-begins = Empieza el nivel { $level }: ante { $ante }, bring-in { $bring_in }, límites { $small_bet }/{ $big_bet } · { $left ->
    [one] queda 1 jugador
   *[other] quedan { $left } jugadores
} · media de fichas { $average }
tournament-cancel-refund = El torneo se canceló antes de que nadie quedara fuera: se devolvieron todos los buy-ins, y el premio añadido volvió a quien lo puso.
tournament-cancelled-shares = El torneo se canceló: los premios ya cobrados se mantienen, y los que faltan se reparten por ICM entre los jugadores que siguen (lo que valen sus fichas en premios):
tournament-deal-lapsed = No todos los jugadores aceptaron el trato a tiempo: se sigue jugando.
tournament-deal-void = Se cae el trato: las fichas cambiaron desde que se propuso. Se sigue jugando y se puede proponer otro trato.
tournament-deal-off = El trato ya no está abierto: se sigue jugando y se puede proponer otro trato.
tournament-deal-still-open = El trato propuesto antes de que el bot se reiniciara vuelve a estar abierto: { $secs } s para aceptarlo con sus botones.

## Time banks and away players (settings)

settings-time-bank = un banco de tiempo puede ser como mucho de { $max } { $max ->
    [one] segundo
   *[other] segundos
}, no { $seconds }
settings-away-hands = un jugador puede estar ausente como mucho { $max } { $max ->
    [one] mano
   *[other] manos
} antes de que lo levanten de la mesa, no { $hands }

## Pre-actions and the time bank (refusals)

lobby-pre-action-stale = Esa acción anticipada ya no se puede hacer: cambió la calle o la apuesta.
lobby-your-turn-now = Te toca: elige en la mesa.
lobby-time-bank-empty = Tu banco de tiempo está vacío.
lobby-time-bank-running = Tu banco de tiempo ya está corriendo.

## `play --tournament --table-size`: un torneo multimesa en la terminal.
play-players-range = En una mesa caben de 2 a 8 jugadores, no { $players }: para más, juega un torneo multimesa ({ $flags }).
play-event-players-few = Un torneo multimesa necesita más jugadores de los que caben en una mesa: { $players_flag } { $players } con { $size_flag } { $size }. Para una sola mesa, juega un torneo de una mesa ({ $tournament_flag } sin { $size_flag }).
play-event-players-cap = Un torneo multimesa admite como mucho { $cap } { $cap ->
    [one] jugador
   *[other] jugadores
}, no { $players }.
play-event-computers = La casa tiene { $computers } { $computers ->
    [one] bot
   *[other] bots
}: contigo, un torneo multimesa aquí admite como mucho { $most } { $most ->
    [one] jugador
   *[other] jugadores
}, no { $players }.
play-event-welcome = Torneo multimesa de { $game } para { $players } { $players ->
    [one] jugador
   *[other] jugadores
} en mesas de { $size }: { $buy_in ->
    [0] freeroll
   *[other] buy-in { $buy_in }
}, fichas iniciales { $stack }.
play-event-resumed = Sigue el torneo multimesa que dejaste: { $players } { $players ->
    [one] jugador
   *[other] jugadores
} de { $game } en mesas de { $size }.
play-event-moved = Pasas de la mesa { $from } a la mesa { $to }, asiento { $seat }.
play-event-table-broken = Se rompe tu mesa { $table }: pasas a otra.
play-event-your-finish = Terminas en el { finishing-place }, sin premio. El torneo sigue hasta el final.
play-event-your-prize = Terminas en el { finishing-place } y cobras { $prize } { $prize ->
    [one] ficha
   *[other] fichas
}. El torneo sigue hasta el final.
play-event-over = Terminó el torneo multimesa:
play-event-quit = Torneo en pausa: vuelve a ejecutar { $command } para seguir.
play-event-final-table = Mesa final: te toca el asiento { $seat } de la mesa { $table }.
