## Mensajes propios del servicio de mesas y de la terminal (`studbot play`).

lobby-busted = { $name } se quedó sin fichas y no juega: recarga para volver a jugar.
lobby-no-chips = No tienes fichas en esta mesa: recarga primero.
lobby-already-sitting-out = Ya estás fuera de juego.
lobby-not-sitting-out = No estás fuera de juego.
lobby-no-hand = Ahora mismo no se está jugando ninguna mano.
lobby-paused = La mesa está en pausa.
lobby-not-paused = La mesa no está en pausa.
lobby-invalid-settings = No se puede usar esa configuración: { $reason }
lobby-failure = Algo salió mal en la mesa: { $reason }

play-welcome = Stud de siete cartas Hi/Lo, ocho o mejor. Juegas con { $bots } jugadores de la computadora; tu saldo es de { $balance } fichas.
play-buy-in = Entras con { $amount } fichas.
play-prompt = Tu jugada ({ $options }):
play-help =
    Comandos:
      k, pasar · c, igualar · f, retirarse · b, apostar · r, subir · bring-in · completar
      cartas: tus cartas · mesa: la mesa · estado: asientos y fichas
      saldo: tu saldo · ayuda: este texto · salir: cobrar y marcharse
      historial [N]: la última mano, o la mano N, contada
play-bad-input = «{ $input }» no es una de tus opciones: { $options }. Escribe ayuda para ver los comandos.
play-not-now = Eso no se puede hacer ahora; escribe ayuda para ver los comandos.
play-waiting = Esperando la próxima mano…
play-balance = Tu saldo: { $balance } fichas (en la mesa: { $stack }).
play-cashed-out = Cobras { $amount } fichas. Tu saldo es de { $balance } fichas.
play-busted = Te quedaste sin fichas en la mesa. Escribe recargar para volver a entrar, o salir.
play-topped-up = Ahora tienes { $stack } fichas en la mesa.
play-bye = ¡Hasta luego!
play-you = Jugador
play-final-balance = Tu saldo: { $balance } fichas.

# Settling a hand while the bank is slow (issue 9, lobby)
lobby-settling = La mano #{ $hand } terminó y se está liquidando: el resultado llega en cuanto el banco lo confirme. Mientras tanto no se pierde nada.
