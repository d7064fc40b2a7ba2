# Discord: deskripsi perintah dan opsi (paling banyak 100 karakter) serta jawaban singkat
# dari bot.

cmd-table = Meja poker di channel ini
cmd-table-open = Buka meja stud di channel ini: Stud Hi/Lo, Stud, Razz, atau mix (moderator)
cmd-table-close = Tutup meja channel ini; chip hand yang sedang berjalan dikembalikan (moderator)
cmd-table-pause = Jeda meja: tidak ada hand baru yang dimulai (moderator)
cmd-table-resume = Lanjutkan meja yang dijeda (moderator)
cmd-table-kick = Keluarkan pemain dari meja; chipnya kembali ke saldonya (moderator)
cmd-table-settings = Ubah pengaturan meja mulai hand berikutnya (moderator)
cmd-table-status = Lihat meja: limit, kursi, dan chip
cmd-join = Duduk di meja channel ini
cmd-leave = Tinggalkan meja (setelah hand ini selesai jika kamu ikut bermain)
cmd-sitout = Istirahat mulai hand berikutnya tanpa kehilangan kursi
cmd-back = Kembali bermain setelah istirahat
cmd-cards = Lihat kartumu (hanya kamu yang bisa melihat)
cmd-balance = Lihat saldo chip kamu atau pemain lain
cmd-daily = Ambil chip harianmu
cmd-give = Berikan sebagian chipmu kepada pemain lain
cmd-leaderboard = Papan peringkat server ini: chip terbanyak atau hasil turnamen terbaik
cmd-stats = Hand yang dimainkan, pot yang dimenangkan, dan hasil bersih chip
cmd-history = Riwayat salah satu hand terbaru di meja ini
cmd-rules = Aturan main permainan di meja channel ini (Stud Hi/Lo kalau belum ada meja)
cmd-chips = Buat atau hapus chip (admin server)
cmd-chips-grant = Beri pemain chip baru (admin server)
cmd-chips-take = Ambil chip dari pemain (admin server)

opt-ante = Ante yang dipasang setiap pemain di setiap hand
opt-bring-in = Bring-in (taruhan paksa) pemain dengan kartu terbuka terendah (di Razz: tertinggi)
opt-small-bet = Taruhan kecil: di Third dan Fourth Street
opt-big-bet = Taruhan besar: di Fifth, Sixth, dan Seventh Street
opt-min-buy-in = Buy-in minimum
opt-max-buy-in = Buy-in maksimum
opt-seats = Jumlah kursi, 2 sampai 8
opt-timer = Waktu bertindak tiap pemain (detik)
opt-between-hands = Jeda antar-hand (detik)
opt-max-raises = Raise yang diizinkan per putaran taruhan setelah bet
opt-heads-up-uncapped = Tanpa batas raise saat tinggal dua pemain
opt-short-all-in = Kapan all-in yang kurang dari taruhan penuh membuka kembali taruhan
opt-odd-chip = Siapa yang mendapat chip sisa dari pot yang dibagi
opt-open-pair-big-bet = Pair terbuka di Fourth Street membolehkan taruhan besar (Stud dan Stud Hi/Lo)
opt-buy-in = Chip yang kamu bawa ke meja
opt-user = Pemainnya
opt-amount = Jumlah chip
opt-hand = Nomor hand (hand terakhir jika dikosongkan)

choice-half-bet = Setengah taruhan atau lebih membuka kembali
choice-full-bet = Hanya taruhan penuh yang membuka kembali
choice-by-suit = Menurut suit
choice-first-seat = Kursi pertama di kiri dealer
opt-game = Permainan: Stud Hi/Lo, Stud, Razz, atau mix ketiganya
opt-mix-hands = Dalam mix, jumlah hand tiap permainan sebelum berganti
choice-stud8 = Seven Card Stud Hi/Lo, eight or better
choice-stud = Seven Card Stud, high saja
choice-razz = Razz, hand terendah menang
choice-mix = Mix: Razz, Stud, Stud Hi/Lo bergiliran

bot-guild-only = Gunakan perintah ini di channel server.
bot-shutting-down = Bot sedang restart. Coba lagi sebentar lagi.
bot-unknown-button = Tombol ini sudah tidak berlaku.
bot-failed = Ada yang error di sistem bot. Coba lagi ya.
bot-no-history = Hand itu tidak ada di riwayat meja ini.
bot-dm-closed-mark = 📵 { $names }: DM tertutup; kartunya ada di “Kartuku” dan /cards.
bot-stopping-mid-hand = Bot sedang restart. Hand #{ $hand } berhenti di sini: saat bot kembali, setiap pemain mendapat kembali chip yang dimilikinya di awal hand.
bot-your-turn = { $mention }, giliranmu: { $options } ({ $seconds } dtk)
bot-refused = Tidak berhasil: { $reason }
bot-account-too-new = Akun Discord kamu masih terlalu baru untuk mengambil chip harian. Coba lagi beberapa hari lagi.
bot-bots-hold-no-chips = Bot tidak memegang chip: tidak ada saldo untuk dilihat atau diubah.
bot-stopped-mid-hand = Bot sedang restart. Hand #{ $hand } dibatalkan: setiap pemain mendapat kembali chip yang dimilikinya di awal hand.

# Issue 10: bahasa meja (/table open language:, /table settings language:)
opt-language = Bahasa pesan meja atau bahasa server
choice-en = Bahasa Inggris
choice-es = Bahasa Spanyol
choice-id = Bahasa Indonesia
choice-server = Bahasa server

# Issue 8: a command's private acknowledgement when its public answer follows a deferral; /ping
bot-done = Selesai: jawabannya ada di channel.
bot-pings-on = Kamu akan di-mention saat giliranmu.
bot-pings-off = Kamu tidak akan di-mention lagi saat giliranmu; pesan meja tetap menunjukkan giliran siapa.
cmd-ping = Atur mention saat giliranmu
cmd-ping-on = Mention aku saat giliranku
cmd-ping-off = Jangan mention aku saat giliranku

# Issue 13: /table open di channel tempat bot tidak punya izin yang dibutuhkannya. Nama izin
# mengikuti pengaturan channel Discord dalam bahasa Indonesia.
bot-missing-permissions = Aku tidak bisa membuka meja di channel ini: aku belum punya izin { $permissions }. Minta admin server memberiku izin itu di Edit Saluran › Izin, lalu buka meja lagi.
permission-view-channel = Lihat Saluran
permission-send-messages = Kirim Pesan
permission-send-messages-in-threads = Kirim Pesan di Utas

# Bot di meja (/table open|settings computer_players:, computer_level:)
opt-computer-players = Kursi yang boleh diisi bot saat pemain kurang (0: tidak ada)
opt-computer-level = Level bot di meja ini: mudah atau sulit
choice-easy = Mudah: untuk pemula
choice-good = Sulit: bermain berdasarkan equity
opt-house = Akun bandar server, yang dipakai bot untuk bermain (admin server)
bot-not-staff = Hanya admin server yang bisa melakukan itu: pemegang peran moderator, izin “Kelola Server”, atau izin “Administrator” di seluruh server. Izin di satu channel saja tidak cukup.
bot-rights-unknown = Discord belum memastikan apakah kamu boleh melakukan itu, jadi tidak ada yang diubah. Coba lagi sebentar lagi.
# Turnamen (/tournament, serta /join dan /leave selama pendaftaran)
cmd-tournament = Turnamen di channel ini
cmd-tournament-open = Buka turnamen di channel ini: pemain mendaftar dengan /join (moderator)
cmd-tournament-start = Mulai turnamen dengan pemain yang sudah mendaftar, minimal dua (moderator)
cmd-tournament-cancel = Batalkan turnamen di antara hand: buy-in kembali atau sisa hadiah dibagi menurut ICM (moderator)
cmd-tournament-status = Lihat turnamen: peserta, total hadiah, struktur, pembagian hadiah; meja dan chip kamu
opt-structure = Seberapa cepat limit naik: biasa, turbo (level separuh lebih singkat) atau custom (level buatanmu)
opt-payouts = Persentase hadiah per peringkat, misalnya 65/35 (bawaan menurut jumlah peserta)
choice-regular = Biasa
choice-turbo = Turbo
tournament-opened = Turnamen dibuka di channel ini: pakai /join untuk mendaftar sebelum dimulai.
# $game: nama lengkap permainan, atau mix dengan urutannya (game-mix-by-level). Buy-in 0 berarti
# freeroll: tanpa buy-in, tidak ada total hadiah.
tournament-status-head = Turnamen { $game } · { $entrants }/{ $seats } peserta · { $buy_in ->
    [0] freeroll
   *[other] buy-in { $buy_in }{ $pool ->
        [0] {""}
       *[other] {" "}· total hadiah { $pool }
    }
}
tournament-status-structure = Semua mulai dengan { $stack } chip turnamen · level 1: ante { $ante }, bring-in { $bring_in }, limit { $small_bet }/{ $big_bet }, { $hands } hand per level
tournament-status-payouts = Pembagian hadiah: { $payouts }
tournament-standing-in = • { $name }: { $chips } chip
tournament-standing-out = • { $name }: tersingkir, { finishing-place }
tournament-registered = { $pool ->
    [0] { $name } mendaftar ({ $entrants }/{ $seats }).
   *[other] { $name } mendaftar ({ $entrants }/{ $seats }); total hadiah { $pool }.
}
tournament-unregistered = { $refund ->
    [0] { $name } batal mendaftar.
   *[other] { $name } batal mendaftar; { $refund } chip kembali ke saldonya.
}
tournament-started = { $pool ->
    [0] Turnamen dimulai dengan { $entrants } pemain.
   *[other] Turnamen dimulai dengan { $entrants } pemain; total hadiah { $pool }.
}
tournament-cancelled-refunded = Turnamen dibatalkan sebelum dimulai: semua buy-in dikembalikan.
tournament-cancel-share = • { $name }: { $chips } chip
tournament-none-here = Tidak ada turnamen di channel ini.
tournament-bad-payouts = Pembagian hadiah harus berupa persentase per peringkat yang berjumlah 100, misalnya 65/35 atau 50/30/20.
tournament-over = Turnamen itu sudah selesai.
tournament-table-open = Ada meja yang terbuka di channel ini: tutup dulu sebelum membuka turnamen di sini.
tournament-in-channel = Sudah ada turnamen yang terbuka di channel ini.
tournament-bad = Turnamen itu tidak bisa dimainkan dengan pengaturan ini: chip atau total hadiahnya terlalu besar untuk dihitung. Bisa juga aturannya tidak cocok dengan permainannya.
tournament-already-registered = Kamu sudah terdaftar di turnamen ini.
tournament-not-registered = Kamu tidak terdaftar di turnamen ini.
tournament-full = Turnamen sudah penuh ({ $seats } kursi).
tournament-already-started = Turnamen sudah dimulai: pendaftaran sudah ditutup, dan chip turnamen tidak bisa dikembalikan ke saldo.
tournament-too-few = { $entrants ->
    [0] Turnamen butuh minimal dua peserta untuk dimulai; belum ada yang mendaftar.
    [one] Turnamen butuh minimal dua peserta untuk dimulai; baru satu yang mendaftar.
   *[other] Turnamen butuh minimal dua peserta untuk dimulai; baru ada { $entrants }.
}
tournament-not-running = Turnamen tidak sedang dimainkan.
tournament-unreadable = Bank tidak bisa membaca turnamen #{ $tournament } di channel ini, jadi tidak ada yang dilakukan. Turnamen lain tetap jalan; pengelola bot sudah diberi tahu.
tournament-missing-permissions = Aku tidak bisa menjalankan turnamen di channel ini: aku belum punya izin { $permissions }. Minta admin server memberiku izin itu di Edit Saluran › Izin, lalu coba lagi. Belum ada buy-in yang diambil.
tournament-sat-out = Di turnamen, chip tidak bisa dikembalikan ke saldo: kamu tetap dibagi kartu, kamu otomatis check atau fold, dan ante (serta bring-in kalau kena) tetap dibayar. Pakai /back untuk main lagi.

# /leaderboard board: meja atau turnamen
opt-board = Papan peringkat yang mana: chip atau hasil bersih turnamen
choice-cash = Chip
choice-tournaments = Turnamen, menurut hasil bersih
tournament-register-button = Daftar

# /tournament open computer_players
# Di freeroll ($buy_in 0) tidak ada buy-in yang dibayar bandar.
tournament-computers-fill = Saat moderator memulainya, bot 🤖 mengisi sampai { $seats } kursi kosong{ $buy_in ->
    [0] .
   *[other] ; buy-in mereka dibayar bandar.
}
tournament-too-many-computers = Bot boleh mengisi sebagian kursi, tidak semuanya: jumlah bot harus lebih sedikit dari jumlah kursi.

# /history tournament: a sit & go's hands
opt-tournament = Nomor turnamen, untuk melihat hand-nya (hand meja ini jika dikosongkan)

# Turnamen seperti yang dijalankan tournament director: struktur, aturan, dan hadiah tambahan
# saat dibuka, status sebelum dimulai, pembatalan di antara hand, deal, dan hasil
cmd-tournament-deal = Usulkan deal ke pemain yang tersisa (dua sampai empat): ICM atau chip chop
cmd-tournament-results = Peringkat, hadiah, dan jumlah hand turnamen yang selesai (bawaan: yang terakhir di channel ini)
opt-levels = Level custom, ante/bring-in/bet kecil/bet besar x hand: 2/3/10/20x12, 3/5/15/30x12
opt-hands-per-level = Jumlah hand per level (bawaan 12 untuk biasa, 6 untuk turbo)
opt-prize = Chip tambahan untuk total hadiah (hadiah freeroll)
opt-prize-from = Asal hadiah tambahan: bandar atau saldomu sendiri
opt-kind = Cara membagi sisa hadiah
opt-number = Nomor turnamen (yang terakhir di channel ini jika dikosongkan)
choice-custom = Custom: level yang kamu tulis
choice-house = Bandar
choice-own-balance = Saldoku
choice-icm = ICM
choice-chop = Chip chop (dibagi menurut chip)
tournament-status-added-prize = { $from } menambahkan { $prize } chip ke total hadiah.
tournament-prize-from-house = Bandar
tournament-places-only = Freeroll tanpa hadiah: hanya memperebutkan peringkat.
tournament-status-levels = Level: { $levels }
tournament-status-rules = Aturan, ditetapkan saat dibuka: satu bet dan paling banyak { $raises } raise per putaran taruhan, juga saat tinggal berdua di pot selama masih ada tiga pemain atau lebih di turnamen · all-in kurang: { $short } · chip sisa: { $odd }{ $open_pair ->
    [yes] {" · pair terbuka di Fourth Street membolehkan bet besar"}
   *[no] {""}
}
tournament-status-payouts-full = Pembagian hadiah jika semua kursi terisi ({ $seats }): { $payouts }
tournament-status-payouts-now = Jika dimulai sekarang, dengan { $entrants } pemain: { $payouts }
tournament-status-payouts-now-refused = Jika dimulai sekarang, dengan { $entrants } pemain, turnamen tidak bisa dimulai: hadiahnya untuk { $places } peringkat.
tournament-status-payouts-too-few = Butuh minimal dua pemain untuk dimulai.
tournament-standing-out-paid = • { $name }: tersingkir, { finishing-place }, dapat hadiah { $prize } chip
tournament-cancel-waits = Turnamen dibatalkan setelah hand yang sedang berjalan selesai: tidak ada hand lagi sesudahnya.
tournament-cancel-waiting = Turnamen ini akan dibatalkan begitu hand yang sedang berjalan selesai.
tournament-cancel-by-player = Kamu masih bermain di turnamen ini, jadi tidak bisa membatalkannya: moderator lain bisa. Pemain yang tersisa juga bisa pakai /tournament deal untuk sepakat membagi hadiah.
tournament-deal-proposed = { $name } mengusulkan deal ({ $kind }): setiap pemain yang tersisa menerimanya dengan tombol dalam { $secs } dtk, kalau tidak permainan berlanjut.
tournament-deal-amount = • { $name }: { $chips } chip
tournament-deal-amount-accepted = • { $name }: { $chips } chip ✅
tournament-deal-made = Semua pemain yang tersisa sudah menerima: turnamen selesai dengan deal ini.
tournament-deal-accept = Terima
tournament-deal-decline = Tolak
tournament-deal-accepted = { $name } menerima deal ({ $accepted } dari { $of }).
tournament-deal-accepted-made = { $name } menerima: semua sudah setuju, dan turnamen selesai dengan deal ini.
tournament-deal-declined = { $name } menolak deal: permainan berlanjut.
tournament-deal-not-in = Hanya pemain yang masih bertahan di turnamen ini yang bisa mengusulkan atau menjawab deal.
tournament-deal-players = Deal dibuat oleh dua sampai empat pemain yang tersisa; sekarang tersisa { $left }.
tournament-deal-pending = Sudah ada deal yang menunggu jawaban para pemain.
tournament-deal-gone = Deal itu sudah tidak berlaku.
tournament-deal-during-hand = Deal diusulkan di antara hand: usulkan setelah hand yang sedang berjalan selesai.
tournament-payout-places = Hadiah untuk { $places } peringkat butuh lebih banyak pemain: turnamen ini punya { $entrants }.
tournament-prize-needs-source = Sebutkan asal hadiah tambahan: bandar atau saldomu sendiri.
tournament-no-results = Tidak ada turnamen selesai dengan nomor itu di server ini (atau belum ada di channel ini).
tournament-results-head = Turnamen #{ $number }, { $game }: { $entrants } pemain, { $hands } hand{ $pool ->
    [0] , tanpa total hadiah
   *[other] , total hadiah { $pool }
}
tournament-results-deal = Turnamen ini berakhir dengan deal ({ $kind }).
tournament-levels-missing = Struktur custom butuh level-levelnya, misalnya 2/3/10/20x12, 3/5/15/30x12
tournament-levels-not-custom = Level hanya ditulis untuk struktur custom.
tournament-level-unreadable = Level { $level } dari struktur tidak terbaca: tulis tiap level sebagai ante/bring-in/bet kecil/bet besar x hand, misalnya 2/3/10/20x12.
tournament-level-stakes = Level { $level } dari struktur: { $reason }.
tournament-level-no-hands = Level { $level } dari struktur harus berlangsung minimal satu hand.
tournament-hands-per-level = Satu level berlangsung { $min } sampai { $max } hand.
# Meja dijeda karena Discord menolak pesan bot di channel-nya (403: ada izin yang dicabut):
# ditampilkan di pesan meja selama bot masih bisa mengeditnya, dan di jawaban setiap perintah
# atau tombol di channel itu.
bot-paused-cannot-post = Meja dijeda: aku tidak bisa mengirim pesan di channel ini. Moderator perlu mengembalikan izinku di sini, lalu memakai /table resume.

## Time banks and away players (/table open|settings time_bank:, away_hands:)

opt-time-bank = Time bank tiap pemain (detik), yang berjalan saat waktunya habis (0: tidak ada)
opt-away-hands = Jumlah hand pemain boleh istirahat sebelum dikeluarkan, chip kembali ke saldo (0: tidak pernah)

## A table in its own thread (/table open thread:True)

opt-thread = Buka meja di utas baru di channel ini, supaya obrolan channel tetap berjalan
permission-create-public-threads = Buat Utas Publik
thread-name = { $game } · { $small }/{ $big }
bot-thread-opened = Meja sudah dibuka di utasnya sendiri, { $thread }: duduk di sana dengan /join.
bot-thread-in-thread = Ini sudah utas: buka meja di sini tanpa thread atau dengan thread dari channel-nya.
bot-thread-not-here = Meja hanya bisa punya utas sendiri di channel teks: buka di sini tanpa thread.
bot-thread-failed = Aku tidak bisa membuat utas meja di sini. Coba lagi atau buka meja tanpa thread.
