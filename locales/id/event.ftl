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
