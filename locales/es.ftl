# Español. Every string a user sees lives here (same keys as en.ftl). Values passed in are already
# HTML-escaped by the caller; markup below is Telegram HTML.

language-name = Español

start-greeting =
    👋 ¡Hola, <b>{ $name }</b>!

    Cambio una criptomoneda por otra aquí mismo, en el chat: elige un par, escribe el importe y tus direcciones, confirma y envía el depósito. Te avisaré de cada paso hasta que lleguen las monedas.
start-button-exchange = 🔁 Empezar un intercambio
start-button-help = ❓ Cómo funciona
# The Mini App (issue 35): its buttons, the menu button, and the page's own words (webapp-*).
start-button-app = 📱 Intercambiar en la app
flow-open-app = 📱 Usar la app
menu-button-app = Intercambiar
webapp-title = Intercambio
webapp-pair-gone = El servicio de intercambio ya no ofrece este par. Elige las monedas de nuevo.
webapp-step-from = ¿Qué moneda envías?
webapp-step-to = ¿Qué moneda recibes?
webapp-search = Buscar monedas
webapp-no-match = Ninguna moneda coincide.
webapp-networks = Redes
webapp-choose-network = elige la red
webapp-min = mín.
webapp-fee = comisión
webapp-step-amount = ¿Cuánto?
webapp-amount = Cantidad
webapp-mode-send = Envío
webapp-mode-receive = Recibo exactamente
webapp-you-send = Envías
webapp-you-get = Recibes
webapp-rate = Tipo
webapp-rate-floating = Tipo flotante
webapp-rate-floating-note = la cantidad sigue al mercado hasta que llegue tu depósito.
webapp-rate-fixed = Tipo fijo
webapp-rate-fixed-note = esta cantidad está garantizada si envías el depósito a tiempo.
webapp-quoting = Pidiendo una cotización…
webapp-which-amount = ¿Qué cantidad quieres decir?
webapp-step-destination = Tu dirección de recepción
webapp-step-refund = Tu dirección de reembolso
webapp-refund-note = Si el intercambio no puede completarse, las monedas vuelven a esta dirección.
webapp-address-placeholder = Pega o escanea la dirección
webapp-scan = Escanear QR
webapp-scan-hint = Apunta la cámara al código QR de la dirección
webapp-scan-unreadable = Ese código QR no contiene una dirección que pueda leer. Prueba con otro o pega la dirección.
webapp-saved = Direcciones guardadas
webapp-request-amount = La solicitud de pago pide
webapp-request-apply = Usar esta cantidad
webapp-request-applied = Cantidad fijada: recibes exactamente esto. Revisa la cantidad a enviar en las siguientes pantallas.
webapp-request-no-exact = Este servicio de intercambio no puede recibir una cantidad exacta: revisa la cantidad tú mismo.
webapp-continue = Continuar
webapp-confirm = Confirmar
webapp-back = Atrás
webapp-step-confirm = Revisa y confirma
webapp-confirm-check = Revisa cada carácter de las direcciones. Las monedas enviadas a una dirección equivocada no se pueden recuperar.
webapp-destination = Dirección de recepción
webapp-refund = Dirección de reembolso
webapp-step-deposit = Envía tu depósito
webapp-deposit-amount = Envía exactamente
webapp-deposit-address = A esta dirección
webapp-deposit-tag = Con esta etiqueta o memo
webapp-copy = Copiar
webapp-copied = Copiado
webapp-copy-failed = No se pudo copiar: selecciona el texto.
webapp-exchange-id = Intercambio
webapp-status = Estado
webapp-chat-note = Las mismas instrucciones están en tu chat con el bot, que te avisará allí cuando lleguen las monedas.
webapp-offline = No se pudo contactar con el bot. Revisa tu conexión e inténtalo de nuevo.
webapp-open-in-telegram = Abre esta página desde el botón del bot en Telegram: Telegram debe decir quién eres.

help-text =
    <b>Cómo funciona un intercambio</b>
    1. /exchange: elige la moneda que envías y la que recibes.
    2. Escribe el importe y mira la cotización en vivo.
    3. Indica la dirección que recibirá las monedas (y un tag o memo si la moneda lo necesita) y una dirección de reembolso.
    4. Revísalo todo y confirma: recibirás una dirección de depósito.
    5. Envía allí las monedas. Te aviso de cada cambio de estado.

    <b>Comandos</b>
    /exchange: empezar un intercambio
    /rate: una cotización, p. ej. <code>/rate 0.1 btc eth</code>
    /alert: avisarte cuando una cotización te convenga, p. ej. <code>/alert btc eth &gt;= 20</code>
    /status: el estado de uno de tus intercambios
    /history: tus intercambios
    /language: cambiar el idioma
    /privacy: qué guardo sobre ti y durante cuánto tiempo
    /forget: eliminar tus datos
    /cancel: detener lo que estás haciendo
    /help: este mensaje

language-choose = Elige tu idioma:
language-set = Idioma: español.

command-start = Iniciar el bot
command-help = Cómo funciona
command-exchange = Empezar un intercambio
command-rate = Ver una cotización
command-status = Estado de un intercambio
command-history = Tus intercambios
command-language = Cambiar el idioma
command-cancel = Cancelar la acción actual

unhandled-text = No te he entendido. Envía /exchange para cambiar monedas o /help para ver lo que sé hacer.
unhandled-callback = Este botón ya no está activo.
error-generic = Algo ha fallado por mi parte. Inténtalo de nuevo en un minuto; nada de lo que escribiste se ha enviado a ningún sitio.

## The exchange flow

flow-group-redirect = Los intercambios se hacen en un chat privado conmigo, para que tus direcciones queden entre nosotros.
flow-group-button = Abrir un chat privado
flow-cancelled = Intercambio cancelado. No se ha creado nada. Envía /exchange para empezar de nuevo.
flow-nothing-to-cancel = No hay nada que cancelar. Envía /exchange para empezar un intercambio.
flow-expired = ⌛ Tu intercambio sin terminar caducó tras { $minutes ->
        [one] { $minutes } minuto
       *[other] { $minutes } minutos
    } sin actividad, así que lo he eliminado. Envía /exchange para empezar de nuevo.
flow-maintenance = 🛠 Los nuevos intercambios están en pausa por mantenimiento. { $message }
flow-button-back = ◀ Atrás
flow-button-cancel = ✖ Cancelar
flow-button-retry = 🔄 Reintentar
flow-stale-button = Este botón pertenece a un paso anterior.
flow-restarted = 🔄 Me reiniciaron justo después de mi última pregunta, así que puede que no haya visto tu respuesta. Todo lo que escribiste antes se conserva; responde esto una vez más:
flow-create-not-sent = 🔄 Me reiniciaron justo antes de que tu intercambio llegara al servicio de intercambio, así que no se creó nada y no hay monedas en juego. Envía cualquier mensaje (por ejemplo “ok”) y te mostraré de nuevo la tarjeta de confirmación.
flow-coin-gone = { $coin } ya no está disponible para este intercambio. Elige otra moneda.
flow-pair-gone = El servicio de intercambio ya no ofrece { $from } → { $to }. Elige las monedas de nuevo; tus direcciones se conservan donde sigan sirviendo.
flow-use-buttons = Usa los botones de arriba o escribe lo que pide este paso.

# Before the prompt of each step every exchange has (the flow's step table counts them).
flow-step-number = <b>Paso { $n } de { $total }.</b>
flow-pick-from = ¿Qué moneda envías?
    Toca una moneda o escribe su ticker o nombre para buscarla.
flow-pick-to = Envías <b>{ $from }</b>. ¿Qué moneda quieres recibir?
    Toca una moneda o escribe su ticker o nombre para buscarla.
flow-picked-from = Envías: <b>{ $coin }</b>
flow-picked-to = Recibes: <b>{ $coin }</b>
# The network step: a ticker on several networks (USDT on ERC20, TRC20…).
flow-ticker-button = { $ticker } ▸
flow-network-ask-from = ¿En qué red envías <b>{ $ticker }</b>?
flow-network-ask-to = ¿En qué red quieres recibir <b>{ $ticker }</b>?
flow-network-line-min = • <b>{ $network }</b>: mínimo { $min } { $ticker }
flow-network-line-fee = • <b>{ $network }</b>: comisión de retiro ≈ { $fee } { $feeCoin }
flow-network-line = • <b>{ $network }</b>
flow-network-warning-from = ⚠️ Envía tus { $ticker } solo por esta red: las monedas enviadas por otra red se pierden.
flow-network-warning-to = ⚠️ Tu dirección de recepción debe ser de esta red: las monedas enviadas a una dirección de otra red se pierden.
flow-network-use-buttons = Toca la red o escribe su nombre (por ejemplo TRC20).
flow-search-results = Monedas que coinciden con “{ $query }”:
flow-search-none = Ninguna moneda coincide con “{ $query }”. Prueba con un ticker como BTC, ETH o USDT.
flow-page = Página { $page } de { $pages }
flow-no-targets = Lo siento, ahora mismo { $from } no se puede cambiar por nada. Elige otra moneda.

flow-amount-ask = ¿Cuánto <b>{ $from }</b> envías?
    El mínimo es <b>{ $min } { $from }</b>. Escribe un número, por ejemplo <code>{ $example }</code>.
flow-amount-below-min = El mínimo para { $coin } es <b>{ $min } { $coin }</b>. Escribe un importe mayor o usa el mínimo.
flow-amount-use-min = Usar el mínimo: { $min } { $coin }
flow-amount-above-max = El máximo para { $coin } es <b>{ $max } { $coin }</b>. Escribe un importe menor.
flow-amount-error-empty = Escribe un importe, por ejemplo <code>0.5</code>.
flow-amount-error-not-a-number = Eso no es un número. Escribe el importe con cifras, por ejemplo <code>0.5</code> o <code>1 000,25</code>.
flow-amount-error-negative = El importe no puede ser negativo.
flow-amount-error-zero = El importe debe ser mayor que cero.
flow-amount-error-exponent = Escribe el importe completo, sin exponentes como 1e5.
flow-amount-error-too-many-decimals = Ese importe tiene demasiados decimales.
flow-amount-error-too-large = Ese importe es demasiado grande. Revísalo.
flow-amount-error-multiple-separators = No pude leer ese importe: tiene más de un separador decimal.
flow-amount-error-other = No pude leer ese importe. Escríbelo con cifras, por ejemplo <code>0.5</code>.

flow-quote =
    <b>Cotización</b>
    Envías: <b>{ $amountFrom } { $from }</b>
    Recibes: <b>≈ { $amountTo } { $to }</b>
flow-quote-fee = Comisión de retiro (ya descontada de lo que recibes): ≈ { $fee } { $feeCoin }
flow-quote-floating = El tipo es flotante: el importe final depende del tipo en el momento en que se cambie tu depósito.
flow-quote-change-hint = Escribe otro importe para cambiarlo.
flow-button-continue = Continuar ▶
flow-button-change-amount = ✏️ Cambiar el importe

flow-destination-ask = Envía la dirección de <b>{ $to }</b> que recibirá tus monedas.
flow-refund-ask = Envía tu dirección de reembolso de <b>{ $from }</b>: si el intercambio no se puede completar, las monedas vuelven allí.
flow-address-checking = Comprobando la dirección…
flow-address-invalid = ❌ <code>{ $address }</code> no es una dirección de { $coin } válida. Revísala y envíala de nuevo.
flow-address-bad-input = Envía la dirección como texto.
flow-address-accepted = ✅ Dirección de { $coin }: <code>{ $address }</code>
flow-tag-ask = Envía el <b>{ $tagName }</b> de esta dirección de { $coin }.
    ⚠️ Es obligatorio: las monedas enviadas sin el { $tagName } correcto pueden perderse. Si envías a tu propio monedero y no tienes { $tagName }, búscalo en tu monedero o en tu cuenta del exchange.
flow-tag-invalid = ❌ Ese { $tagName } no es válido: { $reason } Envíalo de nuevo.
flow-tag-reason-empty = está vacío.
flow-tag-reason-too-long = { $unit ->
        [bytes] es demasiado largo: como máximo { $max } bytes (una letra latina o un dígito ocupa un byte; otras letras, dos o más).
       *[other] es demasiado largo: como máximo { $max } caracteres.
    }
flow-tag-reason-digits = debe ser un número entero (solo dígitos).
flow-tag-reason-range = debe ser como máximo { $max }.
flow-tag-reason-spaces = no debe contener espacios ni saltos de línea.
flow-tag-accepted = ✅ { $tagName }: <code>{ $tag }</code>

flow-confirm-card =
    <b>Revisa tu intercambio</b>
    Envías: <b>{ $amountFrom } { $from }</b>
    Recibes: <b>≈ { $amountTo } { $to }</b>
flow-confirm-destination = Dirección de { $to } que recibe:
    <code>{ $address }</code>
flow-confirm-destination-tag = { $tagName }: <code>{ $tag }</code>
flow-confirm-refund = Dirección de reembolso de { $from }:
    <code>{ $address }</code>
flow-confirm-refund-tag = { $tagName } de reembolso: <code>{ $tag }</code>
flow-confirm-check = Revisa cada carácter de las direcciones. Las monedas enviadas a una dirección equivocada no se pueden recuperar.
flow-button-confirm = ✅ Confirmar
flow-button-edit = ✏️ Editar
flow-edit-which = ¿Qué quieres cambiar?
flow-edit-pair = Las monedas
flow-edit-amount = El importe
flow-edit-destination = La dirección que recibe
flow-edit-refund = La dirección de reembolso
flow-creating = Creando tu intercambio…
flow-already-created = Este intercambio ya se creó: { $id }.

flow-partner-error = ⚠️ El servicio de intercambio no responde ahora mismo. Todo lo que escribiste se conserva: toca Reintentar en un momento.
flow-partner-rejected = ⚠️ El servicio de intercambio lo ha rechazado. Su respuesta, tal cual:
    <blockquote>{ $message }</blockquote>
flow-partner-rejected-generic = ⚠️ El servicio de intercambio ha rechazado esta solicitud. Revisa el importe y las direcciones, o inténtalo más tarde.

deposit-intro =
    ✅ <b>Intercambio creado</b>
    Envía exactamente <b>{ $amount } { $coin }</b> a la dirección de abajo. Recibirás ≈ { $amountTo } { $to }.
    ID del intercambio: <code>{ $id }</code>
deposit-address-label = Dirección de depósito ({ $coin }):
deposit-tag = ⚠️ <b>{ $tagName }</b>: <code>{ $tag }</code>
    Tu depósito DEBE incluir este { $tagName }. Sin él, tus monedas pueden perderse.
deposit-tag-fallback-name = Tag
# Tag names the exchange service gives (its catalog's "tagname"), in the person's language.
tag-name-comment = Comentario
tag-name-destination-tag = Destination tag
tag-name-memo = MEMO
deposit-qr-caption = Código QR de la dirección de depósito de { $coin }
deposit-qr-none = La dirección de depósito de { $coin } es demasiado larga para un código QR: cópiala del mensaje de arriba.
deposit-outro = Te avisaré de cada cambio de estado. El tipo es flotante hasta que se cambie tu depósito.
flow-create-in-doubt =
    ⚠️ No pude confirmar si se creó tu intercambio de { $amount } { $from } → { $to }: se perdió la respuesta del servicio de intercambio. Para que nunca tengas dos órdenes, no lo enviaré otra vez.
    Ya avisé a soporte, que lo comprobará con el servicio. No envíes monedas hasta tener las instrucciones de depósito; /history las mostrará en cuanto se confirme el intercambio.

## rates (inline mode, /rate, exchange deep links)

rates-button-exchange = 🔁 Cambiar { $from } → { $to }
rates-quote-title = { $amountFrom } { $from } → ≈ { $amountTo } { $to }
rates-quote-description-fee = Comisión de retiro ≈ { $fee } { $feeCoin } (incluida) · el tipo es flotante
rates-quote-description = El tipo es flotante
rates-list-heading-amount = <b>{ $amountFrom } { $from }</b> te da:
rates-list-heading-min = <b>{ $from }</b> en su mínimo de { $min } { $from } te da:
rates-list-line = ≈ <b>{ $amountTo } { $to }</b>
rates-list-footer = Tras la comisión de retiro; el tipo es flotante. Toca una moneda para cambiar.
rates-help-title = Escribe un importe y dos monedas
rates-help-description = Por ejemplo: 0.1 btc eth · 100 usdttrc20 · btc
rates-help-text =
    <b>Cotizaciones en cualquier chat</b>
    Escribe un importe y dos monedas, en cualquier orden:
    <code>0.1 btc eth</code> · <code>btc eth 0.1</code> · <code>0.1 btc to eth</code>
    Un importe y una moneda muestran algunos destinos populares: <code>100 usdttrc20</code>
    Una moneda sola muestra con qué se cambia, en su mínimo: <code>btc</code>
    En cualquier chat, escribe mi nombre de usuario y la consulta; aquí, usa /rate.
rates-invalid-title = No pude leer eso
rates-invalid-bad-amount = El importe no es un número que pueda leer. Escríbelo como 0.1 o 1 000,5.
rates-invalid-multiple-amounts = Hay más de un importe. Indica un importe y dos monedas.
rates-invalid-amount-position = Pon el importe al principio o al final, no entre las monedas.
rates-invalid-missing-coin = Un importe necesita una moneda, por ejemplo 0.1 btc eth.
rates-invalid-misplaced-connector = “to” va entre las dos monedas, por ejemplo 0.1 btc to eth.
rates-invalid-too-many-words = Demasiadas palabras. Indica un importe y como máximo dos monedas.
rates-invalid-same-coin = Las dos monedas son iguales. Elige dos monedas distintas.
rates-unknown-title = Moneda desconocida “{ $token }”
rates-unknown-suggest = ¿Quisiste decir { $suggestions }?
rates-unknown-none = Revisa el ticker, por ejemplo BTC, ETH o LTC.
rates-no-pair-title = { $from } → { $to } no está disponible
rates-no-pair-targets = { $from } se puede cambiar por: { $targets }
rates-no-targets = Ahora mismo { $from } no se puede cambiar por nada.
rates-below-min-title = El mínimo es { $min } { $from }
rates-below-min-description = Pide al menos { $min } { $from } para ver una cotización.
rates-above-max-title = El máximo es { $max } { $from }
rates-above-max-description = Pide como máximo { $max } { $from } para ver una cotización.
rates-rejected-title = El servicio de intercambio rechazó esta cotización
rates-rejected-generic = Prueba con otro importe u otro par.
rates-unavailable-title = Las cotizaciones no están disponibles ahora
rates-unavailable-description = El servicio de intercambio no responde. Inténtalo de nuevo en un minuto.

## status (order card, status notifications, /status, /history)

status-name-waiting_deposit = Esperando tu depósito
status-name-deposit_received = Depósito recibido
status-name-exchanging = Cambiando
status-name-sending = Enviando tus monedas
status-name-success = Completado
status-name-time_expired = Caducado
status-name-failed = Fallido
status-name-sending_failed = Falló el envío
status-name-reverted = Reembolsado
status-card-title = { $icon } <b>Intercambio</b> <code>{ $id }</code>
status-card-status = Estado: <b>{ $status }</b>
status-card-send = Envías: <b>{ $amount } { $coin }</b>
status-card-expected = Recibes: ≈ <b>{ $amount } { $coin }</b>
status-card-outcome-failed = ❌ No se ha cambiado. Si tu depósito llegó, vuelve a tu dirección de reembolso <code>{ $refund }</code>.
status-card-outcome-reverted = ↩️ Reembolsado: tus monedas volvieron a tu dirección de reembolso <code>{ $refund }</code>.
status-card-outcome-time_expired = ⌛ No llegó ningún depósito a tiempo: no se cambió nada.
status-card-received = Recibido: <b>{ $amount } { $coin }</b>
status-card-txid = TxID: <code>{ $txId }</code>
status-card-deposit-address = Dirección de depósito: <code>{ $address }</code>
status-card-deposit-tag = ⚠️ Tag de depósito: <code>{ $tag }</code> (tu depósito DEBE incluirlo)
status-card-refresh = 🔄 Actualizar
status-notice-deposit = 📥 Ha llegado tu depósito de { $amount } { $coin } para el intercambio <code>{ $id }</code>. El cambio está en marcha.
status-notice-success = ✅ El intercambio <code>{ $id }</code> se ha completado: { $amount } { $coin } enviados a tu dirección.
status-notice-failed = ❌ El intercambio <code>{ $id }</code> ha fallado. Si tu depósito llegó, vuelve a tu dirección de reembolso <code>{ $refund }</code>.
status-notice-sending_failed = ⚠️ Falló el envío de las monedas del intercambio <code>{ $id }</code>. El servicio puede reintentarlo, y te avisaré si lo hace; si no, las monedas vuelven a tu dirección de reembolso <code>{ $refund }</code>.
status-notice-reverted = ↩️ El intercambio <code>{ $id }</code> se ha revertido: tus monedas se devolvieron a tu dirección de reembolso <code>{ $refund }</code>.
status-notice-time_expired = ⌛ El intercambio <code>{ $id }</code> ha caducado: no llegó ningún depósito a tiempo. No envíes nada más a su dirección de depósito; empieza un intercambio nuevo con /exchange. Si ya enviaste monedas, vuelven a tu dirección de reembolso <code>{ $refund }</code>.
status-notice-support = { $contact ->
        [none] ¿Necesitas ayuda? Contacta con soporte e indica el ID del intercambio <code>{ $id }</code>.
       *[other] ¿Necesitas ayuda? Escribe a { $contact } e indica el ID del intercambio <code>{ $id }</code>.
    }
status-usage = Envía /status con el ID del intercambio, por ejemplo <code>/status 1a2b3c</code>. /history muestra tus intercambios.
status-not-found = No encontré ningún intercambio tuyo con el ID <code>{ $id }</code>. Revisa el ID o mira /history.
status-unavailable = ⚠️ El servicio de intercambio no responde ahora mismo: este es el último estado que conozco.
status-refreshed = Estado actualizado
status-tracking-stopped = Este intercambio ya no se comprueba automáticamente. Toca Actualizar o envía /status para comprobarlo.
status-unknown-at-service = ❓ El servicio de intercambio no conoce el intercambio <code>{ $id }</code>: respondió que no existe (sí respondió; no está caído). Abajo está el último estado que conozco.
    { $contact ->
        [none] Contacta con soporte e indica el ID del intercambio <code>{ $id }</code>.
       *[other] Escribe a { $contact } e indica el ID del intercambio <code>{ $id }</code>.
    }
status-unknown-at-service-short = El servicio de intercambio no conoce este intercambio. Contacta con soporte.
status-card-unknown-at-service = ❓ El servicio de intercambio no conoce este intercambio, así que ya no se comprueba automáticamente. { $contact ->
        [none] Contacta con soporte e indica el ID del intercambio.
       *[other] Escribe a { $contact } e indica el ID del intercambio.
    }
history-title = <b>Tus intercambios</b>, los más recientes primero (página { $page } de { $pages }). Las horas están en UTC. Toca uno para abrir su tarjeta.
history-empty = Aún no tienes intercambios. Envía /exchange para empezar uno.
history-item = { $icon } { $amount } { $from } → { $to } · { $date }
history-newer = ◀ Más recientes
history-older = Más antiguos ▶

## admin (support tools: /find, /user, /stats, /broadcast, /maintenance, alerts)

admin-command-find = Soporte: buscar intercambios
admin-command-user = Soporte: resumen de una persona
admin-command-stats = Soporte: estadísticas
admin-command-broadcast = Soporte: mensaje a todos
admin-command-maintenance = Soporte: pausar nuevos intercambios
admin-none = ninguno
admin-not-found = Este intercambio no está en el almacén.
admin-archived = Este intercambio terminó hace tiempo y está archivado: su estado ya no cambia.
admin-button-recheck = 🔄 Comprobar ahora
admin-button-resend = 📨 Reenviar instrucciones
admin-button-user = 👤 Usuario
admin-button-open = 🔎 Abrir
admin-button-exchanges = 🔎 Sus intercambios
admin-ex-title = { $icon } <b>Intercambio</b> <code>{ $id }</code>
admin-ex-status = Estado: <b>{ $status }</b> (<code>{ $raw }</code>)
admin-ex-user = Usuario: { $user }
admin-ex-pair = Envía { $amount } { $from } → cotizado { $quoted } { $to }
admin-ex-expected = El servicio espera: { $amountFrom } { $from } → { $amountTo } { $to }
admin-ex-received = Recibido: { $amount } { $to }
admin-ex-txid = TxID: <code>{ $txId }</code>
admin-ex-deposit = Depósito: { $address }
admin-ex-destination = Destino: { $address }
admin-ex-refund = Reembolso: { $address }
admin-ex-created = Creado { $at }, actualizado { $updated }
admin-ex-stopped = ⚠️ Ya no se consulta: { $reason }
admin-ex-history = <b>Historial de estados</b>
admin-find-usage = Envía <code>/find</code> con un ID de intercambio, un ID de usuario, un @username, una dirección o un tag.
admin-find-none = Nada coincide con <code>{ $query }</code>.
admin-find-count = Encontrados: { $count }; se muestran { $shown }.
admin-recheck-done = Estado en vivo: { $status }
admin-recheck-failed = El servicio de intercambio no respondió; no cambió nada.
admin-resend-done = Instrucciones de depósito reenviadas.
admin-resend-final = Este intercambio ha terminado; no hay nada que pagar.
admin-resend-blocked = La persona ha bloqueado el bot.
admin-resend-failed = Telegram rechazó el mensaje.
admin-user-usage = Envía <code>/user</code> con un ID de usuario o un @username.
admin-user-none = No hay nadie conocido como <code>{ $query }</code>.
admin-user-title = 👤 { $user }
admin-user-chosen = elegido
admin-user-language = Idioma: { $language }
admin-user-blocked-yes = Ha bloqueado el bot: sí
admin-user-blocked-no = Ha bloqueado el bot: no
admin-user-seen = Visto por primera vez { $first }, por última vez { $last }
admin-user-exchanges = Intercambios: { $count }
admin-volume-title = Volumen completado:
admin-stats-title = 📊 <b>Estadísticas</b>
admin-stats-users = Usuarios: { $total } (activos 24 h: { $active24h }, 7 días: { $active7d }; bloqueados: { $blocked })
admin-stats-exchanges = Intercambios: { $total } (creados 24 h: { $created24h }, 7 días: { $created7d }; completados 24 h: { $completed24h }, 7 días: { $completed7d })
admin-stats-funnel = <b>Embudo</b>
admin-funnel-flow_started = iniciados
admin-funnel-quoted = cotizados
admin-funnel-confirmed = confirmados
admin-funnel-deposit_received = depósito
admin-funnel-success = éxito
admin-stats-health = <b>API del socio, última hora</b>
admin-stats-endpoint = • { $endpoint }: { $requests } solicitudes, { $errors }% errores, p50 { $p50 } ms, p95 { $p95 } ms
admin-stats-poller = Poller: último ciclo hace { $lag } s, nivel de espera { $backoff }, { $open } intercambios abiertos
admin-stats-poller-none = Poller: aún sin ciclos, { $open } intercambios abiertos
admin-stats-ops = Desde el inicio: { $updates } updates ({ $failed } fallidos), { $telegramErrors } errores de la API de Telegram; outbox: { $backlog } en espera
admin-stats-maintenance = 🛠 El mantenimiento está ACTIVADO: los nuevos intercambios están en pausa.
admin-alert-status = 🚨 <b>Alerta</b>: un intercambio llegó a { $status } (<code>{ $raw }</code>)
admin-alert-stuck = ⏳ <b>Alerta</b>: un intercambio está en { $status } desde { $since }
admin-alert-create-in-doubt = ❓ <b>Alerta</b>: una creación de intercambio no obtuvo respuesta ({ $reason }, { $at }). Puede existir en el servicio una orden que el bot no conoce; búscala allí y avisa a la persona.
admin-alert-create-pair = Solicitado: { $amount } { $from } → { $to }
admin-alert-create-destination = Dirección que recibe: { $address }
admin-alert-create-refund = Dirección de reembolso: { $address }
admin-alert-flag = 🚩 <b>Alerta</b>: el poller dejó de seguir un intercambio ({ $reason })
admin-alert-unknown-at-service = ❓ <b>Alerta</b>: el servicio de intercambio dice que no conoce este intercambio (respondió "not found" { $times ->
        [one] una vez
       *[other] { $times } veces seguidas
    }; no está caído). El bot dejó de seguirlo: busca la orden en el servicio y avisa a la persona.
admin-alert-partner-down = 🔥 <b>Alerta</b>: el servicio de intercambio falla desde { $since }.
admin-alert-partner-up = ✅ El servicio de intercambio vuelve a responder (falló de { $since } a { $until }).
admin-bc-usage = Envía /broadcast seguido del texto, p. ej. /broadcast Volvemos a estar en línea. Primero verás una vista previa.
admin-bc-preview = 📣 <b>Vista previa</b>: esto va a { $count } personas, como texto sin formato:
admin-bc-send = Enviar a { $count }
admin-bc-drop = Cancelar
admin-bc-dropped = Difusión descartada. No se envió nada.
admin-bc-not-draft = Esta difusión ya se envió o se descartó.
admin-bc-progress = 📣 Difundiendo: { $done } de { $total } (enviados { $sent }, bloqueados { $blocked }, fallidos { $failed })
admin-bc-done = 📣 Difusión terminada: enviados { $sent }, bloqueados { $blocked }, fallidos { $failed } (de { $total }).
admin-bc-cancelled = 📣 Difusión cancelada: enviados { $sent }, bloqueados { $blocked }, fallidos { $failed } (de { $total }).
admin-bc-unconfirmed = { $count } sin confirmar (interrumpidos a mitad de envío; no se reenvían).
admin-bc-cancel = ✖ Cancelar difusión
admin-bc-cancelling = Cancelando tras el mensaje actual…
admin-bc-not-running = Esta difusión no está en curso.
admin-maint-on = 🛠 Mantenimiento ACTIVADO: los nuevos intercambios están en pausa. La gente ve: { $message }
admin-maint-off = ✅ Mantenimiento DESACTIVADO: los nuevos intercambios vuelven a estar abiertos.
admin-maint-state-on = 🛠 El mantenimiento está ACTIVADO.
admin-maint-state-off = El mantenimiento está desactivado.
admin-maint-usage = Uso: <code>/maintenance on [mensaje]</code> o <code>/maintenance off</code>

## Prompts owed after a restart (exchange flow, prompts-due.ts)
flow-prompt-due = 🔄 Me reiniciaron antes de que pudiera hacerte la siguiente pregunta. Todo lo que escribiste se conserva; aquí la tienes:

# Safe in groups: support's answers kept private, buttons that act for their owner only, texts cut to fit.
admin-sent-privately = 🔒 Te lo he enviado en un chat privado conmigo.
admin-private-first = 🔒 Las respuestas de soporte van a tu chat privado conmigo, y aún no está abierto: ábrelo, pulsa Iniciar y vuelve a preguntar.
admin-private-first-short = Las respuestas de soporte van a tu chat privado conmigo: ábrelo y pulsa Iniciar primero, luego inténtalo de nuevo.
admin-private-open = Abrir el chat privado
button-not-yours = Este botón es para quien lo pidió. Envía tú el comando para tener el tuyo.
status-inline = Estado: { $status }. La tarjeta completa está en tu chat privado conmigo (/status allí).
admin-maint-too-long = El mantenimiento NO se activó: el mensaje tiene { $length } caracteres y caben como máximo { $max }. Envíalo de nuevo, más corto.

## Safety against mistakes and floods (issue 23): invisible characters, ambiguous amounts, commands in the flow, per-person limits

flow-tag-reason-invisible = contiene un carácter invisible o que cambia la dirección del texto ({ $char }, carácter { $position }), que suele colarse al copiar y pegar. Escríbelo a mano.
flow-address-invisible = ❌ Esa dirección contiene un carácter invisible o que cambia la dirección del texto ({ $char }, carácter { $position }), que suele colarse al copiar y pegar. Se vería bien y sería otra dirección. Cópiala de nuevo de tu monedero o escríbela a mano. No se envió nada.
flow-amount-ambiguous = <code>{ $typed }</code> se puede leer de dos maneras. ¿Qué importe envías?
flow-amount-reading = { $amount } { $coin }
flow-amount-error-ambiguous = Ese importe se puede leer de dos maneras. Escríbelo sin coma, por ejemplo <code>1000</code> o <code>1.5</code>.
rates-invalid-ambiguous-amount = Una coma antes de tres dígitos puede significar miles o decimales. Escribe 1000 o 1.0 en lugar de 1,000.
flow-still-open = ⏸ Tu intercambio sigue abierto: responde a mi última pregunta de arriba o envía /cancel para detenerlo.
# A short question (a new name, a threshold) asked while an exchange flow is open.
question-in-flow = Estás en medio de un intercambio. Termínalo o envía /cancel, y vuelve a intentarlo.
limit-too-fast = ⏳ Envías mensajes más rápido de lo que puedo responder, así que me salté algunos. Espera unos segundos y vuelve a enviar tu último mensaje.
limit-too-fast-button = ⏳ Demasiado rápido: espera unos segundos y vuelve a pulsar.
rates-too-fast-title = Demasiadas cotizaciones seguidas
rates-too-fast-description = Espera unos segundos y vuelve a escribir: las cotizaciones tienen un límite por persona para que sigan siendo rápidas para todos.

## Fixed rate and "receive exactly" (issue 22; only with PARTNER_FEATURES fixed, receive)

flow-rate-kind-ask =
    <b>¿Tipo fijo o flotante?</b>
    🔒 Fijo: recibes <b>{ $fixed } { $to }</b>, garantizado si tu depósito llega a tiempo.
    🌊 Flotante: recibes <b>≈ { $floating } { $to }</b>; puede cambiar hasta que se cambie tu depósito.
flow-rate-kind-button-fixed = 🔒 Fijo: { $amountTo } { $to }
flow-rate-kind-button-floating = 🌊 Flotante: ≈ { $amountTo } { $to }
flow-rate-kind-chosen-fixed = ✅ Tipo fijo: recibes { $amountTo } { $to } si tu depósito llega a tiempo.
flow-rate-kind-chosen-floating = ✅ Tipo flotante: recibes ≈ { $amountTo } { $to }; puede cambiar hasta que se cambie tu depósito.
flow-rate-kind-no-fixed = El servicio de intercambio no ofrece ahora un tipo fijo para esto, así que el tipo es flotante: recibes ≈ { $amountTo } { $to }; puede cambiar hasta que se cambie tu depósito.
flow-receive-button-receive = 🎯 Indicar cuánto { $to } recibir
flow-receive-button-send = ✏️ Indicar cuánto enviar
flow-receive-ask = ¿Cuánto <b>{ $to }</b> debe llegar? Escribe el importe exacto que quieres recibir y preguntaré al servicio de intercambio cuánto <b>{ $from }</b> enviar.
flow-receive-quote =
    <b>Cotización</b>
    Recibes exactamente: <b>{ $amountTo } { $to }</b>
    Envías: <b>{ $amount } { $from }</b>
    Es la cifra actual del servicio de intercambio; se la vuelvo a pedir antes de crear el intercambio.
flow-receive-below-min = Para recibir { $amountTo } { $to } enviarías { $amount } { $from }, por debajo del mínimo de { $min } { $from }. Escribe un importe mayor a recibir.
flow-receive-above-max = Para recibir { $amountTo } { $to } enviarías { $amount } { $from }, por encima del máximo de { $max } { $from }. Escribe un importe menor a recibir.
flow-quote-moved = ⚠️ La cifra del servicio de intercambio cambió desde que la viste. Esta es la nueva: confirma de nuevo si te conviene.
flow-confirm-card-fixed =
    <b>Revisa tu intercambio</b>
    Envías: <b>{ $amountFrom } { $from }</b>
    Recibes: <b>{ $amountTo } { $to }</b> (tipo fijo)
flow-confirm-card-exact =
    <b>Revisa tu intercambio</b>
    Envías: <b>{ $amountFrom } { $from }</b>
    Recibes exactamente: <b>{ $amountTo } { $to }</b>
flow-quote-fixed = El tipo es fijo: este importe está garantizado si tu depósito llega a tiempo. Vuelvo a consultar al servicio de intercambio justo antes de crear el intercambio.
flow-quote-exact = El importe que recibes es fijo; el importe a enviar es la cifra del servicio de intercambio, que vuelvo a pedir justo antes de crear el intercambio.
deposit-intro-fixed =
    ✅ <b>Intercambio creado</b>
    Envía exactamente <b>{ $amount } { $coin }</b> a la dirección de abajo. Con el tipo fijo recibes { $amountTo } { $to } si tu depósito llega a tiempo.
    ID del intercambio: <code>{ $id }</code>
deposit-intro-exact =
    ✅ <b>Intercambio creado</b>
    Envía exactamente <b>{ $amount } { $coin }</b> a la dirección de abajo para que lleguen exactamente { $amountTo } { $to }.
    ID del intercambio: <code>{ $id }</code>
deposit-outro-fixed = Te avisaré de cada cambio de estado. El tipo es fijo si tu depósito llega a tiempo.
deposit-outro-exact = Te avisaré de cada cambio de estado. Envía exactamente el importe de arriba y a tiempo.
status-card-expected-fixed = Recibes: <b>{ $amount } { $coin }</b> (tipo fijo)
status-card-expected-exact = Recibes exactamente: <b>{ $amount } { $coin }</b>
rates-receive-title = { $amountFrom } { $from } → exactamente { $amountTo } { $to }
rates-receive-description = Para recibir exactamente { $amountTo } { $to }, envía { $amountFrom } { $from } (cifra actual del servicio de intercambio)
rates-receive-help = Para recibir un importe exacto, pon “=” delante: <code>btc =100 usdt</code> (cuánto BTC enviar para recibir exactamente 100 USDT).

## late deposit and the service's own statuses (issue 22: statuses beyond our contract, payment/emergency)

status-name-new = Orden creada, esperando tu depósito
status-name-payment_time_expired = El depósito llegó después de que caducara la orden
status-name-payment_halted = Pago detenido por el servicio
status-emergency-expired = ⏰ Tu depósito llegó después de que caducara la orden: el servicio lo retiene.
status-emergency-less = ⚠️ Llegó menos de lo pedido: el servicio retiene el depósito.
status-emergency-other = ⚠️ El servicio informa de un problema con el depósito: { $what }.
late-deposit-offer = { $kind ->
        [LESS] ⚠️ Llegó menos de lo pedido para el intercambio <code>{ $id }</code>.
       *[other] ⏰ Un depósito para el intercambio <code>{ $id }</code> llegó después de que caducara la orden.
    } El servicio lo retiene hasta que elijas qué hacer:
    • <b>Continuar</b>: cambiarlo al tipo actual. Lo que recibas puede diferir de la primera cotización.
    • <b>Reembolso</b>: devolverlo a tu dirección de reembolso <code>{ $refund }</code>, o a otra dirección que indiques, menos la comisión de red.
    Tu elección es definitiva y se envía al servicio una sola vez.
late-deposit-no-choice = { $kind ->
        [LESS] ⚠️ Llegó menos de lo pedido para el intercambio <code>{ $id }</code>.
       *[other] ⏰ Un depósito para el intercambio <code>{ $id }</code> llegó después de que caducara la orden.
    } El servicio lo retiene: no se ha perdido, pero no se cambiará por sí solo. { $contact ->
        [none] Contacta con soporte e indica el ID del intercambio <code>{ $id }</code>: harán que se cambie o se reembolse a <code>{ $refund }</code>.
       *[other] Escribe a { $contact } e indica el ID del intercambio <code>{ $id }</code>: harán que se cambie o se reembolse a <code>{ $refund }</code>.
    }
late-deposit-button-continue = ▶️ Continuar al tipo actual
late-deposit-button-refund = ↩️ Reembolsar a mi dirección de reembolso
late-deposit-choice-continue = continuar al tipo actual
late-deposit-choice-refund = reembolsar a <code>{ $refund }</code>
late-deposit-state-sending = enviándose al servicio
late-deposit-state-sent = aceptado por el servicio
late-deposit-state-in-doubt = el servicio no lo confirmó; soporte lo comprobará
late-deposit-card = Tu elección para el depósito tardío: { $choice } ({ $state }).
late-deposit-sent = ✅ Enviado al servicio: { $choice }. Te avisaré cuando cambie el estado.
late-deposit-already = Ya elegiste: { $choice } ({ $state }). Se envía una sola vez y no se puede cambiar aquí.
late-deposit-refused = El servicio rechazó esta elección: { $reason }. Puedes elegir de nuevo.
late-deposit-in-doubt = ⚠️ El servicio no respondió a tiempo. Tu elección ({ $choice }) está registrada y nunca se enviará dos veces; soporte la confirmará con el servicio.
late-deposit-not-waiting = Este intercambio ya no espera una elección. Su tarjeta muestra en qué punto está.
late-deposit-unavailable = Esta elección no se puede hacer en el bot. Contacta con soporte e indica el ID del intercambio.
admin-ex-late-deposit = Depósito tardío: la persona eligió { $choice } ({ $state }), { $at }
admin-alert-late-deposit-in-doubt = ⚠️ <b>Alerta</b>: se envió al servicio una elección de depósito tardío (payment/emergency) y su respuesta se perdió. No se enviará de nuevo: confírmala con el servicio.

## late deposit: refund to another address (issue 22 point 4)

late-deposit-button-other = ↩️ Reembolsar a otra dirección
late-other-ask = Envía la dirección de <b>{ $coin }</b> a la que debe volver el depósito del intercambio <code>{ $id }</code>. Se comprueba antes de enviar nada, y luego la confirmas. Para parar, pulsa Cancelar o envía /cancel.
late-other-in-flow = Estás en medio de un intercambio. Termínalo o envía /cancel, y luego pulsa de nuevo “Reembolsar a otra dirección”.
late-other-confirm = ¿Reembolsar el depósito del intercambio <code>{ $id }</code> a <code>{ $refund }</code>, menos la comisión de red? Es definitivo: se envía al servicio una sola vez. Para indicar otra dirección, simplemente envíala.
late-other-button-confirm = ✅ Confirmar
late-other-button-cancel = ✖️ Cancelar
late-other-cancelled = Cancelado: no se envió nada. Los botones del mensaje del depósito tardío siguen funcionando.
late-other-closed = Esta pregunta está cerrada. La tarjeta del intercambio muestra en qué punto está.
late-other-check-failed = ⚠️ El servicio de intercambio no pudo comprobar la dirección ahora. Envíala de nuevo en un momento o envía /cancel.
late-other-retry = Envía otra dirección o /cancel.

## Start again after a create in doubt; copy buttons and support; privacy; export; rate alerts; saved addresses

flow-create-in-doubt-start-again =
    ⚠️ No pude confirmar si se creó tu intercambio de { $amount } { $from } → { $to }: se perdió la respuesta del servicio de intercambio. Para que nunca tengas dos órdenes, no lo enviaré otra vez.
    No pagues nada por este primer intento, aunque hayas visto una dirección de depósito para él: si el servicio creó esa orden, simplemente caducará sin pagarse. Ya avisé a soporte.
    Si aun así quieres hacer el cambio, pulsa el botón de abajo: empezaré de nuevo con los mismos datos y te mostraré la tarjeta con una cotización nueva para que la confirmes.
flow-start-again-button = 🔁 Repetir con los mismos datos
flow-start-again-started = 🔁 Empiezo de nuevo con los mismos datos: revísalos antes de confirmar. No pagues nada por el primer intento.
flow-start-again-used = Este botón ya se usó: con él se empezó un intercambio nuevo. Para empezar otro, envía /exchange.
admin-alert-create-start-again = Se le dijo a la persona que no pague nada por este intento y se le ofreció empezar de nuevo con los mismos datos (una orden nueva): si aparece una orden de este intento, hay que dejar que caduque sin pagarse.
flow-start-again-later = El servicio de intercambio no responde ahora mismo, así que todavía no puedo empezar de nuevo. Pulsa el botón otra vez dentro de un minuto.
copy-address = 📋 Copiar dirección
copy-tag = 📋 Copiar { $tagName }
copy-amount = 📋 Copiar importe
copy-exchange-id = 📋 Copiar ID del intercambio
trust-support = 🛡 Soporte nunca te escribe primero ni te pide fondos, claves privadas ni frases semilla: quien lo haga no somos nosotros. { $contact ->
        [none] Contacta con soporte solo a través de este bot.
       *[other] Nuestro soporte: { $contact }.
    }
status-card-txid-link = TxID: <a href="{ $url }">{ $txId }</a>
command-privacy = Qué se guarda sobre ti
command-forget = Eliminar tus datos
privacy-title = <b>Qué guardo sobre ti y durante cuánto tiempo</b>
privacy-deleted-title = <b>Se elimina cuando envías /forget:</b>
privacy-data-profile = • tu nombre, tu nombre de usuario y el idioma de Telegram, cuándo me escribiste por primera y por última vez, y el idioma que elegiste: hasta que envíes /forget.
privacy-data-flow = • las respuestas de un intercambio que empezaste y aún no has confirmado (monedas, importe, direcciones): hasta que lo termines o lo canceles, o durante { $minutes } minutos después de tu última respuesta.
privacy-data-addresses = • las direcciones de tus intercambios (las que reciben y las de reembolso) y sus nombres: hasta que las elimines allí o envíes /forget.
privacy-data-alerts = • tus alertas de cotización (/alert): hasta que una salte, la elimines, pasen 30 días o envíes /forget.
privacy-kept-title = <b>Se conserva incluso después de /forget:</b>
privacy-kept-exchanges = • tus intercambios (ID, monedas, importes, direcciones, IDs de transacción, estado, fechas y tu ID de Telegram): la ley obliga a soporte a conservar estos registros durante { $years ->
    [one] { $years } año
   *[other] { $years } años
}.
privacy-kept-in-progress = • un intercambio que se está creando o está en curso, y los mensajes que aún te debo sobre él, hasta que termine.
privacy-seen-again = Si me escribes después de /forget, vuelvo a ver tu nombre y tu idioma, como el primer día.
privacy-private-only = Por tu privacidad, envía /privacy y /forget en un chat privado conmigo.
forget-ask = <b>¿Eliminar tus datos?</b> No se puede deshacer.
forget-button-confirm = 🗑 Eliminar mis datos
forget-button-cancel = ✖️ Cancelar
forget-done = Hecho: tus datos se han eliminado. Los registros de tus intercambios se quedan con soporte durante { $years ->
    [one] { $years } año
   *[other] { $years } años
}, como exige la ley.
forget-cancelled = Cancelado: no se eliminó nada.
command-export = Tus intercambios en un archivo CSV
help-export = /export te envía todos los intercambios que hiciste en un archivo CSV (se abre con cualquier hoja de cálculo): fecha, monedas, importes enviados y recibidos, direcciones, IDs, estado y la transacción del pago.
export-private-only = La exportación muestra tus direcciones: envía /export en tu chat privado con el bot.
export-range-refused = /export no admite nada después: te envía tus propios intercambios. Envía solo /export.
export-range-usage = Envía /export o, para todos los intercambios de un rango de días (UTC, ambos incluidos, como máximo { $days } días): <code>/export 2026-11-01 2026-11-30</code>.
export-busy = Tu exportación anterior aún se está enviando. Espera a que termine y vuelve a intentarlo.
export-too-often = Has pedido varias exportaciones en poco tiempo. Vuelve a intentarlo dentro de unos minutos.
export-none = Aún no tienes intercambios, así que no hay nada que exportar.
export-none-range = No se creó ningún intercambio del { $from } al { $to }.
export-caption = Intercambios, CSV, archivo { $part }
export-done = Exportación terminada: { $rows ->
        [one] { $rows } intercambio
       *[other] { $rows } intercambios
    } en { $files ->
        [one] { $files } archivo
       *[other] { $files } archivos
    }.
export-too-large = La exportación se detuvo tras { $files } archivos ({ $rows } intercambios): es demasiado grande para enviarla de una vez. Pide un rango de días más corto.
export-failed = No se pudo enviar la exportación. Vuelve a intentarlo en un momento.
command-alert = Alertas de cotización
rate-alert-button-set = 🔔 Avisarme
rate-alert-usage =
    Te aviso cuando una cotización te convenga, por ejemplo:
    <code>/alert btc eth &gt;= 20</code>: cuando 1 BTC dé al menos 20 ETH
    <code>/alert btc eth &lt;= 18</code>: cuando 1 BTC dé como máximo 18 ETH
    /alert sin nada más muestra tus alertas.
rate-alert-bad-operator = Pon <code>&gt;=</code> (al menos) o <code>&lt;=</code> (como máximo) antes del número, por ejemplo <code>&gt;= 20</code>.
rate-alert-bad-amount = Ese umbral no es un número que pueda usar. Envíalo así: <code>&gt;= 20</code> o <code>&lt;= 0.05</code>.
rate-alert-unknown-coin = No conozco la moneda «{ $coin }». Revisa el ticker o mira las monedas con /rate.
rate-alert-no-pair = Aquí { $from } no se puede cambiar por { $to }, así que no puedo vigilar esa cotización.
rate-alert-limit = Ya tienes { $max } alertas, el máximo por persona. Primero elimina una en /alert.
rate-alert-set-above = 🔔 Alerta creada: te avisaré una sola vez cuando 1 { $from } dé al menos { $threshold } { $to }. Las alertas se borran a los 30 días.
rate-alert-set-below = 🔔 Alerta creada: te avisaré una sola vez cuando 1 { $from } dé como máximo { $threshold } { $to }. Las alertas se borran a los 30 días.
rate-alert-ask = 🔔 ¿Cuándo te aviso sobre { $from } → { $to }? Elige una opción o envía <code>&gt;= 20</code> para “cuando 1 { $from } dé al menos 20 { $to }”, o <code>&lt;= 18</code> para “como máximo”.
rate-alert-none =
    No tienes alertas de cotización.
    Crea una así: <code>/alert btc eth &gt;= 20</code>, o pulsa 🔔 debajo de una cotización de /rate.
rate-alert-list-title = 🔔 Tus alertas de cotización ({ $count } de { $max }):
rate-alert-line-above = 1 { $from } da al menos { $threshold } { $to }
rate-alert-line-below = 1 { $from } da como máximo { $threshold } { $to }
rate-alert-button-delete = 🗑 { $n }
rate-alert-deleted = Alerta eliminada.
rate-alert-gone = Esa alerta ya no existe (saltó, caducó o se eliminó).
rate-alert-fired-above = 🔔 Ahora 1 { $from } da { $price } { $to }: al menos { $threshold } { $to }, como pediste. Esta alerta queda cerrada.
rate-alert-fired-below = 🔔 Ahora 1 { $from } da { $price } { $to }: como máximo { $threshold } { $to }, como pediste. Esta alerta queda cerrada.
rate-alert-now = Ahora 1 { $from } da ≈ { $price } { $to }.
rate-alert-ask-in-flow = 🔔 Dime cuándo avisarte sobre { $from } → { $to }: elige una opción o envía <code>/alert { $from } { $to } &gt;= 20</code> con tu propio número. Tu intercambio sigue abierto.
rate-alert-question-cancelled = Cancelado: no se creó ninguna alerta.
rate-alert-choice-above = ≥ +{ $percent } %
rate-alert-choice-below = ≤ −{ $percent } %
rate-alert-button-exchange = 🔁 Cambiar { $from } → { $to }
admin-stats-rate-alerts = Alertas de cotización: { $alerts } en { $pairs } pares; se comprueban cada { $intervalSeconds } s, como máximo { $pairsPerCheck } consultas de cotización por comprobación; desde el inicio, { $rateCalls } consultas y { $fired } alertas disparadas
command-addresses = Tus direcciones guardadas
help-addresses = /addresses: tus direcciones guardadas (renombrarlas, eliminarlas o dejar de guardarlas)
saved-address-button = { $label } · { $uses ->
    [one] usada una vez
   *[other] usada { $uses } veces
}
saved-address-offer = O toca una de tus direcciones guardadas de abajo (se gestionan en /addresses).
saved-address-gone = Esa dirección guardada ya no está en tu lista. Envía una dirección o toca otra.
saved-address-refused = ❌ El servicio de intercambio ya no acepta tu dirección guardada <b>{ $label }</b> (<code>{ $address }</code>) como dirección de { $coin }. Envía otra dirección o toca otra de las guardadas. Puedes eliminarla en /addresses.
addresses-title = <b>Tus direcciones guardadas</b> (como máximo { $max }: después, cada nueva sustituye a la menos usada)
addresses-empty = Aún no hay ninguna. Las direcciones de cada intercambio que creas se guardan aquí y la próxima vez se te ofrecen como botones para la misma moneda y red.
addresses-item = { $number }. <b>{ $label }</b> · { $coin } · { $uses ->
    [one] usada una vez
   *[other] usada { $uses } veces
}
    <code>{ $address }</code>{ $tag }
addresses-item-tag = , tag <code>{ $tag }</code>
addresses-remember-on = El guardado está <b>activado</b>: se guardan las direcciones de cada intercambio que creas. Solo tú las ves.
addresses-remember-off = El guardado está <b>desactivado</b>: no se guarda nada nuevo. Las direcciones de arriba se quedan hasta que las elimines.
addresses-button-rename = ✏️ Renombrar { $number }
addresses-button-delete = 🗑 Eliminar { $number }
addresses-button-turn-off = Dejar de guardar direcciones
addresses-button-turn-on = Volver a guardar direcciones
addresses-button-cancel = ✖️ Cancelar
addresses-turned-off = Guardado desactivado. Las direcciones guardadas se quedan hasta que las elimines.
addresses-turned-on = Guardado activado.
addresses-deleted = Eliminada.
addresses-gone = Esa dirección guardada ya no está en tu lista.
addresses-private-only = Tus direcciones guardadas solo se muestran en un chat privado conmigo: envía /addresses allí.
addresses-rename-ask = Envía un nombre nuevo para <b>{ $label }</b> (como máximo { $max } caracteres). Para mantener el anterior, pulsa Cancelar.
addresses-rename-cancelled = El nombre se queda como estaba.
addresses-name-invalid = Un nombre debe tener entre 1 y { $max } caracteres. Envía otro o pulsa Cancelar.
addresses-name-invisible = ❌ Ese nombre contiene un carácter invisible o que cambia la dirección del texto ({ $char }, carácter { $position }). Envíalo de nuevo sin él o pulsa Cancelar.
addresses-renamed = ✅ Nombre cambiado: <b>{ $name }</b>
