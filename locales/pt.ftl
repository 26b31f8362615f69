# Português. Every string a user sees lives here (same keys as en.ftl). Values passed in are already
# HTML-escaped by the caller; markup below is Telegram HTML.

language-name = Português

start-greeting =
    👋 Olá, <b>{ $name }</b>!

    Eu troco uma criptomoeda por outra aqui mesmo no chat: escolha um par, digite o valor e seus endereços, confirme e envie o depósito. Vou avisar você de cada etapa até as moedas chegarem.
start-button-exchange = 🔁 Iniciar uma troca
start-button-help = ❓ Como funciona
# The Mini App (issue 35): its buttons, the menu button, and the page's own words (webapp-*).
start-button-app = 📱 Trocar no app
flow-open-app = 📱 Usar o app
menu-button-app = Trocar
webapp-title = Troca
webapp-pair-gone = O serviço de troca não oferece mais este par. Escolha as moedas de novo.
webapp-step-from = Qual moeda você envia?
webapp-step-to = Qual moeda você recebe?
webapp-search = Buscar moedas
webapp-no-match = Nenhuma moeda corresponde.
webapp-networks = Redes
webapp-choose-network = escolha a rede
webapp-min = mín.
webapp-fee = taxa
webapp-step-amount = Quanto?
webapp-amount = Quantia
webapp-mode-send = Eu envio
webapp-mode-receive = Eu recebo exatamente
webapp-you-send = Você envia
webapp-you-get = Você recebe
webapp-rate = Taxa de câmbio
webapp-rate-floating = Taxa flutuante
webapp-rate-floating-note = a quantia acompanha o mercado até o seu depósito chegar.
webapp-rate-fixed = Taxa fixa
webapp-rate-fixed-note = esta quantia é garantida se você enviar o depósito a tempo.
webapp-quoting = Buscando uma cotação…
webapp-which-amount = Qual quantia você quer dizer?
webapp-step-destination = Seu endereço de recebimento
webapp-step-refund = Seu endereço de reembolso
webapp-refund-note = Se a troca não puder ser concluída, as moedas voltam para este endereço.
webapp-address-placeholder = Cole ou escaneie o endereço
webapp-scan = Escanear QR
webapp-scan-hint = Aponte a câmera para o QR code do endereço
webapp-scan-unreadable = Esse QR code não tem um endereço que eu consiga ler. Tente outro ou cole o endereço.
webapp-saved = Endereços salvos
webapp-request-amount = A solicitação de pagamento pede
webapp-request-apply = Usar esta quantia
webapp-request-applied = Quantia definida: você recebe exatamente isto. Confira a quantia a enviar nas próximas telas.
webapp-request-no-exact = Este serviço de troca não consegue receber uma quantia exata: confira a quantia você mesmo.
webapp-continue = Continuar
webapp-confirm = Confirmar
webapp-back = Voltar
webapp-step-confirm = Confira e confirme
webapp-confirm-check = Confira cada caractere dos endereços. Moedas enviadas para um endereço errado não podem ser recuperadas.
webapp-destination = Endereço de recebimento
webapp-refund = Endereço de reembolso
webapp-step-deposit = Envie o seu depósito
webapp-deposit-amount = Envie exatamente
webapp-deposit-address = Para este endereço
webapp-deposit-tag = Com esta tag ou memo
webapp-copy = Copiar
webapp-copied = Copiado
webapp-copy-failed = Não foi possível copiar: selecione o texto.
webapp-exchange-id = Troca
webapp-status = Status
webapp-chat-note = As mesmas instruções estão no seu chat com o bot, que avisa lá quando as moedas chegarem.
webapp-offline = Não foi possível falar com o bot. Verifique a conexão e tente de novo.
webapp-open-in-telegram = Abra esta página pelo botão do bot no Telegram: o Telegram precisa dizer quem você é.

help-text =
    <b>Como funciona uma troca</b>
    1. /exchange: escolha a moeda que você envia e a que recebe.
    2. Digite o valor e veja a cotação ao vivo.
    3. Informe o endereço que recebe as moedas (e uma tag ou memo, se a moeda exigir) e um endereço de reembolso.
    4. Confira tudo e confirme: você recebe um endereço de depósito.
    5. Envie as moedas para lá. Eu aviso cada mudança de status.

    <b>Comandos</b>
    /exchange: iniciar uma troca
    /rate: uma cotação, ex. <code>/rate 0.1 btc eth</code>
    /alert: ser avisado quando uma cotação estiver boa, ex. <code>/alert btc eth &gt;= 20</code>
    /status: o status de uma das suas trocas
    /history: suas trocas
    /language: mudar o idioma
    /privacy: o que eu guardo sobre você e por quanto tempo
    /forget: apagar seus dados
    /cancel: parar o que você está fazendo
    /help: esta mensagem

language-choose = Escolha seu idioma:
language-set = Idioma: português.

command-start = Iniciar o bot
command-help = Como funciona
command-exchange = Iniciar uma troca
command-rate = Ver uma cotação
command-status = Status de uma troca
command-history = Suas trocas
command-language = Mudar o idioma
command-cancel = Cancelar a ação atual

unhandled-text = Não entendi. Envie /exchange para trocar moedas ou /help para ver o que eu sei fazer.
unhandled-callback = Este botão não está mais ativo.
error-generic = Algo deu errado do meu lado. Tente de novo em um minuto; nada do que você digitou foi enviado a lugar nenhum.

## The exchange flow

flow-group-redirect = As trocas acontecem em um chat privado comigo, para que seus endereços fiquem entre nós.
flow-group-button = Abrir um chat privado
flow-cancelled = Troca cancelada. Nada foi criado. Envie /exchange para começar de novo.
flow-nothing-to-cancel = Não há nada para cancelar. Envie /exchange para iniciar uma troca.
flow-expired = ⌛ Sua troca não concluída expirou após { $minutes ->
        [one] { $minutes } minuto
       *[other] { $minutes } minutos
    } sem atividade, então eu a removi. Envie /exchange para começar de novo.
flow-maintenance = 🛠 Novas trocas estão pausadas para manutenção. { $message }
flow-button-back = ◀ Voltar
flow-button-cancel = ✖ Cancelar
flow-button-retry = 🔄 Tentar de novo
flow-stale-button = Este botão pertence a uma etapa anterior.
flow-restarted = 🔄 Fui reiniciado logo depois da minha última pergunta, então posso ter perdido sua resposta. Tudo o que você digitou antes está guardado; responda isto mais uma vez:
flow-create-not-sent = 🔄 Fui reiniciado logo antes de sua troca chegar ao serviço de troca, então nada foi criado e nenhuma moeda está em risco. Envie qualquer mensagem (por exemplo “ok”) e eu mostro o cartão de confirmação de novo.
flow-coin-gone = { $coin } não está mais disponível para esta troca. Escolha outra moeda.
flow-pair-gone = O serviço de troca não oferece mais { $from } → { $to }. Escolha as moedas de novo; seus endereços ficam guardados onde ainda servirem.
flow-use-buttons = Use os botões acima ou digite o que a etapa pede.

# Before the prompt of each step every exchange has (the flow's step table counts them).
flow-step-number = <b>Etapa { $n } de { $total }.</b>
flow-pick-from = Qual moeda você envia?
    Toque em uma moeda ou digite o ticker ou o nome para buscar.
flow-pick-to = Você envia <b>{ $from }</b>. Qual moeda quer receber?
    Toque em uma moeda ou digite o ticker ou o nome para buscar.
flow-picked-from = Você envia: <b>{ $coin }</b>
flow-picked-to = Você recebe: <b>{ $coin }</b>
# The network step: a ticker on several networks (USDT on ERC20, TRC20…).
flow-ticker-button = { $ticker } ▸
flow-network-ask-from = Em qual rede você envia <b>{ $ticker }</b>?
flow-network-ask-to = Em qual rede você quer receber <b>{ $ticker }</b>?
flow-network-line-min = • <b>{ $network }</b>: mínimo { $min } { $ticker }
flow-network-line-fee = • <b>{ $network }</b>: taxa de saque ≈ { $fee } { $feeCoin }
flow-network-line = • <b>{ $network }</b>
flow-network-warning-from = ⚠️ Envie seus { $ticker } apenas por esta rede: moedas enviadas por outra rede são perdidas.
flow-network-warning-to = ⚠️ Seu endereço de recebimento deve ser desta rede: moedas enviadas para um endereço de outra rede são perdidas.
flow-network-use-buttons = Toque na rede ou digite o nome dela (por exemplo TRC20).
flow-search-results = Moedas que correspondem a “{ $query }”:
flow-search-none = Nenhuma moeda corresponde a “{ $query }”. Tente um ticker como BTC, ETH ou USDT.
flow-page = Página { $page } de { $pages }
flow-no-targets = Desculpe, { $from } não pode ser trocado por nada agora. Escolha outra moeda.

flow-amount-ask = Quanto <b>{ $from }</b> você envia?
    O mínimo é <b>{ $min } { $from }</b>. Digite um número, por exemplo <code>{ $example }</code>.
flow-amount-below-min = O mínimo para { $coin } é <b>{ $min } { $coin }</b>. Digite um valor maior ou use o mínimo.
flow-amount-use-min = Usar o mínimo: { $min } { $coin }
flow-amount-above-max = O máximo para { $coin } é <b>{ $max } { $coin }</b>. Digite um valor menor.
flow-amount-error-empty = Digite um valor, por exemplo <code>0.5</code>.
flow-amount-error-not-a-number = Isso não é um número. Digite o valor com algarismos, por exemplo <code>0.5</code> ou <code>1 000,25</code>.
flow-amount-error-negative = O valor não pode ser negativo.
flow-amount-error-zero = O valor deve ser maior que zero.
flow-amount-error-exponent = Escreva o valor por extenso, sem expoentes como 1e5.
flow-amount-error-too-many-decimals = Esse valor tem casas decimais demais.
flow-amount-error-too-large = Esse valor é grande demais. Confira, por favor.
flow-amount-error-multiple-separators = Não consegui ler esse valor: ele tem mais de um separador decimal.
flow-amount-error-other = Não consegui ler esse valor. Digite com algarismos, por exemplo <code>0.5</code>.

flow-quote =
    <b>Cotação</b>
    Você envia: <b>{ $amountFrom } { $from }</b>
    Você recebe: <b>≈ { $amountTo } { $to }</b>
flow-quote-fee = Taxa de saque (já descontada do que você recebe): ≈ { $fee } { $feeCoin }
flow-quote-floating = A taxa é flutuante: o valor final depende da cotação no momento em que seu depósito for trocado.
flow-quote-change-hint = Digite outro valor para alterá-lo.
flow-button-continue = Continuar ▶
flow-button-change-amount = ✏️ Alterar o valor

flow-destination-ask = Envie o endereço <b>{ $to }</b> que vai receber suas moedas.
flow-refund-ask = Envie seu endereço de reembolso <b>{ $from }</b>: se a troca não puder ser concluída, as moedas voltam para lá.
flow-address-checking = Verificando o endereço…
flow-address-invalid = ❌ <code>{ $address }</code> não é um endereço { $coin } válido. Confira e envie de novo.
flow-address-bad-input = Envie o endereço como texto.
flow-address-accepted = ✅ Endereço { $coin }: <code>{ $address }</code>
flow-tag-ask = Envie o <b>{ $tagName }</b> deste endereço { $coin }.
    ⚠️ É obrigatório: moedas enviadas sem o { $tagName } correto podem ser perdidas. Se você envia para sua própria carteira e não tem { $tagName }, pegue na sua carteira ou na conta da exchange.
flow-tag-invalid = ❌ Esse { $tagName } não é válido: { $reason } Envie de novo.
flow-tag-reason-empty = está vazio.
flow-tag-reason-too-long = { $unit ->
        [bytes] é longo demais: no máximo { $max } bytes (uma letra latina ou um dígito ocupa um byte; outras letras, dois ou mais).
       *[other] é longo demais: no máximo { $max } caracteres.
    }
flow-tag-reason-digits = deve ser um número inteiro (só dígitos).
flow-tag-reason-range = deve ser no máximo { $max }.
flow-tag-reason-spaces = não pode ter espaços nem quebras de linha.
flow-tag-accepted = ✅ { $tagName }: <code>{ $tag }</code>

flow-confirm-card =
    <b>Confira sua troca</b>
    Você envia: <b>{ $amountFrom } { $from }</b>
    Você recebe: <b>≈ { $amountTo } { $to }</b>
flow-confirm-destination = Endereço { $to } que recebe:
    <code>{ $address }</code>
flow-confirm-destination-tag = { $tagName }: <code>{ $tag }</code>
flow-confirm-refund = Endereço de reembolso { $from }:
    <code>{ $address }</code>
flow-confirm-refund-tag = { $tagName } de reembolso: <code>{ $tag }</code>
flow-confirm-check = Confira cada caractere dos endereços. Moedas enviadas para um endereço errado não podem ser recuperadas.
flow-button-confirm = ✅ Confirmar
flow-button-edit = ✏️ Editar
flow-edit-which = O que você quer alterar?
flow-edit-pair = As moedas
flow-edit-amount = O valor
flow-edit-destination = O endereço que recebe
flow-edit-refund = O endereço de reembolso
flow-creating = Criando sua troca…
flow-already-created = Esta troca já foi criada: { $id }.

flow-partner-error = ⚠️ O serviço de troca não está respondendo agora. Tudo o que você digitou está guardado: toque em Tentar de novo daqui a pouco.
flow-partner-rejected = ⚠️ O serviço de troca recusou. A resposta dele, como veio:
    <blockquote>{ $message }</blockquote>
flow-partner-rejected-generic = ⚠️ O serviço de troca recusou esta solicitação. Confira o valor e os endereços ou tente mais tarde.

deposit-intro =
    ✅ <b>Troca criada</b>
    Envie exatamente <b>{ $amount } { $coin }</b> para o endereço abaixo. Você vai receber ≈ { $amountTo } { $to }.
    ID da troca: <code>{ $id }</code>
deposit-address-label = Endereço de depósito ({ $coin }):
deposit-tag = ⚠️ <b>{ $tagName }</b>: <code>{ $tag }</code>
    Seu depósito PRECISA incluir este { $tagName }. Sem ele, suas moedas podem ser perdidas.
deposit-tag-fallback-name = Tag
# Tag names the exchange service gives (its catalog's "tagname"), in the person's language.
tag-name-comment = Comentário
tag-name-destination-tag = Destination tag
tag-name-memo = MEMO
deposit-qr-caption = QR code do endereço de depósito { $coin }
deposit-qr-none = O endereço de depósito { $coin } é longo demais para um QR code: copie-o da mensagem acima.
deposit-outro = Vou avisar você de cada mudança de status. A taxa é flutuante até seu depósito ser trocado.
flow-create-in-doubt =
    ⚠️ Não consegui confirmar se sua troca de { $amount } { $from } → { $to } foi criada: a resposta do serviço de troca se perdeu. Para você nunca ter duas ordens, não vou enviá-la de novo.
    O suporte já foi avisado e vai verificar com o serviço. Não envie moedas até ter as instruções de depósito; /history mostra as instruções assim que a troca for confirmada.

## rates (inline mode, /rate, exchange deep links)

rates-button-exchange = 🔁 Trocar { $from } → { $to }
rates-quote-title = { $amountFrom } { $from } → ≈ { $amountTo } { $to }
rates-quote-description-fee = Taxa de saque ≈ { $fee } { $feeCoin } (incluída) · a taxa é flutuante
rates-quote-description = A taxa é flutuante
rates-list-heading-amount = <b>{ $amountFrom } { $from }</b> rende:
rates-list-heading-min = <b>{ $from }</b> no mínimo de { $min } { $from } rende:
rates-list-line = ≈ <b>{ $amountTo } { $to }</b>
rates-list-footer = Já descontada a taxa de saque; a taxa é flutuante. Toque em uma moeda para trocar.
rates-help-title = Digite um valor e duas moedas
rates-help-description = Por exemplo: 0.1 btc eth · 100 usdttrc20 · btc
rates-help-text =
    <b>Cotações em qualquer chat</b>
    Digite um valor e duas moedas, em qualquer ordem:
    <code>0.1 btc eth</code> · <code>btc eth 0.1</code> · <code>0.1 btc to eth</code>
    Um valor e uma moeda mostram alguns destinos populares: <code>100 usdttrc20</code>
    Uma moeda sozinha mostra com o que ela pode ser trocada, no mínimo: <code>btc</code>
    Em qualquer chat, digite meu nome de usuário e a pergunta; aqui, use /rate.
rates-invalid-title = Não consegui ler isso
rates-invalid-bad-amount = O valor não é um número que eu consiga ler. Escreva como 0.1 ou 1 000,5.
rates-invalid-multiple-amounts = Há mais de um valor. Informe um valor e duas moedas.
rates-invalid-amount-position = Coloque o valor no início ou no fim, não entre as moedas.
rates-invalid-missing-coin = Um valor precisa de uma moeda, por exemplo 0.1 btc eth.
rates-invalid-misplaced-connector = “to” vai entre as duas moedas, por exemplo 0.1 btc to eth.
rates-invalid-too-many-words = Palavras demais. Informe um valor e no máximo duas moedas.
rates-invalid-same-coin = As duas moedas são iguais. Escolha duas moedas diferentes.
rates-unknown-title = Moeda desconhecida “{ $token }”
rates-unknown-suggest = Você quis dizer { $suggestions }?
rates-unknown-none = Confira o ticker, por exemplo BTC, ETH ou LTC.
rates-no-pair-title = { $from } → { $to } não está disponível
rates-no-pair-targets = { $from } pode ser trocado por: { $targets }
rates-no-targets = { $from } não pode ser trocado por nada agora.
rates-below-min-title = O mínimo é { $min } { $from }
rates-below-min-description = Peça pelo menos { $min } { $from } para ver uma cotação.
rates-above-max-title = O máximo é { $max } { $from }
rates-above-max-description = Peça no máximo { $max } { $from } para ver uma cotação.
rates-rejected-title = O serviço de troca recusou esta cotação
rates-rejected-generic = Tente outro valor ou outro par.
rates-unavailable-title = Cotações indisponíveis no momento
rates-unavailable-description = O serviço de troca não está respondendo. Tente de novo em um minuto.

## status (order card, status notifications, /status, /history)

status-name-waiting_deposit = Aguardando seu depósito
status-name-deposit_received = Depósito recebido
status-name-exchanging = Trocando
status-name-sending = Enviando suas moedas
status-name-success = Concluída
status-name-time_expired = Expirada
status-name-failed = Falhou
status-name-sending_failed = Falha no envio
status-name-reverted = Reembolsada
status-card-title = { $icon } <b>Troca</b> <code>{ $id }</code>
status-card-status = Status: <b>{ $status }</b>
status-card-send = Você envia: <b>{ $amount } { $coin }</b>
status-card-expected = Você recebe: ≈ <b>{ $amount } { $coin }</b>
status-card-outcome-failed = ❌ Não trocado. Se seu depósito chegou, ele volta para seu endereço de reembolso <code>{ $refund }</code>.
status-card-outcome-reverted = ↩️ Reembolsado: suas moedas voltaram para seu endereço de reembolso <code>{ $refund }</code>.
status-card-outcome-time_expired = ⌛ Nenhum depósito chegou a tempo: nada foi trocado.
status-card-received = Recebido: <b>{ $amount } { $coin }</b>
status-card-txid = TxID: <code>{ $txId }</code>
status-card-deposit-address = Endereço de depósito: <code>{ $address }</code>
status-card-deposit-tag = ⚠️ Tag de depósito: <code>{ $tag }</code> (seu depósito PRECISA incluí-la)
status-card-refresh = 🔄 Atualizar
status-notice-deposit = 📥 Seu depósito de { $amount } { $coin } para a troca <code>{ $id }</code> chegou. A troca está em andamento.
status-notice-success = ✅ A troca <code>{ $id }</code> foi concluída: { $amount } { $coin } enviados para seu endereço.
status-notice-failed = ❌ A troca <code>{ $id }</code> falhou. Se seu depósito chegou, ele volta para seu endereço de reembolso <code>{ $refund }</code>.
status-notice-sending_failed = ⚠️ O envio das moedas da troca <code>{ $id }</code> falhou. O serviço pode tentar de novo, e eu aviso quando isso acontecer; senão, as moedas voltam para seu endereço de reembolso <code>{ $refund }</code>.
status-notice-reverted = ↩️ A troca <code>{ $id }</code> foi revertida: suas moedas foram devolvidas para seu endereço de reembolso <code>{ $refund }</code>.
status-notice-time_expired = ⌛ A troca <code>{ $id }</code> expirou: nenhum depósito chegou a tempo. Não envie mais nada para o endereço de depósito dela; inicie uma nova troca com /exchange. Se você já enviou moedas, elas voltam para seu endereço de reembolso <code>{ $refund }</code>.
status-notice-support = { $contact ->
        [none] Precisa de ajuda? Fale com o suporte e informe o ID da troca <code>{ $id }</code>.
       *[other] Precisa de ajuda? Escreva para { $contact } e informe o ID da troca <code>{ $id }</code>.
    }
status-usage = Envie /status com o ID da troca, por exemplo <code>/status 1a2b3c</code>. /history lista suas trocas.
status-not-found = Não encontrei nenhuma troca sua com o ID <code>{ $id }</code>. Confira o ID ou veja /history.
status-unavailable = ⚠️ O serviço de troca não está respondendo agora: este é o último status que conheço.
status-refreshed = Status atualizado
status-tracking-stopped = Esta troca não é mais verificada automaticamente. Toque em Atualizar ou envie /status para verificá-la.
status-unknown-at-service = ❓ O serviço de troca não conhece a troca <code>{ $id }</code>: respondeu que não existe essa troca (ele respondeu; não está fora do ar). Abaixo está o último status que conheço.
    { $contact ->
        [none] Fale com o suporte e informe o ID da troca <code>{ $id }</code>.
       *[other] Escreva para { $contact } e informe o ID da troca <code>{ $id }</code>.
    }
status-unknown-at-service-short = O serviço de troca não conhece esta troca. Fale com o suporte.
status-card-unknown-at-service = ❓ O serviço de troca não conhece esta troca, então ela não é mais verificada automaticamente. { $contact ->
        [none] Fale com o suporte e informe o ID da troca.
       *[other] Escreva para { $contact } e informe o ID da troca.
    }
history-title = <b>Suas trocas</b>, das mais recentes para as mais antigas (página { $page } de { $pages }). Horários em UTC. Toque em uma para abrir o cartão.
history-empty = Você ainda não tem trocas. Envie /exchange para iniciar uma.
history-item = { $icon } { $amount } { $from } → { $to } · { $date }
history-newer = ◀ Mais recentes
history-older = Mais antigas ▶

## admin (support tools: /find, /user, /stats, /broadcast, /maintenance, alerts)

admin-command-find = Suporte: buscar trocas
admin-command-user = Suporte: resumo de uma pessoa
admin-command-stats = Suporte: estatísticas
admin-command-broadcast = Suporte: mensagem para todos
admin-command-maintenance = Suporte: pausar novas trocas
admin-none = nenhum
admin-not-found = Esta troca não está no armazenamento.
admin-archived = Esta troca terminou há muito tempo e está arquivada: o status dela não muda mais.
admin-button-recheck = 🔄 Verificar agora
admin-button-resend = 📨 Reenviar instruções
admin-button-user = 👤 Usuário
admin-button-open = 🔎 Abrir
admin-button-exchanges = 🔎 Trocas da pessoa
admin-ex-title = { $icon } <b>Troca</b> <code>{ $id }</code>
admin-ex-status = Status: <b>{ $status }</b> (<code>{ $raw }</code>)
admin-ex-user = Usuário: { $user }
admin-ex-pair = Envia { $amount } { $from } → cotado { $quoted } { $to }
admin-ex-expected = O serviço espera: { $amountFrom } { $from } → { $amountTo } { $to }
admin-ex-received = Recebido: { $amount } { $to }
admin-ex-txid = TxID: <code>{ $txId }</code>
admin-ex-deposit = Depósito: { $address }
admin-ex-destination = Destino: { $address }
admin-ex-refund = Reembolso: { $address }
admin-ex-created = Criada { $at }, atualizada { $updated }
admin-ex-stopped = ⚠️ Não é mais consultada: { $reason }
admin-ex-history = <b>Histórico de status</b>
admin-find-usage = Envie <code>/find</code> com um ID de troca, um ID de usuário, um @username, um endereço ou uma tag.
admin-find-none = Nada corresponde a <code>{ $query }</code>.
admin-find-count = Encontradas { $count }; mostrando { $shown }.
admin-recheck-done = Status ao vivo: { $status }
admin-recheck-failed = O serviço de troca não respondeu; nada mudou.
admin-resend-done = Instruções de depósito reenviadas.
admin-resend-final = Esta troca terminou; não há nada a pagar.
admin-resend-blocked = A pessoa bloqueou o bot.
admin-resend-failed = O Telegram recusou a mensagem.
admin-user-usage = Envie <code>/user</code> com um ID de usuário ou um @username.
admin-user-none = Ninguém conhecido como <code>{ $query }</code>.
admin-user-title = 👤 { $user }
admin-user-chosen = escolhido
admin-user-language = Idioma: { $language }
admin-user-blocked-yes = Bloqueou o bot: sim
admin-user-blocked-no = Bloqueou o bot: não
admin-user-seen = Visto pela primeira vez { $first }, pela última vez { $last }
admin-user-exchanges = Trocas: { $count }
admin-volume-title = Volume concluído:
admin-stats-title = 📊 <b>Estatísticas</b>
admin-stats-users = Usuários: { $total } (ativos 24 h: { $active24h }, 7 dias: { $active7d }; bloquearam: { $blocked })
admin-stats-exchanges = Trocas: { $total } (criadas 24 h: { $created24h }, 7 dias: { $created7d }; concluídas 24 h: { $completed24h }, 7 dias: { $completed7d })
admin-stats-funnel = <b>Funil</b>
admin-funnel-flow_started = iniciadas
admin-funnel-quoted = cotadas
admin-funnel-confirmed = confirmadas
admin-funnel-deposit_received = depósito
admin-funnel-success = sucesso
admin-stats-health = <b>API do parceiro, última hora</b>
admin-stats-endpoint = • { $endpoint }: { $requests } requisições, { $errors }% erros, p50 { $p50 } ms, p95 { $p95 } ms
admin-stats-poller = Poller: último ciclo há { $lag } s, nível de espera { $backoff }, { $open } trocas abertas
admin-stats-poller-none = Poller: nenhum ciclo ainda, { $open } trocas abertas
admin-stats-ops = Desde o início: { $updates } updates ({ $failed } com falha), { $telegramErrors } erros da API do Telegram; outbox: { $backlog } aguardando
admin-stats-maintenance = 🛠 Manutenção LIGADA: novas trocas estão pausadas.
admin-alert-status = 🚨 <b>Alerta</b>: uma troca chegou a { $status } (<code>{ $raw }</code>)
admin-alert-stuck = ⏳ <b>Alerta</b>: uma troca está em { $status } desde { $since }
admin-alert-create-in-doubt = ❓ <b>Alerta</b>: uma criação de troca ficou sem resposta ({ $reason }, { $at }). Pode existir no serviço uma ordem que o bot não conhece; procure lá e avise a pessoa.
admin-alert-create-pair = Pedido: { $amount } { $from } → { $to }
admin-alert-create-destination = Endereço que recebe: { $address }
admin-alert-create-refund = Endereço de reembolso: { $address }
admin-alert-flag = 🚩 <b>Alerta</b>: o poller parou de acompanhar uma troca ({ $reason })
admin-alert-unknown-at-service = ❓ <b>Alerta</b>: o serviço de troca diz que não conhece esta troca (respondeu "not found" { $times ->
        [one] uma vez
       *[other] { $times } vezes seguidas
    }; não está fora do ar). O bot parou de acompanhá-la: encontre a ordem no serviço e avise a pessoa.
admin-alert-partner-down = 🔥 <b>Alerta</b>: o serviço de troca está falhando desde { $since }.
admin-alert-partner-up = ✅ O serviço de troca voltou a responder (falhou de { $since } até { $until }).
admin-bc-usage = Envie /broadcast seguido do texto, ex. /broadcast Estamos de volta. Você verá uma prévia antes.
admin-bc-preview = 📣 <b>Prévia</b>: isto vai para { $count } pessoas, como texto simples:
admin-bc-send = Enviar para { $count }
admin-bc-drop = Cancelar
admin-bc-dropped = Transmissão descartada. Nada foi enviado.
admin-bc-not-draft = Esta transmissão já foi enviada ou descartada.
admin-bc-progress = 📣 Transmitindo: { $done } de { $total } (enviadas { $sent }, bloqueados { $blocked }, falhas { $failed })
admin-bc-done = 📣 Transmissão concluída: enviadas { $sent }, bloqueados { $blocked }, falhas { $failed } (de { $total }).
admin-bc-cancelled = 📣 Transmissão cancelada: enviadas { $sent }, bloqueados { $blocked }, falhas { $failed } (de { $total }).
admin-bc-unconfirmed = { $count } não confirmadas (interrompidas no meio do envio; não são reenviadas).
admin-bc-cancel = ✖ Cancelar transmissão
admin-bc-cancelling = Cancelando depois da mensagem atual…
admin-bc-not-running = Esta transmissão não está em andamento.
admin-maint-on = 🛠 Manutenção LIGADA: novas trocas estão pausadas. As pessoas veem: { $message }
admin-maint-off = ✅ Manutenção DESLIGADA: novas trocas estão abertas de novo.
admin-maint-state-on = 🛠 A manutenção está LIGADA.
admin-maint-state-off = A manutenção está desligada.
admin-maint-usage = Uso: <code>/maintenance on [mensagem]</code> ou <code>/maintenance off</code>

## Prompts owed after a restart (exchange flow, prompts-due.ts)
flow-prompt-due = 🔄 Fui reiniciado antes de conseguir fazer a próxima pergunta. Tudo o que você digitou está guardado; aqui está:

# Safe in groups: support's answers kept private, buttons that act for their owner only, texts cut to fit.
admin-sent-privately = 🔒 Enviei para você em um chat privado comigo.
admin-private-first = 🔒 As respostas do suporte vão para o seu chat privado comigo, e ele ainda não está aberto: abra, toque em Iniciar e pergunte de novo.
admin-private-first-short = As respostas do suporte vão para o seu chat privado comigo: abra e toque em Iniciar primeiro, depois tente de novo.
admin-private-open = Abrir o chat privado
button-not-yours = Este botão é de quem pediu. Envie o comando você mesmo para ter o seu.
status-inline = Status: { $status }. O cartão completo está no seu chat privado comigo (/status lá).
admin-maint-too-long = A manutenção NÃO foi ligada: a mensagem tem { $length } caracteres e cabem no máximo { $max }. Envie de novo, mais curta.

## Safety against mistakes and floods (issue 23): invisible characters, ambiguous amounts, commands in the flow, per-person limits

flow-tag-reason-invisible = contém um caractere invisível ou que muda a direção do texto ({ $char }, caractere { $position }), que costuma vir junto ao copiar e colar. Digite à mão.
flow-address-invisible = ❌ Esse endereço contém um caractere invisível ou que muda a direção do texto ({ $char }, caractere { $position }), que costuma vir junto ao copiar e colar. Ele pareceria certo e seria outro endereço. Copie de novo da sua carteira ou digite à mão. Nada foi enviado.
flow-amount-ambiguous = <code>{ $typed }</code> pode ser lido de duas formas. Qual valor você envia?
flow-amount-reading = { $amount } { $coin }
flow-amount-error-ambiguous = Esse valor pode ser lido de duas formas. Escreva sem vírgula, por exemplo <code>1000</code> ou <code>1.5</code>.
rates-invalid-ambiguous-amount = Uma vírgula antes de três dígitos pode indicar milhar ou decimal. Escreva 1000 ou 1.0 em vez de 1,000.
flow-still-open = ⏸ Sua troca ainda está aberta: responda minha última pergunta acima ou envie /cancel para pará-la.
# A short question (a new name, a threshold) asked while an exchange flow is open.
question-in-flow = Você está no meio de uma troca. Conclua-a ou envie /cancel, e tente de novo.
limit-too-fast = ⏳ Você está enviando mensagens mais rápido do que consigo responder, então pulei algumas. Espere alguns segundos e envie sua última mensagem de novo.
limit-too-fast-button = ⏳ Rápido demais: espere alguns segundos e toque de novo.
rates-too-fast-title = Cotações demais seguidas
rates-too-fast-description = Espere alguns segundos e digite de novo: as cotações têm limite por pessoa para continuarem rápidas para todos.

## Fixed rate and "receive exactly" (issue 22; only with PARTNER_FEATURES fixed, receive)

flow-rate-kind-ask =
    <b>Taxa fixa ou flutuante?</b>
    🔒 Fixa: você recebe <b>{ $fixed } { $to }</b>, garantido se seu depósito chegar a tempo.
    🌊 Flutuante: você recebe <b>≈ { $floating } { $to }</b>; pode mudar até seu depósito ser trocado.
flow-rate-kind-button-fixed = 🔒 Fixa: { $amountTo } { $to }
flow-rate-kind-button-floating = 🌊 Flutuante: ≈ { $amountTo } { $to }
flow-rate-kind-chosen-fixed = ✅ Taxa fixa: você recebe { $amountTo } { $to } se seu depósito chegar a tempo.
flow-rate-kind-chosen-floating = ✅ Taxa flutuante: você recebe ≈ { $amountTo } { $to }; pode mudar até seu depósito ser trocado.
flow-rate-kind-no-fixed = O serviço de troca não oferece taxa fixa para isto agora, então a taxa é flutuante: você recebe ≈ { $amountTo } { $to }; pode mudar até seu depósito ser trocado.
flow-receive-button-receive = 🎯 Informar quanto { $to } receber
flow-receive-button-send = ✏️ Informar quanto enviar
flow-receive-ask = Quanto <b>{ $to }</b> deve chegar? Digite o valor exato a receber e eu pergunto ao serviço de troca quanto <b>{ $from }</b> enviar.
flow-receive-quote =
    <b>Cotação</b>
    Você recebe exatamente: <b>{ $amountTo } { $to }</b>
    Você envia: <b>{ $amount } { $from }</b>
    Este é o valor atual do serviço de troca; pergunto de novo antes de criar a troca.
flow-receive-below-min = Para receber { $amountTo } { $to } você enviaria { $amount } { $from }, abaixo do mínimo de { $min } { $from }. Digite um valor maior a receber.
flow-receive-above-max = Para receber { $amountTo } { $to } você enviaria { $amount } { $from }, acima do máximo de { $max } { $from }. Digite um valor menor a receber.
flow-quote-moved = ⚠️ O valor do serviço de troca mudou desde que você o viu. Aqui está o novo: confirme de novo se estiver bom para você.
flow-confirm-card-fixed =
    <b>Confira sua troca</b>
    Você envia: <b>{ $amountFrom } { $from }</b>
    Você recebe: <b>{ $amountTo } { $to }</b> (taxa fixa)
flow-confirm-card-exact =
    <b>Confira sua troca</b>
    Você envia: <b>{ $amountFrom } { $from }</b>
    Você recebe exatamente: <b>{ $amountTo } { $to }</b>
flow-quote-fixed = A taxa é fixa: este valor está garantido se seu depósito chegar a tempo. Pergunto de novo ao serviço de troca logo antes de criar a troca.
flow-quote-exact = O valor que você recebe é fixo; o valor a enviar é o do serviço de troca, perguntado de novo logo antes de criar a troca.
deposit-intro-fixed =
    ✅ <b>Troca criada</b>
    Envie exatamente <b>{ $amount } { $coin }</b> para o endereço abaixo. Com a taxa fixa você recebe { $amountTo } { $to } se seu depósito chegar a tempo.
    ID da troca: <code>{ $id }</code>
deposit-intro-exact =
    ✅ <b>Troca criada</b>
    Envie exatamente <b>{ $amount } { $coin }</b> para o endereço abaixo, para que cheguem exatamente { $amountTo } { $to }.
    ID da troca: <code>{ $id }</code>
deposit-outro-fixed = Vou avisar você de cada mudança de status. A taxa é fixa se seu depósito chegar a tempo.
deposit-outro-exact = Vou avisar você de cada mudança de status. Envie exatamente o valor acima e a tempo.
status-card-expected-fixed = Você recebe: <b>{ $amount } { $coin }</b> (taxa fixa)
status-card-expected-exact = Você recebe exatamente: <b>{ $amount } { $coin }</b>
rates-receive-title = { $amountFrom } { $from } → exatamente { $amountTo } { $to }
rates-receive-description = Para receber exatamente { $amountTo } { $to }, envie { $amountFrom } { $from } (valor atual do serviço de troca)
rates-receive-help = Para receber um valor exato, coloque “=” antes dele: <code>btc =100 usdt</code> (quanto BTC enviar para receber exatamente 100 USDT).

## late deposit and the service's own statuses (issue 22: statuses beyond our contract, payment/emergency)

status-name-new = Ordem criada, aguardando seu depósito
status-name-payment_time_expired = O depósito chegou depois que a ordem expirou
status-name-payment_halted = Pagamento suspenso pelo serviço
status-emergency-expired = ⏰ Seu depósito chegou depois que a ordem expirou: o serviço está com ele.
status-emergency-less = ⚠️ Chegou menos do que o pedido: o serviço está retendo o depósito.
status-emergency-other = ⚠️ O serviço informa um problema com o depósito: { $what }.
late-deposit-offer = { $kind ->
        [LESS] ⚠️ Chegou menos do que o pedido para a troca <code>{ $id }</code>.
       *[other] ⏰ Um depósito para a troca <code>{ $id }</code> chegou depois que a ordem expirou.
    } O serviço fica com ele até você escolher o que fazer:
    • <b>Continuar</b>: trocar pela cotação atual. O que você recebe pode ser diferente da primeira cotação.
    • <b>Reembolso</b>: devolver para seu endereço de reembolso <code>{ $refund }</code>, ou para outro endereço que você informar, menos a taxa da rede.
    Sua escolha é definitiva e é enviada ao serviço uma única vez.
late-deposit-no-choice = { $kind ->
        [LESS] ⚠️ Chegou menos do que o pedido para a troca <code>{ $id }</code>.
       *[other] ⏰ Um depósito para a troca <code>{ $id }</code> chegou depois que a ordem expirou.
    } O serviço está com ele: não foi perdido, mas não será trocado sozinho. { $contact ->
        [none] Fale com o suporte e informe o ID da troca <code>{ $id }</code>: eles vão trocá-lo ou reembolsá-lo para <code>{ $refund }</code>.
       *[other] Escreva para { $contact } e informe o ID da troca <code>{ $id }</code>: eles vão trocá-lo ou reembolsá-lo para <code>{ $refund }</code>.
    }
late-deposit-button-continue = ▶️ Continuar pela cotação atual
late-deposit-button-refund = ↩️ Reembolsar no meu endereço de reembolso
late-deposit-choice-continue = continuar pela cotação atual
late-deposit-choice-refund = reembolsar para <code>{ $refund }</code>
late-deposit-state-sending = sendo enviado ao serviço
late-deposit-state-sent = aceito pelo serviço
late-deposit-state-in-doubt = o serviço não confirmou; o suporte vai verificar
late-deposit-card = Sua escolha para o depósito atrasado: { $choice } ({ $state }).
late-deposit-sent = ✅ Enviado ao serviço: { $choice }. Aviso você quando o status mudar.
late-deposit-already = Você já escolheu: { $choice } ({ $state }). É enviado uma única vez e não pode ser alterado aqui.
late-deposit-refused = O serviço recusou esta escolha: { $reason }. Você pode escolher de novo.
late-deposit-in-doubt = ⚠️ O serviço não respondeu a tempo. Sua escolha ({ $choice }) está registrada e nunca será enviada duas vezes; o suporte vai confirmá-la com o serviço.
late-deposit-not-waiting = Esta troca não está mais esperando uma escolha. O cartão dela mostra em que pé está.
late-deposit-unavailable = Esta escolha não pode ser feita no bot. Fale com o suporte e informe o ID da troca.
admin-ex-late-deposit = Depósito atrasado: a pessoa escolheu { $choice } ({ $state }), { $at }
admin-alert-late-deposit-in-doubt = ⚠️ <b>Alerta</b>: uma escolha de depósito atrasado foi enviada ao serviço (payment/emergency) e a resposta se perdeu. Não será enviada de novo: confirme com o serviço.

## late deposit: refund to another address (issue 22 point 4)

late-deposit-button-other = ↩️ Reembolsar em outro endereço
late-other-ask = Envie o endereço <b>{ $coin }</b> para onde o depósito da troca <code>{ $id }</code> deve voltar. Ele é verificado antes de qualquer envio, e você confirma em seguida. Para parar, toque em Cancelar ou envie /cancel.
late-other-in-flow = Você está no meio de uma troca. Termine-a ou envie /cancel, depois toque de novo em “Reembolsar em outro endereço”.
late-other-confirm = Reembolsar o depósito da troca <code>{ $id }</code> para <code>{ $refund }</code>, menos a taxa da rede? É definitivo: é enviado ao serviço uma única vez. Para informar outro endereço, é só enviá-lo.
late-other-button-confirm = ✅ Confirmar
late-other-button-cancel = ✖️ Cancelar
late-other-cancelled = Cancelado: nada foi enviado. Os botões da mensagem do depósito atrasado continuam funcionando.
late-other-closed = Esta pergunta está encerrada. O cartão da troca mostra em que pé está.
late-other-check-failed = ⚠️ O serviço de troca não conseguiu verificar o endereço agora. Envie de novo daqui a pouco ou envie /cancel.
late-other-retry = Envie outro endereço ou /cancel.

## Start again after a create in doubt; copy buttons and support; privacy; export; rate alerts; saved addresses

flow-create-in-doubt-start-again =
    ⚠️ Não consegui confirmar se sua troca de { $amount } { $from } → { $to } foi criada: a resposta do serviço de troca se perdeu. Para você nunca ter duas ordens, não vou enviá-la de novo.
    Não pague nada por esta primeira tentativa, mesmo que tenha visto um endereço de depósito para ela: se o serviço criou essa ordem, ela simplesmente expira sem pagamento. O suporte já foi avisado.
    Para trocar mesmo assim, toque no botão abaixo: vou começar de novo com os mesmos dados e mostrar o cartão com uma cotação nova para você confirmar.
flow-start-again-button = 🔁 Recomeçar com os mesmos dados
flow-start-again-started = 🔁 Recomeçando com os mesmos dados: confira-os antes de confirmar. Não pague nada pela primeira tentativa.
flow-start-again-used = Este botão já foi usado: uma nova troca foi iniciada a partir dele. Para começar outra, envie /exchange.
admin-alert-create-start-again = A pessoa foi avisada para não pagar nada por esta tentativa e recebeu a opção de recomeçar com os mesmos dados (uma nova ordem): uma ordem encontrada para esta tentativa deve ser deixada expirar sem pagamento.
flow-start-again-later = O serviço de troca não está respondendo agora, então ainda não consigo recomeçar. Toque no botão de novo daqui a um minuto.
copy-address = 📋 Copiar endereço
copy-tag = 📋 Copiar { $tagName }
copy-amount = 📋 Copiar valor
copy-exchange-id = 📋 Copiar ID da troca
trust-support = 🛡 O suporte nunca escreve para você primeiro e nunca pede fundos, chaves privadas ou frases-semente (seed): quem faz isso não somos nós. { $contact ->
        [none] Fale com o suporte somente por este bot.
       *[other] Nosso suporte: { $contact }.
    }
status-card-txid-link = TxID: <a href="{ $url }">{ $txId }</a>
command-privacy = O que é guardado sobre você
command-forget = Apagar seus dados
privacy-title = <b>O que eu guardo sobre você e por quanto tempo</b>
privacy-deleted-title = <b>Apagado quando você envia /forget:</b>
privacy-data-profile = • seu nome, nome de usuário e idioma do Telegram, quando você me escreveu pela primeira e pela última vez, e o idioma que você escolheu: até você enviar /forget.
privacy-data-flow = • as respostas de uma troca que você iniciou e ainda não confirmou (moedas, valor, endereços): até você concluí-la ou cancelá-la, ou por { $minutes } min após sua última resposta.
privacy-data-addresses = • os endereços usados nas suas trocas (de recebimento e de reembolso) e os nomes deles: até você apagá-los lá ou enviar /forget.
privacy-data-alerts = • seus alertas de cotação (/alert): até o alerta disparar, você apagá-lo, passarem 30 dias ou você enviar /forget.
privacy-kept-title = <b>Guardado mesmo depois de /forget:</b>
privacy-kept-exchanges = • suas trocas (ID, moedas, valores, endereços, IDs de transação, status, datas e seu ID do Telegram): por lei, o suporte precisa guardar esses registros por { $years ->
    [one] { $years } ano
   *[other] { $years } anos
}.
privacy-kept-in-progress = • uma troca em criação ou em andamento, e as mensagens sobre ela que ainda devo enviar a você, até ela terminar.
privacy-seen-again = Se você me escrever depois de /forget, vejo de novo seu nome e idioma, como no primeiro dia.
privacy-private-only = Para sua privacidade, envie /privacy e /forget em um chat privado comigo.
forget-ask = <b>Apagar seus dados?</b> Isso não pode ser desfeito.
forget-button-confirm = 🗑 Apagar meus dados
forget-button-cancel = ✖️ Cancelar
forget-done = Pronto: seus dados foram apagados. Os registros das suas trocas ficam com o suporte por { $years ->
    [one] { $years } ano
   *[other] { $years } anos
}, como a lei exige.
forget-cancelled = Cancelado: nada foi apagado.
command-export = Suas trocas em um arquivo CSV
help-export = /export envia todas as trocas que você fez em um arquivo CSV (abre em qualquer planilha): data, moedas, valores enviados e recebidos, endereços, IDs, status e a transação de pagamento.
export-private-only = A exportação mostra seus endereços: envie /export no seu chat privado com o bot.
export-range-refused = /export não aceita nada depois do comando: ele envia as suas próprias trocas. Envie só /export.
export-range-usage = Envie /export ou, para todas as trocas de um intervalo de dias (UTC, os dois dias incluídos, no máximo { $days } dias): <code>/export 2026-11-01 2026-11-30</code>.
export-busy = Sua exportação anterior ainda está sendo enviada. Espere ela terminar e tente de novo.
export-too-often = Você pediu várias exportações em pouco tempo. Tente de novo daqui a alguns minutos.
export-none = Você ainda não tem trocas, então não há nada para exportar.
export-none-range = Nenhuma troca foi criada de { $from } a { $to }.
export-caption = Trocas, CSV, arquivo { $part }
export-done = Exportação concluída: { $rows ->
        [one] { $rows } troca
       *[other] { $rows } trocas
    } em { $files ->
        [one] { $files } arquivo
       *[other] { $files } arquivos
    }.
export-too-large = A exportação parou depois de { $files } arquivos ({ $rows } trocas): ela é grande demais para enviar de uma vez. Peça um intervalo de dias menor.
export-failed = Não foi possível enviar a exportação. Tente de novo daqui a pouco.
command-alert = Alertas de cotação
rate-alert-button-set = 🔔 Criar alerta
rate-alert-usage =
    Peça para eu avisar quando uma cotação estiver boa, por exemplo:
    <code>/alert btc eth &gt;= 20</code>: quando 1 BTC render pelo menos 20 ETH
    <code>/alert btc eth &lt;= 18</code>: quando 1 BTC render no máximo 18 ETH
    /alert sozinho lista seus alertas.
rate-alert-bad-operator = Coloque <code>&gt;=</code> (pelo menos) ou <code>&lt;=</code> (no máximo) antes do número, por exemplo <code>&gt;= 20</code>.
rate-alert-bad-amount = Esse limite não é um número que eu consiga usar. Envie assim: <code>&gt;= 20</code> ou <code>&lt;= 0.05</code>.
rate-alert-unknown-coin = Não conheço a moeda “{ $coin }”. Confira o ticker ou veja as moedas com /rate.
rate-alert-no-pair = { $from } não pode ser trocado por { $to } aqui, então não consigo acompanhar essa cotação.
rate-alert-limit = Você já tem { $max } alertas, o máximo que uma pessoa pode ter. Apague um em /alert primeiro.
rate-alert-set-above = 🔔 Alerta criado: vou avisar você uma vez quando 1 { $from } render pelo menos { $threshold } { $to }. Os alertas são apagados após 30 dias.
rate-alert-set-below = 🔔 Alerta criado: vou avisar você uma vez quando 1 { $from } render no máximo { $threshold } { $to }. Os alertas são apagados após 30 dias.
rate-alert-ask = 🔔 Quando devo avisar você sobre { $from } → { $to }? Escolha uma opção ou envie <code>&gt;= 20</code> para “quando 1 { $from } render pelo menos 20 { $to }”, ou <code>&lt;= 18</code> para “no máximo”.
rate-alert-none =
    Você não tem alertas de cotação.
    Crie um assim: <code>/alert btc eth &gt;= 20</code>, ou toque em 🔔 abaixo de uma cotação de /rate.
rate-alert-list-title = 🔔 Seus alertas de cotação ({ $count } de { $max }):
rate-alert-line-above = 1 { $from } rende pelo menos { $threshold } { $to }
rate-alert-line-below = 1 { $from } rende no máximo { $threshold } { $to }
rate-alert-button-delete = 🗑 { $n }
rate-alert-deleted = Alerta apagado.
rate-alert-gone = Esse alerta não existe mais (disparou, expirou ou foi apagado).
rate-alert-fired-above = 🔔 1 { $from } agora rende { $price } { $to }: pelo menos { $threshold } { $to }, como você pediu. Este alerta foi encerrado.
rate-alert-fired-below = 🔔 1 { $from } agora rende { $price } { $to }: no máximo { $threshold } { $to }, como você pediu. Este alerta foi encerrado.
rate-alert-now = 1 { $from } rende ≈ { $price } { $to } agora.
rate-alert-ask-in-flow = 🔔 Quando devo avisar sobre { $from } → { $to }? Escolha uma opção ou envie <code>/alert { $from } { $to } &gt;= 20</code> com o seu número. Sua troca continua aberta.
rate-alert-question-cancelled = Cancelado: nenhum alerta foi criado.
rate-alert-choice-above = ≥ +{ $percent } %
rate-alert-choice-below = ≤ −{ $percent } %
rate-alert-button-exchange = 🔁 Trocar { $from } → { $to }
admin-stats-rate-alerts = Alertas de cotação: { $alerts } em { $pairs } pares; verificados a cada { $intervalSeconds } s, no máximo { $pairsPerCheck } consultas de cotação por verificação; desde o início { $rateCalls } consultas, { $fired } disparados
command-addresses = Seus endereços salvos
help-addresses = /addresses: seus endereços salvos (renomear, apagar ou parar de salvá-los)
saved-address-button = { $label } · { $uses ->
    [one] usado uma vez
   *[other] usado { $uses } vezes
}
saved-address-offer = Ou toque em um dos seus endereços salvos abaixo (gerencie-os em /addresses).
saved-address-gone = Esse endereço salvo não está mais na sua lista. Envie um endereço ou toque em outro.
saved-address-refused = ❌ Seu endereço salvo <b>{ $label }</b> (<code>{ $address }</code>) não é mais aceito pelo serviço de troca como endereço { $coin }. Envie outro endereço ou toque em outro salvo. Você pode apagá-lo em /addresses.
addresses-title = <b>Seus endereços salvos</b> (no máximo { $max }: depois disso, um novo substitui o menos usado)
addresses-empty = Nenhum ainda. Os endereços de uma troca que você cria são salvos aqui e oferecidos como botões na próxima vez, para a mesma moeda e rede.
addresses-item = { $number }. <b>{ $label }</b> · { $coin } · { $uses ->
    [one] usado uma vez
   *[other] usado { $uses } vezes
}
    <code>{ $address }</code>{ $tag }
addresses-item-tag = , tag <code>{ $tag }</code>
addresses-remember-on = O salvamento de endereços está <b>ativado</b>: os endereços de cada troca que você cria são salvos. Só você os vê.
addresses-remember-off = O salvamento de endereços está <b>desativado</b>: nada novo é salvo. Os endereços acima ficam até você apagá-los.
addresses-button-rename = ✏️ Renomear { $number }
addresses-button-delete = 🗑 Apagar { $number }
addresses-button-turn-off = Parar de salvar endereços
addresses-button-turn-on = Voltar a salvar endereços
addresses-button-cancel = ✖️ Cancelar
addresses-turned-off = Salvamento desativado. Os endereços salvos ficam até você apagá-los.
addresses-turned-on = Salvamento ativado.
addresses-deleted = Apagado.
addresses-gone = Esse endereço salvo não está mais na sua lista.
addresses-private-only = Seus endereços salvos só aparecem em um chat privado comigo: envie /addresses lá.
addresses-rename-ask = Envie um novo nome para <b>{ $label }</b> (no máximo { $max } caracteres). Para manter o antigo, toque em Cancelar.
addresses-rename-cancelled = O nome continua o mesmo.
addresses-name-invalid = O nome precisa ter de 1 a { $max } caracteres. Envie outro ou toque em Cancelar.
addresses-name-invisible = ❌ Esse nome contém um caractere invisível ou que muda a direção do texto ({ $char }, caractere { $position }). Envie de novo sem ele ou toque em Cancelar.
addresses-renamed = ✅ Renomeado: <b>{ $name }</b>
