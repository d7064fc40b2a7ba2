# studbot — mensajes del renderizador (src/render/). Español.
# Cada id debe existir también en locales/en/render.ftl y locales/id/render.ftl.

## Calles

street-third = Tercera calle
street-fourth = Cuarta calle
street-fifth = Quinta calle
street-sixth = Sexta calle
street-seventh = Séptima calle
street-showdown = Showdown

## Cartas. $rank: ace king queen jack ten nine eight seven six five four three two

rank = { $rank ->
    [ace] as
    [king] rey
    [queen] reina
    [jack] jota
    [ten] diez
    [nine] nueve
    [eight] ocho
    [seven] siete
    [six] seis
    [five] cinco
    [four] cuatro
    [three] tres
   *[two] dos
}
rank-plural = { $rank ->
    [ace] ases
    [king] reyes
    [queen] reinas
    [jack] jotas
    [ten] dieces
    [nine] nueves
    [eight] ochos
    [seven] sietes
    [six] seises
    [five] cincos
    [four] cuatros
    [three] treses
   *[two] doses
}
# "al rey", "a la reina": la forma tras "escalera" o "color".
rank-to = { $rank ->
    [queen] a la reina
    [jack] a la jota
   *[other] al { rank }
}

## Manos altas. Se escriben como se leen dentro de una frase ("gana con doble par"):
## ningún mensaje empieza una línea con una.

hand-no-cards = sin cartas
hand-high-card = carta alta { $high }
hand-pair = par de { $first }
hand-two-pair = doble par, { $first } y { $second }
hand-trips = trío de { $first }
hand-straight = escalera { $high_to }
hand-flush = color { $high_to }
hand-full-house = full de { $first } con { $second }
hand-quads = póquer de { $first }
hand-straight-flush = escalera de color { $high_to }
hand-royal-flush = escalera real

## Manos bajas

low-hand = baja { $ranks }
low-wheel = baja { $ranks }, la rueda
low-none = sin baja
low-none-yet = todavía ninguna

## Estado de cada asiento

seat-to-act = le toca
seat-folded = se retiró
seat-all-in = all-in
seat-sitting-out = ausente
seat-waiting = esperando la próxima mano
seat-away = no responde
seat-bet = apuesta: { $amount }
seat-shown = boca arriba
seat-equity = equity { $equity } · scoop { $scoop }
# Stud y Razz: no hay bote dividido, así que no hay scoop que mostrar.
seat-equity-only = equity { $equity }
# Lo que hizo un asiento en esta calle, tras sus cartas en la mesa. $amount es lo que tiene
# apostado ahora (al igualar: la apuesta que igualó).
seat-did-bring-in = hace el bring-in de { $amount }
seat-did-complete = completa a { $amount }
seat-did-bet = apuesta { $amount }
seat-did-raise = sube a { $amount }
seat-did-call = iguala { $amount }
seat-did-check = pasa

## La mesa

board-header = **Mano #{ $hand }** · { $street } · { $game }
board-stakes = Límites { $small }/{ $big } · ante { $ante } · bring-in { $bring_in }
board-pot = Bote: **{ $amount }**
board-main-pot = bote principal { $amount }
board-side-pot = bote secundario { $number }: { $amount } ({ $players })
board-side-pot-count = bote secundario { $number }: { $amount } ({ $count } { $count ->
    [one] jugador
   *[other] jugadores
})
board-community = Carta comunitaria para todos: { $card }
board-last = Última jugada: { $action }
board-next = Le toca a **{ $name }** — { $options }
board-timer = { $seconds } s para jugar
board-hand-over = Mano terminada.
board-dealing-out = All-in: cartas boca arriba; la siguiente calle sale enseguida.
board-dm-legend = 📵 = MD cerrados: sus cartas están en el botón «Mis cartas».
board-odds-legend = equity = parte esperada de todos los botes; scoop = probabilidad de llevarse todos los botes que disputa

## Jugadas (mesa, historial)

did-bring-in = { $name } hace el bring-in de { $amount }
did-complete = { $name } completa a { $amount }
did-bet = { $name } apuesta { $amount }
did-raise = { $name } sube a { $amount }
did-call = { $name } iguala { $amount }
did-check = { $name } pasa
did-fold = { $name } se retira
did-all-in = { $action } y va all-in

## Botones

button-bring-in = Bring-in { $amount }
button-complete = Completar a { $amount }
button-bet = Apostar { $amount }
button-raise = Subir a { $amount }
button-call = Igualar { $amount }
button-check = Pasar
button-fold = Retirarse
button-all-in = { $label } (all-in)
button-my-cards = Mis cartas

## "Te toca"

turn-header = **Te toca** — mano #{ $hand }, { $street }
turn-to-call = { $amount } para igualar · tus fichas: { $stack } · bote: { $pot }
turn-free = Nada que igualar · tus fichas: { $stack } · bote: { $pot }
turn-options = Puedes:
turn-timer-check = Tienes { $seconds } s. Si se te acaba el tiempo, pasas.
turn-timer-fold = Tienes { $seconds } s. Si se te acaba el tiempo, te retiras.
turn-timer-bring-in = Tienes { $seconds } s. Si se te acaba el tiempo, haces el bring-in automáticamente.

## Tus cartas (MD o mensaje efímero)

private-header = **Tus cartas** — mano #{ $hand }
private-down = Boca abajo: { $cards }
private-up = Boca arriba: { $cards }
private-community = Carta comunitaria: { $card }
private-high = Alta: { $hand }
# Stud (solo alta): la mano, sin «alta» porque no hay baja.
private-hand = Mano: { $hand }
# Una mano que busca la baja: $ranks sus cartas de 8 o menos de distinto valor («8-6-A»),
# $count cuántas de las cinco que pide una baja (1 a 4).
private-low-draw = Proyecto de baja: { $ranks } ({ $count } de 5)
private-low = Baja: { $hand }
private-low-made = { $wheel ->
    [yes] Baja: { $ranks }, la rueda
   *[no] Baja: { $ranks }
}

## Resultados

results-header = **Mano #{ $hand } — resultados**
history-face-up = { $name } pone boca arriba { $cards }
results-shows = { $name } muestra { $cards }: { $high }; { $low }
results-mucks = { $name } tira sus cartas sin mostrarlas
results-main-pot = **Bote principal: { $amount }**
# Un solo bote (sin bote secundario): no hay «principal».
results-pot = **Bote: { $amount }**
results-side-pot = **Bote secundario { $number }: { $amount }**
results-uncontested = { $name } gana { $amount } sin showdown
results-scoop = { $name } se lleva todo el bote ({ $amount }, scoop): alta con { $high } ({ $high_cards }) y { $low } ({ $low_cards })
results-scoop-high-only = { $name } se lleva todo el bote ({ $amount }) con { $high } ({ $high_cards }); no hay baja que califique
results-wins = { $name } gana { $amount }
results-no-low = No hay baja que califique: la mano alta se lleva todo el bote.
results-high = Alta: { $name } gana { $amount } con { $hand } ({ $cards })
results-low = Baja: { $name } gana { $amount } con { $hand } ({ $cards })
results-high-split = La mitad alta se reparte entre { $count } { $count ->
    [one] jugador
   *[other] jugadores
}{ $quartered ->
    [yes] : un cuarto del bote para cada uno
   *[no] {""}
}
results-low-split = La mitad baja se reparte entre { $count } { $count ->
    [one] jugador
   *[other] jugadores
}{ $quartered ->
    [yes] : un cuarto del bote para cada uno
   *[no] {""}
}
results-returned = { $amount ->
    [one] Se le devuelve a { $name } la ficha que nadie igualó
   *[other] Se le devuelven a { $name } las { $amount } fichas que nadie igualó
}
results-net = Resultado: { $lines }

## Historial de la mano (público: solo las cartas mostradas)

history-header = **Mano #{ $hand }** — { $game }, límites { $small }/{ $big }, ante { $ante }, bring-in { $bring_in }
history-seats = Jugadores: { $seats }
history-antes = Ante: { $antes }
history-street = — { $street } —
history-dealt = Cartas boca arriba: { $cards }
history-dealt-down = Cada jugador recibe una carta boca abajo.
history-community = Carta comunitaria: { $card }
history-ante-all-in = { $name } va all-in con el ante
history-end = Fichas tras la mano: { $stacks }
history-cut = … aquí se omiten { $lines } { $lines ->
    [one] línea
   *[other] líneas
} de la mano, demasiado larga para un mensaje …

## Rechazos y avisos

notice-not-your-turn = No es tu turno: le toca a { $name }.
# Todos están all-in y se reparten las calles que faltan: no le toca a nadie.
notice-no-one-to-act = Ahora no le toca a nadie: se están repartiendo las calles que faltan.
notice-stale-action = Ese botón ya no sirve; usa los botones del mensaje más reciente de la mesa.
notice-action-not-allowed = Esa jugada no es posible ahora; usa los botones del mensaje más reciente de la mesa.
notice-not-seated = No tienes asiento en esta mesa. Usa /join para sentarte.
notice-already-seated = Ya tienes asiento en esta mesa.
notice-no-table = No hay mesa en este canal. Un moderador puede abrir una con /table open.
notice-table-already-open = Este canal ya tiene una mesa.
notice-table-full = La mesa está llena ({ $seats } { $seats ->
    [one] asiento
   *[other] asientos
}).
notice-buy-in-out-of-range = El buy-in debe estar entre { $min } y { $max } { $max ->
    [one] ficha
   *[other] fichas
}.
notice-not-enough-chips = Necesitas { $needed } { $needed ->
    [one] ficha
   *[other] fichas
}, pero tu saldo es de { $balance }.
notice-not-moderator = Solo un moderador de la mesa puede hacer eso.
notice-no-cards = Ahora no tienes cartas.
notice-between-hands-only = Eso solo se puede hacer entre manos.
notice-invalid-amount = La cantidad debe ser un número entero de fichas mayor que cero.
notice-cannot-give-to-self = No puedes regalarte fichas: elige a otro jugador.
notice-cannot-give-to-bot = No puedes regalar fichas a un bot.
notice-amount-too-large = Esa cantidad es demasiado grande.
notice-amount-limits = La cantidad debe estar entre { $min } y { $max } { $max ->
    [one] ficha
   *[other] fichas
}.
notice-joined = { $name } se sienta con { $amount } { $amount ->
    [one] ficha
   *[other] fichas
}.
notice-left = { $amount ->
    [0] { $name } deja la mesa.
    [one] { $name } deja la mesa; { $amount } ficha vuelve a su saldo.
   *[other] { $name } deja la mesa; { $amount } fichas vuelven a su saldo.
}
notice-leaving-after-hand = { $name } dejará la mesa cuando termine esta mano.
notice-sat-out = { $name } se ausenta de la mesa.
notice-sat-out-after-timeouts = A { $name } se le acabó el tiempo dos veces seguidas y queda ausente; puede volver con /back.
notice-back = { $name } vuelve y juega desde la próxima mano.
# $action: check, bring_in (el bring-in obligatorio no se puede retirar) o fold.
notice-timed-out = { $action ->
    [check] A { $name } se le acabó el tiempo: pasa.
    [bring_in] A { $name } se le acabó el tiempo: hace el bring-in.
   *[fold] A { $name } se le acabó el tiempo: se retira.
}
notice-kicked = Un moderador sacó a { $name } de la mesa.
notice-kicked-after-hand = Un moderador sacará a { $name } de la mesa cuando termine esta mano; hasta entonces { $name } la juega como siempre.
notice-seat-request-withdrawn = Ya no te sentarás al terminar esta mano: tu petición de asiento queda anulada.
notice-topped-up = { $name } recarga { $amount } { $amount ->
    [one] ficha
   *[other] fichas
} (ahora tiene { $stack }).
notice-table-opened = Mesa abierta: usa /join para sentarte.
notice-table-paused = La mesa está en pausa: no empezará otra mano hasta que un moderador la reanude con /table resume.
notice-table-halted = Mesa detenida: el banco no pudo registrar la mano. El bot se reinicia; la mano interrumpida se anula y cada jugador recupera las fichas que tenía al empezarla.
notice-table-resumed = Se reanuda el juego en la mesa.
notice-table-closed = Mesa cerrada: las fichas de cada jugador volvieron a su saldo.
notice-settings-next-hand = La nueva configuración se aplica desde la próxima mano.
notice-hand-cancelled = La mano #{ $hand } se anuló: cada jugador recuperó las fichas que tenía al empezar la mano.
notice-next-hand-in = { $seconds ->
    [0] Se reparte la siguiente mano.
   *[other] Próxima mano en { $seconds } s.
}
notice-waiting-for-players = { $needed ->
    [one] Falta un jugador.
   *[other] Faltan { $needed } jugadores.
}
notice-dm-closed = { $name }, no pude enviarte un MD. Tus cartas están en el botón «Mis cartas» (solo tú las ves). Para recibirlas por MD, permite los mensajes directos de miembros en la configuración de privacidad de este servidor.
notice-cards-by-dm = Te envié tus cartas por MD.
notice-balance = Tu saldo: { $balance } { $balance ->
    [one] ficha
   *[other] fichas
}.
notice-balance-of = { $name } tiene { $balance } { $balance ->
    [one] ficha
   *[other] fichas
}.
notice-daily-claimed = { $amount ->
    [one] Cobraste tu ficha diaria.
   *[other] Cobraste tus { $amount } fichas diarias.
} Tu saldo: { $balance }.
# Sin horas (o sin minutos), esa unidad no se escribe.
notice-daily-not-yet = Tus próximas fichas diarias estarán listas en { $hours ->
    [0] { $minutes } min
   *[other] { $hours } h{ $minutes ->
        [0] {""}
       *[other] {" "}{ $minutes } min
    }
}.
notice-gave = { $giver } le regaló { $amount } { $amount ->
    [one] ficha
   *[other] fichas
} a { $name }.
notice-granted = { $amount ->
    [one] Se le dio { $amount } ficha
   *[other] Se le dieron { $amount } fichas
} a { $name } (saldo: { $balance }).
notice-taken = { $amount ->
    [one] Se le quitó { $amount } ficha
   *[other] Se le quitaron { $amount } fichas
} a { $name } (saldo: { $balance }).

## /table status, /stats, /leaderboard

status-header = **Mesa** · límites { $small }/{ $big } · ante { $ante } · bring-in { $bring_in }
status-settings = Buy-in { $min }–{ $max } · { $seats } { $seats ->
    [one] asiento
   *[other] asientos
} · { $timer } s para jugar
status-paused = En pausa.
status-hand = Mano #{ $hand } en juego.
status-no-hand = No hay ninguna mano en juego.
status-empty = La mesa está vacía.
stats-header = **Estadísticas de { $name }**
stats-body = Manos jugadas: { $hands } · botes ganados: { $pots } · scoops: { $scoops }
stats-money = Resultado en las mesas: { $net } · bote más grande: { $biggest }
leaderboard-header = **Clasificación**
leaderboard-empty = Todavía nadie tiene fichas.
leaderboard-line = { $place }. { $name } — { $balance }

## /rules

rules-summary = **Seven Card Stud Hi/Lo, ocho o mejor (límite fijo)**
    • Todos ponen el ante. Cada jugador recibe dos cartas boca abajo y una boca arriba (tercera calle); el jugador con la carta descubierta más baja hace el bring-in (el as es alto; a igual carta decide el palo: ♣️ < ♦️ < ♥️ < ♠️) o completa hasta la apuesta pequeña.
    • Cuarta, quinta y sexta calle: una carta boca arriba para cada uno; séptima calle: una boca abajo. Desde la cuarta calle habla primero quien muestre la mejor mano.
    • Apuestas y subidas: la apuesta pequeña en tercera y cuarta calle, la apuesta grande después{ $open_pair ->
        [yes] {""}; un par descubierto en cuarta calle permite la apuesta grande
       *[no] {""}
    }. Una apuesta y hasta { $raises } { $raises ->
        [one] subida
       *[other] subidas
    } por ronda{ $heads_up_uncapped ->
        [yes] , sin límite de subidas cuando solo quedan dos jugadores
       *[no] {""}
    }.
    • En el showdown el bote se divide: la mitad para la mejor mano alta y la otra mitad para la mejor baja (cinco cartas de distinto valor, de 8 o menos; el as es la más baja). Las escaleras y los colores no cuentan en contra de la baja. Si no hay baja que califique, la alta se lleva todo el bote. Una misma mano puede ganar las dos mitades (scoop).
    • Tus cartas boca abajo llegan por MD (o con el botón «Mis cartas»). Juega con los botones del mensaje de la mesa.

# bank (issue 9): the daily gift caps, and a bank too slow to take a request up
bank-give-cap-reached = { $remaining ->
    [0] Ya regalaste hoy el máximo ({ $cap } fichas). Vuelve a intentarlo mañana.
    [one] Hoy solo puedes regalar { $remaining } ficha más: el límite diario es { $cap }.
   *[other] Hoy solo puedes regalar { $remaining } fichas más: el límite diario es { $cap }.
}
bank-receive-cap-reached = { $remaining ->
    [0] Ese jugador ya recibió hoy el máximo de regalos ({ $cap } fichas).
    [one] Hoy ese jugador solo puede recibir { $remaining } ficha más: el límite diario es { $cap }.
   *[other] Hoy ese jugador solo puede recibir { $remaining } fichas más: el límite diario es { $cap }.
}
bank-house-dry = La casa no puede pagar el buy-in de { $needed } de un bot: tiene { $held } y { $left ->
    [0] ya no se pueden crear más fichas para ella
    [one] solo se puede crear 1 ficha más para ella
   *[other] solo se pueden crear { $left } fichas más para ella
}. Ningún bot se sienta hasta que la casa recupere fichas.
bank-computer-buy-in-too-large = En este servidor un bot entra con un buy-in de { $limit } fichas como máximo, no de { $amount }. Baja el buy-in o juega sin bots.
bank-too-slow = El banco tardó demasiado en responder, así que no se cambió nada. Inténtalo de nuevo.
bank-guild-elsewhere = Ahora mismo las mesas de este servidor las lleva otra copia del bot, así que no se cambió nada. Prueba otra vez en un minuto.

## Juegos: Stud/8, Stud, Razz y el mix (el `game` de la mesa)

game-name = { $game ->
    [stud] Stud
    [razz] Razz
   *[stud8] Stud Hi/Lo
}
game-full-name = { $game ->
    [stud] Seven Card Stud
    [razz] Seven Card Razz
   *[stud8] Seven Card Stud Hi/Lo
}
# $left cuenta la mano en juego.
board-mix = mix: { $left ->
    [1] última mano, luego { $next }
   *[other] quedan { $left } manos con esta, luego { $next }
}
game-mix = Mix: Razz, Stud y Stud Hi/Lo, { $hands } { $hands ->
    [one] mano
   *[other] manos
} de cada juego
# El mix de un torneo dentro de una frase (estado y bienvenida): un juego por nivel, sin dos
# puntos.
game-mix-by-level = mix (Razz, Stud y Stud Hi/Lo, un juego por nivel)
razz-low = { $ranks }
razz-wheel = { $ranks }, la rueda
# La rueda cuando sus cinco cartas se muestran detrás (resultados).
razz-the-wheel = la rueda
razz-paired = { $hand } ({ $ranks })
results-shows-hand = { $name } muestra { $cards }: { $hand }
results-pot-wins = { $name } gana { $amount } con { $hand } ({ $cards })
results-pot-split = El bote se reparte entre { $count } { $count ->
    [one] jugador
   *[other] jugadores
}
rules-table-deals = En esta mesa se juega **{ $game }**.
rules-table-deals-mix = En esta mesa se juega un **mix**: { $first }, luego { $second } y luego { $third }, { $hands } { $hands ->
    [one] mano
   *[other] manos
} de cada juego; cada mano termina con el juego con el que empezó.
rules-summary-stud = **Seven Card Stud (límite fijo), solo alta**
    • Todos ponen el ante. Cada jugador recibe dos cartas boca abajo y una boca arriba (tercera calle); el jugador con la carta descubierta más baja hace el bring-in (el as es alto; a igual carta decide el palo: ♣️ < ♦️ < ♥️ < ♠️) o completa hasta la apuesta pequeña.
    • Cuarta, quinta y sexta calle: una carta boca arriba para cada uno; séptima calle: una boca abajo. Desde la cuarta calle habla primero quien muestre la mejor mano.
    • Apuestas y subidas: la apuesta pequeña en tercera y cuarta calle, la apuesta grande después{ $open_pair ->
        [yes] {""}; un par descubierto en cuarta calle permite la apuesta grande
       *[no] {""}
    }. Una apuesta y hasta { $raises } { $raises ->
        [one] subida
       *[other] subidas
    } por ronda{ $heads_up_uncapped ->
        [yes] , sin límite de subidas cuando solo quedan dos jugadores
       *[no] {""}
    }.
    • En el showdown la mejor mano alta de cinco cartas de las siete se lleva todo el bote.
    • Tus cartas boca abajo llegan por MD (o con el botón «Mis cartas»). Juega con los botones del mensaje de la mesa.
rules-summary-razz = **Razz (Seven Card Razz, límite fijo): gana la mano más baja**
    • Todos ponen el ante. Cada jugador recibe dos cartas boca abajo y una boca arriba (tercera calle); el jugador con la carta descubierta MÁS ALTA hace el bring-in (el as es bajo, así que el rey es la más alta; a igual carta decide el palo: ♣️ < ♦️ < ♥️ < ♠️) o completa hasta la apuesta pequeña.
    • Cuarta, quinta y sexta calle: una carta boca arriba para cada uno; séptima calle: una boca abajo. Desde la cuarta calle habla primero quien muestre la mejor baja (un par cuenta en contra).
    • Apuestas y subidas: la apuesta pequeña en tercera y cuarta calle, la apuesta grande después. Una apuesta y hasta { $raises } { $raises ->
        [one] subida
       *[other] subidas
    } por ronda{ $heads_up_uncapped ->
        [yes] , sin límite de subidas cuando solo quedan dos jugadores
       *[no] {""}
    }.
    • En el showdown la mejor baja de cinco cartas de las siete se lleva todo el bote: el as es bajo, las escaleras y los colores no cuentan, los pares cuentan en contra y no hace falta calificar. La mejor es 5-4-3-2-A, la rueda.
    • Tus cartas boca abajo llegan por MD (o con el botón «Mis cartas»). Juega con los botones del mensaje de la mesa.
rules-summary-mix = **Mix de stud (límite fijo): Razz, Stud y Stud Hi/Lo por turnos**
    • En los tres juegos: ante, dos cartas boca abajo y una boca arriba en tercera calle, una boca arriba de cuarta a sexta, una boca abajo en séptima; la apuesta pequeña en tercera y cuarta calle, la grande después.
    • **Razz**: hace el bring-in el jugador con la carta descubierta más alta (el as es bajo); habla primero la mejor baja a la vista; se lleva el bote la mejor baja (A-5: escaleras y colores no cuentan; no hace falta calificar).
    • **Stud**: hace el bring-in el jugador con la carta descubierta más baja (el as es alto); habla primero la mejor mano a la vista; la mejor mano alta se lleva el bote.
    • **Stud Hi/Lo**: como el Stud, pero el bote se divide entre la mejor alta y la mejor baja de cinco cartas distintas de 8 o menos; sin baja que califique, la alta se lleva todo.
    • La mesa indica el juego de cada mano y cuántas manos quedan (contando la que se juega) hasta el siguiente.
    • Tus cartas boca abajo llegan por MD (o con el botón «Mis cartas»). Juega con los botones del mensaje de la mesa.

## Listas dentro de una frase: «Ver canal» y «Enviar mensajes»

list-and = { $first } y { $last }
quoted = «{ $text }»

## Bots: la marca de la mesa, /table status, /stats house

board-computer-legend = 🤖 = bot (cede su asiento a una persona al terminar la mano)
board-computer-legend-sit-and-go = 🤖 = bot
computer-level-easy = fácil
computer-level-good = difícil
status-computers = Los bots pueden ocupar hasta { $seats } { $seats ->
    [one] asiento
   *[other] asientos
} mientras falten jugadores (nivel: { $level }).
house-header = **La casa** · { $balance } { $balance ->
    [one] ficha
   *[other] fichas
} para sus bots
house-body = { $hands } { $hands ->
    [one] mano jugada
   *[other] manos jugadas
} · ganó { $won } · perdió { $lost } · balance { $net } · fichas creadas { $minted }
house-mint = { $left ->
    [0] La casa se quedó sin fichas nuevas: ya se crearon las { $limit } que se permiten para ella, así que un bot solo se sienta si la casa tiene su buy-in.
    [one] Aún se puede crear 1 ficha para la casa ({ $limit } en total); después, un bot solo se sienta si la casa tiene su buy-in.
   *[other] Aún se pueden crear { $left } fichas para la casa ({ $limit } en total); después, un bot solo se sienta si la casa tiene su buy-in.
}

## /stats, /stats house y /leaderboard board:tournaments: los torneos, aparte de las mesas

stats-tournaments = Torneos: { $entries } { $entries ->
    [one] jugado
   *[other] jugados
} · { $wins } { $wins ->
    [one] ganado
   *[other] ganados
} · { $cashes } en premios · resultado: { $net }
leaderboard-tournaments-header = **Clasificación de torneos** (por resultado)
leaderboard-tournaments-empty = Todavía no hay torneos terminados.
leaderboard-tournaments-line = { $place }. { $name } — { $net } · { $entries } { $entries ->
    [one] jugado
   *[other] jugados
} · { $wins } { $wins ->
    [one] ganado
   *[other] ganados
} · { $cashes } en premios

# A sit & go's hand in /history: numbered apart from the channel's cash hands
history-header-sit-and-go = **Torneo #{ $tournament }, mano { $hand }** — { $game }, límites { $small }/{ $big }, ante { $ante }, bring-in { $bring_in }
history-header-event = **{ $event }, mano { $hand }** — { $game }, límites { $small }/{ $big }, ante { $ante }, bring-in { $bring_in }
history-header-event-table = **{ $event } · Mesa { $table } · nivel { $level }, mano { $hand }** — { $game }, límites { $small }/{ $big }, ante { $ante }, bring-in { $bring_in }

## Pre-actions, the time bank and away players (src/render/pace.rs)

board-timer-added = { $seconds } s para jugar (+{ $added } s)
board-time-bank = banco de tiempo { $seconds } s
button-add-time = +{ $seconds } s
button-back = Ya estoy
pre-check-fold = Pasar/Retirarse
pre-check = Pasar
pre-call = Igualar { $amount }
pre-call-any = Igualar lo que sea
pre-fold = Retirarse
pre-clear = Quitar
pre-your-turn = Te toca: elige en la mesa.
pre-offered = Antes de tu turno puedes elegir qué hacer cuando te toque; nadie más lo ve.
pre-chosen = Antes de tu turno: **{ $action }**. Se hace en cuanto te toque, si todavía se puede; nadie más lo ve.
pre-dropped = Tu acción anticipada «{ $action }» ya no se puede hacer (cambió la apuesta): elige ahora.
time-bank-left = Banco de tiempo: { $seconds } s
turn-time-bank = Tu banco de tiempo te da { $seconds } s más antes de eso.
away-sat-out = La mesa jugó por ti dos veces seguidas, así que quedas ausente. Pulsa «Ya estoy» (o usa /back) para volver a recibir cartas; tras { $hands } { $hands ->
    [one] mano
   *[other] manos
} ausente te levantan de la mesa y tus fichas vuelven a tu saldo.
away-sat-out-dealt-in = La mesa jugó por ti dos veces seguidas, así que quedas ausente: sigues recibiendo cartas y pasas o te retiras automáticamente. Pulsa «Ya estoy» (o usa /back) para volver a jugar tus manos.
away-stood-up = Estuviste ausente { $hands } { $hands ->
    [one] mano
   *[other] manos
}, así que te levantaron de la mesa. { $amount ->
    [0] No te quedaban fichas en ella.
    [one] Tu ficha volvió a tu saldo.
   *[other] Tus { $amount } fichas volvieron a tu saldo.
}
away-back = Ya estás de vuelta: recibes cartas desde la próxima mano.
