# studbot — pesan renderer (src/render/). Bahasa Indonesia.
# Istilah poker (fold, check, call, bet, raise, all-in, showdown) dipakai seperti di meja poker
# online Indonesia. Setiap id juga harus ada di locales/en/render.ftl dan locales/es/render.ftl.

## Street

street-third = Third Street
street-fourth = Fourth Street
street-fifth = Fifth Street
street-sixth = Sixth Street
street-seventh = Seventh Street
street-showdown = Showdown

## Kartu. $rank: ace king queen jack ten nine eight seven six five four three two

rank = { $rank ->
    [ace] As
    [king] King
    [queen] Queen
    [jack] Jack
    [ten] 10
    [nine] 9
    [eight] 8
    [seven] 7
    [six] 6
    [five] 5
    [four] 4
    [three] 3
   *[two] 2
}
# Bahasa Indonesia tidak memakai bentuk jamak.
rank-plural = { rank }
rank-to = { rank }

## Kombinasi high. Ditulis seperti dibaca di tengah kalimat ("menang dengan two pair"), dengan
## nama yang dipakai pemain, semuanya dalam bahasa Inggris:
## tidak ada pesan yang memulai baris dengan nama kombinasi.

hand-no-cards = belum ada kartu
hand-high-card = kartu tertinggi { $high }
hand-pair = pair { $first }
hand-two-pair = two pair, { $first } dan { $second }
hand-trips = three of a kind, { $first }
hand-straight = straight, { $high } tertinggi
hand-flush = flush, { $high } tertinggi
hand-full-house = full house { $first } dan { $second }
hand-quads = four of a kind, { $first }
hand-straight-flush = straight flush, { $high } tertinggi
hand-royal-flush = royal flush

## Kombinasi low

low-hand = low { $ranks }
low-wheel = low { $ranks }, wheel
low-none = tidak ada low
low-none-yet = belum ada

## Status kursi

seat-to-act = giliran
seat-folded = fold
seat-all-in = all-in
seat-sitting-out = istirahat
seat-waiting = menunggu hand berikutnya
seat-away = tidak merespons
seat-bet = taruhan: { $amount }
seat-shown = kartu dibuka
seat-equity = equity { $equity } · scoop { $scoop }
# Stud dan Razz: pot tidak dibagi, jadi tidak ada scoop.
seat-equity-only = equity { $equity }
# Aksi sebuah kursi di street ini, setelah kartunya di meja. $amount adalah taruhannya saat
# ini (untuk call: taruhan yang di-call).
seat-did-bring-in = bring-in { $amount }
seat-did-complete = complete ke { $amount }
seat-did-bet = bet { $amount }
seat-did-raise = raise ke { $amount }
seat-did-call = call { $amount }
seat-did-check = check

## Meja

board-header = **Hand #{ $hand }** · { $street } · { $game }
board-stakes = Limit { $small }/{ $big } · ante { $ante } · bring-in { $bring_in }
board-pot = Pot: **{ $amount }**
board-main-pot = pot utama { $amount }
board-side-pot = side pot { $number }: { $amount } ({ $players })
board-side-pot-count = side pot { $number }: { $amount } ({ $count } pemain)
board-community = Kartu bersama untuk semua: { $card }
board-last = Aksi terakhir: { $action }
board-next = Giliran **{ $name }** — { $options }
board-timer = { $seconds } dtk untuk bertindak
board-hand-over = Hand sudah selesai.
board-dealing-out = All-in: semua kartu terbuka; street berikutnya segera dibagikan.
board-dm-legend = 📵 = DM tertutup: kartunya bisa dilihat lewat tombol “Kartuku”.
board-odds-legend = equity = perkiraan bagian dari semua pot; scoop = peluang mengambil semua pot yang diikutinya

## Aksi (meja, riwayat)

did-bring-in = { $name } bring-in { $amount }
did-complete = { $name } complete ke { $amount }
did-bet = { $name } bet { $amount }
did-raise = { $name } raise ke { $amount }
did-call = { $name } call { $amount }
did-check = { $name } check
did-fold = { $name } fold
did-all-in = { $action } dan all-in

## Tombol

button-bring-in = Bring-in { $amount }
button-complete = Complete ke { $amount }
button-bet = Bet { $amount }
button-raise = Raise ke { $amount }
button-call = Call { $amount }
button-check = Check
button-fold = Fold
button-all-in = { $label } (all-in)
button-my-cards = Kartuku

## Giliranmu

turn-header = **Giliranmu** — hand #{ $hand }, { $street }
turn-to-call = Call { $amount } · chipmu: { $stack } · pot: { $pot }
turn-free = Tidak ada taruhan untuk di-call · chipmu: { $stack } · pot: { $pot }
turn-options = Pilihanmu:
turn-timer-check = Waktumu { $seconds } dtk. Kalau waktu habis, kamu otomatis check.
turn-timer-fold = Waktumu { $seconds } dtk. Kalau waktu habis, kamu otomatis fold.
turn-timer-bring-in = Waktumu { $seconds } dtk. Kalau waktu habis, kamu otomatis bring-in.

## Kartumu (DM atau pesan pribadi)

private-header = **Kartumu** — hand #{ $hand }
private-down = Tertutup: { $cards }
private-up = Terbuka: { $cards }
private-community = Kartu bersama: { $card }
private-high = High: { $hand }
# Stud (high saja): tanpa label "High" karena tidak ada low.
private-hand = Hand: { $hand }
# Hand yang sedang mengejar low: $ranks kartu 8 ke bawah yang berbeda nilai ("8-6-A"), $count
# berapa dari lima kartu yang dibutuhkan sebuah low (1 sampai 4).
private-low-draw = Calon low: { $ranks } ({ $count } dari 5 kartu)
private-low = Low: { $hand }
private-low-made = { $wheel ->
    [yes] Low: { $ranks }, wheel
   *[no] Low: { $ranks }
}

## Hasil

results-header = **Hand #{ $hand } — hasil**
history-face-up = { $name } membuka semua kartunya: { $cards }
results-shows = { $name } membuka { $cards }: { $high }; { $low }
results-mucks = { $name } menutup kartunya (muck)
results-main-pot = **Pot utama: { $amount }**
# Hanya satu pot (tanpa side pot): tidak ada "utama".
results-pot = **Pot: { $amount }**
results-side-pot = **Side pot { $number }: { $amount }**
results-uncontested = { $name } menang { $amount } tanpa showdown
results-scoop = { $name } menyapu bersih { $amount } (scoop) — high: { $high } ({ $high_cards }); { $low } ({ $low_cards })
results-scoop-high-only = { $name } mengambil seluruh pot { $amount } dengan { $high } ({ $high_cards }); tidak ada low yang memenuhi syarat
results-wins = { $name } menang { $amount }
results-no-low = Tidak ada low yang memenuhi syarat: high mengambil seluruh pot.
results-high = High: { $name } menang { $amount } dengan { $hand } ({ $cards })
results-low = Low: { $name } menang { $amount } dengan { $hand } ({ $cards })
results-high-split = { $quartered ->
    [yes] Setengah pot high dibagi { $count } pemain — masing-masing dapat seperempat pot
   *[no] Setengah pot high dibagi { $count } pemain
}
results-low-split = { $quartered ->
    [yes] Setengah pot low dibagi { $count } pemain — masing-masing dapat seperempat pot
   *[no] Setengah pot low dibagi { $count } pemain
}
results-returned = { $amount } chip dikembalikan ke { $name } (tidak di-call)
results-net = Hasil bersih: { $lines }

## Riwayat hand (publik: hanya kartu yang dibuka)

history-header = **Hand #{ $hand }** — { $game }, limit { $small }/{ $big }, ante { $ante }, bring-in { $bring_in }
history-seats = Pemain: { $seats }
history-antes = Ante: { $antes }
history-street = — { $street } —
history-dealt = Kartu terbuka: { $cards }
history-dealt-down = Setiap pemain menerima satu kartu tertutup.
history-community = Kartu bersama: { $card }
history-ante-all-in = { $name } all-in dengan ante
history-end = Chip setelah hand: { $stacks }
history-cut = … { $lines } baris hand ini tidak ditampilkan di sini, terlalu panjang untuk satu pesan …

## Penolakan dan status

notice-not-your-turn = Bukan giliranmu: sekarang giliran { $name }.
# Semua pemain all-in dan street yang tersisa sedang dibagikan: bukan giliran siapa pun.
notice-no-one-to-act = Sekarang bukan giliran siapa pun: street yang tersisa sedang dibagikan.
notice-stale-action = Tombol itu sudah tidak berlaku; pakai tombol di pesan meja yang terbaru.
notice-action-not-allowed = Aksi itu tidak bisa dilakukan sekarang; pakai tombol di pesan meja yang terbaru.
notice-not-seated = Kamu belum duduk di meja ini. Pakai /join untuk duduk.
notice-already-seated = Kamu sudah duduk di meja ini.
notice-no-table = Belum ada meja di channel ini. Moderator bisa membukanya dengan /table open.
notice-table-already-open = Channel ini sudah punya meja.
notice-table-full = Meja sudah penuh ({ $seats } kursi).
notice-buy-in-out-of-range = Buy-in harus antara { $min } dan { $max } chip.
notice-not-enough-chips = Kamu butuh { $needed } chip, tapi saldomu { $balance }.
notice-not-moderator = Hanya moderator meja yang bisa melakukan itu.
notice-no-cards = Kamu sedang tidak memegang kartu.
notice-between-hands-only = Itu hanya bisa dilakukan saat tidak ada hand yang berjalan.
notice-invalid-amount = Jumlah chip harus bilangan bulat lebih dari nol.
notice-cannot-give-to-self = Kamu tidak bisa memberi chip ke dirimu sendiri.
notice-cannot-give-to-bot = Kamu tidak bisa memberi chip ke bot.
notice-amount-too-large = Jumlahnya terlalu besar.
notice-amount-limits = Jumlahnya harus antara { $min } dan { $max } chip.
notice-joined = { $name } duduk dengan { $amount } chip.
notice-left = { $amount ->
    [0] { $name } meninggalkan meja.
   *[other] { $name } meninggalkan meja; { $amount } chip kembali ke saldonya.
}
notice-leaving-after-hand = { $name } akan meninggalkan meja setelah hand ini selesai.
notice-sat-out = { $name } istirahat dulu.
notice-sat-out-after-timeouts = { $name } kehabisan waktu dua kali berturut-turut dan sekarang istirahat; bisa main lagi dengan /back.
notice-back = { $name } kembali dan ikut main mulai hand berikutnya.
# $action: check, bring_in (bring-in wajib tidak bisa fold) atau fold.
notice-timed-out = { $action ->
    [check] Waktu { $name } habis: otomatis check.
    [bring_in] Waktu { $name } habis: otomatis bring-in.
   *[fold] Waktu { $name } habis: otomatis fold.
}
notice-kicked = { $name } dikeluarkan dari meja oleh moderator.
notice-kicked-after-hand = Moderator akan mengeluarkan { $name } dari meja setelah hand ini selesai; sampai itu { $name } tetap memainkan hand-nya.
notice-seat-request-withdrawn = Kamu tidak akan didudukkan setelah hand ini selesai: permintaan kursimu dibatalkan.
notice-topped-up = { $name } isi ulang { $amount } chip (sekarang { $stack }).
notice-table-opened = Meja sudah dibuka: pakai /join untuk duduk.
notice-table-paused = Meja dijeda: tidak ada hand baru sampai moderator memakai /table resume.
notice-table-halted = Meja berhenti: bank gagal mencatat hand ini. Bot akan restart; hand yang terhenti dibatalkan dan setiap pemain mendapat kembali chip yang dimilikinya di awal hand.
notice-table-resumed = Permainan di meja dilanjutkan.
notice-table-closed = Meja ditutup. Semua chip sudah kembali ke saldo pemiliknya.
notice-settings-next-hand = Pengaturan baru berlaku mulai hand berikutnya.
notice-hand-cancelled = Hand #{ $hand } dibatalkan: setiap pemain mendapat kembali chip yang dimilikinya di awal hand.
notice-next-hand-in = { $seconds ->
    [0] Hand berikutnya sedang dibagikan.
   *[other] Hand berikutnya dalam { $seconds } dtk.
}
notice-waiting-for-players = Menunggu { $needed } pemain lagi.
notice-dm-closed = { $name }, aku tidak bisa mengirim DM ke kamu. Kartumu ada di tombol “Kartuku” (hanya kamu yang bisa melihat). Supaya kartu dikirim lewat DM, izinkan pesan langsung dari anggota server di pengaturan privasi server ini.
notice-cards-by-dm = Kartumu sudah dikirim lewat DM.
notice-balance = Saldomu: { $balance } chip.
notice-balance-of = { $name } punya { $balance } chip.
notice-daily-claimed = Kamu mendapat { $amount } chip harian. Saldomu: { $balance }.
# Tanpa jam (atau tanpa menit), satuan itu tidak ditulis.
notice-daily-not-yet = Chip harianmu berikutnya siap dalam { $hours ->
    [0] { $minutes } menit
   *[other] { $hours } jam{ $minutes ->
        [0] {""}
       *[other] {" "}{ $minutes } menit
    }
}.
notice-gave = { $giver } memberi { $amount } chip ke { $name }.
notice-granted = { $amount } chip diberikan ke { $name } (saldo: { $balance }).
notice-taken = { $amount } chip diambil dari { $name } (saldo: { $balance }).

## /table status, /stats, /leaderboard

status-header = **Meja** · limit { $small }/{ $big } · ante { $ante } · bring-in { $bring_in }
status-settings = Buy-in { $min }–{ $max } · { $seats } kursi · { $timer } dtk untuk bertindak
status-paused = Dijeda.
status-hand = Hand #{ $hand } sedang berjalan.
status-no-hand = Tidak ada hand yang berjalan.
status-empty = Belum ada yang duduk.
stats-header = **Statistik { $name }**
stats-body = Hand dimainkan: { $hands } · pot dimenangkan: { $pots } · scoop: { $scoops }
stats-money = Hasil bersih di meja: { $net } · pot terbesar: { $biggest }
leaderboard-header = **Papan peringkat**
leaderboard-empty = Belum ada yang punya chip.
leaderboard-line = { $place }. { $name } — { $balance }

## /rules

rules-summary = **Aturan main Seven Card Stud Hi/Lo (eight or better, taruhan fixed limit)**
    • Semua pemain memasang ante. Setiap pemain menerima dua kartu tertutup dan satu kartu terbuka (Third Street); pemain dengan kartu terbuka terendah wajib bring-in (As dihitung tinggi; jika sama, ditentukan suit: ♣️ < ♦️ < ♥️ < ♠️) atau complete ke taruhan kecil.
    • Fourth, Fifth dan Sixth Street: masing-masing satu kartu terbuka; Seventh Street: satu kartu tertutup. Mulai Fourth Street, pemain dengan kartu terbuka terbaik bertindak pertama.
    • Bet dan raise sebesar taruhan kecil di Third dan Fourth Street, taruhan besar sesudahnya{ $open_pair ->
        [yes] {""}; pair terbuka di Fourth Street membolehkan taruhan besar
       *[no] {""}
    }. Satu bet dan paling banyak { $raises } raise per putaran taruhan{ $heads_up_uncapped ->
        [yes] , tanpa batas raise kalau tinggal dua pemain
       *[no] {""}
    }.
    • Saat showdown pot dibagi dua: setengah untuk high terbaik, setengah untuk low terbaik — lima kartu berbeda nilai, 8 ke bawah, As dihitung paling rendah; straight dan flush tidak merusak low. Kalau tidak ada low yang memenuhi syarat, high mengambil seluruh pot. Satu hand bisa memenangkan keduanya (scoop).
    • Kartu tertutupmu dikirim lewat DM (atau lewat tombol “Kartuku”). Pakai tombol di pesan meja untuk bertindak.

# bank (issue 9): the daily gift caps, and a bank too slow to take a request up
bank-give-cap-reached = { $remaining ->
    [0] Kamu sudah mencapai batas hadiah hari ini ({ $cap } chip). Coba lagi besok.
   *[other] Hari ini kamu hanya bisa memberi { $remaining } chip lagi: batas hariannya { $cap }.
}
bank-receive-cap-reached = { $remaining ->
    [0] Pemain itu sudah menerima batas maksimum hari ini ({ $cap } chip).
   *[other] Hari ini pemain itu hanya bisa menerima { $remaining } chip lagi: batas hariannya { $cap }.
}
bank-house-dry = Bandar tidak bisa membayar { $needed } chip untuk buy-in bot: bandar punya { $held }, dan { $left ->
    [0] tidak ada lagi chip baru yang boleh dibuat untuknya
   *[other] chip baru yang masih boleh dibuat untuknya hanya { $left }
}. Bot tidak duduk sampai bandar memenangkan chip lagi.
bank-computer-buy-in-too-large = Di server ini buy-in bot paling banyak { $limit } chip, bukan { $amount }. Turunkan buy-in-nya atau main tanpa bot.
bank-too-slow = Bank terlalu lambat menjawab, jadi tidak ada yang berubah. Coba lagi.
bank-guild-elsewhere = Meja-meja di server ini sekarang lagi dipegang salinan bot yang lain, jadi tidak ada yang berubah. Coba lagi semenit lagi ya.

## Permainan: Stud/8, Stud, Razz dan mix (`game` meja)

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
# $left menghitung hand yang sedang berjalan.
board-mix = mix: { $left ->
    [1] hand terakhir, lalu { $next }
   *[other] sisa { $left } hand termasuk hand ini, lalu { $next }
}
game-mix = Mix: Razz, Stud, Stud Hi/Lo, masing-masing { $hands } hand
# Mix turnamen di dalam kalimat (status dan sambutan): ganti permainan tiap level, tanpa titik
# dua.
game-mix-by-level = mix (Razz, Stud, Stud Hi/Lo, ganti permainan tiap level)
razz-low = { $ranks }
razz-wheel = { $ranks }, wheel
# Wheel saat lima kartunya ditampilkan sesudahnya (hasil).
razz-the-wheel = wheel
razz-paired = { $hand } ({ $ranks })
results-shows-hand = { $name } membuka { $cards }: { $hand }
results-pot-wins = { $name } menang { $amount } dengan { $hand } ({ $cards })
results-pot-split = Pot dibagi untuk { $count } pemain
rules-table-deals = Permainan di meja ini: **{ $game }**.
rules-table-deals-mix = Permainan di meja ini: **mix** { $first }, lalu { $second }, lalu { $third }, masing-masing { $hands } hand; hand yang sedang berjalan tetap selesai dengan permainan awalnya.
rules-summary-stud = **Aturan main Seven Card Stud (taruhan fixed limit, high saja)**
    • Semua pemain memasang ante. Setiap pemain menerima dua kartu tertutup dan satu kartu terbuka (Third Street); pemain dengan kartu terbuka terendah wajib bring-in (As dihitung tinggi; jika sama, ditentukan suit: ♣️ < ♦️ < ♥️ < ♠️) atau complete ke taruhan kecil.
    • Fourth, Fifth dan Sixth Street: masing-masing satu kartu terbuka; Seventh Street: satu kartu tertutup. Mulai Fourth Street, pemain dengan kartu terbuka terbaik bertindak pertama.
    • Bet dan raise sebesar taruhan kecil di Third dan Fourth Street, taruhan besar sesudahnya{ $open_pair ->
        [yes] {""}; pair terbuka di Fourth Street membolehkan taruhan besar
       *[no] {""}
    }. Satu bet dan paling banyak { $raises } raise per putaran taruhan{ $heads_up_uncapped ->
        [yes] , tanpa batas raise kalau tinggal dua pemain
       *[no] {""}
    }.
    • Saat showdown, high lima kartu terbaik dari tujuh kartu mengambil seluruh pot.
    • Kartu tertutupmu dikirim lewat DM (atau lewat tombol “Kartuku”). Pakai tombol di pesan meja untuk bertindak.
rules-summary-razz = **Aturan main Razz (Seven Card Razz, taruhan fixed limit): hand terendah menang**
    • Semua pemain memasang ante. Setiap pemain menerima dua kartu tertutup dan satu kartu terbuka (Third Street); pemain dengan kartu terbuka TERTINGGI wajib bring-in (As dihitung rendah, jadi King yang tertinggi; jika sama, ditentukan suit: ♣️ < ♦️ < ♥️ < ♠️) atau complete ke taruhan kecil.
    • Fourth, Fifth dan Sixth Street: masing-masing satu kartu terbuka; Seventh Street: satu kartu tertutup. Mulai Fourth Street, pemain dengan low terbuka terbaik bertindak pertama (pair memperburuk low).
    • Bet dan raise sebesar taruhan kecil di Third dan Fourth Street, taruhan besar sesudahnya. Satu bet dan paling banyak { $raises } raise per putaran taruhan{ $heads_up_uncapped ->
        [yes] , tanpa batas raise kalau tinggal dua pemain
       *[no] {""}
    }.
    • Saat showdown, low lima kartu terbaik dari tujuh kartu mengambil seluruh pot: As rendah, straight dan flush tidak dihitung, pair memperburuk low, dan tidak perlu 8 ke bawah. Yang terbaik 5-4-3-2-A (wheel).
    • Kartu tertutupmu dikirim lewat DM (atau lewat tombol “Kartuku”). Pakai tombol di pesan meja untuk bertindak.
rules-summary-mix = **Aturan main mix stud (taruhan fixed limit): Razz, Stud, Stud Hi/Lo bergiliran**
    • Semua permainan: ante, dua kartu tertutup dan satu terbuka di Third Street, satu terbuka di Fourth sampai Sixth, satu tertutup di Seventh; taruhan kecil di Third dan Fourth Street, taruhan besar sesudahnya.
    • **Razz**: pemain dengan kartu terbuka tertinggi wajib bring-in (As rendah); pemain dengan low terbuka terbaik bertindak pertama; low A-5 terbaik mengambil pot (tidak perlu 8 ke bawah; straight dan flush tidak dihitung).
    • **Stud**: pemain dengan kartu terbuka terendah wajib bring-in (As tinggi); pemain dengan kartu terbuka terbaik bertindak pertama; high terbaik mengambil pot.
    • **Stud Hi/Lo**: seperti Stud, tetapi pot dibagi antara high terbaik dan low terbaik (lima kartu berbeda, 8 ke bawah); tanpa low yang memenuhi syarat, high mengambil seluruh pot.
    • Meja menunjukkan permainan tiap hand dan berapa hand lagi (termasuk hand ini) sampai permainan berikutnya.
    • Kartu tertutupmu dikirim lewat DM (atau lewat tombol “Kartuku”). Pakai tombol di pesan meja untuk bertindak.

## Daftar di dalam kalimat: “Lihat Saluran” dan “Kirim Pesan”

list-and = { $first } dan { $last }
quoted = “{ $text }”

## Bot: tanda di meja, /table status, /stats house

board-computer-legend = 🤖 = bot (memberikan kursinya ke pemain manusia setelah hand selesai)
board-computer-legend-sit-and-go = 🤖 = bot
computer-level-easy = mudah
computer-level-good = sulit
status-computers = Bot boleh mengisi sampai { $seats } kursi selama pemain kurang (level: { $level }).
house-header = **Bandar** · { $balance } chip untuk bot-botnya
house-body = { $hands } hand dimainkan · menang { $won } · kalah { $lost } · bersih { $net } · chip baru { $minted }
house-mint = { $left ->
    [0] Jatah chip baru bandar sudah habis: semua { $limit } chip yang boleh dibuat untuknya sudah dibuat, jadi bot hanya duduk kalau bandar punya chip untuk buy-in-nya.
   *[other] Masih bisa dibuat { $left } chip baru untuk bandar ({ $limit } total); setelah itu bot hanya duduk kalau bandar punya chip untuk buy-in-nya.
}

## /stats, /stats house dan /leaderboard board:tournaments: turnamen, terpisah dari meja

stats-tournaments = Turnamen: ikut { $entries } kali · juara { $wins } kali · dapat hadiah { $cashes } kali · bersih { $net }
leaderboard-tournaments-header = **Papan peringkat turnamen** (menurut hasil bersih)
leaderboard-tournaments-empty = Belum ada yang menyelesaikan turnamen.
leaderboard-tournaments-line = { $place }. { $name } — bersih { $net } · juara { $wins } kali · dapat hadiah { $cashes } kali · ikut { $entries } kali

# A sit & go's hand in /history: numbered apart from the channel's cash hands
history-header-sit-and-go = **Turnamen #{ $tournament }, hand { $hand }** — { $game }, limit { $small }/{ $big }, ante { $ante }, bring-in { $bring_in }
history-header-event = **{ $event }, hand { $hand }** — { $game }, limit { $small }/{ $big }, ante { $ante }, bring-in { $bring_in }
history-header-event-table = **{ $event } · Meja { $table } · level { $level }, hand { $hand }** — { $game }, limit { $small }/{ $big }, ante { $ante }, bring-in { $bring_in }

## Pre-actions, the time bank and away players (src/render/pace.rs)

board-timer-added = { $seconds } dtk untuk bertindak (+{ $added } dtk)
board-time-bank = time bank { $seconds } dtk
button-add-time = +{ $seconds } dtk
button-back = Aku kembali
pre-check-fold = Check/Fold
pre-check = Check
pre-call = Call { $amount }
pre-call-any = Call berapa pun
pre-fold = Fold
pre-clear = Batal
pre-your-turn = Sekarang giliranmu: pilih di pesan meja.
pre-offered = Sebelum giliranmu, kamu bisa memilih dulu apa yang dilakukan saat giliranmu tiba; pemain lain tidak melihatnya.
pre-chosen = Sebelum giliranmu: **{ $action }**. Langsung dijalankan begitu giliranmu tiba, kalau masih cocok; pemain lain tidak melihatnya.
pre-dropped = Pilihanmu “{ $action }” sudah tidak cocok (taruhannya berubah): pilih sekarang.
time-bank-left = Time bank: { $seconds } dtk
turn-time-bank = Time bank kamu menambah { $seconds } dtk sebelum itu.
away-sat-out = Meja bertindak untukmu dua kali berturut-turut, jadi sekarang kamu istirahat. Tekan “Aku kembali” (atau pakai /back) untuk ikut main lagi; setelah { $hands } hand istirahat, kamu dikeluarkan dari meja dan chip-mu kembali ke saldo.
away-sat-out-dealt-in = Meja bertindak untukmu dua kali berturut-turut, jadi sekarang kamu istirahat: kamu tetap dibagi kartu, dan otomatis check atau fold. Tekan “Aku kembali” (atau pakai /back) untuk main sendiri lagi.
away-stood-up = Kamu istirahat { $hands } hand, jadi kamu dikeluarkan dari meja: { $amount } chip-mu kembali ke saldo.
away-back = Selamat datang kembali: kamu ikut main mulai hand berikutnya.
