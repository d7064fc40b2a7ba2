## Pesan layanan meja sendiri, dan pesan terminal (`studbot play`).

lobby-busted = Chip { $name } habis; dia istirahat sampai isi ulang chip.
lobby-no-chips = Kamu tidak punya chip di meja ini: isi ulang dulu.
lobby-already-sitting-out = Kamu memang sedang istirahat.
lobby-not-sitting-out = Kamu tidak sedang istirahat.
lobby-no-hand = Tidak ada hand yang sedang dimainkan.
lobby-paused = Meja sedang dijeda.
lobby-not-paused = Meja tidak sedang dijeda.
# $reason adalah salah satu pesan settings-* di bawah.
lobby-invalid-settings = Pengaturan itu tidak bisa dipakai: { $reason }.
lobby-failure = Ada yang error di meja. Coba lagi ya.

## Kenapa pengaturan meja ditolak. Masing-masing melanjutkan kalimat lobby-invalid-settings.

settings-bring-in-zero = bring-in paling sedikit 1 chip
settings-small-bet-zero = taruhan kecil harus lebih dari 0
settings-bring-in-above-small-bet = bring-in ({ $bring_in }) tidak boleh lebih besar dari taruhan kecil ({ $small_bet })
settings-big-bet-not-above-small-bet = taruhan besar ({ $big_bet }) harus lebih besar dari taruhan kecil ({ $small_bet })
settings-seats = meja punya { $min } sampai { $max } kursi, bukan { $seats }
settings-min-buy-in-below-big-bet = buy-in minimum ({ $min_buy_in }) paling sedikit sebesar taruhan besar ({ $big_bet })
settings-buy-in-range = buy-in maksimum ({ $max_buy_in }) tidak boleh lebih kecil dari buy-in minimum ({ $min_buy_in })
settings-action-timer = waktu untuk bertindak harus antara { $min } dan { $max } detik, bukan { $seconds }
settings-between-hands = jeda antar-hand paling lama { $max } detik, bukan { $seconds }
settings-max-raises = jumlah raise per putaran taruhan harus antara { $min } dan { $max }, bukan { $raises }
settings-mix-hands = jumlah hand tiap permainan dalam mix harus antara { $min } dan { $max }, bukan { $hands }
settings-open-pair-in-razz = Razz tidak punya taruhan besar untuk pair terbuka di Fourth Street: matikan opsi itu untuk meja Razz

## Terminal (`studbot play`)

play-welcome = { $game }. Kamu bermain melawan { $bots } bot; saldomu { $balance } chip.
play-buy-in = Kamu duduk dengan { $amount } chip.
play-prompt = Pilih aksi — { $options }:
play-data-dir = Saldomu disimpan di { $dir }.
play-timer-rule = Waktumu { $seconds } dtk untuk setiap aksi. Kalau waktu habis, kamu otomatis check kalau tidak ada taruhan dan fold kalau ada taruhan yang harus di-call; saat bring-in, kamu otomatis bring-in.
play-no-hand-yet = Belum ada hand yang dimainkan.
play-tournament-ended = Turnamen sudah selesai: “riwayat [N]” menampilkan hand-nya, “keluar” untuk pergi.
play-help =
    Yang bisa kamu ketik (kata lengkap atau hurufnya):
      check (k) · call (c) · fold (f) · bet atau pasang (b) · raise atau naik (r) · bring-in · complete
      “c” berarti check kalau tidak ada taruhan; “b” dan “r” memasang bet atau raise yang ditawarkan.
      Jumlahnya boleh ditulis sesudahnya, seperti di pilihanmu: “bet 5”, “raise ke 20”.
      “kartu”: kartumu · “meja”: tampilan meja · “status”: kursi dan chip
      “saldo”: saldomu · “isi [N]”: isi lagi sampai buy-in-mu atau tambah N chip · “riwayat [N]”: hand terakhir atau hand N
      “bantuan”: teks ini · “keluar”: tinggalkan meja, chipmu kembali ke saldo
      pre check/fold · pre check · pre call · pre call berapa pun · pre fold · pre batal: pilih dulu apa yang dilakukan saat giliranmu tiba (pemain lain tidak melihatnya)
      “waktu” (+30): tambah 30 detik dari time bank kamu, saat giliranmu · “kembali”: main lagi setelah kamu diistirahatkan meja
play-bad-input = “{ $input }” bukan pilihanmu sekarang: { $options }.
play-unknown-word = Aku tidak mengerti “{ $input }”. Ketik “bantuan” untuk melihat kata yang bisa dipakai.
play-not-now = Itu tidak bisa sekarang; ketik “bantuan” untuk melihat perintah.
play-waiting = Menunggu hand berikutnya…
play-balance = Saldomu: { $balance } chip (di meja: { $stack }).
play-cashed-out = { $amount ->
    [0] Kamu meninggalkan meja.
   *[other] Kamu meninggalkan meja; { $amount } chip kembali ke saldomu.
}
play-leaving-after-hand = Kamu akan meninggalkan meja setelah hand ini selesai.
play-busted = Chipmu di meja habis, dan meja menunggumu: ketik “isi” untuk beli chip lagi (“isi 150” untuk jumlah lain) atau “keluar” untuk berhenti.
play-topped-up = Sekarang kamu punya { $stack } chip di meja.
play-bye = Sampai jumpa!
play-other-amount = “{ $input }”: yang ditawarkan { $offered }.
play-ambiguous-r = Raise atau fold? Ketik “raise” atau “fold”.
play-not-your-turn = Belum giliranmu: ketik lagi saat giliranmu muncul.
play-pre-not-offered = “{ $input }” tidak bisa dipilih sekarang. Yang bisa: { $options }.
play-pre-none = “{ $input }”: sekarang belum ada yang bisa dipilih dulu; pilihan sebelum giliran hanya bisa dibuat selama hand yang kamu ikuti sedang berjalan.
play-time-added = +{ $added } dtk dari time bank kamu (sisa { $left } dtk).
play-away-sat-out = Meja sudah dua kali berturut-turut bertindak untukmu, jadi sekarang kamu istirahat. Ketik “kembali” supaya dibagi kartu lagi; kalau { $hands } hand kamu masih tidak ada, kamu dikeluarkan dari meja dan chipmu kembali ke saldo.
play-away-sat-out-dealt-in = Meja sudah dua kali berturut-turut bertindak untukmu, jadi sekarang kamu istirahat: kamu tetap dibagi kartu, dan otomatis check atau fold. Ketik “kembali” supaya bisa main sendiri lagi.
play-topup-not-needed = Kamu punya { $stack } chip di meja: “isi” hanya mengisi sampai { $target } chip.
play-you = Kamu
play-final-balance = Saldomu: { $balance } chip.

# Settling a hand while the bank is slow (issue 9, lobby)
lobby-settling = Hand #{ $hand } sudah selesai dan chipnya sedang dihitung: hasilnya muncul begitu bank mengonfirmasinya. Tidak ada yang hilang sementara itu.
lobby-waiting-for-bank = Hand #{ $hand } menunggu bank yang lambat menjawab: kartu dibagikan begitu bank menjawab. Tidak ada yang hilang sementara itu.

## Turnamen di terminal (`studbot play --tournament`)

play-tournament-welcome = Turnamen { $game } untuk { $entrants } pemain: { $buy_in ->
    [0] freeroll
   *[other] buy-in { $buy_in }, total hadiah { $pool }
}; semua mulai dengan { $stack } chip turnamen. Pemain terakhir yang masih punya chip menang.
play-tournament-resumed = Turnamen yang kamu tinggalkan dilanjutkan dari hand { $hand }.
play-tournament-header = Level { $level }: ante { $ante }, bring-in { $bring_in }, limit { $small_bet }/{ $big_bet } · { $next ->
    [0] level terakhir
   *[other] level naik dalam { $next } hand
} · sisa { $left } pemain · rata-rata chip { $average }
# Peringkat seperti yang diucapkan pemain: "peringkat 4" (bukan "juara 4", yang hanya untuk
# juara pertama).
finishing-place = peringkat { $place }
play-tournament-out = { $name } tersingkir di { finishing-place }.
# Semua peringkat ditulis: yang tidak dapat hadiah tidak "memenangkan 0 chip".
play-tournament-place = { $chips ->
    [0] Peringkat { $place }: { $name } (tanpa hadiah).
   *[other] Peringkat { $place }: { $name } dapat hadiah { $chips } chip.
}
play-tournament-over = Turnamen selesai setelah { $hands } hand.
play-tournament-quit = Turnamen disimpan di hand ini: jalankan lagi { $command } untuk melanjutkan.
play-structure-without-tournament = { $structure } hanya untuk turnamen: tambahkan { $tournament }
play-tournament-help =
    Yang bisa kamu ketik (kata lengkap atau hurufnya):
      check (k) · call (c) · fold (f) · bet atau pasang (b) · raise atau naik (r) · bring-in · complete
      “c” berarti check kalau tidak ada taruhan; “b” dan “r” memasang bet atau raise yang ditawarkan.
      Jumlahnya boleh ditulis sesudahnya, seperti di pilihanmu: “bet 5”, “raise ke 20”.
      “kartu”: kartumu · “meja”: tampilan meja · “status”: level, limit, dan chip
      “riwayat [N]”: hand terakhir di mejamu atau hand N
      “bantuan”: teks ini · “keluar”: berhenti; turnamen menunggu di hand ini
settings-computer-players = bot boleh mengisi paling banyak { $max } kursi di sini (satu selalu tersisa untuk manusia), bukan { $computer_players }
settings-computer-buy-in = bot masuk dengan buy-in maksimum, yang di server ini paling banyak { $limit } di meja yang ada botnya, bukan { $max_buy_in }
lobby-computer-gives-seat = Meja sudah penuh, tapi ada bot di sini: bot itu akan memberikan kursinya kepadamu setelah hand ini selesai, dan kamu ikut di hand berikutnya (pakai /leave kalau berubah pikiran).

## A sit & go dealt at its channel's table

lobby-tournament-board = Level { $level } · { $next ->
    [0] level terakhir
   *[other] level naik dalam { $next } hand
} · sisa { $left } pemain · rata-rata chip { $average }
lobby-tournament-resumed = Turnamen dilanjutkan dari hand { $hand }, dengan chip setiap pemain seperti saat hand itu dimulai.
# Jeda dari moderator tetap berlaku setelah restart: turnamen kembali, tapi menunggu /table resume.
lobby-tournament-resumed-paused = Turnamen dipulihkan di hand { $hand } dan masih dijeda: moderator bisa melanjutkannya dengan /table resume.
lobby-sit-and-go-table = Ini meja turnamen: sampai turnamen selesai, tidak bisa beli chip atau isi ulang di sini, dan chip turnamen tidak bisa dikembalikan ke saldo (pemain yang istirahat tetap membayar ante, serta bring-in kalau kena).

## Kabar turnamen: pemain yang tersingkir dan dapat hadiah, limit level baru, pembatalan, deal
tournament-out-paid = { $name } tersingkir di { finishing-place } dan dapat hadiah { $prize } chip.
tournament-over-deal = Turnamen selesai dengan deal ({ $kind ->
    [icm] ICM
   *[other] chip chop
}) setelah { $hands } hand.
lobby-tournament-level-begins = Level { $level } dimulai: ante { $ante }, bring-in { $bring_in }, limit { $small_bet }/{ $big_bet } · sisa { $left } pemain · rata-rata chip { $average }
tournament-cancel-refund = Turnamen dibatalkan sebelum ada yang tersingkir: semua buy-in dikembalikan, dan hadiah tambahan kembali ke yang memberinya.
tournament-cancelled-shares = Turnamen dibatalkan: hadiah yang sudah dibayar tetap berlaku, dan sisa hadiah dibagi dengan ICM di antara pemain yang masih bertahan (nilai chip mereka dalam hadiah):
tournament-deal-lapsed = Tidak semua pemain yang tersisa menerima deal tepat waktu: permainan berlanjut.
tournament-deal-void = Deal batal: chip di meja sudah berubah sejak deal diusulkan. Permainan berlanjut, dan deal baru boleh diusulkan.
tournament-deal-off = Deal itu sudah tidak berlaku: permainan berlanjut, dan deal baru boleh diusulkan.
tournament-deal-still-open = Deal yang diusulkan sebelum bot restart dibuka lagi: { $secs } dtk untuk menerimanya dengan tombolnya.

## Time banks and away players (settings)

settings-time-bank = time bank paling lama { $max } detik, bukan { $seconds }
settings-away-hands = pemain boleh istirahat paling lama { $max } hand sebelum dikeluarkan dari meja, bukan { $hands }

## Pre-actions and the time bank (refusals)

lobby-pre-action-stale = Pilihan itu sudah tidak cocok: street atau taruhannya sudah berubah.
lobby-your-turn-now = Sekarang giliranmu: pilih di pesan meja.
lobby-time-bank-empty = Time bank kamu sudah habis.
lobby-time-bank-running = Time bank kamu sudah berjalan.

## `play --tournament --table-size`: turnamen multi-table di terminal.
play-players-range = Satu meja muat 2 sampai 8 pemain, bukan { $players }: kalau lebih, main turnamen multi-table ({ $flags }).
play-event-players-few = Turnamen multi-table butuh pemain lebih banyak dari kursi satu meja: { $players_flag } { $players } dengan { $size_flag } { $size }. Untuk satu meja, main turnamen satu meja ({ $tournament_flag } tanpa { $size_flag }).
play-event-players-cap = Turnamen multi-table paling banyak { $cap } pemain, bukan { $players }.
play-event-computers = Bandar punya { $computers } bot: bersama kamu, turnamen multi-table di sini paling banyak { $most } pemain, bukan { $players }.
play-event-welcome = Turnamen multi-table { $game } untuk { $players } pemain di meja isi { $size }: { $buy_in ->
    [0] freeroll
   *[other] buy-in { $buy_in }
}, chip awal { $stack }.
play-event-resumed = Turnamen multi-table yang kamu tinggalkan lanjut: { $players } pemain { $game } di meja isi { $size }.
play-event-moved = Kamu pindah dari meja { $from } ke meja { $to }, kursi { $seat }.
play-event-table-broken = Meja { $table } kamu dibubarkan: kamu pindah ke meja lain.
play-event-your-finish = Kamu finis di { finishing-place }, tanpa hadiah. Turnamen lanjut sampai selesai.
play-event-your-prize = Kamu finis di { finishing-place } dan dapat hadiah { $prize } chip. Turnamen lanjut sampai selesai.
play-event-over = Turnamen multi-table selesai:
play-event-quit = Turnamen disimpan: jalankan lagi { $command } untuk melanjutkan.
play-event-final-table = Final table: kamu dapat kursi { $seat } di meja { $table }.
