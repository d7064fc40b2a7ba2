# Turnamen multi-table: penolakan /tournament schedule, pesan turnamen, pengingat untuk peserta,
# dan /tournament status untuk pemain.

## /tournament schedule ditolak
event-name = Turnamen butuh nama 1 sampai { $max } karakter.
event-start-unreadable = Aku tidak bisa membaca waktu mulai itu. Tulis dari sekarang (dalam 2h, 90m, 1d 4h: d hari, h jam, m menit), sebagai tanggal dan jam dengan selisihnya dari UTC (2026-12-20 20:00 UTC, 2026-12-21 03:00 +07:00) atau sebagai timestamp Discord (<t:1797796800>).
event-start-passed = Waktu mulai itu sudah lewat atau kurang dari { $minutes } menit lagi: pemain butuh waktu untuk mendaftar.
event-start-too-far = Turnamen paling lambat dimulai { $days } hari dari sekarang; waktu mulai itu lebih jauh.
event-level-minutes = Satu level berlangsung { $min } sampai { $max } menit, bukan { $minutes }.
event-custom-level-minutes = Level { $level } di struktur berlangsung { $minutes } menit, padahal satu level harus { $min } sampai { $max } menit.
event-level-unreadable = Level { $level } di struktur tidak bisa dibaca: tulis tiap level sebagai ante/bring-in/taruhan kecil/taruhan besar x menit, misalnya 2/3/10/20x20.
event-starting-stack = Chip awal { $stack } kurang dari taruhan besar level 1 ({ $big_bet }).
event-table-size = Satu meja untuk { $min } sampai { $max } pemain, bukan { $seats }.
event-cap = Batas entry antara { $min } sampai { $max }, bukan { $cap }.
event-late-registration-levels = Late reg paling lama sampai akhir level { $count }: strukturnya hanya punya { $count } level.
event-re-entries-need-late = Re-entry butuh late reg: pemain yang tersingkir hanya bisa buy-in lagi selama late reg masih buka. Isi juga late_registration.
event-re-entries-max = Tiap pemain paling banyak { $max } kali re-entry.
event-payouts-past-cap = Pembagian hadiah untuk { $places } peringkat butuh batas entry di atas { $places }, bukan { $cap }.
event-break-half-given = Break butuh durasinya (break_minutes) dan jaraknya dalam level (break_every) sekaligus.
event-break-minutes = Break berlangsung { $min } sampai { $max } menit.
event-break-every = Break diadakan tiap 1 sampai { $max } level.
event-bad = Turnamen itu tidak bisa dimainkan dengan pengaturan ini: chip atau total hadiahnya terlalu besar untuk dihitung. Bisa juga aturannya tidak cocok dengan permainannya.

## Pesan turnamen, diedit selama turnamen berjalan. $start dan $next adalah timestamp Discord:
## tiap pemain melihatnya di zona waktunya sendiri ("dalam 2 jam").
event-title = **{ $name }** · turnamen multi-table · { $game }
event-starts = Mulai { $start } ({ $relative })
event-buy-in = { $buy_in ->
    [0] Freeroll
   *[other] Buy-in { $buy_in }
} · chip awal { $stack } chip turnamen
event-levels = Level { $max } menit · level 1: ante { $ante }, bring-in { $bring_in }, limit { $small_bet }/{ $big_bet }
event-levels-varied = Level { $min } sampai { $max } menit · level 1: ante { $ante }, bring-in { $bring_in }, limit { $small_bet }/{ $big_bet }
event-late-none = tanpa late reg
event-late = late reg sampai akhir level { $level }
event-tables = Meja { $seats } kursi · { $late } · { $count ->
    [0] tanpa re-entry
   *[other] { $count } kali re-entry
}
event-breaks = Break { $minutes } menit { $count ->
    [one] tiap level
   *[other] tiap { $count } level
}
event-payouts-by-field = Pembagian hadiah menurut jumlah entry: sampai 4 entry, juara ambil semua; di atas 10, 15% entry dapat hadiah
event-payouts-now = Kalau mulai sekarang: { $paid } peringkat dapat hadiah, juara dapat { $chips }
event-payouts-table = Pembagian hadiah: { $payouts }
event-computers-allowed = Bot 🤖 boleh ikut main.
event-registered = { $count ->
    [0] Belum ada yang mendaftar.
   *[other] { $count } pemain sudah mendaftar{ $pool ->
        [0] {""}
       *[other] {" "}· total hadiah { $pool }
    }
}
event-cap-line = Paling banyak { $cap } entry.
event-and-more = dan { $count } lainnya
event-join = Pakai /join atau tombol Daftar untuk mendaftar.
event-level = Level { $level }: ante { $ante }, bring-in { $bring_in }, limit { $small_bet }/{ $big_bet }
event-level-mix = Level { $level }, { $game }: ante { $ante }, bring-in { $bring_in }, limit { $small_bet }/{ $big_bet }
event-next-level = Level naik { $next }
event-on-break = Sedang break: main lagi { $next }
event-last-level = Level terakhir: limit tidak naik lagi.
event-paused = Jam turnamen dihentikan sementara: tidak ada meja yang membagi hand baru.
event-hand-for-hand = Hand-for-hand: tiap meja main satu hand sekaligus sampai bubble pecah.
event-field = { $left } dari { $entries } entry masih bertahan · rata-rata chip { $average } · terbanyak { $largest } ({ $name }) · { $tables } meja
event-pool = { $pool ->
    [0] Freeroll tanpa hadiah: main hanya untuk peringkat.
   *[other] Total hadiah { $pool } · { $paid } peringkat dapat hadiah
}
event-prize = { finishing-place }: { $chips }
event-late-open = Late reg masih buka sampai akhir level { $level }
event-over = Selesai: { $entries } entry{ $pool ->
    [0] , main hanya untuk peringkat.
   *[other] , total hadiah { $pool }.
}

## Pengingat, beberapa menit sebelum mulai, yang menyebut semua peserta.
event-reminder = **{ $name }** mulai { $start }: siap-siap duduk di meja.

## /tournament status untuk pemain turnamen multi-table (pribadi).
event-status-not-in = Kamu tidak ikut turnamen ini.
event-status-seat = Kamu di meja { $table }, kursi { $seat }.
event-status-stack = Chip kamu: { $chips } (rata-rata chip { $average }) · peringkat chip { $rank } dari { $left }
event-status-level = Level { $level }, { $game }: ante { $ante }, limit { $small_bet }/{ $big_bet }
event-status-out = { $chips ->
    [0] Kamu tersingkir di { finishing-place }, tanpa hadiah.
   *[other] Kamu tersingkir di { finishing-place } dan dapat hadiah { $chips } chip.
}
event-status-out-unplaced = Kamu tersingkir: peringkatmu ditentukan saat late reg ditutup.
event-status-re-enter = Kamu boleh re-entry selama late reg masih buka: pakai /join untuk buy-in lagi.

## Pesan turnamen setelah dibatalkan moderator.
event-cancelled-refunded = Dibatalkan sebelum ada yang tersingkir: semua buy-in dikembalikan.
event-cancelled-shares = Dibatalkan: hadiah yang sudah didapat tetap berlaku, dan sisa hadiah dibagi menurut ICM (nilai chip mereka dalam hadiah) kepada pemain yang masih bertahan:

## Jawaban /tournament schedule (pribadi, ke moderator); penolakannya karena izin.
event-scheduled = **{ $name }** sudah dijadwalkan: mulai { $start } ({ $relative }). Pendaftaran lewat pesannya di channel ini.
event-missing-permissions = Aku tidak bisa menjalankan turnamen multi-table di channel ini: aku belum punya izin { $permissions }, dan tiap meja main di thread-nya sendiri di bawah channel ini. Minta admin server memberiku izin itu di Edit Saluran › Izin, lalu coba lagi. Belum ada yang dijadwalkan.

## Mendaftar dan batal mendaftar (tiap jawaban hanya untuk pemainnya).
event-unregister-button = Batal daftar
event-entered = Kamu sudah terdaftar di **{ $name }**: { $buy_in ->
    [0] ini freeroll
   *[other] buy-in { $buy_in } milikmu sudah masuk total hadiah
}. Mulai { $start }; sebelum itu kamu bisa pakai /leave untuk batal mendaftar.
event-entered-late = Kamu ikut **{ $name }** ({ $entry ->
    [1] entry pertamamu
   *[other] entry ke-{ $entry }
}{ $buy_in ->
    [0] {""}
   *[other] , buy-in { $buy_in }
}): thread mejamu memberi tahu di mana kamu duduk.
event-unregistered = Kamu batal mendaftar di **{ $name }**{ $refund ->
    [0] .
   *[other] : buy-in { $refund } milikmu sudah kembali ke saldo.
}
event-status-registered = Kamu sudah terdaftar.

## Penolakan turnamen.
event-already-in = Kamu sudah ikut turnamen ini.
event-registration-closed = Pendaftaran turnamen ini sudah ditutup.
event-no-re-entry-left = Jatah re-entry kamu di turnamen ini sudah habis.
event-full = Turnamen sudah penuh: paling banyak { $cap } entry.
event-over-refused = Turnamen ini sudah selesai.
event-not-registered = Kamu belum terdaftar di turnamen ini.
event-unregister-started = Turnamen sudah mulai: sekarang tidak ada yang bisa batal mendaftar.
event-not-started = Turnamen belum mulai.
event-none-here = Tidak ada turnamen multi-table di channel ini.
event-already-paused = Turnamen sudah dijeda.
event-not-paused = Turnamen tidak sedang dijeda.

## Perintah moderator, diumumkan di channel.
event-paused-by = ⏸ { $name } menjeda turnamen: jam berhenti, dan tiap meja berhenti begitu hand-nya selesai.
event-resumed-by = ▶ { $name } melanjutkan turnamen: jam jalan lagi.
event-cancel-after-hands = **{ $name }** sedang dibatalkan: begitu hand di tiap meja selesai, chip diselesaikan seperti yang ditunjukkan pesan turnamen.
event-cancelled-now = **{ $name }** dibatalkan: semua buy-in dikembalikan.

## Thread tiap meja, dan pemain yang pindah meja.
event-thread-name = { $name } · Meja { $table }
# Baris di atas papan meja turnamen, di thread-nya.
event-table-board = **{ $name }** · Meja { $table } · level { $level }: ante { $ante }, bring-in { $bring_in }, limit { $small_bet }/{ $big_bet } · sisa { $left } pemain
event-moved = { $user } pindah dari meja { $from } ke meja { $to }: kursimu di sini.

## /tournament schedule, pause dan resume: perintah dan opsinya seperti yang ditampilkan Discord.
cmd-tournament-schedule = Jadwalkan turnamen multi-table di channel ini, tiap meja di thread-nya (moderator)
cmd-tournament-pause = Jeda turnamen multi-table di channel ini: jam dan semua meja berhenti (moderator)
cmd-tournament-resume = Lanjutkan turnamen multi-table yang dijeda di channel ini (moderator)
opt-name = Nama turnamen, seperti yang muncul di pesannya dan di thread mejanya
opt-start = Kapan mulai: dalam 2h, 2026-12-20 20:00 UTC, 2026-12-20 21:00 +01:00 atau <t:1797796800>
opt-starting-stack = Chip turnamen untuk tiap entry (bawaan: 30 taruhan besar level 1)
opt-timed-levels = Level custom, ante/bring-in/bet kecil/bet besar x menit: 2/3/10/20x20, 3/5/15/30x20
opt-minutes-per-level = Menit tiap level, 3 sampai 120 (bawaan: 20 biasa, 10 turbo)
opt-table-size = Kursi di tiap meja, 2 sampai 8 (bawaan: 7)
opt-cap = Jumlah entry paling banyak, re-entry ikut dihitung (bawaan: tanpa batas)
opt-late-registration = Late reg sampai akhir level ini (bawaan: tidak ada)
opt-re-entries = Berapa kali pemain yang tersingkir boleh buy-in lagi selama late reg (bawaan: 0)
opt-computers-allowed = Apakah bot boleh didaftarkan (buy-in mereka dari akun bandar server)
opt-break-minutes = Break selama sekian menit (bersama break_every)
opt-break-every = Break setiap sekian level (bersama break_minutes)
## /tournament computers: bot yang didaftarkan admin server (jawaban hanya untuk yang meminta).
event-computers-entered = 🤖 { $count } bot sudah masuk **{ $name }**. { $paid ->
    [0] Ini freeroll: tidak ada buy-in yang perlu dibayar.
   *[other] Bandar sudah bayar buy-in mereka, total { $paid } chip.
} Sekarang ada { $entries } entry.
event-computers-entered-partly = 🤖 Cuma { $entered } dari { $count } bot yang masuk **{ $name }**; sisanya tertahan:
event-computers-not-allowed = Turnamen ini dijadwalkan tanpa bot, jadi tidak ada bot yang bisa didaftarkan.
event-computers-none-asked = Daftarkan minimal 1 bot.
event-computers-past-cap = { $room ->
    [0] Turnamen sudah penuh
   *[other] Cuma muat { $room } entry lagi
} (paling banyak { $cap } entry). Tidak ada bot yang didaftarkan.
event-computers-too-many = Satu turnamen paling banyak { $most } bot. Tidak ada bot yang didaftarkan.
event-computers-house-short = Bandar tidak bisa membayar buy-in untuk { $count } bot ({ $needed } chip): bandar punya { $held }, dan { $left ->
    [0] tidak ada lagi chip baru yang boleh dibuat untuknya
   *[other] chip baru yang masih boleh dibuat untuknya hanya { $left }
}. Tidak ada bot yang didaftarkan.
cmd-tournament-computers = Daftarkan bot ke turnamen multi-table di channel ini, buy-in dari bandar (admin server)
opt-count = Berapa bot yang didaftarkan
event-seated = { $users }: kursimu di meja ini. Semoga beruntung!
