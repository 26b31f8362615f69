# English. Every string a user sees lives here (and in ru.ftl). Values passed in are already
# HTML-escaped by the caller; markup below is Telegram HTML.

language-name = English

start-greeting =
    👋 Hi, <b>{ $name }</b>!

    I swap one cryptocurrency for another right here in the chat: pick a pair, type an amount and your addresses, confirm, and send the deposit. I will tell you about every step until the coins arrive.
start-button-exchange = 🔁 Start an exchange
start-button-help = ❓ How it works
# The Mini App (issue 35): its buttons, the menu button, and the page's own words (webapp-*).
start-button-app = 📱 Exchange in the app
flow-open-app = 📱 Use the app instead
menu-button-app = Exchange
webapp-title = Exchange
webapp-pair-gone = The exchange service no longer offers this pair. Please pick the coins again.
webapp-step-from = Which coin do you send?
webapp-step-to = Which coin do you get?
webapp-search = Search coins
webapp-no-match = No coin matches.
webapp-networks = Networks
webapp-choose-network = choose the network
webapp-min = min
webapp-fee = fee
webapp-step-amount = How much?
webapp-amount = Amount
webapp-mode-send = I send
webapp-mode-receive = I get exactly
webapp-you-send = You send
webapp-you-get = You get
webapp-rate = Rate
webapp-rate-floating = Floating rate
webapp-rate-floating-note = the amount follows the market until your deposit arrives.
webapp-rate-fixed = Fixed rate
webapp-rate-fixed-note = this amount is guaranteed if you send the deposit in time.
webapp-quoting = Getting a quote…
webapp-which-amount = Which amount do you mean?
webapp-step-destination = Your receiving address
webapp-step-refund = Your refund address
webapp-refund-note = If the exchange cannot be completed, the coins go back to this address.
webapp-address-placeholder = Paste or scan the address
webapp-scan = Scan QR
webapp-scan-hint = Point the camera at the address's QR code
webapp-scan-unreadable = That QR code holds no address I can read. Try another one, or paste the address.
webapp-saved = Saved addresses
webapp-request-amount = The payment request asks for
webapp-request-apply = Use this amount
webapp-request-applied = Amount set: you get exactly this much. Check the amount you send on the next screens.
webapp-request-no-exact = This exchange service cannot receive an exact amount: check the amount yourself.
webapp-continue = Continue
webapp-confirm = Confirm
webapp-back = Back
webapp-step-confirm = Check and confirm
webapp-confirm-check = Check every character of the addresses. Coins sent to a wrong address cannot be recovered.
webapp-destination = Receiving address
webapp-refund = Refund address
webapp-step-deposit = Send your deposit
webapp-deposit-amount = Send exactly
webapp-deposit-address = To this address
webapp-deposit-tag = With this tag or memo
webapp-copy = Copy
webapp-copied = Copied
webapp-copy-failed = Could not copy: select the text instead.
webapp-exchange-id = Exchange
webapp-status = Status
webapp-chat-note = The same instructions are in your chat with the bot, which tells you there when the coins arrive.
webapp-offline = Could not reach the bot. Check your connection and try again.
webapp-open-in-telegram = Open this page from the bot's button in Telegram: it needs Telegram to say who you are.

help-text =
    <b>How an exchange works</b>
    1. /exchange: choose the coin you send and the coin you get.
    2. Type the amount and see a live quote.
    3. Give the address that receives the coins (and a tag or memo where the coin needs one), and a refund address.
    4. Check everything and confirm: you get a deposit address.
    5. Send the coins there. I report every status change.

    <b>Commands</b>
    /exchange: start an exchange
    /rate: a quote, e.g. <code>/rate 0.1 btc eth</code>
    /alert: tell me when a rate is good, e.g. <code>/alert btc eth &gt;= 20</code>
    /status: the status of one of your exchanges
    /history: your exchanges
    /language: change the language
    /privacy: what I keep about you, and for how long
    /forget: delete your data
    /cancel: stop what you are doing
    /help: this message

language-choose = Choose your language:
language-set = Language set: English.

command-start = Start the bot
command-help = How it works
command-exchange = Start an exchange
command-rate = Get a quote
command-status = Status of an exchange
command-history = Your exchanges
command-language = Change the language
command-cancel = Cancel the current action

unhandled-text = I did not understand that. Send /exchange to swap coins or /help to see what I can do.
unhandled-callback = This button is no longer active.
error-generic = Something went wrong on my side. Please try again in a minute; nothing you entered was sent anywhere.

## The exchange flow

flow-group-redirect = Exchanges happen in a private chat with me, so that your addresses stay between us.
flow-group-button = Open a private chat
flow-cancelled = Exchange cancelled. Nothing was created. Send /exchange to start again.
flow-nothing-to-cancel = There is nothing to cancel. Send /exchange to start an exchange.
flow-expired = ⌛ Your unfinished exchange expired after { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    } without activity, so I removed it. Send /exchange to start again.
flow-maintenance = 🛠 New exchanges are paused for maintenance. { $message }
flow-button-back = ◀ Back
flow-button-cancel = ✖ Cancel
flow-button-retry = 🔄 Retry
flow-stale-button = This button belongs to an earlier step.
flow-restarted = 🔄 I was restarted just after my last question, so I may have missed your answer. Everything you entered before is kept; please answer this once more:
flow-create-not-sent = 🔄 I was restarted just before your exchange reached the exchange service, so nothing was created and no coins are at stake. Send any message (for example “ok”) and I will show your confirmation card again.
flow-coin-gone = { $coin } is no longer offered for this exchange. Please pick another coin.
flow-pair-gone = The exchange service no longer offers { $from } → { $to }. Please pick the coins again; your addresses are kept where they still fit.
flow-use-buttons = Please use the buttons above, or type what the step asks for.

# Before the prompt of each step every exchange has (the flow's step table counts them).
flow-step-number = <b>Step { $n } of { $total }.</b>
flow-pick-from = Which coin do you send?
    Tap a coin, or type its ticker or name to search.
flow-pick-to = You send <b>{ $from }</b>. Which coin do you want to get?
    Tap a coin, or type its ticker or name to search.
flow-picked-from = You send: <b>{ $coin }</b>
flow-picked-to = You get: <b>{ $coin }</b>
# The network step: a ticker on several networks (USDT on ERC20, TRC20…).
flow-ticker-button = { $ticker } ▸
flow-network-ask-from = Which network do you send <b>{ $ticker }</b> on?
flow-network-ask-to = On which network do you want to get <b>{ $ticker }</b>?
flow-network-line-min = • <b>{ $network }</b>: minimum { $min } { $ticker }
flow-network-line-fee = • <b>{ $network }</b>: withdrawal fee ≈ { $fee } { $feeCoin }
flow-network-line = • <b>{ $network }</b>
flow-network-warning-from = ⚠️ Send your { $ticker } on this network only: coins sent on another network are lost.
flow-network-warning-to = ⚠️ Your receiving address must be on this network: coins sent to an address on another network are lost.
flow-network-use-buttons = Please tap the network, or type its name (for example TRC20).
flow-search-results = Coins matching “{ $query }”:
flow-search-none = No coin matches “{ $query }”. Try a ticker such as BTC, ETH or USDT.
flow-page = Page { $page } of { $pages }
flow-no-targets = Sorry, { $from } cannot be exchanged for anything right now. Pick another coin.

flow-amount-ask = How much <b>{ $from }</b> do you send?
    The minimum is <b>{ $min } { $from }</b>. Type a number, for example <code>{ $example }</code>.
flow-amount-below-min = The minimum for { $coin } is <b>{ $min } { $coin }</b>. Type a larger amount or use the minimum.
flow-amount-use-min = Use the minimum: { $min } { $coin }
flow-amount-above-max = The maximum for { $coin } is <b>{ $max } { $coin }</b>. Type a smaller amount.
flow-amount-error-empty = Please type an amount, for example <code>0.5</code>.
flow-amount-error-not-a-number = That is not a number. Type the amount with digits, for example <code>0.5</code> or <code>1 000,25</code>.
flow-amount-error-negative = The amount cannot be negative.
flow-amount-error-zero = The amount must be greater than zero.
flow-amount-error-exponent = Please write the amount in full, without exponents such as 1e5.
flow-amount-error-too-many-decimals = That amount has too many decimal places.
flow-amount-error-too-large = That amount is far too large. Please check it.
flow-amount-error-multiple-separators = I could not read that amount: it has more than one decimal separator.
flow-amount-error-other = I could not read that amount. Type it with digits, for example <code>0.5</code>.

flow-quote =
    <b>Quote</b>
    You send: <b>{ $amountFrom } { $from }</b>
    You get: <b>≈ { $amountTo } { $to }</b>
flow-quote-fee = Withdrawal fee (already taken off what you get): ≈ { $fee } { $feeCoin }
flow-quote-floating = The rate floats: the final amount depends on the rate when your deposit is exchanged.
flow-quote-change-hint = Type another amount to change it.
flow-button-continue = Continue ▶
flow-button-change-amount = ✏️ Change the amount

flow-destination-ask = Send the <b>{ $to }</b> address that will receive your coins.
flow-refund-ask = Send your <b>{ $from }</b> refund address: if the exchange cannot be completed, the coins go back there.
flow-address-checking = Checking the address…
flow-address-invalid = ❌ <code>{ $address }</code> is not a valid { $coin } address. Check it and send it again.
flow-address-bad-input = Please send the address as text.
flow-address-accepted = ✅ { $coin } address: <code>{ $address }</code>
flow-tag-ask = Send the <b>{ $tagName }</b> for this { $coin } address.
    ⚠️ It is required: coins sent without the right { $tagName } can be lost. If you send to your own wallet and have no { $tagName }, take it from your wallet or exchange account.
flow-tag-invalid = ❌ That is not a valid { $tagName }: { $reason } Send it again.
flow-tag-reason-empty = it is empty.
flow-tag-reason-too-long = { $unit ->
        [bytes] it is too long: at most { $max } bytes (a Latin letter or a digit takes one byte, other letters two or more).
       *[other] it is too long: at most { $max } characters.
    }
flow-tag-reason-digits = it must be a whole number (digits only).
flow-tag-reason-range = it must be at most { $max }.
flow-tag-reason-spaces = it must not contain spaces or line breaks.
flow-tag-accepted = ✅ { $tagName }: <code>{ $tag }</code>

flow-confirm-card =
    <b>Check your exchange</b>
    You send: <b>{ $amountFrom } { $from }</b>
    You get: <b>≈ { $amountTo } { $to }</b>
flow-confirm-destination = Receiving { $to } address:
    <code>{ $address }</code>
flow-confirm-destination-tag = { $tagName }: <code>{ $tag }</code>
flow-confirm-refund = Refund { $from } address:
    <code>{ $address }</code>
flow-confirm-refund-tag = Refund { $tagName }: <code>{ $tag }</code>
flow-confirm-check = Check every character of the addresses. Coins sent to a wrong address cannot be recovered.
flow-button-confirm = ✅ Confirm
flow-button-edit = ✏️ Edit
flow-edit-which = What do you want to change?
flow-edit-pair = The coins
flow-edit-amount = The amount
flow-edit-destination = The receiving address
flow-edit-refund = The refund address
flow-creating = Creating your exchange…
flow-already-created = This exchange was already created: { $id }.

flow-partner-error = ⚠️ The exchange service is not answering right now. Everything you entered is kept: tap Retry in a moment.
flow-partner-rejected = ⚠️ The exchange service refused this: { $message }
flow-partner-rejected-generic = ⚠️ The exchange service refused this request. Check the amount and addresses, or try again later.

deposit-intro =
    ✅ <b>Exchange created</b>
    Send exactly <b>{ $amount } { $coin }</b> to the address below. You will get ≈ { $amountTo } { $to }.
    Exchange ID: <code>{ $id }</code>
deposit-address-label = Deposit address ({ $coin }):
deposit-tag = ⚠️ <b>{ $tagName }</b>: <code>{ $tag }</code>
    Your deposit MUST include this { $tagName }. Without it your coins can be lost.
deposit-tag-fallback-name = Tag
# Tag names the exchange service gives (its catalog's "tagname"), in the person's language.
tag-name-comment = Comment
tag-name-destination-tag = Destination tag
tag-name-memo = MEMO
deposit-qr-caption = QR code of the { $coin } deposit address
deposit-qr-none = The { $coin } deposit address is too long for a QR code: copy it from the message above.
deposit-outro = I will tell you about every status change. The rate floats until your deposit is exchanged.
flow-create-in-doubt =
    ⚠️ I could not confirm whether your exchange of { $amount } { $from } → { $to } was created: the exchange service's answer was lost. So that you never get two orders, I will not send it again.
    Support has been told and will check with the service. Do not send any coins until you have deposit instructions; /history shows them as soon as the exchange is confirmed.

## rates (inline mode, /rate, exchange deep links)

rates-button-exchange = 🔁 Exchange { $from } → { $to }
rates-quote-title = { $amountFrom } { $from } → ≈ { $amountTo } { $to }
rates-quote-description-fee = Withdrawal fee ≈ { $fee } { $feeCoin } (included) · the rate floats
rates-quote-description = The rate floats
rates-list-heading-amount = <b>{ $amountFrom } { $from }</b> gets you:
rates-list-heading-min = <b>{ $from }</b> at its minimum of { $min } { $from } gets you:
rates-list-line = ≈ <b>{ $amountTo } { $to }</b>
rates-list-footer = After the withdrawal fee; the rate floats. Tap a coin to exchange.
rates-help-title = Type an amount and two coins
rates-help-description = For example: 0.1 btc eth · 100 usdttrc20 · btc
rates-help-text =
    <b>Quotes anywhere</b>
    Type an amount and two coins, in either order:
    <code>0.1 btc eth</code> · <code>btc eth 0.1</code> · <code>0.1 btc to eth</code>
    An amount and one coin shows a few popular targets: <code>100 usdttrc20</code>
    One coin shows what it pairs with, at its minimum: <code>btc</code>
    In any chat, type my username and the question; here, use /rate.
rates-invalid-title = I could not read that
rates-invalid-bad-amount = The amount is not a number I can read. Write it like 0.1 or 1 000,5.
rates-invalid-multiple-amounts = There is more than one amount. Give one amount and two coins.
rates-invalid-amount-position = Put the amount first or last, not between the coins.
rates-invalid-missing-coin = An amount needs a coin, for example 0.1 btc eth.
rates-invalid-misplaced-connector = “to” goes between the two coins, for example 0.1 btc to eth.
rates-invalid-too-many-words = Too many words. Give an amount and at most two coins.
rates-invalid-same-coin = Both coins are the same. Choose two different coins.
rates-unknown-title = Unknown coin “{ $token }”
rates-unknown-suggest = Did you mean { $suggestions }?
rates-unknown-none = Check the ticker, for example BTC, ETH or LTC.
rates-no-pair-title = { $from } → { $to } is not available
rates-no-pair-targets = { $from } can be exchanged for: { $targets }
rates-no-targets = { $from } cannot be exchanged for anything right now.
rates-below-min-title = The minimum is { $min } { $from }
rates-below-min-description = Ask for at least { $min } { $from } to see a quote.
rates-above-max-title = The maximum is { $max } { $from }
rates-above-max-description = Ask for at most { $max } { $from } to see a quote.
rates-rejected-title = The exchange service refused this quote
rates-rejected-generic = Try another amount or pair.
rates-unavailable-title = Quotes are unavailable right now
rates-unavailable-description = The exchange service is not answering. Please try again in a minute.

## status (order card, status notifications, /status, /history)

status-name-waiting_deposit = Waiting for your deposit
status-name-deposit_received = Deposit received
status-name-exchanging = Exchanging
status-name-sending = Sending your coins
status-name-success = Completed
status-name-time_expired = Expired
status-name-failed = Failed
status-name-sending_failed = Sending failed
status-name-reverted = Refunded
status-card-title = { $icon } <b>Exchange</b> <code>{ $id }</code>
status-card-status = Status: <b>{ $status }</b>
status-card-send = You send: <b>{ $amount } { $coin }</b>
status-card-expected = You get: ≈ <b>{ $amount } { $coin }</b>
status-card-outcome-failed = ❌ Not exchanged. If your deposit arrived, it goes back to your refund address <code>{ $refund }</code>.
status-card-outcome-reverted = ↩️ Refunded: your coins went back to your refund address <code>{ $refund }</code>.
status-card-outcome-time_expired = ⌛ No deposit arrived in time: nothing was exchanged.
status-card-received = Received: <b>{ $amount } { $coin }</b>
status-card-txid = TxID: <code>{ $txId }</code>
status-card-deposit-address = Deposit address: <code>{ $address }</code>
status-card-deposit-tag = ⚠️ Deposit tag: <code>{ $tag }</code> (your deposit MUST include it)
status-card-refresh = 🔄 Refresh
status-notice-deposit = 📥 Your deposit of { $amount } { $coin } for exchange <code>{ $id }</code> has arrived. The exchange is under way.
status-notice-success = ✅ Exchange <code>{ $id }</code> is complete: { $amount } { $coin } sent to your address.
status-notice-failed = ❌ Exchange <code>{ $id }</code> failed. If your deposit arrived, it goes back to your refund address <code>{ $refund }</code>.
status-notice-sending_failed = ⚠️ Sending the coins of exchange <code>{ $id }</code> failed. The service may try again, and I will tell you when it does; otherwise the coins go back to your refund address <code>{ $refund }</code>.
status-notice-reverted = ↩️ Exchange <code>{ $id }</code> was reverted: your coins were returned to your refund address <code>{ $refund }</code>.
status-notice-time_expired = ⌛ Exchange <code>{ $id }</code> expired: no deposit arrived in time. Do not send anything to its deposit address any more; start a new exchange with /exchange. If you did send coins, they go back to your refund address <code>{ $refund }</code>.
status-notice-support = { $contact ->
        [none] Need help? Contact support and quote the exchange ID <code>{ $id }</code>.
       *[other] Need help? Write to { $contact } and quote the exchange ID <code>{ $id }</code>.
    }
status-usage = Send /status with the exchange ID, for example <code>/status 1a2b3c</code>. /history lists your exchanges.
status-not-found = I found no exchange of yours with the ID <code>{ $id }</code>. Check the ID, or see /history.
status-unavailable = ⚠️ The exchange service is not answering right now: this is the last status I know.
status-refreshed = Status updated
status-tracking-stopped = This exchange is no longer checked automatically. Tap Refresh or send /status to check it.
status-unknown-at-service = ❓ The exchange service does not know exchange <code>{ $id }</code>: it answered that it has no such exchange (it did answer; it is not down). Below is the last status I know.
    { $contact ->
        [none] Please contact support and quote the exchange ID <code>{ $id }</code>.
       *[other] Please write to { $contact } and quote the exchange ID <code>{ $id }</code>.
    }
status-unknown-at-service-short = The exchange service does not know this exchange. Please contact support.
status-card-unknown-at-service = ❓ The exchange service does not know this exchange, so it is no longer checked automatically. { $contact ->
        [none] Please contact support and quote the exchange ID.
       *[other] Please write to { $contact } and quote the exchange ID.
    }
history-title = <b>Your exchanges</b>, newest first (page { $page } of { $pages }). Times are UTC. Tap one to open its card.
history-empty = You have no exchanges yet. Send /exchange to start one.
history-item = { $icon } { $amount } { $from } → { $to } · { $date }
history-newer = ◀ Newer
history-older = Older ▶

## admin (support tools: /find, /user, /stats, /broadcast, /maintenance, alerts)

admin-command-find = Support: find exchanges
admin-command-user = Support: a person's summary
admin-command-stats = Support: statistics
admin-command-broadcast = Support: message everyone
admin-command-maintenance = Support: pause new exchanges
admin-none = none
admin-not-found = This exchange is not in the store.
admin-archived = This exchange ended long ago and is archived: its status no longer changes.
admin-button-recheck = 🔄 Re-check now
admin-button-resend = 📨 Resend instructions
admin-button-user = 👤 User
admin-button-open = 🔎 Open
admin-button-exchanges = 🔎 Their exchanges
admin-ex-title = { $icon } <b>Exchange</b> <code>{ $id }</code>
admin-ex-status = Status: <b>{ $status }</b> (<code>{ $raw }</code>)
admin-ex-user = User: { $user }
admin-ex-pair = Sends { $amount } { $from } → quoted { $quoted } { $to }
admin-ex-expected = Service expects: { $amountFrom } { $from } → { $amountTo } { $to }
admin-ex-received = Received: { $amount } { $to }
admin-ex-txid = TxID: <code>{ $txId }</code>
admin-ex-deposit = Deposit: { $address }
admin-ex-destination = Destination: { $address }
admin-ex-refund = Refund: { $address }
admin-ex-created = Created { $at }, updated { $updated }
admin-ex-stopped = ⚠️ No longer polled: { $reason }
admin-ex-history = <b>Status history</b>
admin-find-usage = Send <code>/find</code> with an exchange ID, a user ID, an @username, an address or a tag.
admin-find-none = Nothing matches <code>{ $query }</code>.
admin-find-count = Found { $count }; showing { $shown }.
admin-recheck-done = Live status: { $status }
admin-recheck-failed = The exchange service did not answer; nothing changed.
admin-resend-done = Deposit instructions sent again.
admin-resend-final = This exchange has ended; there is nothing to pay into.
admin-resend-blocked = The person has blocked the bot.
admin-resend-failed = Telegram refused the message.
admin-user-usage = Send <code>/user</code> with a user ID or an @username.
admin-user-none = No person known as <code>{ $query }</code>.
admin-user-title = 👤 { $user }
admin-user-chosen = chosen
admin-user-language = Language: { $language }
admin-user-blocked-yes = Has blocked the bot: yes
admin-user-blocked-no = Has blocked the bot: no
admin-user-seen = First seen { $first }, last seen { $last }
admin-user-exchanges = Exchanges: { $count }
admin-volume-title = Completed volume:
admin-stats-title = 📊 <b>Statistics</b>
admin-stats-users = Users: { $total } (active 24 h: { $active24h }, 7 days: { $active7d }; blocked: { $blocked })
admin-stats-exchanges = Exchanges: { $total } (created 24 h: { $created24h }, 7 days: { $created7d }; completed 24 h: { $completed24h }, 7 days: { $completed7d })
admin-stats-funnel = <b>Funnel</b>
admin-funnel-flow_started = started
admin-funnel-quoted = quoted
admin-funnel-confirmed = confirmed
admin-funnel-deposit_received = deposit
admin-funnel-success = success
admin-stats-health = <b>Partner API, last hour</b>
admin-stats-endpoint = • { $endpoint }: { $requests } requests, { $errors }% errors, p50 { $p50 } ms, p95 { $p95 } ms
admin-stats-poller = Poller: last cycle { $lag } s ago, backoff level { $backoff }, { $open } open exchanges
admin-stats-poller-none = Poller: no cycle yet, { $open } open exchanges
admin-stats-ops = Since start: { $updates } updates ({ $failed } failed), { $telegramErrors } Telegram API errors; outbox: { $backlog } waiting
admin-stats-maintenance = 🛠 Maintenance is ON: new exchanges are paused.
admin-alert-status = 🚨 <b>Alert</b>: an exchange reached { $status } (<code>{ $raw }</code>)
admin-alert-stuck = ⏳ <b>Alert</b>: an exchange has been { $status } since { $since }
admin-alert-create-in-doubt = ❓ <b>Alert</b>: an exchange-create got no answer ({ $reason }, { $at }). An order may exist at the service that the bot does not know; find it there and tell the person.
admin-alert-create-pair = Asked: { $amount } { $from } → { $to }
admin-alert-create-destination = Receiving address: { $address }
admin-alert-create-refund = Refund address: { $address }
admin-alert-flag = 🚩 <b>Alert</b>: the poller stopped tracking an exchange ({ $reason })
admin-alert-unknown-at-service = ❓ <b>Alert</b>: the exchange service says it does not know this exchange (it answered "not found" { $times ->
        [one] once
       *[other] { $times } times in a row
    }; it is not down). The bot stopped tracking it: find the order at the service and tell the person.
admin-alert-partner-down = 🔥 <b>Alert</b>: the exchange service has been failing since { $since }.
admin-alert-partner-up = ✅ The exchange service answers again (failing from { $since } to { $until }).
admin-bc-usage = Send /broadcast followed by the text, e.g. /broadcast We are back online. You will see a preview first.
admin-bc-preview = 📣 <b>Preview</b>: this goes to { $count } people, as plain text:
admin-bc-send = Send to { $count }
admin-bc-drop = Cancel
admin-bc-dropped = Broadcast discarded. Nothing was sent.
admin-bc-not-draft = This broadcast was already sent or discarded.
admin-bc-progress = 📣 Broadcasting: { $done } of { $total } (sent { $sent }, blocked { $blocked }, failed { $failed })
admin-bc-done = 📣 Broadcast finished: sent { $sent }, blocked { $blocked }, failed { $failed } (of { $total }).
admin-bc-cancelled = 📣 Broadcast cancelled: sent { $sent }, blocked { $blocked }, failed { $failed } (of { $total }).
admin-bc-unconfirmed = { $count } not confirmed (interrupted mid-send; not sent again).
admin-bc-cancel = ✖ Cancel broadcast
admin-bc-cancelling = Cancelling after the current message…
admin-bc-not-running = This broadcast is not running.
admin-maint-on = 🛠 Maintenance ON: new exchanges are paused. People see: { $message }
admin-maint-off = ✅ Maintenance OFF: new exchanges are open again.
admin-maint-state-on = 🛠 Maintenance is ON.
admin-maint-state-off = Maintenance is off.
admin-maint-usage = Usage: <code>/maintenance on [message]</code> or <code>/maintenance off</code>

## Prompts owed after a restart (exchange flow, prompts-due.ts)
flow-prompt-due = 🔄 I was restarted before I could ask you the next question. Everything you entered is kept; here it is:

# Safe in groups: support's answers kept private, buttons that act for their owner only, texts cut to fit.
admin-sent-privately = 🔒 Sent to you in a private chat with me.
admin-private-first = 🔒 Support answers go to your private chat with me, and it is not open yet: open it, press Start, then ask again.
admin-private-first-short = Support answers go to your private chat with me: open it and press Start first, then try again.
admin-private-open = Open the private chat
button-not-yours = This button is for the person who asked. Send the command yourself to get your own.
status-inline = Status: { $status }. The full card is in your private chat with me (/status there).
admin-maint-too-long = Maintenance was NOT switched on: the message has { $length } characters, at most { $max } fit. Send it again, shorter.

## Safety against mistakes and floods (issue 23): invisible characters, ambiguous amounts, commands in the flow, per-person limits

flow-tag-reason-invisible = it contains an invisible or direction-changing character ({ $char }, character { $position }), usually carried along by copy and paste. Type it by hand.
flow-address-invisible = ❌ That address contains an invisible or direction-changing character ({ $char }, character { $position }), usually carried along by copy and paste. It would look right and be a different address. Copy it again from your wallet, or type it by hand. Nothing was sent.
flow-amount-ambiguous = <code>{ $typed }</code> can be read two ways. Which amount do you send?
flow-amount-reading = { $amount } { $coin }
flow-amount-error-ambiguous = That amount can be read two ways. Write it without a comma, for example <code>1000</code> or <code>1.5</code>.
rates-invalid-ambiguous-amount = A comma before three digits can mean a thousand or a decimal. Write 1000 or 1.0 instead of 1,000.
flow-still-open = ⏸ Your exchange is still open: answer my last question above, or send /cancel to stop it.
# A short question (a new name, a threshold) asked while an exchange flow is open.
question-in-flow = You are in the middle of an exchange. Finish it, or send /cancel, then try again.
limit-too-fast = ⏳ You are sending messages faster than I can answer them, so I skipped some. Wait a few seconds, then send your last message again.
limit-too-fast-button = ⏳ Too fast: wait a few seconds and press again.
rates-too-fast-title = Too many quotes in a row
rates-too-fast-description = Wait a few seconds and type again: quotes are limited per person so that they stay fast for everyone.

## Fixed rate and "receive exactly" (issue 22; only with PARTNER_FEATURES fixed, receive)

flow-rate-kind-ask =
    <b>Fixed or floating rate?</b>
    🔒 Fixed: you get <b>{ $fixed } { $to }</b>, guaranteed if your deposit arrives in time.
    🌊 Floating: you get <b>≈ { $floating } { $to }</b>; it may change until your deposit is exchanged.
flow-rate-kind-button-fixed = 🔒 Fixed: { $amountTo } { $to }
flow-rate-kind-button-floating = 🌊 Floating: ≈ { $amountTo } { $to }
flow-rate-kind-chosen-fixed = ✅ Fixed rate: you get { $amountTo } { $to } if your deposit arrives in time.
flow-rate-kind-chosen-floating = ✅ Floating rate: you get ≈ { $amountTo } { $to }; it may change until your deposit is exchanged.
flow-rate-kind-no-fixed = The exchange service offers no fixed rate for this right now, so the rate floats: you get ≈ { $amountTo } { $to }; it may change until your deposit is exchanged.
flow-receive-button-receive = 🎯 Enter the { $to } to receive instead
flow-receive-button-send = ✏️ Enter the amount to send instead
flow-receive-ask = How much <b>{ $to }</b> must arrive? Type the exact amount to receive, and I will ask the exchange service how much <b>{ $from }</b> to send.
flow-receive-quote =
    <b>Quote</b>
    You get exactly: <b>{ $amountTo } { $to }</b>
    You send: <b>{ $amount } { $from }</b>
    This is the exchange service's figure now; I ask it again before creating the exchange.
flow-receive-below-min = To receive { $amountTo } { $to } you would send { $amount } { $from }, below the minimum of { $min } { $from }. Type a larger amount to receive.
flow-receive-above-max = To receive { $amountTo } { $to } you would send { $amount } { $from }, above the maximum of { $max } { $from }. Type a smaller amount to receive.
flow-quote-moved = ⚠️ The exchange service's figure changed since you saw it. Here is the new one: confirm again if it suits you.
flow-confirm-card-fixed =
    <b>Check your exchange</b>
    You send: <b>{ $amountFrom } { $from }</b>
    You get: <b>{ $amountTo } { $to }</b> (fixed rate)
flow-confirm-card-exact =
    <b>Check your exchange</b>
    You send: <b>{ $amountFrom } { $from }</b>
    You get exactly: <b>{ $amountTo } { $to }</b>
flow-quote-fixed = The rate is fixed: this amount is guaranteed if your deposit arrives in time. I ask the exchange service again right before creating the exchange.
flow-quote-exact = The amount you get is fixed; the amount to send is the exchange service's figure, asked again right before creating the exchange.
deposit-intro-fixed =
    ✅ <b>Exchange created</b>
    Send exactly <b>{ $amount } { $coin }</b> to the address below. At the fixed rate you get { $amountTo } { $to } if your deposit arrives in time.
    Exchange ID: <code>{ $id }</code>
deposit-intro-exact =
    ✅ <b>Exchange created</b>
    Send exactly <b>{ $amount } { $coin }</b> to the address below, so that exactly { $amountTo } { $to } arrive.
    Exchange ID: <code>{ $id }</code>
deposit-outro-fixed = I will tell you about every status change. The rate is fixed if your deposit arrives in time.
deposit-outro-exact = I will tell you about every status change. Send the amount above exactly and in time.
status-card-expected-fixed = You get: <b>{ $amount } { $coin }</b> (fixed rate)
status-card-expected-exact = You get exactly: <b>{ $amount } { $coin }</b>
rates-receive-title = { $amountFrom } { $from } → exactly { $amountTo } { $to }
rates-receive-description = To receive exactly { $amountTo } { $to }, send { $amountFrom } { $from } (the exchange service's figure now)
rates-receive-help = To receive an exact amount, put “=” before it: <code>btc =100 usdt</code> (what to send of BTC for exactly 100 USDT).

## late deposit and the service's own statuses (issue 22: statuses beyond our contract, payment/emergency)

status-name-new = Order created, waiting for your deposit
status-name-payment_time_expired = Deposit arrived after the order expired
status-name-payment_halted = Payment halted by the service
status-emergency-expired = ⏰ Your deposit arrived after the order had expired: the service holds it.
status-emergency-less = ⚠️ Less than ordered arrived: the service holds the deposit.
status-emergency-other = ⚠️ The service reports a problem with the deposit: { $what }.
late-deposit-offer = { $kind ->
        [LESS] ⚠️ Less than ordered arrived for exchange <code>{ $id }</code>.
       *[other] ⏰ A deposit for exchange <code>{ $id }</code> arrived after the order had expired.
    } The service holds it until you choose what to do:
    • <b>Continue</b>: exchange it at the current rate. What you get may differ from the first quote.
    • <b>Refund</b>: send it back to your refund address <code>{ $refund }</code>, or to another address you give, minus the network fee.
    Your choice is final and is sent to the service once.
late-deposit-no-choice = { $kind ->
        [LESS] ⚠️ Less than ordered arrived for exchange <code>{ $id }</code>.
       *[other] ⏰ A deposit for exchange <code>{ $id }</code> arrived after the order had expired.
    } The service holds it: it is not lost, but it will not be exchanged by itself. { $contact ->
        [none] Please contact support and quote the exchange ID <code>{ $id }</code>: they will have it exchanged or refunded to <code>{ $refund }</code>.
       *[other] Please write to { $contact } and quote the exchange ID <code>{ $id }</code>: they will have it exchanged or refunded to <code>{ $refund }</code>.
    }
late-deposit-button-continue = ▶️ Continue at the current rate
late-deposit-button-refund = ↩️ Refund to my refund address
late-deposit-choice-continue = continue at the current rate
late-deposit-choice-refund = refund to <code>{ $refund }</code>
late-deposit-state-sending = being sent to the service
late-deposit-state-sent = accepted by the service
late-deposit-state-in-doubt = the service did not confirm it; support will check it
late-deposit-card = Your choice for the late deposit: { $choice } ({ $state }).
late-deposit-sent = ✅ Sent to the service: { $choice }. I will tell you when the status changes.
late-deposit-already = You already chose: { $choice } ({ $state }). It is sent only once and cannot be changed here.
late-deposit-refused = The service refused this choice: { $reason }. You can choose again.
late-deposit-in-doubt = ⚠️ The service did not answer in time. Your choice ({ $choice }) is recorded and will never be sent twice; support will confirm it with the service.
late-deposit-not-waiting = This exchange is no longer waiting for a choice. Its card shows where it stands.
late-deposit-unavailable = This choice cannot be made in the bot. Please contact support and quote the exchange ID.
admin-ex-late-deposit = Late deposit: the person chose to { $choice } ({ $state }), { $at }
admin-alert-late-deposit-in-doubt = ⚠️ <b>Alert</b>: a late-deposit choice was sent to the service (payment/emergency) and its answer was lost. It will not be sent again: confirm it with the service.

## late deposit: refund to another address (issue 22 point 4)

late-deposit-button-other = ↩️ Refund to another address
late-other-ask = Send the <b>{ $coin }</b> address the deposit of exchange <code>{ $id }</code> should go back to. It is checked before anything is sent, and you confirm it next. To stop, press Cancel or send /cancel.
late-other-in-flow = You are in the middle of an exchange. Finish it, or send /cancel, then press “Refund to another address” again.
late-other-confirm = Refund the deposit of exchange <code>{ $id }</code> to <code>{ $refund }</code>, minus the network fee? This is final: it is sent to the service once. To give another address, just send it.
late-other-button-confirm = ✅ Confirm
late-other-button-cancel = ✖️ Cancel
late-other-cancelled = Cancelled: nothing was sent. The buttons of the late-deposit message still work.
late-other-closed = This question is closed. The exchange's card shows where it stands.
late-other-check-failed = ⚠️ The exchange service could not check the address right now. Send it again in a moment, or send /cancel.
late-other-retry = Send another address, or /cancel.

## Start again after a create in doubt (issue 22: without the service's history; start-again.ts)

flow-create-in-doubt-start-again =
    ⚠️ I could not confirm whether your exchange of { $amount } { $from } → { $to } was created: the exchange service's answer was lost. So that you never get two orders, I will not send it again.
    Do not pay anything for this first attempt, even if you saw a deposit address for it: if the service made that order, it simply expires unpaid. Support has been told.
    To exchange anyway, press the button below: I will start again with the same details and show you the card with a fresh quote to confirm.
flow-start-again-button = 🔁 Start again with the same details
flow-start-again-started = 🔁 Starting again with the same details: check them before you confirm. Do not pay anything for the first attempt.
flow-start-again-used = This button was already used: a new exchange was started from it. To begin another one, send /exchange.
admin-alert-create-start-again = The person was told not to pay anything for this attempt and offered to start again with the same details (a new order): an order found for this attempt should be left to expire unpaid.
flow-start-again-later = The exchange service is not answering right now, so I cannot start again yet. Please press the button again in a minute.

## one-tap copy and trust (issue 24)

copy-address = 📋 Copy address
copy-tag = 📋 Copy { $tagName }
copy-amount = 📋 Copy amount
copy-exchange-id = 📋 Copy exchange ID
trust-support = 🛡 Support never writes to you first and never asks for funds, private keys or seed phrases: whoever does is not us. { $contact ->
        [none] Reach support only through this bot.
       *[other] Our support: { $contact }.
    }
status-card-txid-link = TxID: <a href="{ $url }">{ $txId }</a>

## Privacy: /privacy and /forget (issue 24)
command-privacy = What is kept about you
command-forget = Delete your data
privacy-title = <b>What I keep about you, and for how long</b>
privacy-deleted-title = <b>Deleted when you send /forget:</b>
privacy-data-profile = • your name, username and Telegram's language, when you first and last wrote to me, and the language you chose: until you send /forget.
privacy-data-flow = • the answers of an exchange you started and have not confirmed (coins, amount, addresses): until you finish or cancel it, or for { $minutes } minutes after your last answer.
privacy-data-addresses = • the addresses you exchanged to and from and their names: until you delete them there or send /forget.
privacy-data-alerts = • your rate alerts (/alert): until one fires, you delete it, 30 days pass, or you send /forget.
privacy-kept-title = <b>Kept even after /forget:</b>
privacy-kept-exchanges = • your exchanges (id, coins, amounts, addresses, transaction ids, status, dates and your Telegram id): support must keep these records by law for { $years ->
    [one] { $years } year
   *[other] { $years } years
}.
privacy-kept-in-progress = • an exchange being created or under way, and the messages I still owe you about it, until it is finished.
privacy-seen-again = If you write to me after /forget, I see your name and language again, as on your first day.
privacy-private-only = For your privacy, send /privacy and /forget in a private chat with me.
forget-ask = <b>Delete your data?</b> This cannot be undone.
forget-button-confirm = 🗑 Delete my data
forget-button-cancel = ✖️ Cancel
forget-done = Done: your data is deleted. Your exchange records stay with support for { $years ->
    [one] { $years } year
   *[other] { $years } years
}, as the law requires.
forget-cancelled = Cancelled: nothing was deleted.

## export (issue 24)

command-export = Your exchanges as a CSV file
help-export = /export sends you every exchange you made as a CSV file (a spreadsheet opens it): date, coins, amounts sent and received, addresses, ids, status and the payout transaction.
export-private-only = The export lists your addresses: send /export in your private chat with the bot.
export-range-refused = /export takes nothing after it: it sends your own exchanges. Send just /export.
export-range-usage = Send /export, or for every exchange of a range of days (UTC, both included, at most { $days } days): <code>/export 2026-11-01 2026-11-30</code>.
export-busy = Your previous export is still being sent. Wait for it to finish, then try again.
export-too-often = You asked for several exports in a short time. Please try again in a few minutes.
export-none = You have no exchanges yet, so there is nothing to export.
export-none-range = No exchange was created from { $from } to { $to }.
export-caption = Exchanges, CSV, file { $part }
export-done = Export done: { $rows ->
        [one] { $rows } exchange
       *[other] { $rows } exchanges
    } in { $files ->
        [one] { $files } file
       *[other] { $files } files
    }.
export-too-large = The export stopped after { $files } files ({ $rows } exchanges): it is too large to send at once. Ask for a shorter range of days.
export-failed = The export could not be sent. Please try again in a moment.

## Rate alerts (issue 24)
command-alert = Rate alerts
rate-alert-button-set = 🔔 Alert me
rate-alert-usage =
    Tell me when a rate is good, for example:
    <code>/alert btc eth &gt;= 20</code>: when 1 BTC buys at least 20 ETH
    <code>/alert btc eth &lt;= 18</code>: when 1 BTC buys at most 18 ETH
    /alert alone lists your alerts.
rate-alert-bad-operator = Say <code>&gt;=</code> (at least) or <code>&lt;=</code> (at most) before the number, for example <code>&gt;= 20</code>.
rate-alert-bad-amount = That threshold is not a number I can use. Send it like <code>&gt;= 20</code> or <code>&lt;= 0.05</code>.
rate-alert-unknown-coin = I do not know the coin «{ $coin }». Check the ticker, or see the coins with /rate.
rate-alert-no-pair = { $from } cannot be exchanged to { $to } here, so I cannot watch that rate.
rate-alert-limit = You already have { $max } alerts, the most one person can keep. Delete one in /alert first.
rate-alert-set-above = 🔔 Alert set: I will tell you once when 1 { $from } buys at least { $threshold } { $to }. Alerts are forgotten after 30 days.
rate-alert-set-below = 🔔 Alert set: I will tell you once when 1 { $from } buys at most { $threshold } { $to }. Alerts are forgotten after 30 days.
rate-alert-ask = 🔔 When should I tell you about { $from } → { $to }? Pick one, or send <code>&gt;= 20</code> for "when 1 { $from } buys at least 20 { $to }", or <code>&lt;= 18</code> for "at most".
rate-alert-none =
    You have no rate alerts.
    Set one like <code>/alert btc eth &gt;= 20</code>, or press 🔔 under a quote from /rate.
rate-alert-list-title = 🔔 Your rate alerts ({ $count } of { $max }):
rate-alert-line-above = 1 { $from } buys at least { $threshold } { $to }
rate-alert-line-below = 1 { $from } buys at most { $threshold } { $to }
rate-alert-button-delete = 🗑 { $n }
rate-alert-deleted = Alert deleted.
rate-alert-gone = That alert is gone already (it fired, expired or was deleted).
rate-alert-fired-above = 🔔 1 { $from } now buys { $price } { $to }: at least { $threshold } { $to }, as you asked. This alert is done.
rate-alert-fired-below = 🔔 1 { $from } now buys { $price } { $to }: at most { $threshold } { $to }, as you asked. This alert is done.
rate-alert-now = 1 { $from } buys ≈ { $price } { $to } now.
rate-alert-ask-in-flow = 🔔 Tell me when, for { $from } → { $to }: pick one, or send <code>/alert { $from } { $to } &gt;= 20</code> with your own number. Your exchange stays open.
rate-alert-question-cancelled = Cancelled: no alert was set.
rate-alert-choice-above = ≥ +{ $percent } %
rate-alert-choice-below = ≤ −{ $percent } %
rate-alert-button-exchange = 🔁 Exchange { $from } → { $to }
admin-stats-rate-alerts = Rate alerts: { $alerts } on { $pairs } pairs; checked every { $intervalSeconds } s, at most { $pairsPerCheck } rate requests per check; since start { $rateCalls } requests, { $fired } fired

## saved addresses (issue 24)

command-addresses = Your saved addresses
help-addresses = /addresses: your saved addresses (rename, delete, or stop saving them)
saved-address-button = { $label } · { $uses ->
    [one] used once
   *[other] used { $uses } times
}
saved-address-offer = Or tap one of your saved addresses below (/addresses manages them).
saved-address-gone = That saved address is no longer in your list. Send an address, or tap another one.
saved-address-refused = ❌ Your saved address <b>{ $label }</b> (<code>{ $address }</code>) is no longer accepted by the exchange service as a { $coin } address. Send another address, or tap another one. You can delete it in /addresses.
addresses-title = <b>Your saved addresses</b> (at most { $max }: a new one then replaces the least used)
addresses-empty = None yet. The addresses of an exchange you create are saved here, and offered as buttons next time for the same coin and network.
addresses-item = { $number }. <b>{ $label }</b> · { $coin } · { $uses ->
    [one] used once
   *[other] used { $uses } times
}
    <code>{ $address }</code>{ $tag }
addresses-item-tag = , tag <code>{ $tag }</code>
addresses-remember-on = Saving is <b>on</b>: the addresses of each exchange you create are saved. Only you see them.
addresses-remember-off = Saving is <b>off</b>: nothing new is saved. The addresses above stay until you delete them.
addresses-button-rename = ✏️ Rename { $number }
addresses-button-delete = 🗑 Delete { $number }
addresses-button-turn-off = Stop saving addresses
addresses-button-turn-on = Save addresses again
addresses-button-cancel = ✖️ Cancel
addresses-turned-off = Saving is off. Saved addresses stay until you delete them.
addresses-turned-on = Saving is on.
addresses-deleted = Deleted.
addresses-gone = That saved address is no longer in your list.
addresses-private-only = Your saved addresses are shown only in a private chat with me: send /addresses there.
addresses-rename-ask = Send a new name for <b>{ $label }</b> (at most { $max } characters). To keep the old one, press Cancel.
addresses-rename-cancelled = The name stays as it was.
addresses-name-invalid = A name needs 1 to { $max } characters. Send another one, or press Cancel.
addresses-name-invisible = ❌ That name contains an invisible or direction-changing character ({ $char }, character { $position }). Send it again without it, or press Cancel.
addresses-renamed = ✅ Renamed: <b>{ $name }</b>
