## Pesan layanan meja sendiri, dan pesan terminal (`studbot play`).

lobby-busted = Chip { $name } habis dan ia duduk di luar: isi ulang untuk bermain lagi.
lobby-no-chips = Kamu tidak punya chip di meja ini: isi ulang dulu.
lobby-already-sitting-out = Kamu sudah duduk di luar permainan.
lobby-not-sitting-out = Kamu tidak sedang duduk di luar permainan.
lobby-no-hand = Tidak ada tangan yang sedang dimainkan.
lobby-paused = Meja sedang dijeda.
lobby-not-paused = Meja tidak sedang dijeda.
lobby-invalid-settings = Pengaturan itu tidak bisa dipakai: { $reason }
lobby-failure = Terjadi kesalahan di meja: { $reason }

play-welcome = Seven-Card Stud Hi/Lo, delapan atau lebih baik. Kamu bermain melawan { $bots } pemain komputer; saldomu { $balance } chip.
play-buy-in = Kamu membeli { $amount } chip untuk masuk.
play-prompt = Giliranmu ({ $options }):
play-help =
    Perintah:
      k, cek · c, ikut · f, lipat · b, taruh · r, naikkan · bring-in · lengkapi
      kartu: kartumu · meja: papan meja · status: kursi dan chip
      saldo: saldomu · bantuan: teks ini · keluar: uangkan chip dan pergi
      riwayat [N]: tangan terakhir, atau tangan N, diceritakan
play-bad-input = “{ $input }” bukan salah satu pilihanmu: { $options }. Ketik bantuan untuk melihat perintah.
play-not-now = Itu tidak bisa sekarang; ketik bantuan untuk melihat perintah.
play-waiting = Menunggu tangan berikutnya…
play-balance = Saldomu: { $balance } chip (di meja: { $stack }).
play-cashed-out = Kamu menguangkan { $amount } chip. Saldomu { $balance } chip.
play-busted = Chipmu di meja habis. Ketik isi untuk masuk lagi, atau keluar.
play-topped-up = Sekarang kamu punya { $stack } chip di meja.
play-bye = Sampai jumpa!
play-you = Pemain
play-final-balance = Saldomu: { $balance } chip.

# Settling a hand while the bank is slow (issue 9, lobby)
lobby-settling = Hand #{ $hand } sudah selesai dan sedang diselesaikan: hasilnya muncul begitu bank mengonfirmasinya. Tidak ada yang hilang sementara itu.
