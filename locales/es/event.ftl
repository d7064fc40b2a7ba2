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
