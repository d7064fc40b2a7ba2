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

## Manos altas

hand-no-cards = Sin cartas
hand-high-card = Carta alta: { $high }
hand-pair = Par de { $first }
hand-two-pair = Doble par, { $first } y { $second }
hand-trips = Trío de { $first }
hand-straight = Escalera { $high_to }
hand-flush = Color { $high_to }
hand-full-house = Full de { $first } con { $second }
hand-quads = Póquer de { $first }
hand-straight-flush = Escalera de color { $high_to }
hand-royal-flush = Escalera real

## Manos bajas

low-hand = baja { $ranks }
low-wheel = baja { $ranks }, la rueda
low-none = sin baja
low-none-yet = todavía ninguna
low-draw = { $count ->
    [one] una carta para la baja ({ $ranks })
   *[other] { $count } cartas para la baja ({ $ranks })
}

## Estado de cada asiento

seat-to-act = le toca
seat-folded = se retiró
seat-all-in = all-in
seat-sitting-out = ausente
seat-waiting = espera la próxima mano
seat-away = no responde
seat-bet = apuesta { $amount }
seat-shown = muestra

## La mesa

board-header = **Mano #{ $hand }** · { $street }
board-stakes = Límites { $small }/{ $big } · ante { $ante } · bring-in { $bring_in }
board-pot = Bote: **{ $amount }**
board-main-pot = bote principal { $amount }
board-side-pot = bote secundario { $number }: { $amount } ({ $players })
board-community = Carta comunitaria para todos: { $card }
board-last = Última jugada: { $action }
board-next = Le toca a **{ $name }** — { $options }
board-timer = { $seconds } s para jugar
board-hand-over = La mano ha terminado.
board-dm-legend = 📵 = MD cerrados: usa «Mis cartas» para ver tus cartas.

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
turn-to-call = { $amount } para igualar · tus fichas { $stack } · bote { $pot }
turn-free = Nada que igualar · tus fichas { $stack } · bote { $pot }
turn-options = Puedes:
turn-timer = Tienes { $seconds } s; si se acaba el tiempo, pasas si no cuesta nada y, si no, te retiras.

## Tus cartas (MD o mensaje efímero)

private-header = **Tus cartas** — mano #{ $hand }
private-down = Boca abajo: { $cards }
private-up = Boca arriba: { $cards }
private-community = Carta comunitaria: { $card }
private-high = Alta: { $hand }
private-low = Baja: { $hand }
private-low-made = { $wheel ->
    [yes] Baja: { $ranks }, la rueda
   *[no] Baja: { $ranks }
}

## Resultados

results-header = **Mano #{ $hand } — resultados**
results-shows = { $name } muestra { $cards }: { $high }; { $low }
results-mucks = { $name } tira sus cartas sin mostrarlas
results-main-pot = **Bote principal { $amount }**
results-side-pot = **Bote secundario { $number }: { $amount }**
results-uncontested = { $name } gana { $amount } sin showdown
results-scoop = { $name } se lleva todo el bote ({ $amount }, scoop): alta con { $high } ({ $high_cards }), baja con { $low } ({ $low_cards })
results-scoop-high-only = { $name } se lleva el bote entero ({ $amount }) con { $high } ({ $high_cards }); no hay baja
results-wins = { $name } gana { $amount }
results-no-low = No hay baja que califique: la mano alta gana el bote entero.
results-high = Alta: { $name } gana { $amount } con { $hand } ({ $cards })
results-low = Baja: { $name } gana { $amount } con { $hand } ({ $cards })
results-high-split = { $quartered ->
    [yes] La mitad alta se reparte entre { $count } jugadores: un cuarto del bote para cada uno
   *[no] La mitad alta se reparte entre { $count } jugadores
}
results-low-split = { $quartered ->
    [yes] La mitad baja se reparte entre { $count } jugadores: un cuarto del bote para cada uno
   *[no] La mitad baja se reparte entre { $count } jugadores
}
results-returned = Se devuelven { $amount } a { $name } (nadie igualó)
results-net = Balance: { $lines }

## Historial de la mano (público: solo las cartas mostradas)

history-header = **Mano #{ $hand }** — Seven Card Stud Hi/Lo, límites { $small }/{ $big }, ante { $ante }, bring-in { $bring_in }
history-seats = Jugadores: { $seats }
history-antes = Antes: { $antes }
history-street = — { $street } —
history-dealt = Cartas boca arriba: { $cards }
history-dealt-down = Cada jugador recibe una carta boca abajo.
history-community = Carta comunitaria: { $card }
history-ante-all-in = { $name } va all-in con el ante
history-end = Fichas tras la mano: { $stacks }

## Rechazos y avisos

notice-not-your-turn = No es tu turno: le toca a { $name }.
notice-stale-action = Ese botón es de un momento anterior de la mano; usa la mesa actual.
notice-action-not-allowed = Esa jugada no es posible ahora; usa los botones de la mesa actual.
notice-not-seated = No estás sentado en esta mesa. Usa /join para sentarte.
notice-already-seated = Ya estás sentado en esta mesa.
notice-no-table = No hay mesa en este canal. Un moderador puede abrir una con /table open.
notice-table-already-open = Este canal ya tiene una mesa.
notice-table-full = La mesa está llena ({ $seats } asientos).
notice-buy-in-out-of-range = El buy-in debe estar entre { $min } y { $max } fichas.
notice-not-enough-chips = Necesitas { $needed } fichas y tu saldo es { $balance }.
notice-not-moderator = Solo un moderador de la mesa puede hacer eso.
notice-no-cards = Ahora no tienes cartas.
notice-between-hands-only = Eso solo se puede hacer entre manos.
notice-invalid-amount = La cantidad debe ser un número entero de fichas mayor que cero.
notice-cannot-give-to-self = No puedes darte fichas a ti mismo.
notice-joined = { $name } se sienta con { $amount } fichas.
notice-left = { $name } deja la mesa; { $amount } fichas vuelven a su saldo.
notice-leaving-after-hand = { $name } dejará la mesa cuando termine esta mano.
notice-sat-out = { $name } se ausenta de la mesa.
notice-sat-out-after-timeouts = A { $name } se le acabó el tiempo dos veces seguidas y queda ausente. Usa /back para volver a jugar.
notice-back = { $name } vuelve y juega desde la próxima mano.
notice-timed-out = { $checked ->
    [yes] A { $name } se le acabó el tiempo: pasa.
   *[no] A { $name } se le acabó el tiempo: se retira.
}
notice-kicked = Un moderador sacó a { $name } de la mesa.
notice-topped-up = { $name } añade { $amount } fichas (tiene { $stack }).
notice-table-opened = La mesa está abierta. Usa /join para sentarte.
notice-table-paused = La mesa está en pausa: no empezará otra mano hasta /table resume.
notice-table-resumed = La mesa vuelve a jugar.
notice-table-closed = La mesa está cerrada. Cada jugador recuperó sus fichas en su saldo.
notice-settings-next-hand = La nueva configuración se aplica desde la próxima mano.
notice-hand-cancelled = La mano #{ $hand } se canceló y cada jugador recuperó las fichas que tenía al empezarla.
notice-next-hand-in = Próxima mano en { $seconds } s.
notice-waiting-for-players = { $needed ->
    [one] Falta un jugador más.
   *[other] Faltan { $needed } jugadores más.
}
notice-dm-closed = { $name }, no pude enviarte un MD. Tus cartas están en el botón «Mis cartas» (solo tú las ves). Para recibirlas por MD, permite los mensajes directos de miembros en la configuración de privacidad de este servidor.
notice-cards-by-dm = Te envié tus cartas por MD.
notice-balance = Tu saldo: { $balance } fichas.
notice-balance-of = { $name } tiene { $balance } fichas.
notice-daily-claimed = Recibiste { $amount } fichas. Tu saldo: { $balance }.
notice-daily-not-yet = Tus próximas fichas diarias estarán listas en { $hours } h { $minutes } min.
notice-gave = Le diste { $amount } fichas a { $name }. Tu saldo: { $balance }.
notice-granted = Se dieron { $amount } fichas a { $name } (saldo { $balance }).
notice-taken = Se quitaron { $amount } fichas a { $name } (saldo { $balance }).

## /table status, /stats, /leaderboard

status-header = **Mesa** · límites { $small }/{ $big } · ante { $ante } · bring-in { $bring_in }
status-settings = Buy-in { $min }–{ $max } · { $seats } asientos · { $timer } s para jugar
status-paused = En pausa.
status-hand = Mano #{ $hand } en juego.
status-no-hand = No hay mano en juego.
status-empty = No hay nadie sentado.
stats-header = **Estadísticas de { $name }**
stats-body = Manos jugadas: { $hands } · botes ganados: { $pots } · botes enteros (scoops): { $scoops }
stats-money = Balance en las mesas: { $net } · bote más grande: { $biggest }
leaderboard-header = **Clasificación**
leaderboard-empty = Todavía nadie tiene fichas.
leaderboard-line = { $place }. { $name } — { $balance }

## /rules

rules-summary = **Seven Card Stud Hi/Lo, ocho o mejor (límite fijo)**
    • Todos ponen el ante. Cada jugador recibe dos cartas boca abajo y una boca arriba (tercera calle); la carta descubierta más baja hace el bring-in (el as es alto; empates por palo: ♣️ < ♦️ < ♥️ < ♠️) o completa a la apuesta baja.
    • Cuarta, quinta y sexta calle: una carta boca arriba para cada uno; séptima calle: una boca abajo. Desde la cuarta calle empieza la mejor mano descubierta.
    • Apuestas y subidas: la apuesta baja en tercera y cuarta calle, la apuesta alta después. Una apuesta y hasta tres subidas por ronda.
    • En el showdown el bote se divide: la mitad para la mejor mano alta y la mitad para la mejor baja — cinco cartas distintas de 8 o menos, el as cuenta como la más baja; escaleras y colores no estropean la baja. Si no hay baja, la alta se lleva todo. Una misma mano puede ganar las dos mitades (scoop).
    • Tus cartas boca abajo llegan por MD (o con el botón «Mis cartas»). Juega con los botones de la mesa.
