# Discord: descripciones de comandos y opciones (máximo 100 caracteres cada una) y las
# respuestas breves del bot.

cmd-table = La mesa de póker de este canal
cmd-table-open = Abrir una mesa de stud en este canal: Stud Hi/Lo, Stud, Razz o mix (moderadores)
cmd-table-close = Cerrar la mesa de este canal; se devuelven las fichas de la mano en curso (moderadores)
cmd-table-pause = Pausar la mesa: no empieza ninguna mano nueva (moderadores)
cmd-table-resume = Reanudar una mesa en pausa (moderadores)
cmd-table-kick = Sacar a alguien de la mesa; sus fichas vuelven a su saldo (moderadores)
cmd-table-settings = Cambiar la configuración de la mesa a partir de la próxima mano (moderadores)
cmd-table-status = Ver la mesa: límites, asientos y fichas
cmd-join = Sentarte a la mesa de este canal
cmd-leave = Dejar la mesa (al terminar la mano si estás jugando)
cmd-sitout = Ausentarte desde la próxima mano sin perder tu asiento
cmd-back = Volver a jugar después de ausentarte
cmd-cards = Ver tus cartas (solo tú las ves)
cmd-balance = Ver tu saldo de fichas o el de otro jugador
cmd-daily = Cobrar tus fichas diarias
cmd-give = Regalar parte de tus fichas a otro jugador
cmd-leaderboard = Clasificación del servidor: por fichas o por resultados en torneos
cmd-stats = Manos jugadas, botes ganados y balance de fichas
cmd-history = El historial de una mano reciente de esta mesa
cmd-rules = Las reglas del juego de la mesa de este canal (Stud Hi/Lo si no hay mesa)
cmd-chips = Crear o retirar fichas (administración del servidor)
cmd-chips-grant = Dar fichas nuevas a alguien (administración del servidor)
cmd-chips-take = Quitarle fichas a alguien (administración del servidor)

opt-ante = Ante que pone cada jugador en cada mano
opt-bring-in = Apuesta obligatoria de quien muestra la carta más baja (en Razz, la más alta)
opt-small-bet = Apuesta pequeña: en tercera y cuarta calle
opt-big-bet = Apuesta grande: en quinta, sexta y séptima calle
opt-min-buy-in = Buy-in mínimo
opt-max-buy-in = Buy-in máximo
opt-seats = Número de asientos, de 2 a 8
opt-timer = Segundos que tiene un jugador para actuar
opt-between-hands = Segundos entre dos manos
opt-max-raises = Subidas permitidas por ronda de apuestas después de la apuesta
opt-heads-up-uncapped = Sin límite de subidas cuando solo quedan dos jugadores
opt-short-all-in = Cuándo un all-in incompleto reabre las apuestas
opt-odd-chip = Quién se lleva la ficha sobrante de un bote dividido
opt-open-pair-big-bet = Un par descubierto en cuarta calle permite la apuesta grande (Stud y Stud Hi/Lo)
opt-buy-in = Fichas que llevas a la mesa
opt-user = El jugador
opt-amount = Cantidad de fichas
opt-hand = Número de mano (la última si no lo indicas)

choice-half-bet = Media apuesta o más reabre
choice-full-bet = Solo una apuesta completa reabre
choice-by-suit = Por palo
choice-first-seat = Primer asiento a la izquierda del crupier
opt-game = El juego: Stud Hi/Lo, Stud, Razz o el mix de los tres
opt-mix-hands = En el mix, manos de cada juego antes de pasar al siguiente
choice-stud8 = Seven Card Stud Hi/Lo, ocho o mejor
choice-stud = Seven Card Stud, solo alta
choice-razz = Razz, gana la mano más baja
choice-mix = Mix: Razz, Stud y Stud Hi/Lo por turnos

bot-guild-only = Usa este comando en un canal de un servidor.
bot-shutting-down = El bot se está reiniciando. Vuelve a intentarlo en un minuto.
bot-unknown-button = Este botón ya no está en uso.
bot-failed = Algo falló en el bot. Vuelve a intentarlo.
bot-no-history = Esa mano no está en el historial de esta mesa.
bot-dm-closed-mark = 📵 { $names }: mensajes directos cerrados; sus cartas están en «Mis cartas» y en /cards.
bot-stopping-mid-hand = El bot se está reiniciando. La mano #{ $hand } se detiene aquí: cuando el bot vuelva, cada jugador recuperará las fichas que tenía al empezar la mano.
bot-your-turn = { $mention }, te toca: { $options } ({ $seconds } s)
bot-refused = No se pudo hacer: { $reason }
bot-account-too-new = Tu cuenta de Discord es demasiado nueva para cobrar las fichas diarias. Vuelve a intentarlo en unos días.
bot-bots-hold-no-chips = Los bots no tienen fichas: no hay saldo que consultar ni cambiar.
bot-stopped-mid-hand = El bot se está reiniciando. La mano #{ $hand } queda anulada: cada jugador recuperó las fichas que tenía al empezar la mano.

# Issue 10: el idioma de la mesa (/table open language:, /table settings language:)
opt-language = Idioma de los mensajes de la mesa o el del servidor
choice-en = Inglés
choice-es = Español
choice-id = Indonesio
choice-server = El idioma del servidor

# Issue 8: a command's private acknowledgement when its public answer follows a deferral; /ping
bot-done = Hecho: la respuesta está en el canal.
bot-pings-on = Te mencionaré cuando sea tu turno.
bot-pings-off = Ya no te mencionaré cuando sea tu turno; la mesa sigue mostrando a quién le toca.
cmd-ping = Avisarte con una mención cuando te toque jugar
cmd-ping-on = Mencióname cuando sea mi turno
cmd-ping-off = No me menciones cuando sea mi turno

# Issue 13: /table open donde al bot le falta un permiso que necesita en el canal. Los nombres
# de los permisos son los de los ajustes del canal de Discord en español.
bot-missing-permissions = No puedo abrir una mesa en este canal: me { $count ->
    [one] falta el permiso
   *[other] faltan los permisos
} { $permissions }. Pide a un administrador del servidor que me { $count ->
    [one] lo dé
   *[other] los dé
} en Editar canal › Permisos y vuelve a abrir la mesa.
permission-view-channel = Ver canal
permission-send-messages = Enviar mensajes
permission-send-messages-in-threads = Enviar mensajes en hilos

# Bots en una mesa (/table open|settings computer_players:, computer_level:)
opt-computer-players = Asientos que pueden ocupar bots si faltan jugadores (0: ninguno)
opt-computer-level = Nivel de juego de los bots de la mesa
choice-easy = Fácil: para principiantes
choice-good = Difícil: juega según su equity
opt-house = La cuenta de la casa del servidor, con la que juegan sus bots (administración)
bot-not-staff = Solo la administración del servidor puede hacer eso: quien tenga el rol de moderador, «Gestionar servidor» o «Administrador» en todo el servidor. Los permisos de un solo canal no bastan.
bot-rights-unknown = Discord no confirmó si puedes hacer eso, así que no se hizo nada. Vuelve a intentarlo en un momento.
# Torneos (/tournament, y /join y /leave mientras uno está en inscripción)
cmd-tournament = El torneo de este canal
cmd-tournament-open = Abrir un torneo en este canal: los jugadores se inscriben con /join (moderadores)
cmd-tournament-start = Empezar el torneo con los inscritos hasta ahora, al menos dos (moderadores)
cmd-tournament-cancel = Cancelar el torneo entre manos: se devuelven los buy-ins o se reparte por ICM (moderadores)
cmd-tournament-status = Ver el torneo: inscritos, bolsa de premios, estructura, pagos; tu mesa y tus fichas
opt-structure = Ritmo de subida de los límites: normal, turbo (niveles de la mitad de duración) o a medida
opt-payouts = Porcentajes pagados por puesto, como 65/35 (por defecto según los inscritos)
choice-regular = Normal
choice-turbo = Turbo
tournament-opened = Hay un torneo abierto en este canal: usa /join para inscribirte antes de que empiece.
# $game: el nombre completo del juego o el mix con su rotación (game-mix-by-level). Un buy-in de 0
# es un freeroll: sin buy-in no hay bolsa de premios.
tournament-status-head = Torneo de { $game } · { $entrants }/{ $seats } inscritos · { $buy_in ->
    [0] freeroll
   *[other] buy-in { $buy_in }{ $pool ->
        [0] {""}
       *[other] {" "}· bolsa de premios { $pool }
    }
}
tournament-status-structure = Cada jugador empieza con { $stack } { $stack ->
    [one] ficha
   *[other] fichas
} de torneo · nivel 1: ante { $ante }, bring-in { $bring_in }, límites { $small_bet }/{ $big_bet }, { $hands } { $hands ->
    [one] mano
   *[other] manos
} por nivel
tournament-status-payouts = Pagos por puesto: { $payouts }
tournament-standing-in = • { $name }: { $chips } { $chips ->
    [one] ficha
   *[other] fichas
}
tournament-standing-out = • { $name }: fuera, { finishing-place }
tournament-registered = { $pool ->
    [0] { $name } se inscribió ({ $entrants }/{ $seats }).
   *[other] { $name } se inscribió ({ $entrants }/{ $seats }); bolsa de premios: { $pool }.
}
tournament-unregistered = { $refund ->
    [0] { $name } anuló su inscripción.
    [one] { $name } anuló su inscripción; { $refund } ficha vuelve a su saldo.
   *[other] { $name } anuló su inscripción; { $refund } fichas vuelven a su saldo.
}
tournament-started = { $pool ->
    [0] Empieza el torneo con { $entrants } { $entrants ->
        [one] jugador
       *[other] jugadores
    }.
   *[other] Empieza el torneo con { $entrants } { $entrants ->
        [one] jugador
       *[other] jugadores
    }; bolsa de premios: { $pool }.
}
tournament-cancelled-refunded = El torneo se canceló antes de empezar: se devolvieron todos los buy-ins.
tournament-cancel-share = • { $name }: { $chips } { $chips ->
    [one] ficha
   *[other] fichas
}
tournament-none-here = No hay ningún torneo en este canal.
tournament-bad-payouts = Los pagos deben ser porcentajes por puesto que sumen 100, como 65/35 o 50/30/20.
tournament-over = Ese torneo ya terminó.
tournament-table-open = Hay una mesa abierta en este canal: ciérrala antes de abrir aquí un torneo.
tournament-in-channel = Ya hay un torneo abierto en este canal.
tournament-bad = Ese torneo no se puede jugar con estos ajustes: sus fichas o su bolsa de premios no se pueden contar. También puede ser que sus reglas no sirvan para su juego.
tournament-already-registered = Ya te inscribiste en este torneo.
tournament-not-registered = No figuras entre los inscritos de este torneo.
tournament-full = El torneo está completo ({ $seats } { $seats ->
    [one] asiento
   *[other] asientos
}).
tournament-already-started = El torneo ya empezó: la inscripción está cerrada y las fichas de torneo no vuelven al saldo.
tournament-too-few = { $entrants ->
    [0] Un torneo necesita al menos dos inscritos para empezar, y todavía no hay ninguno.
    [one] Un torneo necesita al menos dos inscritos para empezar; por ahora solo hay uno.
   *[other] Un torneo necesita al menos dos inscritos para empezar; por ahora hay { $entrants }.
}
tournament-not-running = El torneo no se está jugando.
tournament-unreadable = El banco no puede leer el torneo #{ $tournament } de este canal, así que no se hizo nada. Los demás torneos siguen; el operador del bot ya está avisado.
tournament-missing-permissions = No puedo organizar un torneo en este canal: me { $count ->
    [one] falta el permiso
   *[other] faltan los permisos
} { $permissions }. Pide a un administrador del servidor que me { $count ->
    [one] lo dé
   *[other] los dé
} en Editar canal › Permisos y vuelve a intentarlo. No se cobró ningún buy-in.
tournament-sat-out = En un torneo las fichas no vuelven al saldo: sigues recibiendo cartas, pasas o te retiras automáticamente y pagas el ante de cada mano (y el bring-in cuando te toque). Usa /back para volver a jugar.

# /leaderboard board: las mesas o los torneos
opt-board = Qué clasificación: por fichas o por resultado en torneos
choice-cash = Fichas
choice-tournaments = Torneos, por resultado
tournament-register-button = Inscribirme

# /tournament open computer_players
# En un freeroll ($buy_in 0) no hay buy-in que pague la casa.
tournament-computers-fill = Cuando un moderador lo empiece, los bots 🤖 ocuparán hasta { $seats } { $seats ->
    [one] asiento libre
   *[other] asientos libres
}{ $buy_in ->
    [0] .
   *[other] ; la casa les paga el buy-in.
}
tournament-too-many-computers = Los bots pueden ocupar algunos asientos, nunca todos: tiene que haber menos bots que asientos.

# /history tournament: a sit & go's hands
opt-tournament = El número del torneo, para ver sus manos (las de esta mesa si se omite)

# Torneos como los lleva un director: la estructura, las reglas y el premio añadido al abrirlo,
# el estado antes de empezar, cancelar entre manos, los tratos y los resultados
cmd-tournament-deal = Proponer un trato a los jugadores que quedan (de dos a cuatro): ICM o reparto por fichas
cmd-tournament-results = Puestos, premios y manos de un torneo terminado (por defecto, el último del canal)
opt-levels = Niveles a medida, ante/bring-in/apuesta pequeña/grande x manos: 2/3/10/20x12, 3/5/15/30x12
opt-hands-per-level = Manos por nivel (por defecto 12 en normal y 6 en turbo)
opt-prize = Fichas que se añaden a la bolsa de premios (el premio de un freeroll)
opt-prize-from = De dónde sale el premio añadido: de la casa o de tu saldo
opt-kind = Cómo se reparten los premios que quedan
opt-number = El número del torneo (si no lo pones, el último de este canal)
choice-custom = A medida: los niveles que escribas
choice-house = La casa
choice-own-balance = Mi saldo
choice-icm = ICM
choice-chop = Reparto por fichas
tournament-status-added-prize = { $from } añadió { $prize } { $prize ->
    [one] ficha
   *[other] fichas
} a la bolsa de premios.
tournament-prize-from-house = La casa
tournament-places-only = Freeroll sin premio: se juega solo por los puestos.
tournament-status-levels = Niveles: { $levels }
tournament-status-rules = Reglas, fijadas al abrirlo: una apuesta y hasta { $raises } { $raises ->
    [one] subida
   *[other] subidas
} por ronda, también mano a mano mientras queden tres o más jugadores en el torneo · all-in corto: { $short } · ficha sobrante: { $odd }{ $open_pair ->
    [yes] {" · un par descubierto en cuarta calle permite la apuesta grande"}
   *[no] {""}
}
tournament-status-payouts-full = Pagos con todos los asientos ocupados ({ $seats }): { $payouts }
tournament-status-payouts-now = Si empezara ahora, con { $entrants } { $entrants ->
    [one] jugador
   *[other] jugadores
}: { $payouts }
tournament-status-payouts-now-refused = Si empezara ahora, con { $entrants } { $entrants ->
    [one] jugador
   *[other] jugadores
}, no podría: sus pagos cubren { $places } puestos.
tournament-status-payouts-too-few = Hacen falta al menos dos jugadores para empezar.
tournament-standing-out-paid = • { $name }: fuera, { finishing-place }, cobró { $prize } { $prize ->
    [one] ficha
   *[other] fichas
}
tournament-cancel-waits = El torneo se cancela cuando termine la mano en juego: después no se reparte ninguna más.
tournament-cancel-waiting = El torneo se cancela en cuanto termine la mano en juego.
tournament-cancel-by-player = Sigues jugando este torneo, así que no puedes cancelarlo: puede hacerlo otro moderador. Los jugadores que quedan también pueden cerrar un trato con /tournament deal.
tournament-deal-proposed = { $name } propone un trato ({ $kind }): cada jugador que queda lo acepta con el botón en menos de { $secs } s; si no, se sigue jugando.
tournament-deal-amount = • { $name }: { $chips } { $chips ->
    [one] ficha
   *[other] fichas
}
tournament-deal-amount-accepted = • { $name }: { $chips } { $chips ->
    [one] ficha
   *[other] fichas
} ✅
tournament-deal-made = Todos los jugadores que quedan aceptaron: el torneo termina con este trato.
tournament-deal-accept = Aceptar
tournament-deal-decline = Rechazar
tournament-deal-accepted = { $name } acepta el trato ({ $accepted } de { $of }).
tournament-deal-accepted-made = { $name } acepta: ya aceptaron todos y el torneo termina con el trato.
tournament-deal-declined = { $name } rechaza el trato: se sigue jugando.
tournament-deal-not-in = Solo quien sigue en este torneo puede proponer un trato o responder a uno.
tournament-deal-players = Un trato se cierra entre dos y cuatro jugadores; { $left ->
    [one] queda 1
   *[other] quedan { $left }
}.
tournament-deal-pending = Ya hay un trato esperando la respuesta de los jugadores.
tournament-deal-gone = Ese trato ya no está abierto.
tournament-deal-during-hand = Los tratos se proponen entre manos: proponlo cuando termine la mano en juego.
tournament-payout-places = Unos pagos para { $places } puestos necesitan más jugadores: { $entrants ->
    [0] este torneo no tiene inscritos.
    [one] este torneo tiene 1.
   *[other] este torneo tiene { $entrants }.
}
tournament-prize-needs-source = Di de dónde sale el premio añadido: de la casa o de tu saldo.
tournament-no-results = No hay ningún torneo terminado con ese número en este servidor (o todavía ninguno en este canal).
tournament-results-head = Torneo #{ $number }, { $game }: { $entrants } { $entrants ->
    [one] jugador
   *[other] jugadores
}, { $hands } { $hands ->
    [one] mano
   *[other] manos
}{ $pool ->
    [0] , sin bolsa de premios
   *[other] , bolsa de premios { $pool }
}
tournament-results-deal = Terminó con un trato ({ $kind }).
tournament-levels-missing = Una estructura a medida necesita sus niveles, por ejemplo 2/3/10/20x12, 3/5/15/30x12
tournament-levels-not-custom = Los niveles solo se escriben con la estructura a medida.
tournament-level-unreadable = El nivel { $level } de la estructura no se entiende: escribe cada nivel como ante/bring-in/apuesta pequeña/apuesta grande x manos, por ejemplo 2/3/10/20x12.
tournament-level-stakes = Nivel { $level } de la estructura: { $reason }.
tournament-level-no-hands = El nivel { $level } de la estructura tiene que durar al menos una mano.
tournament-hands-per-level = Un nivel dura de { $min } a { $max } { $max ->
    [one] mano
   *[other] manos
}.
# Una mesa en pausa porque Discord rechaza los mensajes del bot en su canal (403: le quitaron
# un permiso): se muestra en el mensaje de la mesa mientras el bot aún puede editarlo, y con la
# respuesta a cualquier comando o botón del canal.
bot-paused-cannot-post = La mesa está en pausa: no puedo escribir en este canal. Un moderador tiene que devolverme los permisos aquí y usar /table resume.

## Time banks and away players (/table open|settings time_bank:, away_hands:)

opt-time-bank = Segundos del banco de tiempo de cada jugador, que corre cuando se le acaba el tiempo (0: ninguno)
opt-away-hands = Manos que un jugador puede estar ausente antes de levantarlo (fichas al saldo; 0: nunca)

## A table in its own thread (/table open thread:True)

opt-thread = Abrir la mesa en un hilo nuevo de este canal, para que el canal siga con su conversación
permission-create-public-threads = Crear hilos públicos
thread-name = { $game } · { $small }/{ $big }
bot-thread-opened = La mesa está abierta en su propio hilo, { $thread }: siéntate allí con /join.
bot-thread-in-thread = Esto ya es un hilo: abre la mesa aquí sin thread o con él desde el canal.
bot-thread-not-here = Una mesa tiene su propio hilo solo en un canal de texto: ábrela aquí sin thread.
bot-thread-failed = No pude crear el hilo de la mesa aquí. Vuelve a intentarlo o abre la mesa sin thread.
