# Українська. Every string a user sees lives here (same keys as en.ftl). Values passed in are already
# HTML-escaped by the caller; markup below is Telegram HTML.

language-name = Українська

start-greeting =
    👋 Привіт, <b>{ $name }</b>!

    Я обмінюю одну криптовалюту на іншу просто тут, у чаті: оберіть пару, введіть суму й адреси, підтвердьте та надішліть депозит. Я повідомлю про кожен крок, доки монети не надійдуть.
start-button-exchange = 🔁 Почати обмін
start-button-help = ❓ Як це працює
# The Mini App (issue 35): its buttons, the menu button, and the page's own words (webapp-*).
start-button-app = 📱 Обмін у застосунку
flow-open-app = 📱 Відкрити застосунок
menu-button-app = Обмін
webapp-title = Обмін
webapp-pair-gone = Сервіс обміну більше не пропонує цю пару. Виберіть монети знову.
webapp-step-from = Яку монету ви надсилаєте?
webapp-step-to = Яку монету ви отримуєте?
webapp-search = Пошук монет
webapp-no-match = Такої монети немає.
webapp-networks = Мережі
webapp-choose-network = виберіть мережу
webapp-min = мін.
webapp-fee = комісія
webapp-step-amount = Скільки?
webapp-amount = Сума
webapp-mode-send = Я надсилаю
webapp-mode-receive = Я отримую рівно
webapp-you-send = Ви надсилаєте
webapp-you-get = Ви отримуєте
webapp-rate = Курс
webapp-rate-floating = Плаваючий курс
webapp-rate-floating-note = сума йде за ринком, доки не надійде ваш депозит.
webapp-rate-fixed = Фіксований курс
webapp-rate-fixed-note = цю суму гарантовано, якщо ви надішлете депозит вчасно.
webapp-quoting = Отримую котирування…
webapp-which-amount = Яку суму ви маєте на увазі?
webapp-step-destination = Ваша адреса для отримання
webapp-step-refund = Ваша адреса для повернення
webapp-refund-note = Якщо обмін не вдасться завершити, монети повернуться на цю адресу.
webapp-address-placeholder = Вставте або відскануйте адресу
webapp-scan = Сканувати QR
webapp-scan-hint = Наведіть камеру на QR-код адреси
webapp-scan-unreadable = У цьому QR-коді немає адреси, яку я можу прочитати. Спробуйте інший або вставте адресу.
webapp-saved = Збережені адреси
webapp-request-amount = Платіжний запит просить
webapp-request-apply = Використати цю суму
webapp-request-applied = Суму встановлено: ви отримаєте рівно стільки. Перевірте суму до надсилання на наступних екранах.
webapp-request-no-exact = Цей сервіс обміну не вміє отримувати точну суму: перевірте суму самі.
webapp-continue = Продовжити
webapp-confirm = Підтвердити
webapp-back = Назад
webapp-step-confirm = Перевірте й підтвердьте
webapp-confirm-check = Перевірте кожен символ адрес. Монети, надіслані на хибну адресу, не повернути.
webapp-destination = Адреса отримання
webapp-refund = Адреса повернення
webapp-step-deposit = Надішліть депозит
webapp-deposit-amount = Надішліть рівно
webapp-deposit-address = На цю адресу
webapp-deposit-tag = З цим тегом або memo
webapp-copy = Копіювати
webapp-copied = Скопійовано
webapp-copy-failed = Не вдалося скопіювати: виділіть текст.
webapp-exchange-id = Обмін
webapp-status = Статус
webapp-chat-note = Ті самі інструкції є у вашому чаті з ботом; там він повідомить, коли монети надійдуть.
webapp-offline = Не вдалося зв'язатися з ботом. Перевірте з'єднання й спробуйте знову.
webapp-open-in-telegram = Відкрийте цю сторінку кнопкою бота в Telegram: Telegram має підтвердити, хто ви.

help-text =
    <b>Як відбувається обмін</b>
    1. /exchange: оберіть, яку монету віддаєте і яку отримуєте.
    2. Введіть суму й подивіться поточний курс.
    3. Вкажіть адресу, на яку надійдуть монети (і тег чи memo, якщо монета цього потребує), та адресу для повернення.
    4. Перевірте все й підтвердьте: ви отримаєте адресу для депозиту.
    5. Надішліть туди монети. Я повідомлю про кожну зміну статусу.

    <b>Команди</b>
    /exchange: почати обмін
    /rate: курс, наприклад <code>/rate 0.1 btc eth</code>
    /alert: повідомити, коли курс стане вигідним, наприклад <code>/alert btc eth &gt;= 20</code>
    /status: статус одного з ваших обмінів
    /history: ваші обміни
    /language: змінити мову
    /privacy: що я зберігаю про вас і як довго
    /forget: видалити ваші дані
    /cancel: перервати поточну дію
    /help: це повідомлення

language-choose = Оберіть мову:
language-set = Мова: українська.

command-start = Запустити бота
command-help = Як це працює
command-exchange = Почати обмін
command-rate = Дізнатися курс
command-status = Статус обміну
command-history = Ваші обміни
command-language = Змінити мову
command-cancel = Скасувати поточну дію

unhandled-text = Я не зрозумів. Надішліть /exchange, щоб обміняти монети, або /help, щоб дізнатися, що я вмію.
unhandled-callback = Ця кнопка вже не активна.
error-generic = У мене щось пішло не так. Спробуйте за хвилину; нічого з того, що ви ввели, нікуди не надіслано.

## The exchange flow

flow-group-redirect = Обміни відбуваються в особистому чаті зі мною, щоб ваші адреси залишилися між нами.
flow-group-button = Відкрити особистий чат
flow-cancelled = Обмін скасовано. Нічого не створено. Надішліть /exchange, щоб почати знову.
flow-nothing-to-cancel = Нема чого скасовувати. Надішліть /exchange, щоб почати обмін.
flow-expired = ⌛ Незавершений обмін закінчився: { $minutes ->
        [one] { $minutes } хвилина
        [few] { $minutes } хвилини
        [many] { $minutes } хвилин
       *[other] { $minutes } хвилини
    } без дій, тож я його видалив. Надішліть /exchange, щоб почати знову.
flow-maintenance = 🛠 Нові обміни призупинено на технічне обслуговування. { $message }
flow-button-back = ◀ Назад
flow-button-cancel = ✖ Скасувати
flow-button-retry = 🔄 Повторити
flow-stale-button = Ця кнопка належить до попереднього кроку.
flow-restarted = 🔄 Мене перезапустили одразу після мого останнього запитання, тож я міг пропустити вашу відповідь. Усе, що ви ввели раніше, збережено; будь ласка, дайте відповідь ще раз:
flow-create-not-sent = 🔄 Мене перезапустили якраз перед тим, як ваш обмін дійшов до сервісу обміну, тож нічого не створено і жодні монети не під загрозою. Надішліть будь-яке повідомлення (наприклад, «ок»), і я знову покажу картку підтвердження.
flow-coin-gone = { $coin } більше не доступна для цього обміну. Оберіть іншу монету.
flow-pair-gone = Сервіс обміну більше не пропонує { $from } → { $to }. Оберіть монети знову; ваші адреси збережено там, де вони ще підходять.
flow-use-buttons = Скористайтеся кнопками вище або введіть те, що просить цей крок.

# Before the prompt of each step every exchange has (the flow's step table counts them).
flow-step-number = <b>Крок { $n } з { $total }.</b>
flow-pick-from = Яку монету ви надсилаєте?
    Натисніть на монету або введіть її тікер чи назву для пошуку.
flow-pick-to = Ви надсилаєте <b>{ $from }</b>. Яку монету хочете отримати?
    Натисніть на монету або введіть її тікер чи назву для пошуку.
flow-picked-from = Ви надсилаєте: <b>{ $coin }</b>
flow-picked-to = Ви отримуєте: <b>{ $coin }</b>
# The network step: a ticker on several networks (USDT on ERC20, TRC20…).
flow-ticker-button = { $ticker } ▸
flow-network-ask-from = У якій мережі ви надсилаєте <b>{ $ticker }</b>?
flow-network-ask-to = У якій мережі ви хочете отримати <b>{ $ticker }</b>?
flow-network-line-min = • <b>{ $network }</b>: мінімум { $min } { $ticker }
flow-network-line-fee = • <b>{ $network }</b>: комісія за виведення ≈ { $fee } { $feeCoin }
flow-network-line = • <b>{ $network }</b>
flow-network-warning-from = ⚠️ Надсилайте { $ticker } лише в цій мережі: монети, надіслані в іншій мережі, буде втрачено.
flow-network-warning-to = ⚠️ Адреса отримання має бути в цій мережі: монети, надіслані на адресу в іншій мережі, буде втрачено.
flow-network-use-buttons = Натисніть на мережу або напишіть її назву (наприклад, TRC20).
flow-search-results = Монети за запитом «{ $query }»:
flow-search-none = Жодна монета не відповідає «{ $query }». Спробуйте тікер, наприклад BTC, ETH або USDT.
flow-page = Сторінка { $page } з { $pages }
flow-no-targets = На жаль, { $from } зараз не можна ні на що обміняти. Оберіть іншу монету.

flow-amount-ask = Скільки <b>{ $from }</b> ви надсилаєте?
    Мінімум: <b>{ $min } { $from }</b>. Введіть число, наприклад <code>{ $example }</code>.
flow-amount-below-min = Мінімум для { $coin }: <b>{ $min } { $coin }</b>. Введіть більшу суму або скористайтеся мінімумом.
flow-amount-use-min = Взяти мінімум: { $min } { $coin }
flow-amount-above-max = Максимум для { $coin }: <b>{ $max } { $coin }</b>. Введіть меншу суму.
flow-amount-error-empty = Введіть суму, наприклад <code>0.5</code>.
flow-amount-error-not-a-number = Це не число. Введіть суму цифрами, наприклад <code>0.5</code> або <code>1 000,25</code>.
flow-amount-error-negative = Сума не може бути від’ємною.
flow-amount-error-zero = Сума має бути більшою за нуль.
flow-amount-error-exponent = Напишіть суму повністю, без степенів на кшталт 1e5.
flow-amount-error-too-many-decimals = У цій сумі забагато знаків після коми.
flow-amount-error-too-large = Ця сума завелика. Перевірте її, будь ласка.
flow-amount-error-multiple-separators = Не вдалося прочитати суму: у ній більше одного десяткового роздільника.
flow-amount-error-other = Не вдалося прочитати суму. Введіть її цифрами, наприклад <code>0.5</code>.

flow-quote =
    <b>Курс</b>
    Ви надсилаєте: <b>{ $amountFrom } { $from }</b>
    Ви отримуєте: <b>≈ { $amountTo } { $to }</b>
flow-quote-fee = Комісія за виведення (уже вирахувана із суми, яку ви отримаєте): ≈ { $fee } { $feeCoin }
flow-quote-floating = Курс плаваючий: підсумкова сума залежить від курсу на момент обміну вашого депозиту.
flow-quote-change-hint = Введіть іншу суму, щоб змінити її.
flow-button-continue = Далі ▶
flow-button-change-amount = ✏️ Змінити суму

flow-destination-ask = Надішліть адресу <b>{ $to }</b>, на яку надійдуть ваші монети.
flow-refund-ask = Надішліть вашу адресу <b>{ $from }</b> для повернення: якщо обмін не вдасться завершити, монети повернуться туди.
flow-address-checking = Перевіряю адресу…
flow-address-invalid = ❌ <code>{ $address }</code> не є дійсною адресою { $coin }. Перевірте її та надішліть знову.
flow-address-bad-input = Надішліть адресу текстом.
flow-address-accepted = ✅ Адреса { $coin }: <code>{ $address }</code>
flow-tag-ask = Надішліть <b>{ $tagName }</b> для цієї адреси { $coin }.
    ⚠️ Це обов’язково: монети, надіслані без правильного { $tagName }, можуть бути втрачені. Якщо ви надсилаєте на власний гаманець і не маєте { $tagName }, візьміть його у своєму гаманці чи акаунті біржі.
flow-tag-invalid = ❌ Це недійсний { $tagName }: { $reason } Надішліть ще раз.
flow-tag-reason-empty = він порожній.
flow-tag-reason-too-long = { $unit ->
        [bytes] він задовгий: не більше { $max } байт (латинська літера чи цифра займає один байт, інші літери — два й більше).
       *[other] він задовгий: не більше { $max } символів.
    }
flow-tag-reason-digits = він має бути цілим числом (лише цифри).
flow-tag-reason-range = він має бути не більшим за { $max }.
flow-tag-reason-spaces = у ньому не має бути пробілів і переносів рядка.
flow-tag-accepted = ✅ { $tagName }: <code>{ $tag }</code>

flow-confirm-card =
    <b>Перевірте обмін</b>
    Ви надсилаєте: <b>{ $amountFrom } { $from }</b>
    Ви отримуєте: <b>≈ { $amountTo } { $to }</b>
flow-confirm-destination = Адреса { $to } для отримання:
    <code>{ $address }</code>
flow-confirm-destination-tag = { $tagName }: <code>{ $tag }</code>
flow-confirm-refund = Адреса { $from } для повернення:
    <code>{ $address }</code>
flow-confirm-refund-tag = { $tagName } для повернення: <code>{ $tag }</code>
flow-confirm-check = Перевірте кожен символ адрес. Монети, надіслані на хибну адресу, не повернути.
flow-button-confirm = ✅ Підтвердити
flow-button-edit = ✏️ Змінити
flow-edit-which = Що ви хочете змінити?
flow-edit-pair = Монети
flow-edit-amount = Суму
flow-edit-destination = Адресу отримання
flow-edit-refund = Адресу повернення
flow-creating = Створюю ваш обмін…
flow-already-created = Цей обмін уже створено: { $id }.

flow-partner-error = ⚠️ Сервіс обміну зараз не відповідає. Усе, що ви ввели, збережено: натисніть «Повторити» трохи згодом.
flow-partner-rejected = ⚠️ Сервіс обміну відмовив. Його відповідь як є:
    <blockquote>{ $message }</blockquote>
flow-partner-rejected-generic = ⚠️ Сервіс обміну відхилив цей запит. Перевірте суму й адреси або спробуйте пізніше.

deposit-intro =
    ✅ <b>Обмін створено</b>
    Надішліть рівно <b>{ $amount } { $coin }</b> на адресу нижче. Ви отримаєте ≈ { $amountTo } { $to }.
    ID обміну: <code>{ $id }</code>
deposit-address-label = Адреса для депозиту ({ $coin }):
deposit-tag = ⚠️ <b>{ $tagName }</b>: <code>{ $tag }</code>
    Ваш депозит ОБОВ’ЯЗКОВО має містити цей { $tagName }. Без нього монети можуть бути втрачені.
deposit-tag-fallback-name = Тег
# Tag names the exchange service gives (its catalog's "tagname"), in the person's language.
tag-name-comment = Коментар
tag-name-destination-tag = Destination tag
tag-name-memo = MEMO
deposit-qr-caption = QR-код адреси для депозиту { $coin }
deposit-qr-none = Адреса для депозиту { $coin } задовга для QR-коду: скопіюйте її з повідомлення вище.
deposit-outro = Я повідомлю про кожну зміну статусу. Курс плаваючий, доки ваш депозит не обміняно.
flow-create-in-doubt =
    ⚠️ Не вдалося підтвердити, чи створено ваш обмін { $amount } { $from } → { $to }: відповідь сервісу обміну загубилася. Щоб у вас ніколи не було двох заявок, я не надсилатиму його знову.
    Підтримку вже повідомлено, вона перевірить у сервісу. Не надсилайте монети, доки не отримаєте інструкції для депозиту; /history покаже їх, щойно обмін підтвердиться.

## rates (inline mode, /rate, exchange deep links)

rates-button-exchange = 🔁 Обміняти { $from } → { $to }
rates-quote-title = { $amountFrom } { $from } → ≈ { $amountTo } { $to }
rates-quote-description-fee = Комісія за виведення ≈ { $fee } { $feeCoin } (враховано) · курс плаваючий
rates-quote-description = Курс плаваючий
rates-list-heading-amount = За <b>{ $amountFrom } { $from }</b> ви отримаєте:
rates-list-heading-min = За <b>{ $from }</b> у мінімальній сумі { $min } { $from } ви отримаєте:
rates-list-line = ≈ <b>{ $amountTo } { $to }</b>
rates-list-footer = Після комісії за виведення; курс плаваючий. Натисніть на монету, щоб обміняти.
rates-help-title = Введіть суму й дві монети
rates-help-description = Наприклад: 0.1 btc eth · 100 usdttrc20 · btc
rates-help-text =
    <b>Курси будь-де</b>
    Введіть суму й дві монети в будь-якому порядку:
    <code>0.1 btc eth</code> · <code>btc eth 0.1</code> · <code>0.1 btc to eth</code>
    Сума й одна монета покажуть кілька популярних напрямків: <code>100 usdttrc20</code>
    Одна монета покаже, на що її можна обміняти, за мінімальної суми: <code>btc</code>
    У будь-якому чаті введіть моє ім’я користувача та запит; тут використовуйте /rate.
rates-invalid-title = Не вдалося прочитати
rates-invalid-bad-amount = Сума — це не число, яке я можу прочитати. Напишіть, наприклад, 0.1 або 1 000,5.
rates-invalid-multiple-amounts = Сум більше однієї. Вкажіть одну суму й дві монети.
rates-invalid-amount-position = Поставте суму на початку або в кінці, а не між монетами.
rates-invalid-missing-coin = До суми потрібна монета, наприклад 0.1 btc eth.
rates-invalid-misplaced-connector = «to» ставиться між двома монетами, наприклад 0.1 btc to eth.
rates-invalid-too-many-words = Забагато слів. Вкажіть суму й не більше двох монет.
rates-invalid-same-coin = Обидві монети однакові. Оберіть дві різні монети.
rates-unknown-title = Невідома монета «{ $token }»
rates-unknown-suggest = Можливо, ви мали на увазі { $suggestions }?
rates-unknown-none = Перевірте тікер, наприклад BTC, ETH або LTC.
rates-no-pair-title = { $from } → { $to } недоступно
rates-no-pair-targets = { $from } можна обміняти на: { $targets }
rates-no-targets = { $from } зараз не можна ні на що обміняти.
rates-below-min-title = Мінімум: { $min } { $from }
rates-below-min-description = Вкажіть щонайменше { $min } { $from }, щоб побачити курс.
rates-above-max-title = Максимум: { $max } { $from }
rates-above-max-description = Вкажіть не більше { $max } { $from }, щоб побачити курс.
rates-rejected-title = Сервіс обміну відхилив цей запит курсу
rates-rejected-generic = Спробуйте іншу суму або пару.
rates-unavailable-title = Курси зараз недоступні
rates-unavailable-description = Сервіс обміну не відповідає. Спробуйте за хвилину.

## status (order card, status notifications, /status, /history)

status-name-waiting_deposit = Очікуємо ваш депозит
status-name-deposit_received = Депозит отримано
status-name-exchanging = Обмін триває
status-name-sending = Надсилаємо ваші монети
status-name-success = Завершено
status-name-time_expired = Час вичерпано
status-name-failed = Не вдалося
status-name-sending_failed = Помилка надсилання
status-name-reverted = Повернено
status-card-title = { $icon } <b>Обмін</b> <code>{ $id }</code>
status-card-status = Статус: <b>{ $status }</b>
status-card-send = Ви надсилаєте: <b>{ $amount } { $coin }</b>
status-card-expected = Ви отримуєте: ≈ <b>{ $amount } { $coin }</b>
status-card-outcome-failed = ❌ Обмін не відбувся. Якщо ваш депозит надійшов, він повернеться на вашу адресу повернення <code>{ $refund }</code>.
status-card-outcome-reverted = ↩️ Повернено: ваші монети повернулися на вашу адресу повернення <code>{ $refund }</code>.
status-card-outcome-time_expired = ⌛ Депозит не надійшов вчасно: нічого не обміняно.
status-card-received = Отримано: <b>{ $amount } { $coin }</b>
status-card-txid = TxID: <code>{ $txId }</code>
status-card-deposit-address = Адреса для депозиту: <code>{ $address }</code>
status-card-deposit-tag = ⚠️ Тег депозиту: <code>{ $tag }</code> (ваш депозит ОБОВ’ЯЗКОВО має його містити)
status-card-refresh = 🔄 Оновити
status-notice-deposit = 📥 Ваш депозит { $amount } { $coin } за обміном <code>{ $id }</code> надійшов. Обмін триває.
status-notice-success = ✅ Обмін <code>{ $id }</code> завершено: { $amount } { $coin } надіслано на вашу адресу.
status-notice-failed = ❌ Обмін <code>{ $id }</code> не вдався. Якщо ваш депозит надійшов, він повернеться на вашу адресу повернення <code>{ $refund }</code>.
status-notice-sending_failed = ⚠️ Не вдалося надіслати монети за обміном <code>{ $id }</code>. Сервіс може спробувати ще раз, і я повідомлю, коли це станеться; інакше монети повернуться на вашу адресу повернення <code>{ $refund }</code>.
status-notice-reverted = ↩️ Обмін <code>{ $id }</code> скасовано: ваші монети повернуто на вашу адресу повернення <code>{ $refund }</code>.
status-notice-time_expired = ⌛ Час обміну <code>{ $id }</code> вичерпано: депозит не надійшов вчасно. Більше нічого не надсилайте на його адресу для депозиту; почніть новий обмін через /exchange. Якщо ви все ж надіслали монети, вони повернуться на вашу адресу повернення <code>{ $refund }</code>.
status-notice-support = { $contact ->
        [none] Потрібна допомога? Напишіть у підтримку та вкажіть ID обміну <code>{ $id }</code>.
       *[other] Потрібна допомога? Напишіть { $contact } та вкажіть ID обміну <code>{ $id }</code>.
    }
status-usage = Надішліть /status з ID обміну, наприклад <code>/status 1a2b3c</code>. Список ваших обмінів: /history.
status-not-found = Не знайшов вашого обміну з ID <code>{ $id }</code>. Перевірте ID або відкрийте /history.
status-unavailable = ⚠️ Сервіс обміну зараз не відповідає: це останній відомий мені статус.
status-refreshed = Статус оновлено
status-tracking-stopped = Цей обмін більше не перевіряється автоматично. Натисніть «Оновити» або надішліть /status, щоб перевірити його.
status-unknown-at-service = ❓ Сервіс обміну не знає обміну <code>{ $id }</code>: він відповів, що такого обміну немає (саме відповів; сервіс працює). Нижче — останній відомий мені статус.
    { $contact ->
        [none] Будь ласка, напишіть у підтримку та вкажіть ID обміну <code>{ $id }</code>.
       *[other] Будь ласка, напишіть { $contact } та вкажіть ID обміну <code>{ $id }</code>.
    }
status-unknown-at-service-short = Сервіс обміну не знає цього обміну. Будь ласка, напишіть у підтримку.
status-card-unknown-at-service = ❓ Сервіс обміну не знає цього обміну, тому він більше не перевіряється автоматично. { $contact ->
        [none] Будь ласка, напишіть у підтримку та вкажіть ID обміну.
       *[other] Будь ласка, напишіть { $contact } та вкажіть ID обміну.
    }
history-title = <b>Ваші обміни</b>, спершу нові (сторінка { $page } з { $pages }). Час указано за UTC. Натисніть на обмін, щоб відкрити його картку.
history-empty = У вас поки немає обмінів. Надішліть /exchange, щоб почати.
history-item = { $icon } { $amount } { $from } → { $to } · { $date }
history-newer = ◀ Новіші
history-older = Старіші ▶

## admin (support tools: /find, /user, /stats, /broadcast, /maintenance, alerts)

admin-command-find = Підтримка: знайти обміни
admin-command-user = Підтримка: зведення про людину
admin-command-stats = Підтримка: статистика
admin-command-broadcast = Підтримка: повідомлення всім
admin-command-maintenance = Підтримка: призупинити нові обміни
admin-none = немає
admin-not-found = Цього обміну немає в сховищі.
admin-archived = Цей обмін завершився давно й архівований: його статус більше не змінюється.
admin-button-recheck = 🔄 Перевірити зараз
admin-button-resend = 📨 Надіслати інструкції знову
admin-button-user = 👤 Користувач
admin-button-open = 🔎 Відкрити
admin-button-exchanges = 🔎 Обміни людини
admin-ex-title = { $icon } <b>Обмін</b> <code>{ $id }</code>
admin-ex-status = Статус: <b>{ $status }</b> (<code>{ $raw }</code>)
admin-ex-user = Користувач: { $user }
admin-ex-pair = Надсилає { $amount } { $from } → за курсом { $quoted } { $to }
admin-ex-expected = Сервіс очікує: { $amountFrom } { $from } → { $amountTo } { $to }
admin-ex-received = Отримано: { $amount } { $to }
admin-ex-txid = TxID: <code>{ $txId }</code>
admin-ex-deposit = Депозит: { $address }
admin-ex-destination = Отримання: { $address }
admin-ex-refund = Повернення: { $address }
admin-ex-created = Створено { $at }, оновлено { $updated }
admin-ex-stopped = ⚠️ Більше не опитується: { $reason }
admin-ex-history = <b>Історія статусів</b>
admin-find-usage = Надішліть <code>/find</code> з ID обміну, ID користувача, @username, адресою або тегом.
admin-find-none = Нічого не знайдено за <code>{ $query }</code>.
admin-find-count = Знайдено { $count }; показано { $shown }.
admin-recheck-done = Поточний статус: { $status }
admin-recheck-failed = Сервіс обміну не відповів; нічого не змінилося.
admin-resend-done = Інструкції для депозиту надіслано знову.
admin-resend-final = Цей обмін завершено; платити нікуди.
admin-resend-blocked = Людина заблокувала бота.
admin-resend-failed = Telegram відхилив повідомлення.
admin-user-usage = Надішліть <code>/user</code> з ID користувача або @username.
admin-user-none = Немає нікого з позначкою <code>{ $query }</code>.
admin-user-title = 👤 { $user }
admin-user-chosen = обрано
admin-user-language = Мова: { $language }
admin-user-blocked-yes = Заблокував бота: так
admin-user-blocked-no = Заблокував бота: ні
admin-user-seen = Уперше { $first }, востаннє { $last }
admin-user-exchanges = Обміни: { $count }
admin-volume-title = Завершений обсяг:
admin-stats-title = 📊 <b>Статистика</b>
admin-stats-users = Користувачі: { $total } (активні 24 год: { $active24h }, 7 днів: { $active7d }; заблокували: { $blocked })
admin-stats-exchanges = Обміни: { $total } (створено 24 год: { $created24h }, 7 днів: { $created7d }; завершено 24 год: { $completed24h }, 7 днів: { $completed7d })
admin-stats-funnel = <b>Воронка</b>
admin-funnel-flow_started = почали
admin-funnel-quoted = курс
admin-funnel-confirmed = підтвердили
admin-funnel-deposit_received = депозит
admin-funnel-success = успіх
admin-stats-health = <b>API партнера, остання година</b>
admin-stats-endpoint = • { $endpoint }: { $requests } запитів, { $errors }% помилок, p50 { $p50 } мс, p95 { $p95 } мс
admin-stats-poller = Poller: останній цикл { $lag } с тому, рівень відступу { $backoff }, відкритих обмінів: { $open }
admin-stats-poller-none = Poller: циклів ще не було, відкритих обмінів: { $open }
admin-stats-ops = Від запуску: { $updates } оновлень ({ $failed } з помилкою), { $telegramErrors } помилок Telegram API; outbox: { $backlog } в черзі
admin-stats-maintenance = 🛠 Технічне обслуговування УВІМКНЕНО: нові обміни призупинено.
admin-alert-status = 🚨 <b>Сповіщення</b>: обмін досяг статусу { $status } (<code>{ $raw }</code>)
admin-alert-stuck = ⏳ <b>Сповіщення</b>: обмін у статусі { $status } з { $since }
admin-alert-create-in-doubt = ❓ <b>Сповіщення</b>: створення обміну лишилося без відповіді ({ $reason }, { $at }). У сервісу може бути заявка, про яку бот не знає; знайдіть її там і повідомте людині.
admin-alert-create-pair = Запит: { $amount } { $from } → { $to }
admin-alert-create-destination = Адреса отримання: { $address }
admin-alert-create-refund = Адреса повернення: { $address }
admin-alert-flag = 🚩 <b>Сповіщення</b>: poller перестав відстежувати обмін ({ $reason })
admin-alert-unknown-at-service = ❓ <b>Сповіщення</b>: сервіс обміну каже, що не знає цього обміну (відповів "not found" { $times } { $times ->
        [one] раз
        [few] рази
        [many] разів
       *[other] разу
    } поспіль; сервіс при цьому працює). Бот перестав його відстежувати: знайдіть заявку в сервісі й повідомте людині.
admin-alert-partner-down = 🔥 <b>Сповіщення</b>: сервіс обміну не відповідає з { $since }.
admin-alert-partner-up = ✅ Сервіс обміну знову відповідає (збій з { $since } до { $until }).
admin-bc-usage = Надішліть /broadcast і текст, наприклад: /broadcast Ми знову працюємо. Спершу ви побачите попередній перегляд.
admin-bc-preview = 📣 <b>Попередній перегляд</b>: отримувачів: { $count }, простим текстом:
admin-bc-send = Надіслати ({ $count })
admin-bc-drop = Скасувати
admin-bc-dropped = Розсилку скасовано. Нічого не надіслано.
admin-bc-not-draft = Цю розсилку вже надіслано або скасовано.
admin-bc-progress = 📣 Розсилка: { $done } з { $total } (надіслано { $sent }, заблокували { $blocked }, помилок { $failed })
admin-bc-done = 📣 Розсилку завершено: надіслано { $sent }, заблокували { $blocked }, помилок { $failed } (з { $total }).
admin-bc-cancelled = 📣 Розсилку зупинено: надіслано { $sent }, заблокували { $blocked }, помилок { $failed } (з { $total }).
admin-bc-unconfirmed = Не підтверджено: { $count } (перервано під час надсилання; повторно не надсилаються).
admin-bc-cancel = ✖ Зупинити розсилку
admin-bc-cancelling = Зупиняю після поточного повідомлення…
admin-bc-not-running = Ця розсилка не виконується.
admin-maint-on = 🛠 Обслуговування УВІМКНЕНО: нові обміни призупинено. Люди бачать: { $message }
admin-maint-off = ✅ Обслуговування ВИМКНЕНО: нові обміни знову відкриті.
admin-maint-state-on = 🛠 Обслуговування УВІМКНЕНО.
admin-maint-state-off = Обслуговування вимкнено.
admin-maint-usage = Використання: <code>/maintenance on [повідомлення]</code> або <code>/maintenance off</code>

## Prompts owed after a restart (exchange flow, prompts-due.ts)
flow-prompt-due = 🔄 Мене перезапустили, перш ніж я встиг поставити наступне запитання. Усе, що ви ввели, збережено; ось воно:

# Safe in groups: support's answers kept private, buttons that act for their owner only, texts cut to fit.
admin-sent-privately = 🔒 Надіслано вам в особистий чат зі мною.
admin-private-first = 🔒 Відповіді підтримки надходять в особистий чат зі мною, а він ще не відкритий: відкрийте його, натисніть «Почати» й запитайте знову.
admin-private-first-short = Відповіді підтримки надходять в особистий чат зі мною: спершу відкрийте його й натисніть «Почати», потім спробуйте знову.
admin-private-open = Відкрити особистий чат
button-not-yours = Ця кнопка для того, хто запитав. Надішліть команду самі, щоб отримати власну.
status-inline = Статус: { $status }. Повна картка — в особистому чаті зі мною (/status там).
admin-maint-too-long = Обслуговування НЕ увімкнено: у повідомленні { $length } символів, а вміщується не більше { $max }. Надішліть коротше.

## Safety against mistakes and floods (issue 23): invisible characters, ambiguous amounts, commands in the flow, per-person limits

flow-tag-reason-invisible = він містить невидимий символ або символ зміни напрямку тексту ({ $char }, символ { $position }), який зазвичай потрапляє під час копіювання. Введіть його вручну.
flow-address-invisible = ❌ Ця адреса містить невидимий символ або символ зміни напрямку тексту ({ $char }, символ { $position }), який зазвичай потрапляє під час копіювання. Вона виглядала б правильно, але була б іншою адресою. Скопіюйте її знову з гаманця або введіть вручну. Нічого не надіслано.
flow-amount-ambiguous = <code>{ $typed }</code> можна прочитати двома способами. Яку суму ви надсилаєте?
flow-amount-reading = { $amount } { $coin }
flow-amount-error-ambiguous = Цю суму можна прочитати двома способами. Напишіть її без коми, наприклад <code>1000</code> або <code>1.5</code>.
rates-invalid-ambiguous-amount = Кома перед трьома цифрами може означати тисячі або дробову частину. Напишіть 1000 або 1.0 замість 1,000.
flow-still-open = ⏸ Ваш обмін ще відкритий: дайте відповідь на моє останнє запитання вище або надішліть /cancel, щоб зупинити його.
# A short question (a new name, a threshold) asked while an exchange flow is open.
question-in-flow = Ви зараз посеред обміну. Завершіть його або надішліть /cancel, потім спробуйте знову.
limit-too-fast = ⏳ Ви надсилаєте повідомлення швидше, ніж я встигаю відповідати, тож деякі я пропустив. Зачекайте кілька секунд і надішліть останнє повідомлення ще раз.
limit-too-fast-button = ⏳ Занадто швидко: зачекайте кілька секунд і натисніть знову.
rates-too-fast-title = Забагато запитів курсу поспіль
rates-too-fast-description = Зачекайте кілька секунд і введіть знову: запити курсу обмежені для кожної людини, щоб залишатися швидкими для всіх.

## Fixed rate and "receive exactly" (issue 22; only with PARTNER_FEATURES fixed, receive)

flow-rate-kind-ask =
    <b>Фіксований чи плаваючий курс?</b>
    🔒 Фіксований: ви отримаєте <b>{ $fixed } { $to }</b>, гарантовано, якщо депозит надійде вчасно.
    🌊 Плаваючий: ви отримаєте <b>≈ { $floating } { $to }</b>; сума може змінитися, доки ваш депозит не обміняно.
flow-rate-kind-button-fixed = 🔒 Фіксований: { $amountTo } { $to }
flow-rate-kind-button-floating = 🌊 Плаваючий: ≈ { $amountTo } { $to }
flow-rate-kind-chosen-fixed = ✅ Фіксований курс: ви отримаєте { $amountTo } { $to }, якщо депозит надійде вчасно.
flow-rate-kind-chosen-floating = ✅ Плаваючий курс: ви отримаєте ≈ { $amountTo } { $to }; сума може змінитися, доки ваш депозит не обміняно.
flow-rate-kind-no-fixed = Сервіс обміну зараз не пропонує фіксованого курсу для цього, тож курс плаваючий: ви отримаєте ≈ { $amountTo } { $to }; сума може змінитися, доки ваш депозит не обміняно.
flow-receive-button-receive = 🎯 Натомість вказати, скільки { $to } отримати
flow-receive-button-send = ✏️ Натомість вказати, скільки надіслати
flow-receive-ask = Скільки <b>{ $to }</b> має надійти? Введіть точну суму до отримання, і я запитаю в сервісу обміну, скільки <b>{ $from }</b> надіслати.
flow-receive-quote =
    <b>Курс</b>
    Ви отримаєте рівно: <b>{ $amountTo } { $to }</b>
    Ви надсилаєте: <b>{ $amount } { $from }</b>
    Це поточна цифра сервісу обміну; я перепитаю її перед створенням обміну.
flow-receive-below-min = Щоб отримати { $amountTo } { $to }, треба надіслати { $amount } { $from }, а це менше за мінімум { $min } { $from }. Введіть більшу суму до отримання.
flow-receive-above-max = Щоб отримати { $amountTo } { $to }, треба надіслати { $amount } { $from }, а це більше за максимум { $max } { $from }. Введіть меншу суму до отримання.
flow-quote-moved = ⚠️ Цифра сервісу обміну змінилася відтоді, як ви її бачили. Ось нова: підтвердьте ще раз, якщо вона вам підходить.
flow-confirm-card-fixed =
    <b>Перевірте обмін</b>
    Ви надсилаєте: <b>{ $amountFrom } { $from }</b>
    Ви отримуєте: <b>{ $amountTo } { $to }</b> (фіксований курс)
flow-confirm-card-exact =
    <b>Перевірте обмін</b>
    Ви надсилаєте: <b>{ $amountFrom } { $from }</b>
    Ви отримуєте рівно: <b>{ $amountTo } { $to }</b>
flow-quote-fixed = Курс фіксований: ця сума гарантована, якщо депозит надійде вчасно. Я ще раз запитаю сервіс обміну безпосередньо перед створенням обміну.
flow-quote-exact = Сума до отримання фіксована; сума до надсилання — цифра сервісу обміну, яку я перепитаю безпосередньо перед створенням обміну.
deposit-intro-fixed =
    ✅ <b>Обмін створено</b>
    Надішліть рівно <b>{ $amount } { $coin }</b> на адресу нижче. За фіксованим курсом ви отримаєте { $amountTo } { $to }, якщо депозит надійде вчасно.
    ID обміну: <code>{ $id }</code>
deposit-intro-exact =
    ✅ <b>Обмін створено</b>
    Надішліть рівно <b>{ $amount } { $coin }</b> на адресу нижче, щоб надійшло рівно { $amountTo } { $to }.
    ID обміну: <code>{ $id }</code>
deposit-outro-fixed = Я повідомлю про кожну зміну статусу. Курс фіксований, якщо депозит надійде вчасно.
deposit-outro-exact = Я повідомлю про кожну зміну статусу. Надішліть указану вище суму точно й вчасно.
status-card-expected-fixed = Ви отримуєте: <b>{ $amount } { $coin }</b> (фіксований курс)
status-card-expected-exact = Ви отримуєте рівно: <b>{ $amount } { $coin }</b>
rates-receive-title = { $amountFrom } { $from } → рівно { $amountTo } { $to }
rates-receive-description = Щоб отримати рівно { $amountTo } { $to }, надішліть { $amountFrom } { $from } (поточна цифра сервісу обміну)
rates-receive-help = Щоб отримати точну суму, поставте перед нею «=»: <code>btc =100 usdt</code> (скільки BTC надіслати, щоб отримати рівно 100 USDT).

## late deposit and the service's own statuses (issue 22: statuses beyond our contract, payment/emergency)

status-name-new = Заявку створено, очікуємо ваш депозит
status-name-payment_time_expired = Депозит надійшов після закінчення заявки
status-name-payment_halted = Платіж зупинено сервісом
status-emergency-expired = ⏰ Ваш депозит надійшов після закінчення заявки: сервіс утримує його.
status-emergency-less = ⚠️ Надійшло менше, ніж указано в заявці: сервіс утримує депозит.
status-emergency-other = ⚠️ Сервіс повідомляє про проблему з депозитом: { $what }.
late-deposit-offer = { $kind ->
        [LESS] ⚠️ За обміном <code>{ $id }</code> надійшло менше, ніж указано в заявці.
       *[other] ⏰ Депозит за обміном <code>{ $id }</code> надійшов після закінчення заявки.
    } Сервіс утримує його, доки ви не оберете, що робити:
    • <b>Продовжити</b>: обміняти за поточним курсом. Підсумкова сума може відрізнятися від першої оцінки.
    • <b>Повернути</b>: надіслати назад на вашу адресу повернення <code>{ $refund }</code> або на іншу адресу, яку ви вкажете, за вирахуванням комісії мережі.
    Ваш вибір остаточний і надсилається сервісу один раз.
late-deposit-no-choice = { $kind ->
        [LESS] ⚠️ За обміном <code>{ $id }</code> надійшло менше, ніж указано в заявці.
       *[other] ⏰ Депозит за обміном <code>{ $id }</code> надійшов після закінчення заявки.
    } Сервіс утримує його: кошти не втрачено, але самі собою вони не обміняються. { $contact ->
        [none] Будь ласка, напишіть у підтримку та вкажіть ID обміну <code>{ $id }</code>: там його обміняють або повернуть на <code>{ $refund }</code>.
       *[other] Будь ласка, напишіть { $contact } та вкажіть ID обміну <code>{ $id }</code>: там його обміняють або повернуть на <code>{ $refund }</code>.
    }
late-deposit-button-continue = ▶️ Продовжити за поточним курсом
late-deposit-button-refund = ↩️ Повернути на мою адресу повернення
late-deposit-choice-continue = продовжити обмін за поточним курсом
late-deposit-choice-refund = повернути на <code>{ $refund }</code>
late-deposit-state-sending = надсилається сервісу
late-deposit-state-sent = прийнято сервісом
late-deposit-state-in-doubt = сервіс не підтвердив; підтримка перевірить
late-deposit-card = Ваш вибір щодо запізнілого депозиту: { $choice } ({ $state }).
late-deposit-sent = ✅ Надіслано сервісу: { $choice }. Я повідомлю, коли статус зміниться.
late-deposit-already = Ви вже обрали: { $choice } ({ $state }). Вибір надсилається лише один раз і тут не змінюється.
late-deposit-refused = Сервіс відхилив цей вибір: { $reason }. Можете обрати знову.
late-deposit-in-doubt = ⚠️ Сервіс не відповів вчасно. Ваш вибір ({ $choice }) записано, і він ніколи не буде надісланий двічі; підтримка підтвердить його в сервісу.
late-deposit-not-waiting = Цей обмін більше не чекає на вибір. Його картка показує, на якому він етапі.
late-deposit-unavailable = Цей вибір не можна зробити в боті. Будь ласка, напишіть у підтримку та вкажіть ID обміну.
admin-ex-late-deposit = Запізнілий депозит: людина обрала { $choice } ({ $state }), { $at }
admin-alert-late-deposit-in-doubt = ⚠️ <b>Сповіщення</b>: вибір щодо запізнілого депозиту надіслано сервісу (payment/emergency), а відповідь загубилася. Повторно не надсилатиметься: підтвердьте його в сервісу.

## late deposit: refund to another address (issue 22 point 4)

late-deposit-button-other = ↩️ Повернути на іншу адресу
late-other-ask = Надішліть адресу <b>{ $coin }</b>, на яку слід повернути депозит за обміном <code>{ $id }</code>. Її перевірять, перш ніж щось надсилати, а потім ви її підтвердите. Щоб зупинитися, натисніть «Скасувати» або надішліть /cancel.
late-other-in-flow = Ви зараз посеред обміну. Завершіть його або надішліть /cancel, а потім знову натисніть «Повернути на іншу адресу».
late-other-confirm = Повернути депозит за обміном <code>{ $id }</code> на <code>{ $refund }</code> за вирахуванням комісії мережі? Це остаточно: сервісу надсилається один раз. Щоб указати іншу адресу, просто надішліть її.
late-other-button-confirm = ✅ Підтвердити
late-other-button-cancel = ✖️ Скасувати
late-other-cancelled = Скасовано: нічого не надіслано. Кнопки повідомлення про запізнілий депозит і далі працюють.
late-other-closed = Це запитання закрито. Картка обміну показує, на якому він етапі.
late-other-check-failed = ⚠️ Сервіс обміну зараз не зміг перевірити адресу. Надішліть її знову трохи згодом або надішліть /cancel.
late-other-retry = Надішліть іншу адресу або /cancel.

## Start again after a create in doubt; copy buttons and support; privacy; export; rate alerts; saved addresses

flow-create-in-doubt-start-again =
    ⚠️ Не вдалося підтвердити, чи створено ваш обмін { $amount } { $from } → { $to }: відповідь сервісу обміну загубилася. Щоб у вас ніколи не було двох заявок, я не надсилатиму його знову.
    Нічого не платіть за цю першу спробу, навіть якщо бачили для неї адресу для депозиту: якщо сервіс і створив ту заявку, вона просто закінчиться неоплаченою. Підтримку вже повідомлено.
    Щоб усе ж обміняти, натисніть кнопку нижче: я почну заново з тими самими даними й покажу картку зі свіжим курсом для підтвердження.
flow-start-again-button = 🔁 Почати заново з тими самими даними
flow-start-again-started = 🔁 Починаю заново з тими самими даними: перевірте їх, перш ніж підтвердити. Нічого не платіть за першу спробу.
flow-start-again-used = Цю кнопку вже використано: з неї розпочато новий обмін. Щоб почати ще один, надішліть /exchange.
admin-alert-create-start-again = Людині сказали нічого не платити за цю спробу й запропонували почати заново з тими самими даними (нова заявка): заявку, знайдену за цією спробою, слід залишити, щоб вона закінчилася неоплаченою.
flow-start-again-later = Сервіс обміну зараз не відповідає, тож почати заново поки не можна. Будь ласка, натисніть кнопку ще раз за хвилину.
copy-address = 📋 Копіювати адресу
copy-tag = 📋 Копіювати { $tagName }
copy-amount = 📋 Копіювати суму
copy-exchange-id = 📋 Копіювати ID обміну
trust-support = 🛡 Підтримка ніколи не пише першою і ніколи не просить кошти, приватні ключі чи сід-фрази: хто це робить, той не ми. { $contact ->
        [none] Звертайтеся до підтримки лише через цього бота.
       *[other] Наша підтримка: { $contact }.
    }
status-card-txid-link = TxID: <a href="{ $url }">{ $txId }</a>
command-privacy = Що про вас зберігається
command-forget = Видалити ваші дані
privacy-title = <b>Що я зберігаю про вас і як довго</b>
privacy-deleted-title = <b>Видаляється, коли ви надсилаєте /forget:</b>
privacy-data-profile = • ваше ім’я, ім’я користувача й мова Telegram, коли ви вперше й востаннє писали мені, і мова, яку ви обрали: доки ви не надішлете /forget.
privacy-data-flow = • відповіді в обміні, який ви почали й ще не підтвердили (монети, сума, адреси): доки ви його не завершите чи не скасуєте або протягом { $minutes } хв після вашої останньої відповіді.
privacy-data-addresses = • адреси, на які та з яких ви обмінювали монети та їхні назви: доки ви не видалите їх там або не надішлете /forget.
privacy-data-alerts = • ваші сповіщення про курс (/alert): доки сповіщення не спрацює, ви його не видалите, не мине 30 днів або ви не надішлете /forget.
privacy-kept-title = <b>Зберігається навіть після /forget:</b>
privacy-kept-exchanges = • ваші обміни (ID, монети, суми, адреси, ID транзакцій, статус, дати й ваш ID у Telegram): за законом підтримка має зберігати ці записи { $years ->
    [one] { $years } рік
    [few] { $years } роки
    [many] { $years } років
   *[other] { $years } року
}.
privacy-kept-in-progress = • обмін, який створюється або триває, і повідомлення про нього, які я ще маю вам надіслати, доки він не завершиться.
privacy-seen-again = Якщо ви напишете мені після /forget, я знову бачитиму ваше ім’я та мову, як у перший день.
privacy-private-only = Заради вашої приватності надсилайте /privacy і /forget в особистому чаті зі мною.
forget-ask = <b>Видалити ваші дані?</b> Цю дію не можна скасувати.
forget-button-confirm = 🗑 Видалити мої дані
forget-button-cancel = ✖️ Скасувати
forget-done = Готово: ваші дані видалено. Записи про ваші обміни зберігатимуться в підтримки { $years ->
    [one] { $years } рік
    [few] { $years } роки
    [many] { $years } років
   *[other] { $years } року
}, як вимагає закон.
forget-cancelled = Скасовано: нічого не видалено.
command-export = Ваші обміни файлом CSV
help-export = /export надішле вам усі ваші обміни файлом CSV (його відкриє будь-яка програма для таблиць): дата, монети, надіслані й отримані суми, адреси, ID, статус і транзакція виплати.
export-private-only = У вивантаженні є ваші адреси: надішліть /export в особистому чаті з ботом.
export-range-refused = Після /export нічого писати не потрібно: команда надсилає ваші власні обміни. Надішліть просто /export.
export-range-usage = Надішліть /export або, щоб отримати всі обміни за кілька днів (за UTC, обидва дні включно, щонайбільше { $days } дн.): <code>/export 2026-11-01 2026-11-30</code>.
export-busy = Ваше попереднє вивантаження ще надсилається. Дочекайтеся, поки воно завершиться, і спробуйте знову.
export-too-often = Ви запросили кілька вивантажень за короткий час. Спробуйте знову за кілька хвилин.
export-none = У вас ще немає обмінів, тож вивантажувати нічого.
export-none-range = З { $from } по { $to } не створено жодного обміну.
export-caption = Обміни, CSV, файл { $part }
export-done = Вивантаження готове: { $rows ->
        [one] { $rows } обмін
        [few] { $rows } обміни
        [many] { $rows } обмінів
       *[other] { $rows } обміну
    } у { $files ->
        [one] { $files } файлі
       *[other] { $files } файлах
    }.
export-too-large = Вивантаження зупинено після файлу { $files } (обмінів: { $rows }): воно завелике, щоб надіслати його за один раз. Запросіть коротший період.
export-failed = Не вдалося надіслати вивантаження. Будь ласка, спробуйте ще раз за мить.
command-alert = Сповіщення про курс
rate-alert-button-set = 🔔 Сповістити мене
rate-alert-usage =
    Я повідомлю, коли курс стане вигідним, наприклад:
    <code>/alert btc eth &gt;= 20</code>: коли за 1 BTC даватимуть щонайменше 20 ETH
    <code>/alert btc eth &lt;= 18</code>: коли за 1 BTC даватимуть щонайбільше 18 ETH
    /alert без параметрів покаже ваші сповіщення.
rate-alert-bad-operator = Перед числом укажіть <code>&gt;=</code> (щонайменше) або <code>&lt;=</code> (щонайбільше), наприклад <code>&gt;= 20</code>.
rate-alert-bad-amount = Цей поріг — не число, яке я можу використати. Надішліть його так: <code>&gt;= 20</code> або <code>&lt;= 0.05</code>.
rate-alert-unknown-coin = Я не знаю монети «{ $coin }». Перевірте тікер або подивіться монети через /rate.
rate-alert-no-pair = Тут не можна обміняти { $from } на { $to }, тож стежити за цим курсом я не можу.
rate-alert-limit = У вас уже максимальна кількість сповіщень для однієї людини ({ $max }). Спершу видаліть одне в /alert.
rate-alert-set-above = 🔔 Сповіщення створено: я повідомлю один раз, коли за 1 { $from } даватимуть щонайменше { $threshold } { $to }. Сповіщення видаляються через 30 днів.
rate-alert-set-below = 🔔 Сповіщення створено: я повідомлю один раз, коли за 1 { $from } даватимуть щонайбільше { $threshold } { $to }. Сповіщення видаляються через 30 днів.
rate-alert-ask = 🔔 Коли повідомити про курс { $from } → { $to }? Оберіть варіант або надішліть <code>&gt;= 20</code> — «коли за 1 { $from } даватимуть щонайменше 20 { $to }», або <code>&lt;= 18</code> — «щонайбільше».
rate-alert-none =
    У вас немає сповіщень про курс.
    Створіть його так: <code>/alert btc eth &gt;= 20</code> — або натисніть 🔔 під курсом із /rate.
rate-alert-list-title = 🔔 Ваші сповіщення про курс ({ $count } з { $max }):
rate-alert-line-above = За 1 { $from } дають щонайменше { $threshold } { $to }
rate-alert-line-below = За 1 { $from } дають щонайбільше { $threshold } { $to }
rate-alert-button-delete = 🗑 { $n }
rate-alert-deleted = Сповіщення видалено.
rate-alert-gone = Цього сповіщення вже немає (воно спрацювало, закінчилося або його видалено).
rate-alert-fired-above = 🔔 За 1 { $from } зараз дають { $price } { $to }: щонайменше { $threshold } { $to }, як ви просили. Це сповіщення виконано.
rate-alert-fired-below = 🔔 За 1 { $from } зараз дають { $price } { $to }: щонайбільше { $threshold } { $to }, як ви просили. Це сповіщення виконано.
rate-alert-now = Зараз за 1 { $from } дають ≈ { $price } { $to }.
rate-alert-ask-in-flow = 🔔 Коли повідомити про курс { $from } → { $to }? Оберіть варіант або надішліть <code>/alert { $from } { $to } &gt;= 20</code> зі своїм числом. Ваш обмін залишається відкритим.
rate-alert-question-cancelled = Скасовано: сповіщення не створено.
rate-alert-choice-above = ≥ +{ $percent } %
rate-alert-choice-below = ≤ −{ $percent } %
rate-alert-button-exchange = 🔁 Обміняти { $from } → { $to }
admin-stats-rate-alerts = Сповіщення про курс: { $alerts } на { $pairs } парах; перевірка кожні { $intervalSeconds } с, не більше { $pairsPerCheck } запитів курсу за перевірку; від запуску { $rateCalls } запитів, спрацювало { $fired }
command-addresses = Ваші збережені адреси
help-addresses = /addresses: ваші збережені адреси (перейменувати, видалити або припинити збереження)
saved-address-button = { $label } · використано { $uses ->
    [one] { $uses } раз
    [few] { $uses } рази
    [many] { $uses } разів
   *[other] { $uses } разу
}
saved-address-offer = Або натисніть на одну зі збережених адрес нижче (керувати ними: /addresses).
saved-address-gone = Цієї збереженої адреси більше немає у вашому списку. Надішліть адресу або натисніть на іншу.
saved-address-refused = ❌ Сервіс обміну більше не приймає вашу збережену адресу <b>{ $label }</b> (<code>{ $address }</code>) як адресу { $coin }. Надішліть іншу адресу або натисніть на іншу збережену. Видалити її можна в /addresses.
addresses-title = <b>Ваші збережені адреси</b> (не більше { $max }: тоді нова замінює ту, що використовувалася найрідше)
addresses-empty = Поки що немає. Адреси обміну, який ви створюєте, зберігаються тут і наступного разу пропонуються кнопками для тієї самої монети й мережі.
addresses-item = { $number }. <b>{ $label }</b> · { $coin } · використано { $uses ->
    [one] { $uses } раз
    [few] { $uses } рази
    [many] { $uses } разів
   *[other] { $uses } разу
}
    <code>{ $address }</code>{ $tag }
addresses-item-tag = , тег <code>{ $tag }</code>
addresses-remember-on = Збереження <b>увімкнено</b>: адреси кожного створеного вами обміну зберігаються. Бачите їх лише ви.
addresses-remember-off = Збереження <b>вимкнено</b>: нові адреси не зберігаються. Адреси вище залишаються, доки ви їх не видалите.
addresses-button-rename = ✏️ Перейменувати { $number }
addresses-button-delete = 🗑 Видалити { $number }
addresses-button-turn-off = Не зберігати адреси
addresses-button-turn-on = Знову зберігати адреси
addresses-button-cancel = ✖️ Скасувати
addresses-turned-off = Збереження вимкнено. Збережені адреси залишаються, доки ви їх не видалите.
addresses-turned-on = Збереження увімкнено.
addresses-deleted = Видалено.
addresses-gone = Цієї збереженої адреси більше немає у вашому списку.
addresses-private-only = Збережені адреси показуються лише в особистому чаті зі мною: надішліть /addresses там.
addresses-rename-ask = Надішліть нову назву для <b>{ $label }</b> (не більше { $max } символів). Щоб залишити стару, натисніть «Скасувати».
addresses-rename-cancelled = Назва залишилася без змін.
addresses-name-invalid = Назва має містити від 1 до { $max } символів. Надішліть іншу або натисніть «Скасувати».
addresses-name-invisible = ❌ Ця назва містить невидимий символ або символ зміни напрямку тексту ({ $char }, символ { $position }). Надішліть її ще раз без нього або натисніть «Скасувати».
addresses-renamed = ✅ Нову назву збережено: <b>{ $name }</b>
