# Türkçe. Every string a user sees lives here (same keys as en.ftl). Values passed in are already
# HTML-escaped by the caller; markup below is Telegram HTML.

language-name = Türkçe

start-greeting =
    👋 Merhaba, <b>{ $name }</b>!

    Bir kripto parayı başka bir kripto parayla doğrudan bu sohbette takas ederim: bir çift seçin, tutarı ve adreslerinizi yazın, onaylayın ve yatırmayı gönderin. Coinler gelene kadar her adımı size bildiririm.
start-button-exchange = 🔁 Takas başlat
start-button-help = ❓ Nasıl çalışır
# The Mini App (issue 35): its buttons, the menu button, and the page's own words (webapp-*).
start-button-app = 📱 Uygulamada takas
flow-open-app = 📱 Uygulamayı kullan
menu-button-app = Takas
webapp-title = Takas
webapp-pair-gone = Takas servisi bu çifti artık sunmuyor. Lütfen coinleri yeniden seçin.
webapp-step-from = Hangi coini gönderiyorsunuz?
webapp-step-to = Hangi coini alıyorsunuz?
webapp-search = Coin ara
webapp-no-match = Eşleşen coin yok.
webapp-networks = Ağlar
webapp-choose-network = ağı seçin
webapp-min = min.
webapp-fee = ücret
webapp-step-amount = Ne kadar?
webapp-amount = Miktar
webapp-mode-send = Gönderiyorum
webapp-mode-receive = Tam olarak alıyorum
webapp-you-send = Gönderdiğiniz
webapp-you-get = Aldığınız
webapp-rate = Kur
webapp-rate-floating = Değişken kur
webapp-rate-floating-note = miktar, yatırdığınız tutar ulaşana kadar piyasayı izler.
webapp-rate-fixed = Sabit kur
webapp-rate-fixed-note = yatırımı zamanında gönderirseniz bu miktar garantidir.
webapp-quoting = Fiyat alınıyor…
webapp-which-amount = Hangi miktarı kastediyorsunuz?
webapp-step-destination = Alıcı adresiniz
webapp-step-refund = İade adresiniz
webapp-refund-note = Takas tamamlanamazsa coinler bu adrese geri döner.
webapp-address-placeholder = Adresi yapıştırın veya tarayın
webapp-scan = QR tara
webapp-scan-hint = Kamerayı adresin QR koduna tutun
webapp-scan-unreadable = Bu QR kodunda okuyabileceğim bir adres yok. Başka birini deneyin veya adresi yapıştırın.
webapp-saved = Kayıtlı adresler
webapp-request-amount = Ödeme talebi şunu istiyor:
webapp-request-apply = Bu miktarı kullan
webapp-request-applied = Miktar ayarlandı: tam olarak bu kadar alırsınız. Gönderilecek miktarı sonraki ekranlarda kontrol edin.
webapp-request-no-exact = Bu takas servisi tam bir miktar alamaz: miktarı kendiniz kontrol edin.
webapp-continue = Devam
webapp-confirm = Onayla
webapp-back = Geri
webapp-step-confirm = Kontrol edin ve onaylayın
webapp-confirm-check = Adreslerin her karakterini kontrol edin. Yanlış adrese gönderilen coinler geri alınamaz.
webapp-destination = Alıcı adres
webapp-refund = İade adresi
webapp-step-deposit = Yatırımınızı gönderin
webapp-deposit-amount = Tam olarak gönderin
webapp-deposit-address = Bu adrese
webapp-deposit-tag = Bu etiket veya memo ile
webapp-copy = Kopyala
webapp-copied = Kopyalandı
webapp-copy-failed = Kopyalanamadı: metni seçin.
webapp-exchange-id = Takas
webapp-status = Durum
webapp-chat-note = Aynı talimatlar bot ile sohbetinizde de var; coinler ulaştığında bot size orada haber verir.
webapp-offline = Bota ulaşılamadı. Bağlantınızı kontrol edip tekrar deneyin.
webapp-open-in-telegram = Bu sayfayı Telegram'da botun düğmesiyle açın: kim olduğunuzu Telegram'ın söylemesi gerekir.

help-text =
    <b>Takas nasıl yapılır</b>
    1. /exchange: göndereceğiniz ve alacağınız coini seçin.
    2. Tutarı yazın ve anlık fiyat teklifini görün.
    3. Coinleri alacak adresi (coin gerektiriyorsa bir tag veya memo ile) ve bir iade adresi verin.
    4. Her şeyi kontrol edip onaylayın: bir yatırma adresi alırsınız.
    5. Coinleri oraya gönderin. Her durum değişikliğini bildiririm.

    <b>Komutlar</b>
    /exchange: takas başlat
    /rate: fiyat teklifi, örn. <code>/rate 0.1 btc eth</code>
    /alert: kur iyi olduğunda haber ver, örn. <code>/alert btc eth &gt;= 20</code>
    /status: takaslarınızdan birinin durumu
    /history: takaslarınız
    /language: dili değiştir
    /privacy: hakkınızda neleri, ne kadar süre sakladığım
    /forget: verilerinizi sil
    /cancel: yaptığınız işlemi durdur
    /help: bu mesaj

language-choose = Dilinizi seçin:
language-set = Dil: Türkçe.

command-start = Botu başlat
command-help = Nasıl çalışır
command-exchange = Takas başlat
command-rate = Fiyat teklifi al
command-status = Bir takasın durumu
command-history = Takaslarınız
command-language = Dili değiştir
command-cancel = Mevcut işlemi iptal et

unhandled-text = Bunu anlayamadım. Coin takası için /exchange, neler yapabildiğimi görmek için /help gönderin.
unhandled-callback = Bu düğme artık geçerli değil.
error-generic = Benim tarafımda bir sorun oluştu. Lütfen bir dakika sonra tekrar deneyin; girdiğiniz hiçbir şey bir yere gönderilmedi.

## The exchange flow

flow-group-redirect = Takaslar benimle özel sohbette yapılır, böylece adresleriniz aramızda kalır.
flow-group-button = Özel sohbet aç
flow-cancelled = Takas iptal edildi. Hiçbir şey oluşturulmadı. Yeniden başlamak için /exchange gönderin.
flow-nothing-to-cancel = İptal edilecek bir şey yok. Takas başlatmak için /exchange gönderin.
flow-expired = ⌛ Tamamlanmamış takasınız { $minutes ->
        [one] { $minutes } dakika
       *[other] { $minutes } dakika
    } boyunca işlem yapılmadığı için sona erdi, ben de onu kaldırdım. Yeniden başlamak için /exchange gönderin.
flow-maintenance = 🛠 Yeni takaslar bakım nedeniyle durduruldu. { $message }
flow-button-back = ◀ Geri
flow-button-cancel = ✖ İptal
flow-button-retry = 🔄 Tekrar dene
flow-stale-button = Bu düğme önceki bir adıma ait.
flow-restarted = 🔄 Son sorumdan hemen sonra yeniden başlatıldım, bu yüzden cevabınızı kaçırmış olabilirim. Daha önce girdiğiniz her şey duruyor; lütfen şunu bir kez daha yanıtlayın:
flow-create-not-sent = 🔄 Takasınız takas servisine ulaşmadan hemen önce yeniden başlatıldım, bu yüzden hiçbir şey oluşturulmadı ve hiçbir coin risk altında değil. Herhangi bir mesaj gönderin (örneğin “ok”), onay kartınızı tekrar göstereyim.
flow-coin-gone = { $coin } artık bu takas için sunulmuyor. Lütfen başka bir coin seçin.
flow-pair-gone = Takas servisi artık { $from } → { $to } sunmuyor. Lütfen coinleri yeniden seçin; adresleriniz hâlâ uygun oldukları yerde korunur.
flow-use-buttons = Lütfen yukarıdaki düğmeleri kullanın veya bu adımın istediğini yazın.

# Before the prompt of each step every exchange has (the flow's step table counts them).
flow-step-number = <b>Adım { $n } / { $total }.</b>
flow-pick-from = Hangi coini gönderiyorsunuz?
    Bir coine dokunun ya da aramak için kodunu veya adını yazın.
flow-pick-to = <b>{ $from }</b> gönderiyorsunuz. Hangi coini almak istiyorsunuz?
    Bir coine dokunun ya da aramak için kodunu veya adını yazın.
flow-picked-from = Gönderdiğiniz: <b>{ $coin }</b>
flow-picked-to = Alacağınız: <b>{ $coin }</b>
# The network step: a ticker on several networks (USDT on ERC20, TRC20…).
flow-ticker-button = { $ticker } ▸
flow-network-ask-from = <b>{ $ticker }</b> hangi ağ üzerinden gönderiyorsunuz?
flow-network-ask-to = <b>{ $ticker }</b> hangi ağ üzerinden almak istiyorsunuz?
flow-network-line-min = • <b>{ $network }</b>: en az { $min } { $ticker }
flow-network-line-fee = • <b>{ $network }</b>: çekim ücreti ≈ { $fee } { $feeCoin }
flow-network-line = • <b>{ $network }</b>
flow-network-warning-from = ⚠️ { $ticker } coinlerinizi yalnızca bu ağ üzerinden gönderin: başka bir ağ üzerinden gönderilen coinler kaybolur.
flow-network-warning-to = ⚠️ Alıcı adresiniz bu ağda olmalı: başka bir ağdaki adrese gönderilen coinler kaybolur.
flow-network-use-buttons = Lütfen ağa dokunun veya adını yazın (örneğin TRC20).
flow-search-results = “{ $query }” ile eşleşen coinler:
flow-search-none = “{ $query }” ile eşleşen coin yok. BTC, ETH veya USDT gibi bir kod deneyin.
flow-page = Sayfa { $page } / { $pages }
flow-no-targets = Üzgünüm, { $from } şu anda hiçbir şeyle takas edilemiyor. Başka bir coin seçin.

flow-amount-ask = Ne kadar <b>{ $from }</b> gönderiyorsunuz?
    En az <b>{ $min } { $from }</b>. Bir sayı yazın, örneğin <code>{ $example }</code>.
flow-amount-below-min = { $coin } için en az tutar <b>{ $min } { $coin }</b>. Daha büyük bir tutar yazın veya en az tutarı kullanın.
flow-amount-use-min = En az tutarı kullan: { $min } { $coin }
flow-amount-above-max = { $coin } için en fazla tutar <b>{ $max } { $coin }</b>. Daha küçük bir tutar yazın.
flow-amount-error-empty = Lütfen bir tutar yazın, örneğin <code>0.5</code>.
flow-amount-error-not-a-number = Bu bir sayı değil. Tutarı rakamlarla yazın, örneğin <code>0.5</code> veya <code>1 000,25</code>.
flow-amount-error-negative = Tutar negatif olamaz.
flow-amount-error-zero = Tutar sıfırdan büyük olmalı.
flow-amount-error-exponent = Lütfen tutarı 1e5 gibi üsler olmadan tam yazın.
flow-amount-error-too-many-decimals = Bu tutarda çok fazla ondalık basamak var.
flow-amount-error-too-large = Bu tutar çok büyük. Lütfen kontrol edin.
flow-amount-error-multiple-separators = Bu tutarı okuyamadım: birden fazla ondalık ayırıcı var.
flow-amount-error-other = Bu tutarı okuyamadım. Rakamlarla yazın, örneğin <code>0.5</code>.

flow-quote =
    <b>Fiyat teklifi</b>
    Gönderdiğiniz: <b>{ $amountFrom } { $from }</b>
    Alacağınız: <b>≈ { $amountTo } { $to }</b>
flow-quote-fee = Çekim ücreti (alacağınız tutardan zaten düşüldü): ≈ { $fee } { $feeCoin }
flow-quote-floating = Kur değişkendir: son tutar, yatırmanız takas edildiği andaki kura bağlıdır.
flow-quote-change-hint = Değiştirmek için başka bir tutar yazın.
flow-button-continue = Devam ▶
flow-button-change-amount = ✏️ Tutarı değiştir

flow-destination-ask = Coinlerinizi alacak <b>{ $to }</b> adresini gönderin.
flow-refund-ask = <b>{ $from }</b> iade adresinizi gönderin: takas tamamlanamazsa coinler oraya geri döner.
flow-address-checking = Adres kontrol ediliyor…
flow-address-invalid = ❌ <code>{ $address }</code> geçerli bir { $coin } adresi değil. Kontrol edip tekrar gönderin.
flow-address-bad-input = Lütfen adresi metin olarak gönderin.
flow-address-accepted = ✅ { $coin } adresi: <code>{ $address }</code>
flow-tag-ask = Bu { $coin } adresinin <b>{ $tagName }</b> bilgisini gönderin.
    ⚠️ Zorunludur: doğru { $tagName } olmadan gönderilen coinler kaybolabilir. Kendi cüzdanınıza gönderiyorsanız ve { $tagName } bilginiz yoksa, cüzdanınızdan veya borsa hesabınızdan alın.
flow-tag-invalid = ❌ Bu geçerli bir { $tagName } değil: { $reason } Tekrar gönderin.
flow-tag-reason-empty = boş.
flow-tag-reason-too-long = { $unit ->
        [bytes] çok uzun: en fazla { $max } bayt (bir Latin harfi veya rakam bir bayt, diğer harfler iki veya daha fazla bayt tutar).
       *[other] çok uzun: en fazla { $max } karakter.
    }
flow-tag-reason-digits = tam sayı olmalı (yalnızca rakam).
flow-tag-reason-range = en fazla { $max } olmalı.
flow-tag-reason-spaces = boşluk veya satır sonu içermemeli.
flow-tag-accepted = ✅ { $tagName }: <code>{ $tag }</code>

flow-confirm-card =
    <b>Takasınızı kontrol edin</b>
    Gönderdiğiniz: <b>{ $amountFrom } { $from }</b>
    Alacağınız: <b>≈ { $amountTo } { $to }</b>
flow-confirm-destination = Alıcı { $to } adresi:
    <code>{ $address }</code>
flow-confirm-destination-tag = { $tagName }: <code>{ $tag }</code>
flow-confirm-refund = İade { $from } adresi:
    <code>{ $address }</code>
flow-confirm-refund-tag = İade { $tagName }: <code>{ $tag }</code>
flow-confirm-check = Adreslerin her karakterini kontrol edin. Yanlış adrese gönderilen coinler geri alınamaz.
flow-button-confirm = ✅ Onayla
flow-button-edit = ✏️ Düzenle
flow-edit-which = Neyi değiştirmek istiyorsunuz?
flow-edit-pair = Coinler
flow-edit-amount = Tutar
flow-edit-destination = Alıcı adres
flow-edit-refund = İade adresi
flow-creating = Takasınız oluşturuluyor…
flow-already-created = Bu takas zaten oluşturuldu: { $id }.

flow-partner-error = ⚠️ Takas servisi şu anda yanıt vermiyor. Girdiğiniz her şey duruyor: biraz sonra Tekrar dene'ye dokunun.
flow-partner-rejected = ⚠️ Takas servisi reddetti. Yanıtı olduğu gibi:
    <blockquote>{ $message }</blockquote>
flow-partner-rejected-generic = ⚠️ Takas servisi bu isteği reddetti. Tutarı ve adresleri kontrol edin ya da daha sonra tekrar deneyin.

deposit-intro =
    ✅ <b>Takas oluşturuldu</b>
    Aşağıdaki adrese tam olarak <b>{ $amount } { $coin }</b> gönderin. ≈ { $amountTo } { $to } alacaksınız.
    Takas ID: <code>{ $id }</code>
deposit-address-label = Yatırma adresi ({ $coin }):
deposit-tag = ⚠️ <b>{ $tagName }</b>: <code>{ $tag }</code>
    Yatırmanız bu { $tagName } bilgisini MUTLAKA içermeli. Aksi halde coinleriniz kaybolabilir.
deposit-tag-fallback-name = Tag
# Tag names the exchange service gives (its catalog's "tagname"), in the person's language.
tag-name-comment = Yorum
tag-name-destination-tag = Destination tag
tag-name-memo = MEMO
deposit-qr-caption = { $coin } yatırma adresinin QR kodu
deposit-qr-none = { $coin } yatırma adresi bir QR kodu için fazla uzun: yukarıdaki mesajdan kopyalayın.
deposit-outro = Her durum değişikliğini size bildireceğim. Yatırmanız takas edilene kadar kur değişkendir.
flow-create-in-doubt =
    ⚠️ { $amount } { $from } → { $to } takasınızın oluşturulup oluşturulmadığını doğrulayamadım: takas servisinin yanıtı kayboldu. İki sipariş oluşmasın diye onu tekrar göndermeyeceğim.
    Destek ekibine haber verildi, servisle kontrol edecekler. Yatırma talimatlarını almadan hiç coin göndermeyin; takas onaylanır onaylanmaz /history talimatları gösterir.

## rates (inline mode, /rate, exchange deep links)

rates-button-exchange = 🔁 { $from } → { $to } takas et
rates-quote-title = { $amountFrom } { $from } → ≈ { $amountTo } { $to }
rates-quote-description-fee = Çekim ücreti ≈ { $fee } { $feeCoin } (dahil) · kur değişkendir
rates-quote-description = Kur değişkendir
rates-list-heading-amount = <b>{ $amountFrom } { $from }</b> karşılığında alacağınız:
rates-list-heading-min = En az { $min } { $from } tutarında <b>{ $from }</b> karşılığında alacağınız:
rates-list-line = ≈ <b>{ $amountTo } { $to }</b>
rates-list-footer = Çekim ücreti düşülmüştür; kur değişkendir. Takas için bir coine dokunun.
rates-help-title = Bir tutar ve iki coin yazın
rates-help-description = Örneğin: 0.1 btc eth · 100 usdttrc20 · btc
rates-help-text =
    <b>Her yerde fiyat teklifi</b>
    Bir tutar ve iki coin yazın, sıra fark etmez:
    <code>0.1 btc eth</code> · <code>btc eth 0.1</code> · <code>0.1 btc to eth</code>
    Bir tutar ve tek coin, birkaç popüler hedefi gösterir: <code>100 usdttrc20</code>
    Tek coin, en az tutarında nelerle takas edilebildiğini gösterir: <code>btc</code>
    Herhangi bir sohbette kullanıcı adımı ve sorunuzu yazın; burada /rate kullanın.
rates-invalid-title = Bunu okuyamadım
rates-invalid-bad-amount = Tutar okuyabildiğim bir sayı değil. 0.1 veya 1 000,5 gibi yazın.
rates-invalid-multiple-amounts = Birden fazla tutar var. Bir tutar ve iki coin verin.
rates-invalid-amount-position = Tutarı başa veya sona koyun, coinlerin arasına değil.
rates-invalid-missing-coin = Tutarın bir coine ihtiyacı var, örneğin 0.1 btc eth.
rates-invalid-misplaced-connector = “to” iki coinin arasına gelir, örneğin 0.1 btc to eth.
rates-invalid-too-many-words = Çok fazla kelime var. Bir tutar ve en fazla iki coin verin.
rates-invalid-same-coin = İki coin aynı. İki farklı coin seçin.
rates-unknown-title = Bilinmeyen coin “{ $token }”
rates-unknown-suggest = Bunu mu demek istediniz: { $suggestions }?
rates-unknown-none = Kodu kontrol edin, örneğin BTC, ETH veya LTC.
rates-no-pair-title = { $from } → { $to } kullanılamıyor
rates-no-pair-targets = { $from } şunlarla takas edilebilir: { $targets }
rates-no-targets = { $from } şu anda hiçbir şeyle takas edilemiyor.
rates-below-min-title = En az tutar { $min } { $from }
rates-below-min-description = Fiyat teklifi görmek için en az { $min } { $from } isteyin.
rates-above-max-title = En fazla tutar { $max } { $from }
rates-above-max-description = Fiyat teklifi görmek için en fazla { $max } { $from } isteyin.
rates-rejected-title = Takas servisi bu teklifi reddetti
rates-rejected-generic = Başka bir tutar veya çift deneyin.
rates-unavailable-title = Fiyat teklifleri şu anda kullanılamıyor
rates-unavailable-description = Takas servisi yanıt vermiyor. Lütfen bir dakika sonra tekrar deneyin.

## status (order card, status notifications, /status, /history)

status-name-waiting_deposit = Yatırmanız bekleniyor
status-name-deposit_received = Yatırma alındı
status-name-exchanging = Takas ediliyor
status-name-sending = Coinleriniz gönderiliyor
status-name-success = Tamamlandı
status-name-time_expired = Süresi doldu
status-name-failed = Başarısız
status-name-sending_failed = Gönderim başarısız
status-name-reverted = İade edildi
status-card-title = { $icon } <b>Takas</b> <code>{ $id }</code>
status-card-status = Durum: <b>{ $status }</b>
status-card-send = Gönderdiğiniz: <b>{ $amount } { $coin }</b>
status-card-expected = Alacağınız: ≈ <b>{ $amount } { $coin }</b>
status-card-outcome-failed = ❌ Takas edilmedi. Yatırmanız geldiyse <code>{ $refund }</code> iade adresinize geri döner.
status-card-outcome-reverted = ↩️ İade edildi: coinleriniz <code>{ $refund }</code> iade adresinize geri gönderildi.
status-card-outcome-time_expired = ⌛ Zamanında yatırma gelmedi: hiçbir şey takas edilmedi.
status-card-received = Alınan: <b>{ $amount } { $coin }</b>
status-card-txid = TxID: <code>{ $txId }</code>
status-card-deposit-address = Yatırma adresi: <code>{ $address }</code>
status-card-deposit-tag = ⚠️ Yatırma tag'i: <code>{ $tag }</code> (yatırmanız bunu MUTLAKA içermeli)
status-card-refresh = 🔄 Yenile
status-notice-deposit = 📥 <code>{ $id }</code> takası için { $amount } { $coin } yatırmanız ulaştı. Takas sürüyor.
status-notice-success = ✅ <code>{ $id }</code> takası tamamlandı: { $amount } { $coin } adresinize gönderildi.
status-notice-failed = ❌ <code>{ $id }</code> takası başarısız oldu. Yatırmanız geldiyse <code>{ $refund }</code> iade adresinize geri döner.
status-notice-sending_failed = ⚠️ <code>{ $id }</code> takasının coinleri gönderilemedi. Servis tekrar deneyebilir, denediğinde size haber veririm; aksi halde coinler <code>{ $refund }</code> iade adresinize geri döner.
status-notice-reverted = ↩️ <code>{ $id }</code> takası geri alındı: coinleriniz <code>{ $refund }</code> iade adresinize iade edildi.
status-notice-time_expired = ⌛ <code>{ $id }</code> takasının süresi doldu: zamanında yatırma gelmedi. Artık yatırma adresine hiçbir şey göndermeyin; /exchange ile yeni bir takas başlatın. Coin gönderdiyseniz <code>{ $refund }</code> iade adresinize geri döner.
status-notice-support = { $contact ->
        [none] Yardım mı lazım? Desteğe yazın ve takas ID'sini belirtin: <code>{ $id }</code>.
       *[other] Yardım mı lazım? { $contact } adresine yazın ve takas ID'sini belirtin: <code>{ $id }</code>.
    }
status-usage = /status komutunu takas ID'si ile gönderin, örneğin <code>/status 1a2b3c</code>. /history takaslarınızı listeler.
status-not-found = <code>{ $id }</code> ID'li bir takasınızı bulamadım. ID'yi kontrol edin veya /history'ye bakın.
status-unavailable = ⚠️ Takas servisi şu anda yanıt vermiyor: bildiğim son durum bu.
status-refreshed = Durum güncellendi
status-tracking-stopped = Bu takas artık otomatik olarak kontrol edilmiyor. Kontrol etmek için Yenile'ye dokunun veya /status gönderin.
status-unknown-at-service = ❓ Takas servisi <code>{ $id }</code> takasını tanımıyor: böyle bir takası olmadığını söyledi (yanıt verdi; çökmüş değil). Aşağıda bildiğim son durum var.
    { $contact ->
        [none] Lütfen desteğe yazın ve takas ID'sini belirtin: <code>{ $id }</code>.
       *[other] Lütfen { $contact } adresine yazın ve takas ID'sini belirtin: <code>{ $id }</code>.
    }
status-unknown-at-service-short = Takas servisi bu takası tanımıyor. Lütfen desteğe yazın.
status-card-unknown-at-service = ❓ Takas servisi bu takası tanımıyor, bu yüzden artık otomatik olarak kontrol edilmiyor. { $contact ->
        [none] Lütfen desteğe yazın ve takas ID'sini belirtin.
       *[other] Lütfen { $contact } adresine yazın ve takas ID'sini belirtin.
    }
history-title = <b>Takaslarınız</b>, en yeniler önce (sayfa { $page } / { $pages }). Saatler UTC'dir. Kartını açmak için birine dokunun.
history-empty = Henüz takasınız yok. Başlamak için /exchange gönderin.
history-item = { $icon } { $amount } { $from } → { $to } · { $date }
history-newer = ◀ Daha yeni
history-older = Daha eski ▶

## admin (support tools: /find, /user, /stats, /broadcast, /maintenance, alerts)

admin-command-find = Destek: takas bul
admin-command-user = Destek: kişi özeti
admin-command-stats = Destek: istatistikler
admin-command-broadcast = Destek: herkese mesaj
admin-command-maintenance = Destek: yeni takasları durdur
admin-none = yok
admin-not-found = Bu takas depoda yok.
admin-archived = Bu takas uzun zaman önce bitti ve arşivlendi: durumu artık değişmez.
admin-button-recheck = 🔄 Şimdi kontrol et
admin-button-resend = 📨 Talimatları yeniden gönder
admin-button-user = 👤 Kullanıcı
admin-button-open = 🔎 Aç
admin-button-exchanges = 🔎 Takasları
admin-ex-title = { $icon } <b>Takas</b> <code>{ $id }</code>
admin-ex-status = Durum: <b>{ $status }</b> (<code>{ $raw }</code>)
admin-ex-user = Kullanıcı: { $user }
admin-ex-pair = Gönderir { $amount } { $from } → teklif { $quoted } { $to }
admin-ex-expected = Servisin beklediği: { $amountFrom } { $from } → { $amountTo } { $to }
admin-ex-received = Alınan: { $amount } { $to }
admin-ex-txid = TxID: <code>{ $txId }</code>
admin-ex-deposit = Yatırma: { $address }
admin-ex-destination = Alıcı: { $address }
admin-ex-refund = İade: { $address }
admin-ex-created = Oluşturuldu { $at }, güncellendi { $updated }
admin-ex-stopped = ⚠️ Artık sorgulanmıyor: { $reason }
admin-ex-history = <b>Durum geçmişi</b>
admin-find-usage = <code>/find</code> komutunu bir takas ID'si, kullanıcı ID'si, @kullanıcıadı, adres veya tag ile gönderin.
admin-find-none = <code>{ $query }</code> ile eşleşen bir şey yok.
admin-find-count = { $count } bulundu; { $shown } gösteriliyor.
admin-recheck-done = Anlık durum: { $status }
admin-recheck-failed = Takas servisi yanıt vermedi; hiçbir şey değişmedi.
admin-resend-done = Yatırma talimatları yeniden gönderildi.
admin-resend-final = Bu takas sona erdi; ödeme yapılacak bir şey yok.
admin-resend-blocked = Kişi botu engellemiş.
admin-resend-failed = Telegram mesajı reddetti.
admin-user-usage = <code>/user</code> komutunu bir kullanıcı ID'si veya @kullanıcıadı ile gönderin.
admin-user-none = <code>{ $query }</code> olarak bilinen kimse yok.
admin-user-title = 👤 { $user }
admin-user-chosen = seçilmiş
admin-user-language = Dil: { $language }
admin-user-blocked-yes = Botu engelledi: evet
admin-user-blocked-no = Botu engelledi: hayır
admin-user-seen = İlk görülme { $first }, son görülme { $last }
admin-user-exchanges = Takaslar: { $count }
admin-volume-title = Tamamlanan hacim:
admin-stats-title = 📊 <b>İstatistikler</b>
admin-stats-users = Kullanıcılar: { $total } (aktif 24 sa: { $active24h }, 7 gün: { $active7d }; engelleyen: { $blocked })
admin-stats-exchanges = Takaslar: { $total } (oluşturulan 24 sa: { $created24h }, 7 gün: { $created7d }; tamamlanan 24 sa: { $completed24h }, 7 gün: { $completed7d })
admin-stats-funnel = <b>Huni</b>
admin-funnel-flow_started = başladı
admin-funnel-quoted = teklif aldı
admin-funnel-confirmed = onayladı
admin-funnel-deposit_received = yatırma
admin-funnel-success = başarılı
admin-stats-health = <b>Partner API, son bir saat</b>
admin-stats-endpoint = • { $endpoint }: { $requests } istek, %{ $errors } hata, p50 { $p50 } ms, p95 { $p95 } ms
admin-stats-poller = Poller: son döngü { $lag } sn önce, bekleme seviyesi { $backoff }, { $open } açık takas
admin-stats-poller-none = Poller: henüz döngü yok, { $open } açık takas
admin-stats-ops = Başlangıçtan beri: { $updates } update ({ $failed } başarısız), { $telegramErrors } Telegram API hatası; outbox: { $backlog } bekliyor
admin-stats-maintenance = 🛠 Bakım AÇIK: yeni takaslar durduruldu.
admin-alert-status = 🚨 <b>Uyarı</b>: bir takas { $status } durumuna geldi (<code>{ $raw }</code>)
admin-alert-stuck = ⏳ <b>Uyarı</b>: bir takas { $since } tarihinden beri { $status } durumunda
admin-alert-create-in-doubt = ❓ <b>Uyarı</b>: bir takas oluşturma isteği yanıtsız kaldı ({ $reason }, { $at }). Serviste botun bilmediği bir sipariş olabilir; orada bulun ve kişiye haber verin.
admin-alert-create-pair = İstenen: { $amount } { $from } → { $to }
admin-alert-create-destination = Alıcı adres: { $address }
admin-alert-create-refund = İade adresi: { $address }
admin-alert-flag = 🚩 <b>Uyarı</b>: poller bir takası izlemeyi bıraktı ({ $reason })
admin-alert-unknown-at-service = ❓ <b>Uyarı</b>: takas servisi bu takası tanımadığını söylüyor ({ $times ->
        [one] bir kez
       *[other] art arda { $times } kez
    } "not found" yanıtı verdi; servis çökmüş değil). Bot onu izlemeyi bıraktı: siparişi serviste bulun ve kişiye haber verin.
admin-alert-partner-down = 🔥 <b>Uyarı</b>: takas servisi { $since } tarihinden beri hata veriyor.
admin-alert-partner-up = ✅ Takas servisi yeniden yanıt veriyor ({ $since } ile { $until } arasında hata verdi).
admin-bc-usage = /broadcast ve ardından metni gönderin, örn. /broadcast Yeniden çevrimiçiyiz. Önce bir önizleme göreceksiniz.
admin-bc-preview = 📣 <b>Önizleme</b>: bu mesaj { $count } kişiye düz metin olarak gidecek:
admin-bc-send = { $count } kişiye gönder
admin-bc-drop = İptal
admin-bc-dropped = Duyuru iptal edildi. Hiçbir şey gönderilmedi.
admin-bc-not-draft = Bu duyuru zaten gönderildi veya iptal edildi.
admin-bc-progress = 📣 Duyuru gönderiliyor: { $done } / { $total } (gönderilen { $sent }, engelleyen { $blocked }, başarısız { $failed })
admin-bc-done = 📣 Duyuru tamamlandı: gönderilen { $sent }, engelleyen { $blocked }, başarısız { $failed } ({ $total } kişiden).
admin-bc-cancelled = 📣 Duyuru iptal edildi: gönderilen { $sent }, engelleyen { $blocked }, başarısız { $failed } ({ $total } kişiden).
admin-bc-unconfirmed = { $count } onaylanmadı (gönderim ortasında kesildi; tekrar gönderilmez).
admin-bc-cancel = ✖ Duyuruyu iptal et
admin-bc-cancelling = Mevcut mesajdan sonra iptal ediliyor…
admin-bc-not-running = Bu duyuru şu anda çalışmıyor.
admin-maint-on = 🛠 Bakım AÇIK: yeni takaslar durduruldu. Kullanıcıların gördüğü: { $message }
admin-maint-off = ✅ Bakım KAPALI: yeni takaslar yeniden açık.
admin-maint-state-on = 🛠 Bakım AÇIK.
admin-maint-state-off = Bakım kapalı.
admin-maint-usage = Kullanım: <code>/maintenance on [mesaj]</code> veya <code>/maintenance off</code>

## Prompts owed after a restart (exchange flow, prompts-due.ts)
flow-prompt-due = 🔄 Size sonraki soruyu soramadan yeniden başlatıldım. Girdiğiniz her şey duruyor; işte soru:

# Safe in groups: support's answers kept private, buttons that act for their owner only, texts cut to fit.
admin-sent-privately = 🔒 Size benimle olan özel sohbette gönderildi.
admin-private-first = 🔒 Destek yanıtları benimle olan özel sohbetinize gider ve o sohbet henüz açık değil: açın, Başlat'a basın ve tekrar sorun.
admin-private-first-short = Destek yanıtları benimle olan özel sohbetinize gider: önce açın ve Başlat'a basın, sonra tekrar deneyin.
admin-private-open = Özel sohbeti aç
button-not-yours = Bu düğme soran kişi içindir. Kendi düğmenizi almak için komutu siz gönderin.
status-inline = Durum: { $status }. Kartın tamamı benimle olan özel sohbetinizde (orada /status).
admin-maint-too-long = Bakım AÇILMADI: mesaj { $length } karakter, en fazla { $max } sığar. Daha kısa olarak tekrar gönderin.

## Safety against mistakes and floods (issue 23): invisible characters, ambiguous amounts, commands in the flow, per-person limits

flow-tag-reason-invisible = görünmez veya yazı yönünü değiştiren bir karakter içeriyor ({ $char }, { $position }. karakter); bu genellikle kopyala-yapıştır ile gelir. Elle yazın.
flow-address-invisible = ❌ Bu adres görünmez veya yazı yönünü değiştiren bir karakter içeriyor ({ $char }, { $position }. karakter); bu genellikle kopyala-yapıştır ile gelir. Doğru görünür ama başka bir adres olur. Cüzdanınızdan yeniden kopyalayın veya elle yazın. Hiçbir şey gönderilmedi.
flow-amount-ambiguous = <code>{ $typed }</code> iki şekilde okunabilir. Hangi tutarı gönderiyorsunuz?
flow-amount-reading = { $amount } { $coin }
flow-amount-error-ambiguous = Bu tutar iki şekilde okunabilir. Virgülsüz yazın, örneğin <code>1000</code> veya <code>1.5</code>.
rates-invalid-ambiguous-amount = Üç rakamdan önceki virgül binlik de ondalık da olabilir. 1,000 yerine 1000 veya 1.0 yazın.
flow-still-open = ⏸ Takasınız hâlâ açık: yukarıdaki son soruma yanıt verin veya durdurmak için /cancel gönderin.
# A short question (a new name, a threshold) asked while an exchange flow is open.
question-in-flow = Bir takasın ortasındasınız. Onu tamamlayın veya /cancel gönderin, sonra tekrar deneyin.
limit-too-fast = ⏳ Yanıtlayabileceğimden hızlı mesaj gönderiyorsunuz, bu yüzden bazılarını atladım. Birkaç saniye bekleyin, sonra son mesajınızı tekrar gönderin.
limit-too-fast-button = ⏳ Çok hızlı: birkaç saniye bekleyip tekrar basın.
rates-too-fast-title = Art arda çok fazla teklif
rates-too-fast-description = Birkaç saniye bekleyip tekrar yazın: teklifler herkes için hızlı kalsın diye kişi başına sınırlıdır.

## Fixed rate and "receive exactly" (issue 22; only with PARTNER_FEATURES fixed, receive)

flow-rate-kind-ask =
    <b>Sabit mi, değişken kur mu?</b>
    🔒 Sabit: yatırmanız zamanında gelirse <b>{ $fixed } { $to }</b> almanız garanti.
    🌊 Değişken: <b>≈ { $floating } { $to }</b> alırsınız; yatırmanız takas edilene kadar değişebilir.
flow-rate-kind-button-fixed = 🔒 Sabit: { $amountTo } { $to }
flow-rate-kind-button-floating = 🌊 Değişken: ≈ { $amountTo } { $to }
flow-rate-kind-chosen-fixed = ✅ Sabit kur: yatırmanız zamanında gelirse { $amountTo } { $to } alırsınız.
flow-rate-kind-chosen-floating = ✅ Değişken kur: ≈ { $amountTo } { $to } alırsınız; yatırmanız takas edilene kadar değişebilir.
flow-rate-kind-no-fixed = Takas servisi şu anda bunun için sabit kur sunmuyor, bu yüzden kur değişken: ≈ { $amountTo } { $to } alırsınız; yatırmanız takas edilene kadar değişebilir.
flow-receive-button-receive = 🎯 Bunun yerine alınacak { $to } tutarını gir
flow-receive-button-send = ✏️ Bunun yerine gönderilecek tutarı gir
flow-receive-ask = Ne kadar <b>{ $to }</b> gelmeli? Almak istediğiniz tam tutarı yazın, ne kadar <b>{ $from }</b> göndermeniz gerektiğini takas servisine sorayım.
flow-receive-quote =
    <b>Fiyat teklifi</b>
    Tam olarak alacağınız: <b>{ $amountTo } { $to }</b>
    Gönderdiğiniz: <b>{ $amount } { $from }</b>
    Bu, takas servisinin şu anki rakamı; takası oluşturmadan önce tekrar sorarım.
flow-receive-below-min = { $amountTo } { $to } almak için { $amount } { $from } göndermeniz gerekir; bu, en az tutar olan { $min } { $from } altında. Daha büyük bir alınacak tutar yazın.
flow-receive-above-max = { $amountTo } { $to } almak için { $amount } { $from } göndermeniz gerekir; bu, en fazla tutar olan { $max } { $from } üstünde. Daha küçük bir alınacak tutar yazın.
flow-quote-moved = ⚠️ Takas servisinin rakamı siz gördükten sonra değişti. Yenisi burada: uygunsa tekrar onaylayın.
flow-confirm-card-fixed =
    <b>Takasınızı kontrol edin</b>
    Gönderdiğiniz: <b>{ $amountFrom } { $from }</b>
    Alacağınız: <b>{ $amountTo } { $to }</b> (sabit kur)
flow-confirm-card-exact =
    <b>Takasınızı kontrol edin</b>
    Gönderdiğiniz: <b>{ $amountFrom } { $from }</b>
    Tam olarak alacağınız: <b>{ $amountTo } { $to }</b>
flow-quote-fixed = Kur sabit: yatırmanız zamanında gelirse bu tutar garanti. Takası oluşturmadan hemen önce takas servisine tekrar sorarım.
flow-quote-exact = Alacağınız tutar sabit; gönderilecek tutar takas servisinin rakamıdır ve takası oluşturmadan hemen önce tekrar sorulur.
deposit-intro-fixed =
    ✅ <b>Takas oluşturuldu</b>
    Aşağıdaki adrese tam olarak <b>{ $amount } { $coin }</b> gönderin. Yatırmanız zamanında gelirse sabit kurla { $amountTo } { $to } alırsınız.
    Takas ID: <code>{ $id }</code>
deposit-intro-exact =
    ✅ <b>Takas oluşturuldu</b>
    Tam olarak { $amountTo } { $to } gelmesi için aşağıdaki adrese tam olarak <b>{ $amount } { $coin }</b> gönderin.
    Takas ID: <code>{ $id }</code>
deposit-outro-fixed = Her durum değişikliğini size bildireceğim. Yatırmanız zamanında gelirse kur sabittir.
deposit-outro-exact = Her durum değişikliğini size bildireceğim. Yukarıdaki tutarı tam olarak ve zamanında gönderin.
status-card-expected-fixed = Alacağınız: <b>{ $amount } { $coin }</b> (sabit kur)
status-card-expected-exact = Tam olarak alacağınız: <b>{ $amount } { $coin }</b>
rates-receive-title = { $amountFrom } { $from } → tam olarak { $amountTo } { $to }
rates-receive-description = Tam olarak { $amountTo } { $to } almak için { $amountFrom } { $from } gönderin (takas servisinin şu anki rakamı)
rates-receive-help = Tam bir tutar almak için önüne “=” koyun: <code>btc =100 usdt</code> (tam olarak 100 USDT için ne kadar BTC gönderileceği).

## late deposit and the service's own statuses (issue 22: statuses beyond our contract, payment/emergency)

status-name-new = Sipariş oluşturuldu, yatırmanız bekleniyor
status-name-payment_time_expired = Yatırma, siparişin süresi dolduktan sonra geldi
status-name-payment_halted = Ödeme servis tarafından durduruldu
status-emergency-expired = ⏰ Yatırmanız siparişin süresi dolduktan sonra geldi: servis onu bekletiyor.
status-emergency-less = ⚠️ Sipariş edilenden az geldi: servis yatırmayı bekletiyor.
status-emergency-other = ⚠️ Servis yatırmayla ilgili bir sorun bildiriyor: { $what }.
late-deposit-offer = { $kind ->
        [LESS] ⚠️ <code>{ $id }</code> takası için sipariş edilenden az geldi.
       *[other] ⏰ <code>{ $id }</code> takası için bir yatırma, siparişin süresi dolduktan sonra geldi.
    } Servis, ne yapacağınızı seçene kadar onu bekletiyor:
    • <b>Devam</b>: güncel kurdan takas edilir. Alacağınız tutar ilk tekliften farklı olabilir.
    • <b>İade</b>: ağ ücreti düşülerek <code>{ $refund }</code> iade adresinize veya vereceğiniz başka bir adrese geri gönderilir.
    Seçiminiz kesindir ve servise yalnızca bir kez gönderilir.
late-deposit-no-choice = { $kind ->
        [LESS] ⚠️ <code>{ $id }</code> takası için sipariş edilenden az geldi.
       *[other] ⏰ <code>{ $id }</code> takası için bir yatırma, siparişin süresi dolduktan sonra geldi.
    } Servis onu bekletiyor: kaybolmadı, ama kendiliğinden takas edilmeyecek. { $contact ->
        [none] Lütfen desteğe yazın ve takas ID'sini belirtin: <code>{ $id }</code>; takas edilmesini veya <code>{ $refund }</code> adresine iadesini sağlarlar.
       *[other] Lütfen { $contact } adresine yazın ve takas ID'sini belirtin: <code>{ $id }</code>; takas edilmesini veya <code>{ $refund }</code> adresine iadesini sağlarlar.
    }
late-deposit-button-continue = ▶️ Güncel kurdan devam et
late-deposit-button-refund = ↩️ İade adresime iade et
late-deposit-choice-continue = güncel kurdan devam
late-deposit-choice-refund = <code>{ $refund }</code> adresine iade
late-deposit-state-sending = servise gönderiliyor
late-deposit-state-sent = servis tarafından kabul edildi
late-deposit-state-in-doubt = servis onaylamadı; destek kontrol edecek
late-deposit-card = Geç gelen yatırma için seçiminiz: { $choice } ({ $state }).
late-deposit-sent = ✅ Servise gönderildi: { $choice }. Durum değişince size haber vereceğim.
late-deposit-already = Zaten seçtiniz: { $choice } ({ $state }). Yalnızca bir kez gönderilir ve burada değiştirilemez.
late-deposit-refused = Servis bu seçimi reddetti: { $reason }. Yeniden seçebilirsiniz.
late-deposit-in-doubt = ⚠️ Servis zamanında yanıt vermedi. Seçiminiz ({ $choice }) kaydedildi ve asla iki kez gönderilmeyecek; destek servisle doğrulayacak.
late-deposit-not-waiting = Bu takas artık bir seçim beklemiyor. Kartı, ne durumda olduğunu gösterir.
late-deposit-unavailable = Bu seçim botta yapılamaz. Lütfen desteğe yazın ve takas ID'sini belirtin.
admin-ex-late-deposit = Geç yatırma: kişinin seçimi { $choice } ({ $state }), { $at }
admin-alert-late-deposit-in-doubt = ⚠️ <b>Uyarı</b>: servise bir geç yatırma seçimi gönderildi (payment/emergency) ve yanıtı kayboldu. Tekrar gönderilmeyecek: servisle doğrulayın.

## late deposit: refund to another address (issue 22 point 4)

late-deposit-button-other = ↩️ Başka bir adrese iade et
late-other-ask = <code>{ $id }</code> takasının yatırmasının geri gönderileceği <b>{ $coin }</b> adresini gönderin. Hiçbir şey gönderilmeden önce kontrol edilir, ardından onaylarsınız. Durdurmak için İptal'e basın veya /cancel gönderin.
late-other-in-flow = Bir takasın ortasındasınız. Onu bitirin veya /cancel gönderin, sonra “Başka bir adrese iade et” düğmesine tekrar basın.
late-other-confirm = <code>{ $id }</code> takasının yatırması, ağ ücreti düşülerek <code>{ $refund }</code> adresine iade edilsin mi? Bu kesindir: servise yalnızca bir kez gönderilir. Başka bir adres vermek için onu göndermeniz yeterli.
late-other-button-confirm = ✅ Onayla
late-other-button-cancel = ✖️ İptal
late-other-cancelled = İptal edildi: hiçbir şey gönderilmedi. Geç yatırma mesajının düğmeleri hâlâ çalışıyor.
late-other-closed = Bu soru kapandı. Takasın kartı, ne durumda olduğunu gösterir.
late-other-check-failed = ⚠️ Takas servisi adresi şu anda kontrol edemedi. Biraz sonra tekrar gönderin veya /cancel gönderin.
late-other-retry = Başka bir adres gönderin veya /cancel.

## Start again after a create in doubt; copy buttons and support; privacy; export; rate alerts; saved addresses

flow-create-in-doubt-start-again =
    ⚠️ { $amount } { $from } → { $to } takasınızın oluşturulup oluşturulmadığını doğrulayamadım: takas servisinin yanıtı kayboldu. İki siparişiniz olmasın diye onu tekrar göndermeyeceğim.
    Bu ilk deneme için bir yatırma adresi görmüş olsanız bile hiçbir ödeme yapmayın: servis o siparişi oluşturduysa, sipariş ödenmeden süresi dolar. Destek ekibine haber verildi.
    Yine de takas yapmak isterseniz aşağıdaki düğmeye basın: aynı bilgilerle yeniden başlayacağım ve onaylamanız için kartı güncel bir fiyat teklifiyle göstereceğim.
flow-start-again-button = 🔁 Aynı bilgilerle yeniden başla
flow-start-again-started = 🔁 Aynı bilgilerle yeniden başlıyorum: onaylamadan önce bilgileri kontrol edin. İlk deneme için hiçbir ödeme yapmayın.
flow-start-again-used = Bu düğme zaten kullanıldı: onunla yeni bir takas başlatıldı. Başka bir takas başlatmak için /exchange gönderin.
admin-alert-create-start-again = Kişiye bu deneme için hiçbir ödeme yapmaması söylendi ve aynı bilgilerle yeniden başlaması (yeni bir sipariş) önerildi: bu deneme için bulunan bir sipariş ödenmeden süresinin dolmasına bırakılmalı.
flow-start-again-later = Takas servisi şu anda yanıt vermiyor, bu yüzden henüz yeniden başlayamıyorum. Lütfen bir dakika sonra düğmeye tekrar basın.
copy-address = 📋 Adresi kopyala
copy-tag = 📋 { $tagName } bilgisini kopyala
copy-amount = 📋 Tutarı kopyala
copy-exchange-id = 📋 Takas ID'sini kopyala
trust-support = 🛡 Destek ekibi size asla ilk olarak yazmaz ve asla para, özel anahtar veya kurtarma ifadesi (seed phrase) istemez: bunu isteyen biz değiliz. { $contact ->
        [none] Desteğe yalnızca bu bot üzerinden ulaşın.
       *[other] Destek ekibimiz: { $contact }.
    }
status-card-txid-link = TxID: <a href="{ $url }">{ $txId }</a>
command-privacy = Hakkınızda neler saklanıyor
command-forget = Verilerinizi sil
privacy-title = <b>Hakkınızda neleri, ne kadar süre saklıyorum</b>
privacy-deleted-title = <b>/forget gönderdiğinizde silinenler:</b>
privacy-data-profile = • adınız, kullanıcı adınız ve Telegram diliniz, bana ilk ve son yazdığınız zaman ve seçtiğiniz dil: siz /forget gönderene kadar.
privacy-data-flow = • başlattığınız ama henüz onaylamadığınız bir takas için verdiğiniz yanıtlar (coinler, tutar, adresler): takası bitirene veya iptal edene kadar ya da son yanıtınızdan sonra { $minutes } dakika boyunca.
privacy-data-addresses = • takaslarınızda kullandığınız alıcı ve iade adresleri ve bunların adları: onları orada silene veya /forget gönderene kadar.
privacy-data-alerts = • kur alarmlarınız (/alert): biri tetiklenene, siz onu silene, 30 gün geçene veya /forget gönderene kadar.
privacy-kept-title = <b>/forget sonrasında da saklananlar:</b>
privacy-kept-exchanges = • takaslarınız (ID, coinler, tutarlar, adresler, işlem ID'leri, durum, tarihler ve Telegram ID'niz): destek ekibi yasa gereği bu kayıtları { $years ->
    [one] { $years } yıl
   *[other] { $years } yıl
} boyunca saklamak zorundadır.
privacy-kept-in-progress = • oluşturulmakta veya sürmekte olan bir takas ve onunla ilgili size hâlâ göndermem gereken mesajlar: takas bitene kadar.
privacy-seen-again = /forget sonrasında bana yazarsanız, ilk gününüzdeki gibi adınızı ve dilinizi yeniden görürüm.
privacy-private-only = Gizliliğiniz için /privacy ve /forget komutlarını benimle özel sohbette gönderin.
forget-ask = <b>Verileriniz silinsin mi?</b> Bu işlem geri alınamaz.
forget-button-confirm = 🗑 Verilerimi sil
forget-button-cancel = ✖️ İptal
forget-done = Tamam: verileriniz silindi. Takas kayıtlarınız, yasanın gerektirdiği üzere { $years ->
    [one] { $years } yıl
   *[other] { $years } yıl
} boyunca destek ekibinde saklanır.
forget-cancelled = İptal edildi: hiçbir şey silinmedi.
command-export = Takaslarınız CSV dosyası olarak
help-export = /export yaptığınız tüm takasları size bir CSV dosyası olarak gönderir (tablo programlarıyla açılır): tarih, coinler, gönderilen ve alınan tutarlar, adresler, ID'ler, durum ve size yapılan ödemenin işlemi.
export-private-only = Dışa aktarım adreslerinizi içerir: /export komutunu botla olan özel sohbetinizde gönderin.
export-range-refused = /export ardından bir şey almaz: size kendi takaslarınızı gönderir. Yalnızca /export gönderin.
export-range-usage = /export gönderin ya da bir gün aralığındaki tüm takaslar için (UTC, iki gün de dahil, en fazla { $days } gün): <code>/export 2026-11-01 2026-11-30</code>.
export-busy = Önceki dışa aktarımınız hâlâ gönderiliyor. Bitmesini bekleyin, sonra tekrar deneyin.
export-too-often = Kısa sürede birkaç dışa aktarım istediniz. Lütfen birkaç dakika sonra tekrar deneyin.
export-none = Henüz takasınız yok, bu yüzden dışa aktarılacak bir şey yok.
export-none-range = { $from } ile { $to } arasında hiç takas oluşturulmadı.
export-caption = Takaslar, CSV, dosya { $part }
export-done = Dışa aktarım tamamlandı: { $files ->
        [one] { $files } dosyada
       *[other] { $files } dosyada
    } { $rows ->
        [one] { $rows } takas
       *[other] { $rows } takas
    }.
export-too-large = Dışa aktarım { $files } dosyadan sonra durdu ({ $rows } takas): tek seferde gönderilemeyecek kadar büyük. Daha kısa bir gün aralığı isteyin.
export-failed = Dışa aktarım gönderilemedi. Lütfen biraz sonra tekrar deneyin.
command-alert = Kur alarmları
rate-alert-button-set = 🔔 Bana haber ver
rate-alert-usage =
    Kur iyi olduğunda size haber vereyim, örneğin:
    <code>/alert btc eth &gt;= 20</code>: 1 BTC en az 20 ETH ettiğinde
    <code>/alert btc eth &lt;= 18</code>: 1 BTC en fazla 18 ETH ettiğinde
    Yalnızca /alert yazarsanız alarmlarınızı listeler.
rate-alert-bad-operator = Sayıdan önce <code>&gt;=</code> (en az) veya <code>&lt;=</code> (en fazla) yazın, örneğin <code>&gt;= 20</code>.
rate-alert-bad-amount = Bu eşik kullanabileceğim bir sayı değil. <code>&gt;= 20</code> veya <code>&lt;= 0.05</code> şeklinde gönderin.
rate-alert-unknown-coin = «{ $coin }» coinini tanımıyorum. Kodu kontrol edin veya coinlere /rate ile bakın.
rate-alert-no-pair = { $from } burada { $to } karşılığında takas edilemiyor, bu yüzden bu kuru izleyemiyorum.
rate-alert-limit = Zaten { $max } alarmınız var; bir kişi en fazla bu kadar alarm tutabilir. Önce /alert içinden birini silin.
rate-alert-set-above = 🔔 Alarm kuruldu: 1 { $from } en az { $threshold } { $to } ettiğinde size bir kez haber vereceğim. Alarmlar 30 gün sonra silinir.
rate-alert-set-below = 🔔 Alarm kuruldu: 1 { $from } en fazla { $threshold } { $to } ettiğinde size bir kez haber vereceğim. Alarmlar 30 gün sonra silinir.
rate-alert-ask = 🔔 { $from } → { $to } için size ne zaman haber vereyim? Birini seçin ya da "1 { $from } en az 20 { $to } ettiğinde" için <code>&gt;= 20</code>, "en fazla" için <code>&lt;= 18</code> gönderin.
rate-alert-none =
    Hiç kur alarmınız yok.
    <code>/alert btc eth &gt;= 20</code> şeklinde bir alarm kurun veya /rate ile aldığınız bir fiyat teklifinin altındaki 🔔 düğmesine basın.
rate-alert-list-title = 🔔 Kur alarmlarınız ({ $count } / { $max }):
rate-alert-line-above = 1 { $from } en az { $threshold } { $to } ettiğinde
rate-alert-line-below = 1 { $from } en fazla { $threshold } { $to } ettiğinde
rate-alert-button-delete = 🗑 { $n }
rate-alert-deleted = Alarm silindi.
rate-alert-gone = Bu alarm artık yok (tetiklendi, süresi doldu veya silindi).
rate-alert-fired-above = 🔔 1 { $from } şu anda { $price } { $to } ediyor: istediğiniz gibi en az { $threshold } { $to }. Bu alarm tamamlandı.
rate-alert-fired-below = 🔔 1 { $from } şu anda { $price } { $to } ediyor: istediğiniz gibi en fazla { $threshold } { $to }. Bu alarm tamamlandı.
rate-alert-now = 1 { $from } şu anda ≈ { $price } { $to } ediyor.
rate-alert-ask-in-flow = 🔔 { $from } → { $to } için ne zaman haber vereyim: birini seçin veya kendi sayınızla <code>/alert { $from } { $to } &gt;= 20</code> gönderin. Takasınız açık kalıyor.
rate-alert-question-cancelled = İptal edildi: alarm kurulmadı.
rate-alert-choice-above = ≥ +{ $percent } %
rate-alert-choice-below = ≤ −{ $percent } %
rate-alert-button-exchange = 🔁 { $from } → { $to } takas et
admin-stats-rate-alerts = Kur alarmları: { $pairs } çiftte { $alerts } alarm; her { $intervalSeconds } sn'de bir kontrol, kontrol başına en fazla { $pairsPerCheck } kur isteği; başlangıçtan beri { $rateCalls } istek, { $fired } tetiklendi
command-addresses = Kayıtlı adresleriniz
help-addresses = /addresses: kayıtlı adresleriniz (yeniden adlandırın, silin veya kaydetmeyi durdurun)
saved-address-button = { $label } · { $uses ->
    [one] bir kez kullanıldı
   *[other] { $uses } kez kullanıldı
}
saved-address-offer = Ya da aşağıdaki kayıtlı adreslerinizden birine dokunun (/addresses ile yönetebilirsiniz).
saved-address-gone = Bu kayıtlı adres artık listenizde yok. Bir adres gönderin veya başka birine dokunun.
saved-address-refused = ❌ Kayıtlı adresiniz <b>{ $label }</b> (<code>{ $address }</code>) artık takas servisi tarafından { $coin } adresi olarak kabul edilmiyor. Başka bir adres gönderin veya başka birine dokunun. Bu adresi /addresses içinden silebilirsiniz.
addresses-title = <b>Kayıtlı adresleriniz</b> (en fazla { $max }: sonrasında yeni bir adres en az kullanılanın yerini alır)
addresses-empty = Henüz yok. Oluşturduğunuz bir takasın adresleri buraya kaydedilir ve bir dahaki sefere aynı coin ve ağ için düğme olarak sunulur.
addresses-item = { $number }. <b>{ $label }</b> · { $coin } · { $uses ->
    [one] bir kez kullanıldı
   *[other] { $uses } kez kullanıldı
}
    <code>{ $address }</code>{ $tag }
addresses-item-tag = , tag <code>{ $tag }</code>
addresses-remember-on = Kaydetme <b>açık</b>: oluşturduğunuz her takasın adresleri kaydedilir. Onları yalnızca siz görürsünüz.
addresses-remember-off = Kaydetme <b>kapalı</b>: yeni hiçbir şey kaydedilmez. Yukarıdaki adresler siz silene kadar kalır.
addresses-button-rename = ✏️ Yeniden adlandır: { $number }
addresses-button-delete = 🗑 Sil: { $number }
addresses-button-turn-off = Adresleri kaydetmeyi durdur
addresses-button-turn-on = Adresleri yeniden kaydet
addresses-button-cancel = ✖️ İptal
addresses-turned-off = Kaydetme kapalı. Kayıtlı adresler siz silene kadar kalır.
addresses-turned-on = Kaydetme açık.
addresses-deleted = Silindi.
addresses-gone = Bu kayıtlı adres artık listenizde yok.
addresses-private-only = Kayıtlı adresleriniz yalnızca benimle özel sohbette gösterilir: /addresses komutunu orada gönderin.
addresses-rename-ask = <b>{ $label }</b> için yeni bir ad gönderin (en fazla { $max } karakter). Eski adı korumak için İptal'e basın.
addresses-rename-cancelled = Ad olduğu gibi kaldı.
addresses-name-invalid = Ad 1 ile { $max } karakter arasında olmalı. Başka bir ad gönderin veya İptal'e basın.
addresses-name-invisible = ❌ Bu ad görünmez veya yazı yönünü değiştiren bir karakter içeriyor ({ $char }, { $position }. karakter). O karakter olmadan tekrar gönderin veya İptal'e basın.
addresses-renamed = ✅ Yeni ad: <b>{ $name }</b>
