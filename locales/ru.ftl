# Русский. Все строки, которые видит пользователь, живут здесь (и в en.ftl). Подставляемые значения
# уже экранированы для HTML вызывающим кодом; разметка — Telegram HTML.

language-name = Русский

start-greeting =
    👋 Привет, <b>{ $name }</b>!

    Я меняю одну криптовалюту на другую прямо в чате: выберите пару, введите сумму и адреса, подтвердите и отправьте депозит. Я сообщу о каждом шаге, пока монеты не придут.
start-button-exchange = 🔁 Начать обмен
start-button-help = ❓ Как это работает
# The Mini App (issue 35): its buttons, the menu button, and the page's own words (webapp-*).
start-button-app = 📱 Обмен в приложении
flow-open-app = 📱 Открыть приложение
menu-button-app = Обмен
webapp-title = Обмен
webapp-pair-gone = Сервис обмена больше не предлагает эту пару. Выберите монеты заново.
webapp-step-from = Какую монету вы отправляете?
webapp-step-to = Какую монету вы получаете?
webapp-search = Поиск монет
webapp-no-match = Такой монеты нет.
webapp-networks = Сети
webapp-choose-network = выберите сеть
webapp-min = мин.
webapp-fee = комиссия
webapp-step-amount = Сколько?
webapp-amount = Сумма
webapp-mode-send = Я отправляю
webapp-mode-receive = Я получаю ровно
webapp-you-send = Вы отправляете
webapp-you-get = Вы получаете
webapp-rate = Курс
webapp-rate-floating = Плавающий курс
webapp-rate-floating-note = сумма следует за рынком, пока не придёт ваш депозит.
webapp-rate-fixed = Фиксированный курс
webapp-rate-fixed-note = эта сумма гарантирована, если вы отправите депозит вовремя.
webapp-quoting = Получаю котировку…
webapp-which-amount = Какую сумму вы имеете в виду?
webapp-step-destination = Ваш адрес для получения
webapp-step-refund = Ваш адрес для возврата
webapp-refund-note = Если обмен не удастся завершить, монеты вернутся на этот адрес.
webapp-address-placeholder = Вставьте или отсканируйте адрес
webapp-scan = Сканировать QR
webapp-scan-hint = Наведите камеру на QR-код адреса
webapp-scan-unreadable = В этом QR-коде нет адреса, который я могу прочитать. Попробуйте другой или вставьте адрес.
webapp-saved = Сохранённые адреса
webapp-request-amount = Платёжный запрос просит
webapp-request-apply = Использовать эту сумму
webapp-request-applied = Сумма установлена: вы получите ровно столько. Проверьте сумму к отправке на следующих экранах.
webapp-request-no-exact = Этот сервис обмена не умеет получать точную сумму: проверьте сумму сами.
webapp-continue = Продолжить
webapp-confirm = Подтвердить
webapp-back = Назад
webapp-step-confirm = Проверьте и подтвердите
webapp-confirm-check = Проверьте каждый символ адресов. Монеты, отправленные на неверный адрес, не вернуть.
webapp-destination = Адрес получения
webapp-refund = Адрес возврата
webapp-step-deposit = Отправьте депозит
webapp-deposit-amount = Отправьте ровно
webapp-deposit-address = На этот адрес
webapp-deposit-tag = С этим тегом или memo
webapp-copy = Копировать
webapp-copied = Скопировано
webapp-copy-failed = Не удалось скопировать: выделите текст.
webapp-exchange-id = Обмен
webapp-status = Статус
webapp-chat-note = Те же инструкции есть в вашем чате с ботом; там он сообщит, когда монеты придут.
webapp-offline = Не удалось связаться с ботом. Проверьте соединение и попробуйте снова.
webapp-open-in-telegram = Откройте эту страницу кнопкой бота в Telegram: Telegram должен подтвердить, кто вы.

help-text =
    <b>Как проходит обмен</b>
    1. /exchange: выберите, какую монету отдаёте и какую получаете.
    2. Введите сумму и посмотрите текущий курс.
    3. Укажите адрес для получения (и тег или memo, если монета его требует) и адрес для возврата.
    4. Проверьте всё и подтвердите: вы получите адрес для депозита.
    5. Отправьте туда монеты. Я сообщу о каждом изменении статуса.

    <b>Команды</b>
    /exchange: начать обмен
    /rate: курс, например <code>/rate 0.1 btc eth</code>
    /alert: сообщить, когда курс станет хорошим, например <code>/alert btc eth &gt;= 20</code>
    /status: статус вашего обмена
    /history: ваши обмены
    /language: сменить язык
    /privacy: что я храню о вас и как долго
    /forget: удалить ваши данные
    /cancel: прервать текущее действие
    /help: это сообщение

language-choose = Выберите язык:
language-set = Язык: русский.

command-start = Запустить бота
command-help = Как это работает
command-exchange = Начать обмен
command-rate = Узнать курс
command-status = Статус обмена
command-history = Ваши обмены
command-language = Сменить язык
command-cancel = Отменить текущее действие

unhandled-text = Я не понял. Отправьте /exchange, чтобы обменять монеты, или /help, чтобы узнать, что я умею.
unhandled-callback = Эта кнопка больше не активна.
error-generic = У меня что-то пошло не так. Попробуйте через минуту; ничего из введённого никуда не отправлено.

## Обмен

flow-group-redirect = Обмены проходят в личном чате со мной, чтобы ваши адреса остались между нами.
flow-group-button = Открыть личный чат
flow-cancelled = Обмен отменён. Ничего не создано. Отправьте /exchange, чтобы начать заново.
flow-nothing-to-cancel = Отменять нечего. Отправьте /exchange, чтобы начать обмен.
flow-expired = ⌛ Незавершённый обмен истёк: { $minutes ->
        [one] { $minutes } минута
        [few] { $minutes } минуты
       *[other] { $minutes } минут
    } без действий, поэтому я его удалил. Отправьте /exchange, чтобы начать заново.
flow-maintenance = 🛠 Новые обмены приостановлены на техническое обслуживание. { $message }
flow-button-back = ◀ Назад
flow-button-cancel = ✖ Отмена
flow-button-retry = 🔄 Повторить
flow-stale-button = Эта кнопка относится к предыдущему шагу.
flow-restarted = 🔄 Меня перезапустили сразу после моего последнего вопроса, поэтому ваш ответ мог потеряться. Всё, что вы ввели раньше, сохранено; ответьте, пожалуйста, ещё раз:
flow-create-not-sent = 🔄 Меня перезапустили прямо перед тем, как ваш обмен дошёл до сервиса обмена, поэтому ничего не создано и ваши монеты в безопасности. Отправьте любое сообщение (например, «ок»), и я снова покажу карточку подтверждения.
flow-coin-gone = { $coin } больше не доступна для этого обмена. Выберите другую монету.
flow-pair-gone = Сервис обмена больше не предлагает { $from } → { $to }. Выберите монеты заново; адреса сохранятся, где они подходят.
flow-use-buttons = Воспользуйтесь кнопками выше или введите то, что просит этот шаг.

# Before the prompt of each step every exchange has (the flow's step table counts them).
flow-step-number = <b>Шаг { $n } из { $total }.</b>
flow-pick-from = Какую монету вы отдаёте?
    Нажмите на монету или введите её тикер или название для поиска.
flow-pick-to = Вы отдаёте <b>{ $from }</b>. Какую монету хотите получить?
    Нажмите на монету или введите её тикер или название для поиска.
flow-picked-from = Вы отдаёте: <b>{ $coin }</b>
flow-picked-to = Вы получаете: <b>{ $coin }</b>
# The network step: a ticker on several networks (USDT on ERC20, TRC20…).
flow-ticker-button = { $ticker } ▸
flow-network-ask-from = В какой сети вы отправляете <b>{ $ticker }</b>?
flow-network-ask-to = В какой сети вы хотите получить <b>{ $ticker }</b>?
flow-network-line-min = • <b>{ $network }</b>: минимум { $min } { $ticker }
flow-network-line-fee = • <b>{ $network }</b>: комиссия за вывод ≈ { $fee } { $feeCoin }
flow-network-line = • <b>{ $network }</b>
flow-network-warning-from = ⚠️ Отправляйте { $ticker } только в этой сети: монеты, отправленные в другой сети, будут потеряны.
flow-network-warning-to = ⚠️ Адрес получения должен быть в этой сети: монеты, отправленные на адрес в другой сети, будут потеряны.
flow-network-use-buttons = Нажмите на сеть или напишите её название (например, TRC20).
flow-search-results = Монеты по запросу «{ $query }»:
flow-search-none = Нет монет по запросу «{ $query }». Попробуйте тикер, например BTC, ETH или USDT.
flow-page = Страница { $page } из { $pages }
flow-no-targets = К сожалению, { $from } сейчас не на что обменять. Выберите другую монету.

flow-amount-ask = Сколько <b>{ $from }</b> вы отдаёте?
    Минимум: <b>{ $min } { $from }</b>. Введите число, например <code>{ $example }</code>.
flow-amount-below-min = Минимум для { $coin }: <b>{ $min } { $coin }</b>. Введите сумму больше или используйте минимум.
flow-amount-use-min = Минимум: { $min } { $coin }
flow-amount-above-max = Максимум для { $coin }: <b>{ $max } { $coin }</b>. Введите сумму меньше.
flow-amount-error-empty = Введите сумму, например <code>0.5</code>.
flow-amount-error-not-a-number = Это не число. Введите сумму цифрами, например <code>0.5</code> или <code>1 000,25</code>.
flow-amount-error-negative = Сумма не может быть отрицательной.
flow-amount-error-zero = Сумма должна быть больше нуля.
flow-amount-error-exponent = Запишите сумму полностью, без экспоненты вроде 1e5.
flow-amount-error-too-many-decimals = Слишком много знаков после запятой.
flow-amount-error-too-large = Сумма слишком велика. Проверьте её.
flow-amount-error-multiple-separators = Не удалось прочитать сумму: в ней больше одного десятичного разделителя.
flow-amount-error-other = Не удалось прочитать сумму. Введите её цифрами, например <code>0.5</code>.

flow-quote =
    <b>Расчёт</b>
    Вы отдаёте: <b>{ $amountFrom } { $from }</b>
    Вы получите: <b>≈ { $amountTo } { $to }</b>
flow-quote-fee = Комиссия за вывод (уже вычтена из суммы получения): ≈ { $fee } { $feeCoin }
flow-quote-floating = Курс плавающий: итоговая сумма зависит от курса в момент обмена вашего депозита.
flow-quote-change-hint = Введите другую сумму, чтобы изменить её.
flow-button-continue = Далее ▶
flow-button-change-amount = ✏️ Изменить сумму

flow-destination-ask = Отправьте адрес <b>{ $to }</b>, на который придут монеты.
flow-refund-ask = Отправьте адрес <b>{ $from }</b> для возврата: если обмен не удастся, монеты вернутся туда.
flow-address-checking = Проверяю адрес…
flow-address-invalid = ❌ <code>{ $address }</code> не является корректным адресом { $coin }. Проверьте и отправьте снова.
flow-address-bad-input = Отправьте адрес текстом.
flow-address-accepted = ✅ Адрес { $coin }: <code>{ $address }</code>
flow-tag-ask = Отправьте <b>{ $tagName }</b> для этого адреса { $coin }.
    ⚠️ Это обязательно: монеты, отправленные без верного значения «{ $tagName }», могут быть потеряны. Если вы получаете на свой кошелёк или биржевой счёт, возьмите это значение там.
flow-tag-invalid = ❌ Неверное значение «{ $tagName }»: { $reason } Отправьте снова.
flow-tag-reason-empty = оно пустое.
flow-tag-reason-too-long = { $unit ->
        [bytes] оно слишком длинное: не больше { $max } байт (латинская буква или цифра занимает один байт, другие буквы — два и больше).
       *[other] оно слишком длинное: не больше { $max } символов.
    }
flow-tag-reason-digits = оно должно быть целым числом (только цифры).
flow-tag-reason-range = оно должно быть не больше { $max }.
flow-tag-reason-spaces = в нём не должно быть пробелов и переносов строк.
flow-tag-accepted = ✅ { $tagName }: <code>{ $tag }</code>

flow-confirm-card =
    <b>Проверьте обмен</b>
    Вы отдаёте: <b>{ $amountFrom } { $from }</b>
    Вы получите: <b>≈ { $amountTo } { $to }</b>
flow-confirm-destination = Адрес получения { $to }:
    <code>{ $address }</code>
flow-confirm-destination-tag = { $tagName }: <code>{ $tag }</code>
flow-confirm-refund = Адрес возврата { $from }:
    <code>{ $address }</code>
flow-confirm-refund-tag = { $tagName } для возврата: <code>{ $tag }</code>
flow-confirm-check = Проверьте каждый символ адресов. Монеты, отправленные на неверный адрес, вернуть нельзя.
flow-button-confirm = ✅ Подтвердить
flow-button-edit = ✏️ Изменить
flow-edit-which = Что вы хотите изменить?
flow-edit-pair = Монеты
flow-edit-amount = Сумму
flow-edit-destination = Адрес получения
flow-edit-refund = Адрес возврата
flow-creating = Создаю обмен…
flow-already-created = Этот обмен уже создан: { $id }.

flow-partner-error = ⚠️ Сервис обмена сейчас не отвечает. Всё, что вы ввели, сохранено: нажмите «Повторить» чуть позже.
flow-partner-rejected = ⚠️ Сервис обмена отказал. Его ответ, как он есть:
    <blockquote>{ $message }</blockquote>
flow-partner-rejected-generic = ⚠️ Сервис обмена отклонил запрос. Проверьте сумму и адреса или попробуйте позже.

deposit-intro =
    ✅ <b>Обмен создан</b>
    Отправьте ровно <b>{ $amount } { $coin }</b> на адрес ниже. Вы получите ≈ { $amountTo } { $to }.
    ID обмена: <code>{ $id }</code>
deposit-address-label = Адрес для депозита ({ $coin }):
deposit-tag = ⚠️ <b>{ $tagName }</b>: <code>{ $tag }</code>
    В депозите ОБЯЗАТЕЛЬНО укажите это значение «{ $tagName }». Без него монеты могут быть потеряны.
deposit-tag-fallback-name = Тег
# Названия тега, которые даёт сервис обмена (поле "tagname" его каталога), на языке человека.
tag-name-comment = Комментарий
tag-name-destination-tag = Тег назначения
tag-name-memo = MEMO
deposit-qr-caption = QR-код адреса для депозита { $coin }
deposit-qr-none = Адрес для депозита { $coin } слишком длинный для QR-кода: скопируйте его из сообщения выше.
deposit-outro = Я сообщу о каждом изменении статуса. Курс плавающий до момента обмена депозита.
flow-create-in-doubt =
    ⚠️ Я не смог убедиться, что ваш обмен { $amount } { $from } → { $to } создан: ответ сервиса обмена потерялся. Чтобы у вас не оказалось двух заявок, я не буду отправлять её повторно.
    Поддержка уже знает и проверит это у сервиса. Не отправляйте монеты, пока не получите инструкции для депозита; /history покажет их, как только обмен подтвердится.

## rates (инлайн-режим, /rate, ссылки на обмен)

rates-button-exchange = 🔁 Обменять { $from } → { $to }
rates-quote-title = { $amountFrom } { $from } → ≈ { $amountTo } { $to }
rates-quote-description-fee = Комиссия за вывод ≈ { $fee } { $feeCoin } (учтена) · курс плавающий
rates-quote-description = Курс плавающий
rates-list-heading-amount = За <b>{ $amountFrom } { $from }</b> вы получите:
rates-list-heading-min = За минимальную сумму <b>{ $from }</b> ({ $min } { $from }) вы получите:
rates-list-line = ≈ <b>{ $amountTo } { $to }</b>
rates-list-footer = С учётом комиссии за вывод; курс плавающий. Нажмите на монету, чтобы начать обмен.
rates-help-title = Введите сумму и две монеты
rates-help-description = Например: 0.1 btc eth · 100 usdttrc20 · btc
rates-help-text =
    <b>Курсы в любом чате</b>
    Введите сумму и две монеты в любом порядке:
    <code>0.1 btc eth</code> · <code>btc eth 0.1</code> · <code>0.1 btc в eth</code>
    Сумма и одна монета покажут несколько популярных направлений: <code>100 usdttrc20</code>
    Одна монета покажет, на что её можно обменять, по минимальной сумме: <code>btc</code>
    В любом чате введите моё имя пользователя и вопрос; здесь используйте /rate.
rates-invalid-title = Не удалось разобрать запрос
rates-invalid-bad-amount = Сумма не похожа на число. Напишите её так: 0.1 или 1 000,5.
rates-invalid-multiple-amounts = Указано больше одной суммы. Нужны одна сумма и две монеты.
rates-invalid-amount-position = Сумма должна стоять в начале или в конце, а не между монетами.
rates-invalid-missing-coin = К сумме нужна монета, например: 0.1 btc eth.
rates-invalid-misplaced-connector = «в» ставится между двумя монетами, например: 0.1 btc в eth.
rates-invalid-too-many-words = Слишком много слов. Укажите сумму и не больше двух монет.
rates-invalid-same-coin = Обе монеты одинаковые. Выберите две разные монеты.
rates-unknown-title = Неизвестная монета «{ $token }»
rates-unknown-suggest = Возможно, вы имели в виду { $suggestions }?
rates-unknown-none = Проверьте тикер, например BTC, ETH или LTC.
rates-no-pair-title = Обмен { $from } → { $to } недоступен
rates-no-pair-targets = { $from } можно обменять на: { $targets }
rates-no-targets = { $from } сейчас нельзя ни на что обменять.
rates-below-min-title = Минимальная сумма — { $min } { $from }
rates-below-min-description = Укажите не меньше { $min } { $from }, чтобы увидеть курс.
rates-above-max-title = Максимальная сумма — { $max } { $from }
rates-above-max-description = Укажите не больше { $max } { $from }, чтобы увидеть курс.
rates-rejected-title = Сервис обмена отказался дать курс
rates-rejected-generic = Попробуйте другую сумму или пару.
rates-unavailable-title = Курсы сейчас недоступны
rates-unavailable-description = Сервис обмена не отвечает. Попробуйте через минуту.

## status (order card, status notifications, /status, /history)

status-name-waiting_deposit = Ожидаем ваш депозит
status-name-deposit_received = Депозит получен
status-name-exchanging = Идёт обмен
status-name-sending = Отправляем монеты
status-name-success = Завершён
status-name-time_expired = Время истекло
status-name-failed = Ошибка
status-name-sending_failed = Сбой отправки
status-name-reverted = Возвращён
status-card-title = { $icon } <b>Обмен</b> <code>{ $id }</code>
status-card-status = Статус: <b>{ $status }</b>
status-card-send = Вы отдаёте: <b>{ $amount } { $coin }</b>
status-card-expected = Вы получите: ≈ <b>{ $amount } { $coin }</b>
status-card-outcome-failed = ❌ Обмен не выполнен. Если депозит поступил, он вернётся на ваш адрес возврата <code>{ $refund }</code>.
status-card-outcome-reverted = ↩️ Возвращено: монеты отправлены на ваш адрес возврата <code>{ $refund }</code>.
status-card-outcome-time_expired = ⌛ Депозит не поступил вовремя: обмен не выполнен.
status-card-received = Получено: <b>{ $amount } { $coin }</b>
status-card-txid = TxID: <code>{ $txId }</code>
status-card-deposit-address = Адрес для депозита: <code>{ $address }</code>
status-card-deposit-tag = ⚠️ Тег депозита: <code>{ $tag }</code> (депозит ОБЯЗАТЕЛЬНО должен его содержать)
status-card-refresh = 🔄 Обновить
status-notice-deposit = 📥 Ваш депозит { $amount } { $coin } по обмену <code>{ $id }</code> получен. Обмен начался.
status-notice-success = ✅ Обмен <code>{ $id }</code> завершён: { $amount } { $coin } отправлено на ваш адрес.
status-notice-failed = ❌ Обмен <code>{ $id }</code> завершился ошибкой. Если депозит поступил, он вернётся на ваш адрес возврата <code>{ $refund }</code>.
status-notice-sending_failed = ⚠️ Не удалось отправить монеты по обмену <code>{ $id }</code>. Сервис может повторить попытку, и я сообщу об этом; иначе монеты вернутся на ваш адрес возврата <code>{ $refund }</code>.
status-notice-reverted = ↩️ Обмен <code>{ $id }</code> отменён: монеты возвращены на ваш адрес возврата <code>{ $refund }</code>.
status-notice-time_expired = ⌛ Время обмена <code>{ $id }</code> истекло: депозит не поступил вовремя. Больше ничего не отправляйте на его адрес; начните новый обмен командой /exchange. Если вы всё же отправили монеты, они вернутся на ваш адрес возврата <code>{ $refund }</code>.
status-notice-support = { $contact ->
        [none] Нужна помощь? Напишите в поддержку и укажите ID обмена <code>{ $id }</code>.
       *[other] Нужна помощь? Напишите { $contact } и укажите ID обмена <code>{ $id }</code>.
    }
status-usage = Отправьте /status с ID обмена, например <code>/status 1a2b3c</code>. Список ваших обменов: /history.
status-not-found = Не нашёл вашего обмена с ID <code>{ $id }</code>. Проверьте ID или откройте /history.
status-unavailable = ⚠️ Сервис обмена сейчас не отвечает: это последний известный мне статус.
status-refreshed = Статус обновлён
status-tracking-stopped = Этот обмен больше не проверяется автоматически. Нажмите «Обновить» или отправьте /status, чтобы проверить его.
status-unknown-at-service = ❓ Сервис обмена не знает обмен <code>{ $id }</code>: он ответил, что такого обмена у него нет (сервис работает и отвечает). Ниже — последний известный мне статус.
    { $contact ->
        [none] Напишите, пожалуйста, в поддержку и укажите ID обмена <code>{ $id }</code>.
       *[other] Напишите, пожалуйста, { $contact } и укажите ID обмена <code>{ $id }</code>.
    }
status-unknown-at-service-short = Сервис обмена не знает этот обмен. Напишите, пожалуйста, в поддержку.
status-card-unknown-at-service = ❓ Сервис обмена не знает этот обмен, поэтому он больше не проверяется автоматически. { $contact ->
        [none] Напишите, пожалуйста, в поддержку и укажите ID обмена.
       *[other] Напишите, пожалуйста, { $contact } и укажите ID обмена.
    }
history-title = <b>Ваши обмены</b>, сначала новые (страница { $page } из { $pages }). Время указано по UTC. Нажмите на обмен, чтобы открыть его карточку.
history-empty = У вас пока нет обменов. Отправьте /exchange, чтобы начать.
history-item = { $icon } { $amount } { $from } → { $to } · { $date }
history-newer = ◀ Новее
history-older = Старее ▶

## admin (инструменты поддержки: /find, /user, /stats, /broadcast, /maintenance, оповещения)

admin-command-find = Поддержка: найти обмены
admin-command-user = Поддержка: сводка по человеку
admin-command-stats = Поддержка: статистика
admin-command-broadcast = Поддержка: рассылка всем
admin-command-maintenance = Поддержка: приостановить новые обмены
admin-none = нет
admin-not-found = Этого обмена нет в хранилище.
admin-archived = Этот обмен давно завершён и перенесён в архив: его статус больше не меняется.
admin-button-recheck = 🔄 Проверить сейчас
admin-button-resend = 📨 Отправить инструкции снова
admin-button-user = 👤 Пользователь
admin-button-open = 🔎 Открыть
admin-button-exchanges = 🔎 Его обмены
admin-ex-title = { $icon } <b>Обмен</b> <code>{ $id }</code>
admin-ex-status = Статус: <b>{ $status }</b> (<code>{ $raw }</code>)
admin-ex-user = Пользователь: { $user }
admin-ex-pair = Отправляет { $amount } { $from } → по котировке { $quoted } { $to }
admin-ex-expected = Сервис ожидает: { $amountFrom } { $from } → { $amountTo } { $to }
admin-ex-received = Получено: { $amount } { $to }
admin-ex-txid = TxID: <code>{ $txId }</code>
admin-ex-deposit = Депозит: { $address }
admin-ex-destination = Получатель: { $address }
admin-ex-refund = Возврат: { $address }
admin-ex-created = Создан { $at }, обновлён { $updated }
admin-ex-stopped = ⚠️ Больше не отслеживается: { $reason }
admin-ex-history = <b>История статусов</b>
admin-find-usage = Отправьте <code>/find</code> с ID обмена, ID пользователя, @username, адресом или тегом.
admin-find-none = По запросу <code>{ $query }</code> ничего не найдено.
admin-find-count = Найдено: { $count }; показано: { $shown }.
admin-recheck-done = Текущий статус: { $status }
admin-recheck-failed = Сервис обмена не ответил; ничего не изменилось.
admin-resend-done = Инструкции по оплате отправлены снова.
admin-resend-final = Этот обмен завершён; платить больше некуда.
admin-resend-blocked = Пользователь заблокировал бота.
admin-resend-failed = Telegram отклонил сообщение.
admin-user-usage = Отправьте <code>/user</code> с ID пользователя или @username.
admin-user-none = Пользователь <code>{ $query }</code> не найден.
admin-user-title = 👤 { $user }
admin-user-chosen = выбран
admin-user-language = Язык: { $language }
admin-user-blocked-yes = Заблокировал бота: да
admin-user-blocked-no = Заблокировал бота: нет
admin-user-seen = Впервые: { $first }, последний раз: { $last }
admin-user-exchanges = Обменов: { $count }
admin-volume-title = Завершённый объём:
admin-stats-title = 📊 <b>Статистика</b>
admin-stats-users = Пользователи: { $total } (активны за 24 ч: { $active24h }, за 7 дней: { $active7d }; заблокировали: { $blocked })
admin-stats-exchanges = Обмены: { $total } (создано за 24 ч: { $created24h }, за 7 дней: { $created7d }; завершено за 24 ч: { $completed24h }, за 7 дней: { $completed7d })
admin-stats-funnel = <b>Воронка</b>
admin-funnel-flow_started = начали
admin-funnel-quoted = котировка
admin-funnel-confirmed = подтвердили
admin-funnel-deposit_received = депозит
admin-funnel-success = успех
admin-stats-health = <b>API партнёра за последний час</b>
admin-stats-endpoint = • { $endpoint }: запросов { $requests }, ошибок { $errors }%, p50 { $p50 } мс, p95 { $p95 } мс
admin-stats-poller = Опрос статусов: последний цикл { $lag } с назад, уровень отсрочки { $backoff }, открытых обменов { $open }
admin-stats-poller-none = Опрос статусов: циклов ещё не было, открытых обменов { $open }
admin-stats-ops = С запуска: обновлений { $updates } (с ошибкой { $failed }), ошибок Telegram API { $telegramErrors }; в очереди отправки: { $backlog }
admin-stats-maintenance = 🛠 Включено техобслуживание: новые обмены приостановлены.
admin-alert-status = 🚨 <b>Оповещение</b>: обмен перешёл в статус { $status } (<code>{ $raw }</code>)
admin-alert-stuck = ⏳ <b>Оповещение</b>: обмен в статусе { $status } с { $since }
admin-alert-create-in-doubt = ❓ <b>Оповещение</b>: на exchange-create не пришёл ответ ({ $reason }, { $at }). У сервиса может быть заявка, о которой бот не знает; найдите её там и сообщите человеку.
admin-alert-create-pair = Запрошено: { $amount } { $from } → { $to }
admin-alert-create-destination = Адрес получения: { $address }
admin-alert-create-refund = Адрес возврата: { $address }
admin-alert-flag = 🚩 <b>Оповещение</b>: обмен больше не отслеживается ({ $reason })
admin-alert-unknown-at-service = ❓ <b>Оповещение</b>: сервис обмена говорит, что не знает этот обмен (ответил «не найден» { $times } { $times ->
        [one] раз
        [few] раза
       *[other] раз
    } подряд; сервис при этом работает). Бот перестал его отслеживать: найдите заказ у сервиса и сообщите человеку.
admin-alert-partner-down = 🔥 <b>Оповещение</b>: сервис обмена не отвечает с { $since }.
admin-alert-partner-up = ✅ Сервис обмена снова отвечает (сбой с { $since } до { $until }).
admin-bc-usage = Отправьте /broadcast и текст, например: /broadcast Мы снова работаем. Сначала вы увидите предпросмотр.
admin-bc-preview = 📣 <b>Предпросмотр</b>: получат { $count } чел., простым текстом:
admin-bc-send = Отправить { $count }
admin-bc-drop = Отмена
admin-bc-dropped = Рассылка отменена. Ничего не отправлено.
admin-bc-not-draft = Эта рассылка уже отправлена или отменена.
admin-bc-progress = 📣 Рассылка: { $done } из { $total } (отправлено { $sent }, заблокировали { $blocked }, ошибок { $failed })
admin-bc-done = 📣 Рассылка завершена: отправлено { $sent }, заблокировали { $blocked }, ошибок { $failed } (из { $total }).
admin-bc-cancelled = 📣 Рассылка прервана: отправлено { $sent }, заблокировали { $blocked }, ошибок { $failed } (из { $total }).
admin-bc-unconfirmed = Не подтверждено: { $count } (прервано во время отправки; повторно не отправляется).
admin-bc-cancel = ✖ Остановить рассылку
admin-bc-cancelling = Останавливаю после текущего сообщения…
admin-bc-not-running = Эта рассылка не идёт.
admin-maint-on = 🛠 Техобслуживание включено: новые обмены приостановлены. Люди увидят: { $message }
admin-maint-off = ✅ Техобслуживание выключено: новые обмены снова открыты.
admin-maint-state-on = 🛠 Техобслуживание включено.
admin-maint-state-off = Техобслуживание выключено.
admin-maint-usage = Использование: <code>/maintenance on [сообщение]</code> или <code>/maintenance off</code>

## Prompts owed after a restart (exchange flow, prompts-due.ts)
flow-prompt-due = 🔄 Меня перезапустили, прежде чем я успел задать следующий вопрос. Всё, что вы ввели, сохранено; вот он:

# Safe in groups: support's answers kept private, buttons that act for their owner only, texts cut to fit.
admin-sent-privately = 🔒 Отправил вам в личный чат со мной.
admin-private-first = 🔒 Ответы поддержке приходят в личный чат со мной, а он ещё не открыт: откройте его, нажмите «Запустить» и спросите снова.
admin-private-first-short = Ответы поддержке приходят в личный чат со мной: откройте его и нажмите «Запустить», затем попробуйте снова.
admin-private-open = Открыть личный чат
button-not-yours = Эта кнопка для того, кто спрашивал. Отправьте команду сами, чтобы получить свой ответ.
status-inline = Статус: { $status }. Полная карточка — в личном чате со мной (/status там).
admin-maint-too-long = Техобслуживание НЕ включено: в сообщении { $length } символов, помещается не больше { $max }. Отправьте его снова, короче.

## Safety against mistakes and floods (issue 23): invisible characters, ambiguous amounts, commands in the flow, per-person limits

flow-tag-reason-invisible = в нём есть невидимый символ или символ смены направления текста ({ $char }, символ № { $position }), обычно он попадает туда при копировании. Введите значение вручную.
flow-address-invisible = ❌ В адресе есть невидимый символ или символ смены направления текста ({ $char }, символ № { $position }), обычно он попадает туда при копировании. Такой адрес выглядит правильным, но это другой адрес. Скопируйте его из кошелька ещё раз или введите вручную. Ничего не отправлено.
flow-amount-ambiguous = <code>{ $typed }</code> можно прочитать двумя способами. Какую сумму вы отдаёте?
flow-amount-reading = { $amount } { $coin }
flow-amount-error-ambiguous = Эту сумму можно прочитать двумя способами. Напишите её без запятой, например <code>1000</code> или <code>1.5</code>.
rates-invalid-ambiguous-amount = Запятая перед тремя цифрами может означать и тысячи, и дробную часть. Напишите 1000 или 1.0 вместо 1,000.
flow-still-open = ⏸ Ваш обмен всё ещё открыт: ответьте на мой последний вопрос выше или отправьте /cancel, чтобы прекратить его.
# A short question (a new name, a threshold) asked while an exchange flow is open.
question-in-flow = Вы сейчас в середине обмена. Завершите его или отправьте /cancel, затем попробуйте снова.
limit-too-fast = ⏳ Вы отправляете сообщения быстрее, чем я успеваю отвечать, поэтому часть я пропустил. Подождите несколько секунд и отправьте последнее сообщение ещё раз.
limit-too-fast-button = ⏳ Слишком быстро: подождите несколько секунд и нажмите снова.
rates-too-fast-title = Слишком много запросов подряд
rates-too-fast-description = Подождите несколько секунд и введите запрос снова: число котировок на человека ограничено, чтобы они оставались быстрыми для всех.

## Fixed rate and "receive exactly" (issue 22; only with PARTNER_FEATURES fixed, receive)

flow-rate-kind-ask =
    <b>Фиксированный или плавающий курс?</b>
    🔒 Фиксированный: вы получите <b>{ $fixed } { $to }</b>, гарантированно, если депозит придёт вовремя.
    🌊 Плавающий: вы получите <b>≈ { $floating } { $to }</b>; сумма может измениться до момента обмена депозита.
flow-rate-kind-button-fixed = 🔒 Фиксированный: { $amountTo } { $to }
flow-rate-kind-button-floating = 🌊 Плавающий: ≈ { $amountTo } { $to }
flow-rate-kind-chosen-fixed = ✅ Фиксированный курс: вы получите { $amountTo } { $to }, если депозит придёт вовремя.
flow-rate-kind-chosen-floating = ✅ Плавающий курс: вы получите ≈ { $amountTo } { $to }; сумма может измениться до момента обмена депозита.
flow-rate-kind-no-fixed = Сервис обмена сейчас не даёт фиксированного курса для этой пары, поэтому курс плавающий: вы получите ≈ { $amountTo } { $to }; сумма может измениться до момента обмена депозита.
flow-receive-button-receive = 🎯 Указать, сколько { $to } получить
flow-receive-button-send = ✏️ Указать сумму отправки
flow-receive-ask = Сколько <b>{ $to }</b> должно прийти? Введите точную сумму к получению, и я спрошу у сервиса обмена, сколько <b>{ $from }</b> отправить.
flow-receive-quote =
    <b>Расчёт</b>
    Вы получите ровно: <b>{ $amountTo } { $to }</b>
    Вы отдаёте: <b>{ $amount } { $from }</b>
    Это расчёт сервиса обмена сейчас; перед созданием обмена я спрошу его ещё раз.
flow-receive-below-min = Чтобы получить { $amountTo } { $to }, нужно отправить { $amount } { $from } — меньше минимума { $min } { $from }. Введите сумму к получению побольше.
flow-receive-above-max = Чтобы получить { $amountTo } { $to }, нужно отправить { $amount } { $from } — больше максимума { $max } { $from }. Введите сумму к получению поменьше.
flow-quote-moved = ⚠️ Расчёт сервиса обмена изменился с тех пор, как вы его видели. Вот новый: подтвердите ещё раз, если он вам подходит.
flow-confirm-card-fixed =
    <b>Проверьте обмен</b>
    Вы отдаёте: <b>{ $amountFrom } { $from }</b>
    Вы получите: <b>{ $amountTo } { $to }</b> (фиксированный курс)
flow-confirm-card-exact =
    <b>Проверьте обмен</b>
    Вы отдаёте: <b>{ $amountFrom } { $from }</b>
    Вы получите ровно: <b>{ $amountTo } { $to }</b>
flow-quote-fixed = Курс фиксированный: эта сумма гарантирована, если депозит придёт вовремя. Перед созданием обмена я спрошу сервис обмена ещё раз.
flow-quote-exact = Сумма к получению фиксирована; сумма отправки — расчёт сервиса обмена, я спрошу его ещё раз перед созданием обмена.
deposit-intro-fixed =
    ✅ <b>Обмен создан</b>
    Отправьте ровно <b>{ $amount } { $coin }</b> на адрес ниже. По фиксированному курсу вы получите { $amountTo } { $to }, если депозит придёт вовремя.
    ID обмена: <code>{ $id }</code>
deposit-intro-exact =
    ✅ <b>Обмен создан</b>
    Отправьте ровно <b>{ $amount } { $coin }</b> на адрес ниже, чтобы пришло ровно { $amountTo } { $to }.
    ID обмена: <code>{ $id }</code>
deposit-outro-fixed = Я сообщу о каждом изменении статуса. Курс фиксирован, если депозит придёт вовремя.
deposit-outro-exact = Я сообщу о каждом изменении статуса. Отправьте сумму выше ровно и вовремя.
status-card-expected-fixed = Вы получите: <b>{ $amount } { $coin }</b> (фиксированный курс)
status-card-expected-exact = Вы получите ровно: <b>{ $amount } { $coin }</b>
rates-receive-title = { $amountFrom } { $from } → ровно { $amountTo } { $to }
rates-receive-description = Чтобы получить ровно { $amountTo } { $to }, отправьте { $amountFrom } { $from } (расчёт сервиса обмена сейчас)
rates-receive-help = Чтобы получить точную сумму, поставьте перед ней «=»: <code>btc =100 usdt</code> (сколько BTC отправить, чтобы получить ровно 100 USDT).

## late deposit and the service's own statuses (issue 22: statuses beyond our contract, payment/emergency)

status-name-new = Заявка создана, ожидаем ваш депозит
status-name-payment_time_expired = Депозит пришёл после истечения заявки
status-name-payment_halted = Платёж приостановлен сервисом
status-emergency-expired = ⏰ Ваш депозит пришёл после истечения заявки: сервис держит его у себя.
status-emergency-less = ⚠️ Пришло меньше, чем указано в заявке: сервис держит депозит у себя.
status-emergency-other = ⚠️ Сервис сообщает о проблеме с депозитом: { $what }.
late-deposit-offer = { $kind ->
        [LESS] ⚠️ По обмену <code>{ $id }</code> пришло меньше, чем указано в заявке.
       *[other] ⏰ Депозит по обмену <code>{ $id }</code> пришёл после истечения заявки.
    } Сервис держит его, пока вы не выберете, что делать:
    • <b>Продолжить</b>: обменять по текущему курсу. Итоговая сумма может отличаться от первой оценки.
    • <b>Вернуть</b>: отправить обратно на ваш адрес возврата <code>{ $refund }</code> или на другой адрес, который вы укажете, за вычетом комиссии сети.
    Выбор окончательный и отправляется сервису один раз.
late-deposit-no-choice = { $kind ->
        [LESS] ⚠️ По обмену <code>{ $id }</code> пришло меньше, чем указано в заявке.
       *[other] ⏰ Депозит по обмену <code>{ $id }</code> пришёл после истечения заявки.
    } Сервис держит его: средства не потеряны, но сами по себе обменяны не будут. { $contact ->
        [none] Пожалуйста, напишите в поддержку и укажите ID обмена <code>{ $id }</code>: там его обменяют или вернут на <code>{ $refund }</code>.
       *[other] Пожалуйста, напишите { $contact } и укажите ID обмена <code>{ $id }</code>: там его обменяют или вернут на <code>{ $refund }</code>.
    }
late-deposit-button-continue = ▶️ Продолжить по текущему курсу
late-deposit-button-refund = ↩️ Вернуть на мой адрес возврата
late-deposit-choice-continue = продолжить обмен по текущему курсу
late-deposit-choice-refund = вернуть на <code>{ $refund }</code>
late-deposit-state-sending = отправляется сервису
late-deposit-state-sent = принято сервисом
late-deposit-state-in-doubt = сервис не подтвердил; поддержка проверит
late-deposit-card = Ваш выбор для позднего депозита: { $choice } ({ $state }).
late-deposit-sent = ✅ Готово: сервис выполнит ваш выбор: { $choice }. Я сообщу, когда статус изменится.
late-deposit-already = Вы уже выбрали: { $choice } ({ $state }). Выбор отправляется один раз и здесь не меняется.
late-deposit-refused = Сервис отклонил этот выбор: { $reason }. Можно выбрать снова.
late-deposit-in-doubt = ⚠️ Сервис не ответил вовремя. Ваш выбор ({ $choice }) записан и никогда не будет отправлен дважды; поддержка подтвердит его у сервиса.
late-deposit-not-waiting = Этот обмен больше не ждёт выбора. Его карточка показывает текущее состояние.
late-deposit-unavailable = Этот выбор нельзя сделать в боте. Пожалуйста, напишите в поддержку и укажите ID обмена.
admin-ex-late-deposit = Поздний депозит: человек выбрал «{ $choice }» ({ $state }), { $at }
admin-alert-late-deposit-in-doubt = ⚠️ <b>Тревога</b>: выбор по позднему депозиту отправлен сервису (payment/emergency), но ответ потерян. Повторно он не отправится: подтвердите его у сервиса.

## late deposit: refund to another address (issue 22 point 4)

late-deposit-button-other = ↩️ Вернуть на другой адрес
late-other-ask = Отправьте адрес <b>{ $coin }</b>, на который вернуть депозит по обмену <code>{ $id }</code>. Он будет проверен до отправки, а затем вы его подтвердите. Чтобы остановиться, нажмите «Отмена» или отправьте /cancel.
late-other-in-flow = Сейчас вы оформляете обмен. Завершите его или отправьте /cancel, затем снова нажмите «Вернуть на другой адрес».
late-other-confirm = Вернуть депозит по обмену <code>{ $id }</code> на <code>{ $refund }</code> за вычетом комиссии сети? Это окончательно: сервису это отправляется один раз. Чтобы указать другой адрес, просто отправьте его.
late-other-button-confirm = ✅ Подтвердить
late-other-button-cancel = ✖️ Отмена
late-other-cancelled = Отменено: ничего не отправлено. Кнопки сообщения о позднем депозите по-прежнему работают.
late-other-closed = Этот вопрос закрыт. Где сейчас обмен, показывает его карточка.
late-other-check-failed = ⚠️ Сервис обмена не смог сейчас проверить адрес. Отправьте его ещё раз чуть позже или отправьте /cancel.
late-other-retry = Отправьте другой адрес или /cancel.

## Начать заново после создания под вопросом (issue 22: без истории сервиса; start-again.ts)

flow-create-in-doubt-start-again =
    ⚠️ Я не смог убедиться, что ваш обмен { $amount } { $from } → { $to } создан: ответ сервиса обмена потерялся. Чтобы у вас не оказалось двух заявок, я не буду отправлять её повторно.
    Ничего не оплачивайте по этой первой попытке, даже если видели для неё адрес депозита: если сервис создал ту заявку, она просто истечёт неоплаченной. Поддержка уже знает.
    Чтобы всё же обменять, нажмите кнопку ниже: я начну заново с теми же данными и покажу карточку со свежим курсом для подтверждения.
flow-start-again-button = 🔁 Начать заново с теми же данными
flow-start-again-started = 🔁 Начинаю заново с теми же данными: проверьте их перед подтверждением. По первой попытке ничего не оплачивайте.
flow-start-again-used = Эта кнопка уже использована: по ней начат новый обмен. Чтобы начать ещё один, отправьте /exchange.
admin-alert-create-start-again = Человеку сказано ничего не оплачивать по этой попытке и предложено начать заново с теми же данными (новая заявка): заявку, найденную по этой попытке, следует оставить истечь неоплаченной.
flow-start-again-later = Сервис обмена сейчас не отвечает, поэтому начать заново пока нельзя. Нажмите кнопку ещё раз через минуту.

## one-tap copy and trust (issue 24)

copy-address = 📋 Скопировать адрес
copy-tag = 📋 Скопировать { $tagName }
copy-amount = 📋 Скопировать сумму
copy-exchange-id = 📋 Скопировать ID обмена
trust-support = 🛡 Поддержка никогда не пишет первой и никогда не просит средства, приватные ключи или сид-фразы: кто просит, тот не мы. { $contact ->
        [none] Обращайтесь в поддержку только через этого бота.
       *[other] Наша поддержка: { $contact }.
    }
status-card-txid-link = TxID: <a href="{ $url }">{ $txId }</a>

## Privacy: /privacy and /forget (issue 24)
command-privacy = Что хранится о вас
command-forget = Удалить ваши данные
privacy-title = <b>Что я храню о вас и как долго</b>
privacy-deleted-title = <b>Удаляется по команде /forget:</b>
privacy-data-profile = • ваше имя, имя пользователя и язык Telegram, когда вы впервые и в последний раз писали мне, и выбранный вами язык: до команды /forget.
privacy-data-flow = • ответы обмена, который вы начали и ещё не подтвердили (монеты, сумма, адреса): пока вы его не завершите или не отмените, или { $minutes } мин. после вашего последнего ответа.
privacy-data-addresses = • адреса, на которые и с которых вы обменивали и их названия: пока вы не удалите их там или не отправите /forget.
privacy-data-alerts = • ваши уведомления о курсе (/alert): пока одно не сработает, вы его не удалите, не пройдут 30 дней или вы не отправите /forget.
privacy-kept-title = <b>Хранится и после /forget:</b>
privacy-kept-exchanges = • ваши обмены (номер, монеты, суммы, адреса, идентификаторы транзакций, статус, даты и ваш id в Telegram): по закону поддержка обязана хранить эти записи { $years } { $years ->
    [one] год
    [few] года
   *[many] лет
}.
privacy-kept-in-progress = • обмен, который создаётся или идёт, и сообщения о нём, которые я ещё должен вам отправить, пока он не завершится.
privacy-seen-again = Если вы напишете мне после /forget, я снова увижу ваше имя и язык, как в первый день.
privacy-private-only = Ради вашей приватности отправляйте /privacy и /forget в личном чате со мной.
forget-ask = <b>Удалить ваши данные?</b> Это нельзя отменить.
forget-button-confirm = 🗑 Удалить мои данные
forget-button-cancel = ✖️ Отмена
forget-done = Готово: ваши данные удалены. Записи о ваших обменах остаются у поддержки { $years } { $years ->
    [one] год
    [few] года
   *[many] лет
}, как требует закон.
forget-cancelled = Отменено: ничего не удалено.

## export (issue 24)

command-export = Ваши обмены файлом CSV
help-export = /export пришлёт все ваши обмены файлом CSV (его откроет любая таблица): дата, монеты, отправленные и полученные суммы, адреса, номера, статус и транзакция выплаты.
export-private-only = В выгрузке ваши адреса: отправьте /export в личном чате с ботом.
export-range-refused = После /export ничего писать не нужно: команда присылает ваши обмены. Отправьте просто /export.
export-range-usage = Отправьте /export или, чтобы получить все обмены за несколько дней (UTC, оба дня включительно, не больше { $days } дн.): <code>/export 2026-11-01 2026-11-30</code>.
export-busy = Предыдущая выгрузка ещё отправляется. Дождитесь её и попробуйте снова.
export-too-often = Вы запросили несколько выгрузок за короткое время. Попробуйте снова через несколько минут.
export-none = У вас ещё нет обменов, выгружать нечего.
export-none-range = С { $from } по { $to } не создано ни одного обмена.
export-caption = Обмены, CSV, файл { $part }
export-done = Выгрузка готова: { $rows ->
        [one] { $rows } обмен
        [few] { $rows } обмена
        [many] { $rows } обменов
       *[other] { $rows } обмена
    } в { $files ->
        [one] { $files } файле
       *[other] { $files } файлах
    }.
export-too-large = Выгрузка остановлена после { $files } файлов (обменов: { $rows }): она слишком велика, чтобы отправить её целиком. Запросите более короткий период.
export-failed = Не удалось отправить выгрузку. Попробуйте ещё раз чуть позже.

## Rate alerts (issue 24)
command-alert = Уведомления о курсе
rate-alert-button-set = 🔔 Сообщить о курсе
rate-alert-usage =
    Я сообщу, когда курс станет хорошим, например:
    <code>/alert btc eth &gt;= 20</code>: когда за 1 BTC дают не меньше 20 ETH
    <code>/alert btc eth &lt;= 18</code>: когда за 1 BTC дают не больше 18 ETH
    /alert без параметров покажет ваши уведомления.
rate-alert-bad-operator = Перед числом укажите <code>&gt;=</code> (не меньше) или <code>&lt;=</code> (не больше), например <code>&gt;= 20</code>.
rate-alert-bad-amount = Этот порог не похож на число. Отправьте его так: <code>&gt;= 20</code> или <code>&lt;= 0.05</code>.
rate-alert-unknown-coin = Я не знаю монету «{ $coin }». Проверьте тикер или посмотрите монеты через /rate.
rate-alert-no-pair = Здесь нельзя обменять { $from } на { $to }, поэтому следить за этим курсом я не могу.
rate-alert-limit = У вас уже { $max } уведомлений, больше одному человеку нельзя. Сначала удалите одно в /alert.
rate-alert-set-above = 🔔 Готово: я сообщу один раз, когда за 1 { $from } будут давать не меньше { $threshold } { $to }. Уведомления хранятся 30 дней.
rate-alert-set-below = 🔔 Готово: я сообщу один раз, когда за 1 { $from } будут давать не больше { $threshold } { $to }. Уведомления хранятся 30 дней.
rate-alert-ask = 🔔 Когда сообщить о курсе { $from } → { $to }? Выберите вариант или отправьте <code>&gt;= 20</code> — «когда за 1 { $from } дают не меньше 20 { $to }», или <code>&lt;= 18</code> — «не больше».
rate-alert-none =
    У вас нет уведомлений о курсе.
    Создайте его так: <code>/alert btc eth &gt;= 20</code> — или нажмите 🔔 под курсом из /rate.
rate-alert-list-title = 🔔 Ваши уведомления о курсе ({ $count } из { $max }):
rate-alert-line-above = за 1 { $from } не меньше { $threshold } { $to }
rate-alert-line-below = за 1 { $from } не больше { $threshold } { $to }
rate-alert-button-delete = 🗑 { $n }
rate-alert-deleted = Уведомление удалено.
rate-alert-gone = Этого уведомления уже нет (сработало, истекло или удалено).
rate-alert-fired-above = 🔔 За 1 { $from } сейчас дают { $price } { $to }: не меньше { $threshold } { $to }, как вы просили. Это уведомление выполнено.
rate-alert-fired-below = 🔔 За 1 { $from } сейчас дают { $price } { $to }: не больше { $threshold } { $to }, как вы просили. Это уведомление выполнено.
rate-alert-now = Сейчас за 1 { $from } дают ≈ { $price } { $to }.
rate-alert-ask-in-flow = 🔔 Когда сообщить о курсе { $from } → { $to }? Выберите вариант или отправьте <code>/alert { $from } { $to } &gt;= 20</code> со своим числом. Обмен остаётся открытым.
rate-alert-question-cancelled = Отменено: уведомление не создано.
rate-alert-choice-above = ≥ +{ $percent } %
rate-alert-choice-below = ≤ −{ $percent } %
rate-alert-button-exchange = 🔁 Обменять { $from } → { $to }
admin-stats-rate-alerts = Уведомления о курсе: { $alerts } на { $pairs } парах; проверка каждые { $intervalSeconds } с, не больше { $pairsPerCheck } запросов курса за проверку; с запуска { $rateCalls } запросов, сработало { $fired }

## saved addresses (issue 24)

command-addresses = Ваши сохранённые адреса
help-addresses = /addresses: ваши сохранённые адреса (переименовать, удалить или перестать сохранять)
saved-address-button = { $label } · использован { $uses ->
    [one] { $uses } раз
    [few] { $uses } раза
   *[other] { $uses } раз
}
saved-address-offer = Или нажмите на один из сохранённых адресов ниже (управление: /addresses).
saved-address-gone = Этого сохранённого адреса больше нет в вашем списке. Отправьте адрес или нажмите на другой.
saved-address-refused = ❌ Сервис обмена больше не принимает ваш сохранённый адрес <b>{ $label }</b> (<code>{ $address }</code>) как адрес { $coin }. Отправьте другой адрес или нажмите на другой сохранённый. Удалить его можно в /addresses.
addresses-title = <b>Ваши сохранённые адреса</b> (не больше { $max }: новый заменяет тот, что использовался реже всех)
addresses-empty = Пока нет. Адреса обмена, который вы создаёте, сохраняются здесь и в следующий раз предлагаются кнопками для той же монеты и сети.
addresses-item = { $number }. <b>{ $label }</b> · { $coin } · использован { $uses ->
    [one] { $uses } раз
    [few] { $uses } раза
   *[other] { $uses } раз
}
    <code>{ $address }</code>{ $tag }
addresses-item-tag = , тег <code>{ $tag }</code>
addresses-remember-on = Сохранение <b>включено</b>: адреса каждого созданного обмена сохраняются. Видите их только вы.
addresses-remember-off = Сохранение <b>выключено</b>: новые адреса не сохраняются. Адреса выше остаются, пока вы их не удалите.
addresses-button-rename = ✏️ Переименовать { $number }
addresses-button-delete = 🗑 Удалить { $number }
addresses-button-turn-off = Не сохранять адреса
addresses-button-turn-on = Снова сохранять адреса
addresses-button-cancel = ✖️ Отмена
addresses-turned-off = Сохранение выключено. Сохранённые адреса остаются, пока вы их не удалите.
addresses-turned-on = Сохранение включено.
addresses-deleted = Удалено.
addresses-gone = Этого сохранённого адреса больше нет в вашем списке.
addresses-private-only = Сохранённые адреса показываются только в личном чате со мной: отправьте /addresses там.
addresses-rename-ask = Отправьте новое название для <b>{ $label }</b> (не больше { $max } символов). Чтобы оставить прежнее, нажмите «Отмена».
addresses-rename-cancelled = Название осталось прежним.
addresses-name-invalid = Название должно быть от 1 до { $max } символов. Отправьте другое или нажмите «Отмена».
addresses-name-invisible = ❌ В названии есть невидимый символ или символ смены направления текста ({ $char }, символ { $position }). Отправьте его без этого символа или нажмите «Отмена».
addresses-renamed = ✅ Новое название: <b>{ $name }</b>
