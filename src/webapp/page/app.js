// The Mini App page: the chat's exchange as a form, step by step, over the bot's questions under
// /app/api/ (src/webapp/api.ts). Plain ES module, no build step. Every word comes from the server
// (the session's `webapp-*` strings, or a refusal's `error`, both plain text) and goes into the
// page with textContent, never as markup; so does everything a person typed or scanned.
//
// Steps: the coin sent (a search over the catalog, the network where a ticker has several), the
// coin received, the amount with a live quote, the receiving address (typed, scanned, or saved),
// its tag where the coin needs one, the refund address, the confirmation, then the deposit view
// with its status kept current until the exchange ends. Telegram's MainButton says Continue or
// Confirm, its BackButton goes one step back; outside a client the page shows buttons of its own.
import { copyToClipboard } from "./clipboard.js";
import { h } from "./element.js";
import { offeredAmount, readScannedText } from "./qr-uri.js";
import * as tg from "./telegram.js";

/** How long typing must pause before the page asks for a quote or searches. */
const TYPING_PAUSE_MS = 400;
/** How often the deposit view asks for the exchange's status (the bot's poller keeps it current). */
const STATUS_EVERY_MS = 4000;

const launch = tg.launchParams();
tg.applyTheme(launch.themeParams);

const state = {
  strings: {},
  draftId: "",
  offers: { fixed: false, receive: false },
  /** The step shown ({ name, ...its parameters }) and the ones before it, for Back. */
  step: null,
  stack: [],
  from: null,
  to: null,
  /** "send": the person types what they send; "receive": what they get, exactly. */
  mode: "send",
  amount: "",
  amountTo: "",
  /** The last quote for what is typed now (the API's answer), or null. */
  quote: null,
  rateKind: "floating",
  /** Whether this draft has shown a quote (the funnel counts the first one). */
  quoted: false,
  destination: "",
  destinationTag: "",
  refund: "",
  refundTag: "",
  /** A scanned payment request's amount, offered to the person: { amount, ticker, applied }. */
  offer: null,
  exchange: null,
  /** What the MainButton does now, or null when it is hidden. */
  main: null,
  busy: false,
  statusTimer: undefined,
};

const $ = (id) => document.getElementById(id);
/** Appends the nodes that are there (a step's optional parts are undefined where they do not apply). */
const put = (parent, ...nodes) => parent.append(...nodes.filter((node) => node !== undefined && node !== null && node !== false));
/** The page's word for `key`, in the person's language. */
const s = (key) => state.strings[key] ?? "";

/**
 * Asks the bot one question with the launch data. Resolves to the answer, or to `{ error }` with
 * the words to show when the request was refused or the bot could not be reached.
 */
async function ask(name, body = {}) {
  let res;
  try {
    res = await fetch(new URL(`api/${name}`, import.meta.url), {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `tma ${launch.initData}` },
      body: JSON.stringify(body),
    });
  } catch {
    return { error: s("webapp-offline") || "⚠️", offline: true };
  }
  const data = await res.json().catch(() => ({}));
  if (res.status === 401) return { error: typeof data.message === "string" ? data.message : "⚠️", unauthorized: true };
  if (typeof data.error === "string") return data;
  return res.ok ? data : { error: s("webapp-offline") || "⚠️" };
}

// --- what the page shows around the steps ---

/** Shows a refusal under the step, with the haptic feedback of an error. */
function showError(text) {
  const box = $("error");
  box.textContent = text;
  box.hidden = false;
  tg.haptic("error");
}

function clearError() {
  $("error").hidden = true;
  $("error").textContent = "";
}

let toastTimer;
/** A short note at the bottom ("Copied"). */
function toast(text) {
  const el = $("toast");
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (el.hidden = true), 1800);
}

/**
 * The MainButton: `text` and what pressing it does, or null to hide it. Inside a client it is
 * Telegram's own button; in a plain tab the page's (#main-fallback).
 */
function setMain(text, action, active = true) {
  state.main = text === null ? null : { text, action, active };
  tg.setMainButton(text, { active, progress: state.busy });
  const fallback = $("main-fallback");
  fallback.hidden = tg.hosted || text === null;
  fallback.textContent = text ?? "";
  fallback.disabled = !active || state.busy;
}

function pressMain() {
  const main = state.main;
  if (main === null || !main.active || state.busy) return;
  void main.action();
}

/** Runs `work` with the MainButton showing progress, one at a time. */
async function busy(work) {
  if (state.busy) return;
  state.busy = true;
  if (state.main) setMain(state.main.text, state.main.action, state.main.active);
  try {
    await work();
  } finally {
    state.busy = false;
    if (state.main) setMain(state.main.text, state.main.action, state.main.active);
  }
}

function setBack(visible) {
  tg.setBackButton(visible);
  $("back-fallback").hidden = tg.hosted || !visible;
}

// --- navigation ---

const RENDERERS = {
  pick: renderPick,
  networks: renderNetworks,
  amount: renderAmount,
  address: renderAddress,
  confirm: renderConfirm,
  deposit: renderDeposit,
};

/** Goes to a step, keeping the current one for Back. */
function go(step) {
  if (state.step !== null) state.stack.push(state.step);
  show(step);
}

function back() {
  const previous = state.stack.pop();
  if (previous === undefined || state.step?.name === "deposit") return;
  show(previous);
}

function show(step) {
  state.step = step;
  clearError();
  clearTimeout(state.statusTimer);
  setBack(state.stack.length > 0 && step.name !== "deposit");
  const view = $("app");
  view.dataset.step = step.name === "address" ? `address-${step.role}` : step.name;
  view.replaceChildren();
  RENDERERS[step.name](view, step);
  window.scrollTo(0, 0);
}

// --- the coins ---

/** A coin's line in a list: its label, and the minimum where the coin is sent. */
function coinButton(coin, onPick, extra) {
  return h(
    "button",
    { type: "button", class: "item", "data-code": coin.code, onclick: onPick },
    h("span", { class: "label" }, coin.label),
    extra ? h("span", { class: "extra" }, extra) : undefined,
  );
}

/** The coin sent (role "from") or received ("to"): a search box over the catalog, popular coins first. */
function renderPick(view, step) {
  const role = step.role;
  const list = h("div", { class: "list", id: "coin-list" });
  const search = h("input", {
    id: "search",
    type: "search",
    placeholder: s("webapp-search"),
    "aria-label": s("webapp-search"),
    autocomplete: "off",
  });
  put(
    view,
    h("h1", {}, s(role === "from" ? "webapp-step-from" : "webapp-step-to")),
    role === "to" ? h("p", { class: "hint" }, `${state.from.label} →`) : undefined,
    search,
    list,
  );
  setMain(null);
  let timer;
  let asked = 0;
  const load = async () => {
    const mine = ++asked;
    const query = search.value.trim();
    const answer = await ask("coins", { role, ...(role === "to" ? { from: state.from.code } : {}), ...(query ? { query } : {}) });
    if (mine !== asked || state.step !== step) return;
    if (answer.error) return showError(answer.error);
    clearError();
    list.replaceChildren(
      ...(answer.items.length === 0
        ? [h("p", { class: "hint" }, s("webapp-no-match"))]
        : answer.items.map((item) =>
            item.kind === "ticker"
              ? h(
                  "button",
                  {
                    type: "button",
                    class: "item",
                    "data-ticker": item.ticker,
                    onclick: () => go({ name: "networks", role, ticker: item.ticker }),
                  },
                  h("span", { class: "label" }, item.ticker),
                  h("span", { class: "extra" }, `${s("webapp-networks")}: ${item.networks} ›`),
                )
              : coinButton(item, () => choose(role, item), role === "from" ? `${s("webapp-min")} ${item.min}` : undefined),
          )),
    );
  };
  search.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(load, TYPING_PAUSE_MS);
  });
  void load();
}

/** A ticker's networks: the minimum of each (sent) or its fee (received), and the warning. */
function renderNetworks(view, step) {
  const list = h("div", { class: "list", id: "network-list" });
  const warning = h("p", { class: "warning" });
  put(view, h("h1", {}, `${step.ticker}: ${s("webapp-choose-network")}`), warning, list);
  setMain(null);
  void ask("networks", { role: step.role, ticker: step.ticker, ...(step.role === "to" ? { from: state.from.code } : {}) }).then(
    (answer) => {
      if (state.step !== step) return;
      if (answer.error) return showError(answer.error);
      warning.textContent = answer.warning;
      list.replaceChildren(
        ...answer.choices.map((choice) =>
          h(
            "button",
            { type: "button", class: "item", "data-code": choice.code, onclick: () => choose(step.role, choice.coin) },
            h("span", { class: "label" }, choice.network),
            h(
              "span",
              { class: "extra" },
              choice.min !== undefined
                ? `${s("webapp-min")} ${choice.min}`
                : choice.fee !== undefined
                  ? `${s("webapp-fee")} ${choice.fee} ${choice.feeCoin ?? ""}`
                  : "",
            ),
          ),
        ),
      );
    },
  );
}

/** A coin chosen: the sent one leads to the received one, that to the amount. */
function choose(role, coin) {
  if (role === "from") {
    state.from = coin;
    state.to = null;
    state.quote = null;
    state.refund = "";
    state.refundTag = "";
    go({ name: "pick", role: "to" });
  } else {
    state.to = coin;
    state.quote = null;
    state.destination = "";
    state.destinationTag = "";
    state.offer = null;
    go({ name: "amount" });
  }
}

// --- the amount and its quote ---

/** A coin code as the page names it: the pair's label where it is one of the pair's coins. */
function coinName(code) {
  if (code === state.to?.code) return state.to.label;
  if (code === state.from?.code) return state.from.label;
  return code;
}

/** The figures the person would confirm now: the chosen rate's, or the exact quote's. */
function chosenFigures() {
  const q = state.quote;
  if (q === null) return null;
  if (q.kind === "exact") return q;
  return state.rateKind === "fixed" && q.fixed ? q.fixed : q;
}

/** The amount typed and a live quote under it (both rates where fixed is offered, or "receive exactly"). */
function renderAmount(view, step) {
  const input = h("input", {
    id: "amount",
    inputmode: "decimal",
    autocomplete: "off",
    "aria-label": s("webapp-amount"),
  });
  const quoteBox = h("div", { class: "quote", id: "quote", "aria-live": "polite" });
  const modes = state.offers.receive
    ? h(
        "div",
        { class: "segmented", role: "group" },
        ["send", "receive"].map((mode) =>
          h(
            "button",
            {
              type: "button",
              "data-mode": mode,
              "aria-pressed": String(state.mode === mode),
              onclick: () => {
                if (state.mode === mode) return;
                state.mode = mode;
                state.quote = null;
                show(step);
              },
            },
            s(mode === "send" ? "webapp-mode-send" : "webapp-mode-receive"),
          ),
        ),
      )
    : undefined;
  const coin = state.mode === "send" ? state.from : state.to;
  input.value = state.mode === "send" ? state.amount : state.amountTo;
  input.placeholder = state.mode === "send" ? `${s("webapp-min")} ${state.from.min}` : "0";
  put(
    view,
    h("h1", {}, s("webapp-step-amount")),
    h("p", { class: "pair" }, `${state.from.label} → ${state.to.label}`),
    modes,
    h(
      "label",
      { class: "field" },
      h("span", {}, s(state.mode === "send" ? "webapp-you-send" : "webapp-you-get")),
      h("span", { class: "with-unit" }, input, h("span", { class: "unit" }, coin.label)),
    ),
    quoteBox,
  );

  const renderQuote = () => {
    const q = state.quote;
    quoteBox.replaceChildren();
    if (q === null) return;
    if (q.kind === "exact") {
      quoteBox.append(h("div", { class: "figure", "data-kind": "exact" }, `${s("webapp-you-send")} ≈ ${q.amountFrom} ${state.from.label}`));
      return;
    }
    const option = (kind, figures, note) =>
      h(
        "button",
        {
          type: "button",
          class: "rate",
          "data-rate": kind,
          "aria-pressed": String(state.rateKind === kind),
          onclick: () => {
            state.rateKind = kind;
            renderQuote();
          },
        },
        h("span", { class: "figure" }, `${s("webapp-you-get")} ${kind === "floating" ? "≈ " : ""}${figures.amountTo} ${state.to.label}`),
        h("span", { class: "note" }, `${s(kind === "fixed" ? "webapp-rate-fixed" : "webapp-rate-floating")}: ${note}`),
        figures.fee ? h("span", { class: "note" }, `${s("webapp-fee")} ${figures.fee.amount} ${coinName(figures.fee.coin)}`) : undefined,
      );
    if (q.fixed === undefined) state.rateKind = "floating";
    quoteBox.append(option("floating", q, s("webapp-rate-floating-note")));
    if (q.fixed) quoteBox.append(option("fixed", q.fixed, s("webapp-rate-fixed-note")));
  };

  const update = () => setMain(s("webapp-continue"), () => go({ name: "address", role: "destination" }), state.quote !== null);
  let timer;
  let asked = 0;
  const requote = async () => {
    const mine = ++asked;
    const typed = input.value.trim();
    if (typed === "") {
      quoteBox.replaceChildren();
      clearError();
      return;
    }
    quoteBox.replaceChildren(h("p", { class: "hint" }, s("webapp-quoting")));
    const body = { from: state.from.code, to: state.to.code, quoted: state.quoted };
    const answer = await ask("quote", state.mode === "send" ? { ...body, amount: typed } : { ...body, amountTo: typed });
    if (mine !== asked || state.step !== step) return;
    quoteBox.replaceChildren();
    if (answer.readings) {
      // "1,000": a thousand, or one? The person says which.
      quoteBox.append(
        h("p", { class: "hint" }, s("webapp-which-amount")),
        h(
          "div",
          { class: "readings" },
          answer.readings.map((reading) =>
            h(
              "button",
              {
                type: "button",
                onclick: () => {
                  input.value = reading;
                  void requote();
                },
              },
              reading,
            ),
          ),
        ),
      );
      return;
    }
    if (answer.error) {
      showError(answer.error);
      return;
    }
    clearError();
    state.quoted = true;
    state.quote = answer;
    if (state.mode === "send") state.amount = answer.amountFrom;
    else state.amountTo = answer.amountTo;
    renderQuote();
    update();
  };
  input.addEventListener("input", () => {
    state.quote = null;
    update();
    clearTimeout(timer);
    timer = setTimeout(requote, TYPING_PAUSE_MS);
  });
  update();
  if (input.value !== "") void requote();
  else renderQuote();
}

// --- the addresses ---

/** The receiving address (role "destination", of the coin received) or the refund one ("refund", of the coin sent). */
function renderAddress(view, step) {
  const role = step.role;
  const coin = role === "destination" ? state.to : state.from;
  const address = h("textarea", {
    id: "address",
    rows: "3",
    autocomplete: "off",
    autocapitalize: "off",
    spellcheck: "false",
    placeholder: s("webapp-address-placeholder"),
    "aria-label": s(role === "destination" ? "webapp-step-destination" : "webapp-step-refund"),
  });
  address.value = role === "destination" ? state.destination : state.refund;
  const tag = coin.tagName ? h("input", { id: "tag", autocomplete: "off", "aria-label": coin.tagName }) : undefined;
  if (tag) tag.value = role === "destination" ? state.destinationTag : state.refundTag;
  const saved = h("div", { class: "saved", id: "saved" });
  const offerBox = h("div", { class: "offer", id: "offer", hidden: true });
  const remember = () => {
    if (role === "destination") {
      state.destination = address.value;
      state.destinationTag = tag?.value ?? "";
    } else {
      state.refund = address.value;
      state.refundTag = tag?.value ?? "";
    }
  };
  address.addEventListener("input", () => {
    clearError();
    remember();
  });
  tag?.addEventListener("input", remember);

  put(
    view,
    h("h1", {}, s(role === "destination" ? "webapp-step-destination" : "webapp-step-refund")),
    h("p", { class: "pair" }, coin.label),
    role === "refund" ? h("p", { class: "hint" }, s("webapp-refund-note")) : undefined,
    address,
    h("button", { type: "button", class: "scan", id: "scan", onclick: () => scan(role) }, s("webapp-scan")),
    tag ? h("label", { class: "field" }, h("span", {}, coin.tagName), tag) : undefined,
    offerBox,
    saved,
  );

  const renderOffer = () => {
    const offer = role === "destination" ? state.offer : null;
    offerBox.hidden = offer === null;
    if (offer === null) return;
    offerBox.replaceChildren(h("p", {}, `${s("webapp-request-amount")} ${offer.amount} ${offer.ticker}`));
    if (offer.applied) offerBox.append(h("p", { class: "applied" }, s("webapp-request-applied")));
    else if (state.offers.receive)
      offerBox.append(
        h("button", { type: "button", id: "apply-offer", onclick: () => void applyOffer(renderOffer) }, s("webapp-request-apply")),
      );
    else offerBox.append(h("p", { class: "hint" }, s("webapp-request-no-exact")));
  };
  step.filled = (read) => {
    address.value = read.address;
    if (tag && read.tag !== undefined) tag.value = read.tag;
    remember();
    if (role === "destination") {
      // Only in the coin received: an ethereum:…?value= scanned at a USDT step names ether.
      const amount = offeredAmount(read, state.to.ticker);
      state.offer = amount === undefined ? null : { amount, ticker: state.to.ticker ?? state.to.label, applied: false };
    }
    renderOffer();
  };
  renderOffer();

  void ask("saved", { coin: coin.code }).then((answer) => {
    if (state.step !== step || answer.error || answer.items.length === 0) return;
    saved.replaceChildren(
      h("h2", {}, s("webapp-saved")),
      ...answer.items.map((item) =>
        h(
          "button",
          {
            type: "button",
            class: "item",
            "data-saved": item.id,
            onclick: () => {
              address.value = item.address;
              if (tag && item.tag) tag.value = item.tag;
              remember();
              clearError();
            },
          },
          h("span", { class: "label" }, item.label),
          h("span", { class: "extra" }, `…${item.address.slice(-6)}`),
        ),
      ),
    );
  });

  setMain(s("webapp-continue"), () =>
    busy(async () => {
      remember();
      const checked = await ask("address", { coin: coin.code, address: address.value });
      if (checked.error) return showError(checked.error);
      address.value = checked.address;
      if (tag) {
        const tagged = await ask("tag", { coin: coin.code, tag: tag.value });
        if (tagged.error) return showError(tagged.error);
        tag.value = tagged.tag;
      }
      remember();
      go(role === "destination" ? { name: "address", role: "refund" } : { name: "confirm" });
    }),
  );
}

/** Opens the client's QR scanner for the address step of `role`; its prompt names the coin asked for. */
function scan(role) {
  state.scanning = role;
  const coin = role === "destination" ? state.to : state.from;
  tg.postEvent("web_app_open_scan_qr_popup", { text: `${s("webapp-scan-hint")}: ${coin.label}` });
}

tg.onEvent("qr_text_received", ({ data }) => {
  const step = state.step;
  if (step?.name !== "address" || state.scanning !== step.role) return;
  const read = readScannedText(data);
  if (read === undefined) return showError(s("webapp-scan-unreadable"));
  tg.postEvent("web_app_close_scan_qr_popup");
  state.scanning = undefined;
  clearError();
  step.filled?.(read);
});
tg.onEvent("scan_qr_popup_closed", () => (state.scanning = undefined));

/** A payment request's amount, applied because the person pressed for it: "receive exactly" that much. */
async function applyOffer(rerender) {
  const offer = state.offer;
  if (offer === null) return;
  const answer = await ask("quote", { from: state.from.code, to: state.to.code, amountTo: offer.amount, quoted: state.quoted });
  if (answer.error) return showError(answer.error);
  state.mode = "receive";
  state.amountTo = answer.amountTo;
  state.quote = answer;
  offer.applied = true;
  rerender();
}

// --- the confirmation ---

/** One line of the confirmation: a label and a value the person checks. */
function row(label, value, testId) {
  return h("div", { class: "row" }, h("span", { class: "label" }, label), h("span", { class: "value", "data-testid": testId }, value));
}

function renderConfirm(view, step) {
  const figures = chosenFigures();
  const exact = state.quote.kind === "exact";
  const fixed = !exact && state.rateKind === "fixed" && state.quote.fixed !== undefined;
  put(
    view,
    h("h1", {}, s("webapp-step-confirm")),
    h(
      "div",
      { class: "card" },
      row(s("webapp-you-send"), `${exact ? "≈ " : ""}${figures.amountFrom} ${state.from.label}`, "confirm-send"),
      row(s("webapp-you-get"), `${exact || fixed ? "" : "≈ "}${figures.amountTo} ${state.to.label}`, "confirm-get"),
      exact ? undefined : row(s("webapp-rate"), s(fixed ? "webapp-rate-fixed" : "webapp-rate-floating"), "confirm-rate"),
      row(s("webapp-destination"), state.destination, "confirm-destination"),
      state.to.tagName ? row(state.to.tagName, state.destinationTag, "confirm-destination-tag") : undefined,
      row(s("webapp-refund"), state.refund, "confirm-refund"),
      state.from.tagName ? row(state.from.tagName, state.refundTag, "confirm-refund-tag") : undefined,
    ),
    h("p", { class: "warning" }, s("webapp-confirm-check")),
  );
  setMain(s("webapp-confirm"), () => busy(() => create(step)));
}

/** Confirm: the exchange created once (a second press finds the first), or why not. */
async function create(step) {
  const figures = chosenFigures();
  const exact = state.quote.kind === "exact";
  const body = {
    draftId: state.draftId,
    from: state.from.code,
    to: state.to.code,
    amount: exact ? state.quote.amountFrom : state.amount,
    ...(exact ? { amountTo: state.quote.amountTo } : {}),
    ...(!exact && state.offers.fixed ? { rateKind: state.rateKind === "fixed" && state.quote.fixed ? "fixed" : "floating" } : {}),
    destinationAddress: state.destination,
    destinationTag: state.destinationTag,
    refundAddress: state.refund,
    refundTag: state.refundTag,
    shown: { amountFrom: figures.amountFrom, amountTo: figures.amountTo },
  };
  const answer = await ask("create", body);
  if (state.step !== step) return;
  if (answer.moved) {
    // The figure changed since it was shown: the new one, to confirm again.
    const moved = { amountFrom: answer.moved.amountFrom, amountTo: answer.moved.amountTo, fee: answer.moved.fee };
    if (answer.moved.kind === "exact") state.quote = { ...state.quote, ...moved };
    else if (answer.moved.kind === "fixed") state.quote = { ...state.quote, fixed: moved };
    else state.quote = { ...state.quote, ...moved };
    show(step);
    showError(answer.error);
    return;
  }
  if (answer.error) return showError(answer.error);
  state.exchange = answer.exchange;
  state.stack = [];
  tg.haptic("success");
  go({ name: "deposit" });
}

// --- the deposit ---

/** A value with its Copy button. */
function copyRow(label, value, testId, copied = value) {
  return h(
    "div",
    { class: "row copy" },
    h("span", { class: "label" }, label),
    h("span", { class: "value", "data-testid": testId }, value),
    h("button", { type: "button", class: "copy-button", "data-copy": testId, onclick: () => void copy(copied) }, s("webapp-copy")),
  );
}

/** The deposit view: the QR code, the amount and the address to copy, and the status kept current. */
function renderDeposit(view, step) {
  const x = state.exchange;
  const status = h("p", { class: "status", id: "status", "data-status": x.status, "aria-live": "polite" }, x.statusText);
  put(
    view,
    h("h1", {}, s("webapp-step-deposit")),
    x.depositQr
      ? h("img", { class: "qr", id: "deposit-qr", src: x.depositQr, alt: x.depositAddress, width: "220", height: "220" })
      : undefined,
    h(
      "div",
      { class: "card" },
      // The amount alone is copied: a wallet's amount field takes a number, not "0.1 BTC".
      copyRow(s("webapp-deposit-amount"), `${x.amountFrom} ${x.from}`, "deposit-amount", x.amountFrom),
      copyRow(s("webapp-deposit-address"), x.depositAddress, "deposit-address"),
      x.depositTag ? copyRow(state.from?.tagName || s("webapp-deposit-tag"), x.depositTag, "deposit-tag") : undefined,
      x.amountTo ? row(s("webapp-you-get"), `≈ ${x.amountTo} ${x.to}`, "deposit-get") : undefined,
      row(s("webapp-exchange-id"), x.id, "deposit-id"),
    ),
    h("div", { class: "row" }, h("span", { class: "label" }, s("webapp-status")), status),
    h("p", { class: "hint" }, s("webapp-chat-note")),
  );
  setMain(null);
  const poll = async () => {
    if (state.step !== step || state.exchange.final) return;
    const answer = await ask("status", { id: x.id });
    if (state.step !== step) return;
    if (!answer.error) {
      state.exchange = { ...state.exchange, ...answer.exchange, depositQr: state.exchange.depositQr };
      status.textContent = answer.exchange.statusText;
      status.dataset.status = answer.exchange.status;
      if (answer.exchange.final) return;
    }
    state.statusTimer = setTimeout(poll, STATUS_EVERY_MS);
  };
  state.statusTimer = setTimeout(poll, STATUS_EVERY_MS);
}

/** Puts `text` on the clipboard (clipboard.js) and says whether it did, with the haptic feedback of a choice. */
async function copy(text) {
  const done = await copyToClipboard(text);
  if (done) {
    toast(s("webapp-copied"));
    tg.postEvent("web_app_trigger_haptic_feedback", { type: "selection_change" });
  } else showError(s("webapp-copy-failed"));
}

// --- start ---

/** A link's pair (and amount), where the coins are still offered: straight to the amount. */
async function prefill(link) {
  const from = await ask("coin", { role: "from", code: link.from });
  if (from.error) return showError(from.error);
  const to = await ask("coin", { role: "to", from: from.coin.code, code: link.to });
  if (to.error) {
    state.from = from.coin;
    state.stack = [{ name: "pick", role: "from" }];
    show({ name: "pick", role: "to" });
    return showError(to.error);
  }
  state.from = from.coin;
  state.to = to.coin;
  if (link.amount) state.amount = link.amount;
  state.stack = [
    { name: "pick", role: "from" },
    { name: "pick", role: "to" },
  ];
  show({ name: "amount" });
}

async function main() {
  tg.onEvent("main_button_pressed", pressMain);
  tg.onEvent("back_button_pressed", back);
  tg.onEvent("theme_changed", ({ theme_params: theme }) => tg.applyTheme(theme));
  $("main-fallback").addEventListener("click", pressMain);
  $("back-fallback").addEventListener("click", back);
  tg.postEvent("web_app_ready");
  tg.postEvent("web_app_expand");

  const session = await ask("session");
  if (session.error) {
    $("app").replaceChildren(h("p", { class: "refused", id: "refused" }, session.error));
    tg.haptic("error");
    document.body.dataset.ready = "refused";
    return;
  }
  state.strings = session.strings;
  state.draftId = session.draftId;
  state.offers = session.offers;
  document.documentElement.lang = session.lang;
  document.title = s("webapp-title");
  $("title").textContent = s("webapp-title");
  // Inside a client its own header names the app already.
  $("title").hidden = tg.hosted;
  $("back-fallback").setAttribute("aria-label", s("webapp-back"));
  if (session.paused) {
    $("app").replaceChildren(h("p", { class: "refused" }, session.paused));
    document.body.dataset.ready = "paused";
    return;
  }
  if (session.prefill) await prefill(session.prefill);
  else show({ name: "pick", role: "from" });
  document.body.dataset.ready = "true";
}

void main();
