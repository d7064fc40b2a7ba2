# Torneos multimesa: los rechazos de /tournament schedule, el mensaje del torneo, el aviso a
# los inscritos y /tournament status de un jugador.

## /tournament schedule rechazado
event-name = El torneo necesita un nombre de 1 a { $max } caracteres.
event-start-unreadable = No entiendo esa hora de inicio. Escríbela desde ahora (en 2h, 90m, 1d 4h), como fecha y hora con su diferencia con UTC (2026-12-20 20:00 UTC, 2026-12-20 21:00 +01:00) o como marca de tiempo de Discord (<t:1797796800>).
event-start-passed = Esa hora de inicio ya pasó o falta menos de { $minutes } { $minutes ->
    [one] minuto
   *[other] minutos
}: los jugadores necesitan tiempo para inscribirse.
event-start-too-far = Un torneo empieza dentro de los próximos { $days } días como mucho, y esa hora de inicio queda más lejos.
event-level-minutes = Un nivel dura de { $min } a { $max } minutos, no { $minutes }.
event-custom-level-minutes = El nivel { $level } de la estructura dura { $minutes } { $minutes ->
    [one] minuto
   *[other] minutos
}, y un nivel dura de { $min } a { $max }.
event-level-unreadable = No se puede leer el nivel { $level } de la estructura: escribe cada nivel como ante/bring-in/apuesta pequeña/apuesta grande x minutos, por ejemplo 2/3/10/20x20.
event-starting-stack = Unas fichas iniciales de { $stack } no llegan a la apuesta grande del nivel 1 ({ $big_bet }).
event-table-size = Asientos por mesa: de { $min } a { $max }, no { $seats }.
event-cap = El límite de entradas va de { $min } a { $max }, no { $cap }.
event-late-registration-levels = La inscripción tardía puede durar como mucho hasta el final del nivel { $count }: la estructura tiene { $count } { $count ->
    [one] nivel
   *[other] niveles
}.
event-re-entries-need-late = Las reentradas necesitan inscripción tardía: quien queda fuera solo puede volver a pagar el buy-in mientras está abierta. Pon también late_registration.
event-re-entries-max = Cada jugador puede hacer { $max } reentradas como mucho.
event-payouts-past-cap = Pagar { $places } puestos exige un límite de más de { $places } entradas, no { $cap }.
event-break-half-given = Un descanso necesita su duración (break_minutes) y cada cuántos niveles llega (break_every).
event-break-minutes = Un descanso dura de { $min } a { $max } minutos.
event-break-every = Los descansos van cada 1 a { $max } niveles.
event-bad = Ese torneo no se puede jugar con estos ajustes: sus fichas o su bolsa de premios no se pueden contar. También puede ser que sus reglas no sirvan para su juego.

## El mensaje del torneo, que se edita a medida que avanza. $start y $next son marcas de tiempo
## de Discord: cada jugador las ve en su propia zona horaria («en 2 horas»).
event-title = **{ $name }** · torneo multimesa · { $game }
event-starts = Empieza el { $start } ({ $relative })
event-buy-in = { $buy_in ->
    [0] Freeroll
   *[other] Buy-in { $buy_in }
} · { $stack } { $stack ->
    [one] ficha inicial
   *[other] fichas iniciales
} de torneo
event-levels = Niveles de { $max } min · nivel 1: ante { $ante }, bring-in { $bring_in }, límites { $small_bet }/{ $big_bet }
event-levels-varied = Niveles de { $min } a { $max } min · nivel 1: ante { $ante }, bring-in { $bring_in }, límites { $small_bet }/{ $big_bet }
event-late-none = sin inscripción tardía
event-late = inscripción tardía hasta el final del nivel { $level }
event-tables = Mesas de { $seats } · { $late } · { $count ->
    [0] sin reentrada
    [one] 1 reentrada
   *[other] { $count } reentradas
}
event-breaks = Descanso de { $minutes } min { $count ->
    [one] después de cada nivel
   *[other] cada { $count } niveles
}
event-payouts-by-field = Pagos por puesto según las entradas: hasta 4, el primer puesto se lo lleva todo; con más de 10, cobra el 15 % de las entradas
event-payouts-now = Si empezara ahora: { $paid } { $paid ->
    [one] puesto pagado
   *[other] puestos pagados
}, el primero cobra { $chips }
event-payouts-table = Pagos por puesto: { $payouts }
event-computers-allowed = Pueden jugar bots 🤖.
event-registered = { $count ->
    [0] Todavía no se inscribió nadie.
    [one] Se inscribió 1 jugador{ $pool ->
        [0] {""}
       *[other] {" "}· bolsa de premios { $pool }
    }
   *[other] Se inscribieron { $count } jugadores{ $pool ->
        [0] {""}
       *[other] {" "}· bolsa de premios { $pool }
    }
}
event-cap-line = Como mucho { $cap } { $cap ->
    [one] entrada
   *[other] entradas
}.
event-and-more = y { $count } más
event-join = Usa /join o el botón Inscribirme para inscribirte.
event-level = Nivel { $level }: ante { $ante }, bring-in { $bring_in }, límites { $small_bet }/{ $big_bet }
event-level-mix = Nivel { $level }, { $game }: ante { $ante }, bring-in { $bring_in }, límites { $small_bet }/{ $big_bet }
event-next-level = Siguiente nivel { $next }
event-on-break = En descanso: se vuelve a jugar { $next }
event-last-level = Último nivel: los límites ya no suben.
event-paused = El reloj está en pausa: ninguna mesa reparte una mano nueva.
event-hand-for-hand = Mano por mano: cada mesa juega una mano a la vez hasta que explote la burbuja.
event-field = { $left ->
    [one] Queda 1
   *[other] Quedan { $left }
} de { $entries } { $entries ->
    [one] entrada
   *[other] entradas
} · media de fichas { $average } · la mayor { $largest } ({ $name }) · { $tables } { $tables ->
    [one] mesa
   *[other] mesas
}
event-pool = { $pool ->
    [0] Un freeroll sin premio: se juega solo por los puestos.
   *[other] Bolsa de premios { $pool } · { $paid } { $paid ->
        [one] puesto pagado
       *[other] puestos pagados
    }
}
event-prize = { finishing-place }: { $chips }
event-late-open = Inscripción tardía abierta hasta el final del nivel { $level }
event-over = Terminado: { $entries } { $entries ->
    [one] entrada
   *[other] entradas
}{ $pool ->
    [0] , jugado solo por los puestos.
   *[other] , bolsa de premios { $pool }.
}

## El aviso, unos minutos antes del inicio, que menciona a los inscritos.
event-reminder = **{ $name }** empieza { $start }: prepárate para sentarte.

## /tournament status de un jugador de un torneo multimesa (privado).
event-status-not-in = No juegas este torneo.
event-status-seat = Estás en la mesa { $table }, asiento { $seat }.
event-status-stack = Tus fichas: { $chips } (media de fichas { $average }) · puesto por fichas { $rank } de { $left }
event-status-level = Nivel { $level }, { $game }: ante { $ante }, límites { $small_bet }/{ $big_bet }
event-status-out = { $chips ->
    [0] Quedaste fuera en el { finishing-place }, sin premio.
    [one] Quedaste fuera en el { finishing-place } y cobras { $chips } ficha.
   *[other] Quedaste fuera en el { finishing-place } y cobras { $chips } fichas.
}
event-status-out-unplaced = Quedaste fuera: tu puesto se decide cuando cierre la inscripción tardía.
event-status-re-enter = Puedes hacer una reentrada mientras siga abierta la inscripción tardía: usa /join para volver a pagar el buy-in.

## El mensaje del torneo cuando un moderador lo cancela.
event-cancelled-refunded = Cancelado antes de que nadie quedara fuera: se devolvieron todos los buy-ins.
event-cancelled-shares = Cancelado: los premios ya cobrados se mantienen, y los premios pendientes se repartieron por ICM (lo que valen sus fichas en premios) entre los que seguían vivos:

## /tournament schedule respondido (en privado, al moderador); su rechazo por permisos.
event-scheduled = **{ $name }** está programado: empieza { $start } ({ $relative }). Su mensaje en este canal recibe las inscripciones.
event-missing-permissions = No puedo organizar un torneo multimesa en este canal: me { $count ->
    [one] falta el permiso
   *[other] faltan los permisos
} { $permissions }, y cada mesa juega en su propio hilo dentro de este canal. Pide a un administrador del servidor que me { $count ->
    [one] lo dé
   *[other] los dé
} en Editar canal › Permisos y vuelve a intentarlo. No se programó nada.

## Inscribirse y anular la inscripción (cada respuesta, privada al jugador).
event-unregister-button = Anular inscripción
event-entered = Te inscribiste en **{ $name }**: { $buy_in ->
    [0] es un freeroll
   *[other] tu buy-in de { $buy_in } ya está en la bolsa de premios
}. Empieza { $start }; hasta entonces puedes usar /leave para anular la inscripción.
event-entered-late = Estás en **{ $name }** ({ $entry ->
    [1] tu primera entrada
   *[other] entrada { $entry }
}{ $buy_in ->
    [0] {""}
   *[other] , buy-in { $buy_in }
}): el hilo de tu mesa te dice dónde te sientas.
event-unregistered = Anulaste tu inscripción en **{ $name }**{ $refund ->
    [0] .
   *[other] : tu buy-in de { $refund } volvió a tu saldo.
}
event-status-registered = Te inscribiste en este torneo.

## Los rechazos del torneo.
event-already-in = Ya estás en este torneo.
event-registration-closed = La inscripción de este torneo está cerrada.
event-no-re-entry-left = No te quedan reentradas en este torneo.
event-full = El torneo está completo: admite como máximo { $cap } { $cap ->
    [one] entrada
   *[other] entradas
}.
event-over-refused = Este torneo ya terminó.
event-not-registered = No te inscribiste en este torneo.
event-unregister-started = El torneo ya empezó: ya nadie puede anular su inscripción.
event-not-started = El torneo todavía no empezó.
event-none-here = No hay ningún torneo multimesa en este canal.
event-already-paused = El torneo ya está en pausa.
event-not-paused = El torneo no está en pausa.

## Los comandos de los moderadores, contados en el canal.
event-paused-by = ⏸ { $name } pausó el torneo: el reloj se detiene, y cada mesa en cuanto termine su mano.
event-resumed-by = ▶ { $name } reanudó el torneo: el reloj vuelve a correr.
event-cancel-after-hands = **{ $name }** se está cancelando: cuando termine la mano de cada mesa, las fichas se liquidan como muestra el mensaje del torneo.
event-cancelled-now = **{ $name }** quedó cancelado: se devolvieron todos los buy-ins.

## El hilo de cada mesa, y un jugador que cambia de mesa.
event-thread-name = { $name } · Mesa { $table }
# La línea sobre el tablero de una mesa del torneo, en su hilo.
event-table-board = **{ $name }** · Mesa { $table } · nivel { $level }: ante { $ante }, bring-in { $bring_in }, límites { $small_bet }/{ $big_bet } · { $left ->
    [one] queda 1 jugador
   *[other] quedan { $left } jugadores
}
event-moved = { $user } pasa de la mesa { $from } a la mesa { $to }: tu asiento está aquí.

## /tournament schedule, pause y resume: los comandos y sus opciones como los muestra Discord.
cmd-tournament-schedule = Programar un torneo multimesa en este canal, cada mesa en su hilo (moderadores)
cmd-tournament-pause = Pausar el torneo multimesa de este canal: se detienen el reloj y las mesas (moderadores)
cmd-tournament-resume = Reanudar el torneo multimesa pausado de este canal (moderadores)
opt-name = El nombre del torneo, como lo muestran su mensaje y los hilos de sus mesas
opt-start = Cuándo empieza: en 2h, 2026-12-20 20:00 UTC, 2026-12-20 21:00 +01:00 o <t:1797796800>
opt-starting-stack = Fichas de torneo con las que empieza cada entrada (por defecto, 30 apuestas grandes del nivel 1)
opt-timed-levels = Niveles a medida, ante/bring-in/apuesta pequeña/grande x minutos: 2/3/10/20x20, 3/5/15/30x20
opt-minutes-per-level = Minutos de cada nivel, de 3 a 120 (por defecto 20 normal, 10 turbo)
opt-table-size = Asientos de cada mesa, de 2 a 8 (por defecto 7)
opt-cap = Máximo de entradas, contando las reentradas (por defecto sin límite)
opt-late-registration = Inscripción tardía hasta el final de este nivel (por defecto, ninguna)
opt-re-entries = Reentradas que tiene quien queda fuera durante la inscripción tardía (por defecto 0)
opt-computers-allowed = Si se pueden inscribir bots (sus buy-ins los paga la casa)
opt-break-minutes = Un descanso de estos minutos (con break_every)
opt-break-every = Un descanso cada tantos niveles (con break_minutes)
## /tournament computers: bots que inscribe la administración del servidor (respuesta privada).
event-computers-entered = 🤖 { $count ->
    [one] Se inscribió 1 bot
   *[other] Se inscribieron { $count } bots
} en **{ $name }**. { $paid ->
    [0] Es un freeroll: no hay buy-in que pagar.
    [one] La casa pagó 1 ficha de buy-in.
   *[other] La casa pagó { $paid } fichas de buy-in.
} { $entries ->
    [0] Todavía no hay entradas.
    [one] Ya hay 1 entrada.
   *[other] Ya hay { $entries } entradas.
}
event-computers-entered-partly = 🤖 Solo { $entered } de { $count ->
    [one] 1 bot
   *[other] los { $count } bots
} entraron en **{ $name }**; el resto no pudo:
event-computers-not-allowed = Este torneo se programó sin bots, así que no se puede inscribir ninguno.
event-computers-none-asked = Inscribe al menos 1 bot.
event-computers-past-cap = { $room ->
    [0] El torneo está completo
    [one] Solo cabe 1 entrada más
   *[other] Solo caben { $room } entradas más
} (máximo { $cap } en total). No se inscribió ningún bot.
event-computers-too-many = Un torneo admite como máximo { $most } bots. No se inscribió ningún bot.
event-computers-house-short = La casa no puede pagar el buy-in de { $count ->
    [one] 1 bot
   *[other] { $count } bots
} ({ $needed ->
    [one] 1 ficha
   *[other] { $needed } fichas
}): tiene { $held } y { $left ->
    [0] ya no se pueden crear más fichas para ella
    [one] solo se puede crear 1 ficha más para ella
   *[other] solo se pueden crear { $left } fichas más para ella
}. No se inscribió ningún bot.
cmd-tournament-computers = Inscribir bots en el torneo multimesa del canal; la casa paga sus buy-ins (administración)
opt-count = Cuántos bots inscribir
event-seated = { $users }: tu asiento está en esta mesa. ¡Suerte!
