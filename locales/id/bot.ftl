# Discord: deskripsi perintah dan opsi (paling banyak 100 karakter) serta jawaban singkat
# dari bot.

cmd-table = Meja poker di kanal ini
cmd-table-open = Buka meja Seven-Card Stud Hi/Lo di kanal ini (moderator)
cmd-table-close = Tutup meja kanal ini; tangan yang sedang berjalan dikembalikan (moderator)
cmd-table-pause = Jeda meja: tidak ada tangan baru yang dimulai (moderator)
cmd-table-resume = Lanjutkan meja yang dijeda (moderator)
cmd-table-kick = Keluarkan pemain dari meja; chipnya dikembalikan (moderator)
cmd-table-settings = Ubah pengaturan meja mulai tangan berikutnya (moderator)
cmd-table-status = Lihat meja: taruhan, kursi, dan chip
cmd-join = Duduk di meja kanal ini
cmd-leave = Tinggalkan meja (setelah tangan ini selesai jika kamu ikut bermain)
cmd-sitout = Istirahat mulai tangan berikutnya tanpa kehilangan kursi
cmd-back = Kembali bermain setelah istirahat
cmd-cards = Lihat kartumu (hanya kamu yang bisa melihat)
cmd-balance = Lihat saldo chip kamu atau pemain lain
cmd-daily = Ambil chip harianmu
cmd-give = Berikan sebagian chipmu kepada pemain lain
cmd-leaderboard = Pemain dengan chip terbanyak di server ini
cmd-stats = Tangan yang dimainkan, pot yang dimenangkan, dan chip bersih
cmd-history = Riwayat tangan terakhir di meja ini
cmd-rules = Cara bermain Seven-Card Stud Hi/Lo, delapan atau lebih rendah
cmd-chips = Buat atau hapus chip (moderator)
cmd-chips-grant = Beri pemain chip baru (moderator)
cmd-chips-take = Ambil chip dari pemain (moderator)

opt-ante = Ante yang dipasang setiap pemain di setiap tangan
opt-bring-in = Bring-in yang dibayar kartu terbuka terendah
opt-small-bet = Taruhan di street ketiga dan keempat
opt-big-bet = Taruhan di street kelima, keenam, dan ketujuh
opt-min-buy-in = Buy-in terkecil
opt-max-buy-in = Buy-in terbesar
opt-seats = Jumlah kursi, 2 sampai 8
opt-timer = Detik yang dimiliki pemain untuk bertindak
opt-between-hands = Detik di antara dua tangan
opt-max-raises = Raise yang diizinkan per ronde setelah taruhan
opt-heads-up-uncapped = Tanpa batas raise saat tinggal dua pemain
opt-short-all-in = Kapan all-in yang kurang membuka kembali taruhan
opt-odd-chip = Siapa yang mendapat chip sisa dari pot yang dibagi
opt-open-pair-big-bet = Pasangan terbuka di street keempat mengizinkan taruhan besar
opt-buy-in = Chip yang kamu bawa ke meja
opt-user = Pemainnya
opt-amount = Jumlah chip
opt-hand = Nomor tangan (tangan terakhir jika dikosongkan)

choice-half-bet = Setengah taruhan atau lebih membuka kembali
choice-full-bet = Hanya taruhan penuh yang membuka kembali
choice-by-suit = Menurut jenis kartu
choice-first-seat = Kursi pertama di kiri dealer

bot-guild-only = Gunakan perintah ini di kanal server.
bot-shutting-down = Bot sedang dimulai ulang. Coba lagi sebentar lagi.
bot-unknown-button = Tombol ini sudah tidak berlaku.
bot-failed = Terjadi kesalahan di pihak kami. Silakan coba lagi.
bot-no-history = Tangan itu tidak ada di riwayat meja ini.
bot-dm-closed-mark = 📵 { $names }: DM tertutup. Gunakan “Kartu saya” atau /cards.
bot-stopping-mid-hand = Bot sedang dimulai ulang. Tangan #{ $hand } berhenti di sini: setiap pemain mendapatkan kembali chip yang dimilikinya di awal tangan saat bot kembali.
bot-your-turn = { $mention }, giliranmu: { $options } ({ $seconds } dtk)
bot-refused = Tidak berhasil: { $reason }
bot-amount-limits = Jumlahnya harus antara { $min } dan { $max } chip.
bot-account-too-new = Akun Discord kamu masih terlalu baru untuk mengambil chip harian. Coba lagi beberapa hari lagi.
bot-stopped-mid-hand = Bot sedang dimulai ulang. Tangan #{ $hand } dibatalkan: setiap pemain mendapatkan kembali chip yang dimilikinya di awal tangan.

# Issue 8: a command's private acknowledgement when its public answer follows a deferral; /ping
bot-done = Selesai: jawabannya ada di kanal.
bot-pings-on = Kamu akan di-mention saat giliranmu.
bot-pings-off = Kamu tidak akan di-mention lagi saat giliranmu; papan tetap menunjukkan giliran siapa.
cmd-ping = Mention giliran untukmu
cmd-ping-on = Mention aku saat giliranku
cmd-ping-off = Jangan mention aku saat giliranku
