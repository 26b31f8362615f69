// The playground page: a small Telegram client over the playground's control API.
// Plain ES module, no build step. Every text from the bot or a person is put into the page with
// textContent / createTextNode (never innerHTML): messages arrive as plain text + entities.

import { copyToClipboard } from "./clipboard.js";
import { h } from "./element.js";
import { mountMiniAppHost, openMiniApp } from "./mini-app-host.js";

const API = "/playground/api";

const state = {
  bot: { username: "bot", name: "Bot" },
  people: [],
  languages: [],
  failures: [],
  userId: 1001,
  /** message id → { el, sig }: unchanged messages keep their element (and their loaded image). */
  rendered: new Map(),
  lastToastId: undefined,
  inlineQuery: "",
  refreshing: false,
  dirty: false,
  /** Whether the chat follows new messages (true until the person scrolls up). */
  stick: true,
  /** Where the page itself last scrolled the chat to: a scroll above it is the person's. */
  autoScrollTop: 0,
};

/**
 * Keeps the chat at its newest message whenever something changes its size: a message that
 * arrives or is edited, an image (the QR code) that loads after it arrived, the inline results
 * opening, the window being resized. Each message element is observed, and the chat itself.
 */
const resized = new ResizeObserver(() => followBottom());

const $ = (id) => document.getElementById(id);

async function api(path, body) {
  const init = body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const res = await fetch(`${API}/${path}`, init);
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(data.error ?? `HTTP ${res.status}`);
  return data;
}

/** Only web and Telegram links become clickable: a javascript: URL from anywhere stays text. */
function safeUrl(url) {
  try {
    const u = new URL(url);
    return ["http:", "https:", "tg:", "mailto:"].includes(u.protocol) ? u.href : undefined;
  } catch {
    return undefined;
  }
}

/** A t.me link to this bot with a start payload: a Telegram client sends "/start payload" instead of leaving. */
function deepLinkPayload(url) {
  try {
    const u = new URL(url);
    if (u.hostname !== "t.me" || u.pathname.slice(1).toLowerCase() !== state.bot.username.toLowerCase()) return undefined;
    return u.searchParams.get("start") ?? "";
  } catch {
    return undefined;
  }
}

const ENTITY_TAGS = {
  bold: "b",
  italic: "i",
  underline: "u",
  strikethrough: "s",
  code: "code",
  pre: "pre",
  blockquote: "blockquote",
  expandable_blockquote: "blockquote",
};

/** Wraps `node` in the element an entity stands for. */
function wrap(node, entity, text) {
  if (entity.type === "bot_command") {
    // As in Telegram: a command in the bot's text is a link that sends it ("/history@bot" as shown).
    const command = text.slice(entity.offset, entity.offset + entity.length);
    return h(
      "a",
      {
        href: "#",
        class: "command",
        "data-command": command,
        onclick: (e) => {
          e.preventDefault();
          void act("send", { text: command });
        },
      },
      node,
    );
  }
  if (entity.type === "text_link" || entity.type === "url" || entity.type === "email") {
    const shown = text.slice(entity.offset, entity.offset + entity.length);
    // Telegram finds links written without a scheme ("t.me/bot") and e-mail addresses by itself.
    const target =
      entity.type === "text_link"
        ? entity.url
        : entity.type === "email"
          ? `mailto:${shown}`
          : /^[a-z][a-z0-9+.-]*:/i.test(shown)
            ? shown
            : `https://${shown}`;
    const href = safeUrl(target);
    if (href === undefined) return node;
    return linkTo(href, node);
  }
  if (entity.type === "spoiler") {
    const el = h("span", { class: "spoiler", onclick: () => el.classList.add("shown") }, node);
    return el;
  }
  const tag = ENTITY_TAGS[entity.type];
  return tag === undefined ? node : h(tag, {}, node);
}

function linkTo(href, content) {
  const payload = deepLinkPayload(href);
  if (payload !== undefined) {
    return h(
      "a",
      {
        href,
        onclick: (e) => {
          e.preventDefault();
          void act("send", { text: payload ? `/start ${payload}` : "/start" });
        },
      },
      content,
    );
  }
  return h("a", { href, target: "_blank", rel: "noopener noreferrer" }, content);
}

/** Text + entities (UTF-16 offsets, as JS strings count) → DOM, nesting entities that cover each piece. */
function formatted(text, entities) {
  const cuts = new Set([0, text.length]);
  for (const e of entities) {
    cuts.add(e.offset);
    cuts.add(e.offset + e.length);
  }
  const points = [...cuts].filter((p) => p >= 0 && p <= text.length).sort((a, b) => a - b);
  const out = document.createDocumentFragment();
  for (let i = 0; i < points.length - 1; i++) {
    const [a, b] = [points[i], points[i + 1]];
    let node = document.createTextNode(text.slice(a, b));
    // Innermost first: the shortest covering entity wraps the text, the longest wraps last.
    const covering = entities.filter((e) => e.offset <= a && e.offset + e.length >= b).sort((x, y) => x.length - y.length);
    for (const e of covering) node = wrap(node, e, text);
    out.append(node);
  }
  return out;
}

function keyboard(message) {
  if (message.buttons.length === 0) return undefined;
  return h(
    "div",
    { class: "keyboard" },
    message.buttons.map((row) =>
      h(
        "div",
        { class: "row" },
        row.map((b) => {
          if (b.kind === "callback") {
            return h(
              "button",
              { type: "button", class: "kb", "data-data": b.data, onclick: () => act("press", { message_id: message.id, data: b.data }) },
              b.text,
            );
          }
          if (b.kind === "url") {
            const href = safeUrl(b.url);
            return href === undefined ? h("button", { type: "button", disabled: true }, b.text) : linkTo(href, b.text);
          }
          if (b.kind === "inline") {
            return h("button", { type: "button", class: "kb", onclick: () => startInline(b.query ?? "") }, b.text);
          }
          if (b.kind === "copy") {
            // As in Telegram: the text goes to the clipboard and the bot hears nothing.
            return h(
              "button",
              { type: "button", class: "kb", "data-copy": b.copy, title: b.copy, onclick: () => copyText(b.copy) },
              b.text,
            );
          }
          if (b.kind === "web_app") {
            // As in Telegram: the bot's Mini App opens over the chat (mini-app-host.js).
            const open = () => openMiniApp(b.url, state.userId, b.text).catch((err) => showToast(err.message, true, 3000));
            return h("button", { type: "button", class: "kb", "data-web-app": b.url, onclick: open }, b.text);
          }
          return h("button", { type: "button", disabled: true, title: "not supported in the playground" }, b.text);
        }),
      ),
    ),
  );
}

/** "12.3 KB" */
function formatBytes(n) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

function messageElement(m) {
  const time = new Date(m.date * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  const bubble = h(
    "div",
    { class: "bubble" },
    m.via ? h("span", { class: "via" }, `via ${m.via}`) : undefined,
    m.photo ? h("img", { class: "photo", src: m.photo, alt: "photo", onload: followBottom }) : undefined,
    m.document
      ? h(
          "a",
          { class: "document", href: m.document.url, download: m.document.name, "data-testid": "document" },
          `📄 ${m.document.name} · ${formatBytes(m.document.size)}`,
        )
      : undefined,
    formatted(m.text, m.entities),
    h("span", { class: "meta" }, m.edited ? `edited ${time}` : time),
  );
  const mine = !m.fromBot && !m.via;
  return h("div", { class: mine ? "msg me" : "msg bot", "data-id": m.id, "data-testid": "message" }, bubble, keyboard(m));
}

function renderMessages(messages) {
  const box = $("messages");
  // An empty chat says how to begin, and that messages do not outlive the playground.
  $("chat-empty").hidden = messages.length > 0;
  const seen = new Set();
  let previous = null;
  for (const m of messages) {
    seen.add(m.id);
    const sig = JSON.stringify(m);
    let entry = state.rendered.get(m.id);
    if (entry === undefined || entry.sig !== sig) {
      // An edited message is replaced in place, where it was.
      const el = messageElement(m);
      if (entry !== undefined) {
        resized.unobserve(entry.el);
        entry.el.replaceWith(el);
      }
      resized.observe(el);
      entry = { el, sig };
      state.rendered.set(m.id, entry);
    }
    const wanted = previous === null ? box.firstChild : previous.nextSibling;
    if (wanted !== entry.el) box.insertBefore(entry.el, wanted);
    previous = entry.el;
  }
  for (const [id, entry] of state.rendered) {
    if (!seen.has(id)) {
      resized.unobserve(entry.el);
      entry.el.remove();
      state.rendered.delete(id);
    }
  }
  followBottom();
}

/** Keeps the newest message in view unless the person scrolled up to read older ones. */
function followBottom() {
  if (!state.stick) return;
  const box = $("messages");
  box.scrollTop = box.scrollHeight;
  state.autoScrollTop = box.scrollTop;
}

/**
 * After any scroll of the chat: at the bottom, follow again; moved above where the page put it,
 * the person scrolled up on purpose, so stop following. Otherwise the chat grew below since the
 * page scrolled (an image loaded before this event came): still following, so catch up. Deciding
 * from the distance to the bottom alone took that growth for the person scrolling away.
 */
function onChatScroll() {
  const box = $("messages");
  if (box.scrollHeight - box.scrollTop - box.clientHeight < 40) state.stick = true;
  else if (box.scrollTop < state.autoScrollTop - 1) state.stick = false;
  followBottom();
}

function renderCommands(commands) {
  $("commands").replaceChildren(
    ...commands.map((c) =>
      h(
        "button",
        { type: "button", title: c.description, "data-command": c.command, onclick: () => act("send", { text: `/${c.command}` }) },
        `/${c.command}`,
      ),
    ),
  );
}

function renderInline(inline) {
  const box = $("inline-results");
  if (!inline || state.inlineQuery.trim() === "" || inline.query !== state.inlineQuery) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.hidden = false;
  box.replaceChildren(
    ...(inline.results.length === 0
      ? [h("div", { class: "hint" }, "No results")]
      : inline.results.map((r) =>
          h(
            "button",
            { type: "button", class: "inline-result", "data-result": r.id, onclick: () => chooseInline(r.id) },
            h("strong", {}, r.title),
            r.description ? h("span", { class: "desc" }, r.description) : undefined,
          ),
        )),
  );
}

let toastTimer;
/** Shows `text` in the toast for `ms` (the page's own notes: an error, "Copied"). */
function showToast(text, alert, ms) {
  const el = $("toast");
  el.textContent = text;
  el.className = alert ? "toast alert" : "toast";
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (el.hidden = true), ms);
}

/** A copy button: the text goes to the clipboard (clipboard.js), and the page says whether it did. */
async function copyText(text) {
  const copied = await copyToClipboard(text);
  showToast(copied ? "Copied" : "Could not copy: select the text in the message instead", !copied, 2000);
}

function renderToast(toast) {
  if (!toast || toast.id === state.lastToastId) return;
  const first = state.lastToastId === undefined && state.toastPrimed !== true;
  state.lastToastId = toast.id;
  if (first) return; // an old toast from before the page loaded
  const el = $("toast");
  el.textContent = toast.text;
  el.className = toast.alert ? "toast alert" : "toast";
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (el.hidden = true), toast.alert ? 4000 : 2000);
}

const STATUS_CLASS = { success: "success", failed: "bad", sending_failed: "bad", reverted: "bad", time_expired: "bad" };

function renderOrders(orders) {
  const box = $("orders");
  if (orders.length === 0) {
    box.replaceChildren(h("p", { class: "empty" }, "No orders yet. Start an exchange in the chat."));
    return;
  }
  box.replaceChildren(
    ...orders.map((o) => {
      const select = h(
        "select",
        { "aria-label": "Failure status", disabled: o.final },
        state.failures.map((f) => h("option", { value: f }, f)),
      );
      return h(
        "div",
        { class: "order", "data-order": o.id, "data-status": o.status },
        h(
          "div",
          { class: "head" },
          h("span", { class: "id" }, o.id),
          h("span", { class: `status ${STATUS_CLASS[o.status] ?? ""}` }, o.status),
        ),
        h("div", {}, `${o.amountFrom} ${o.from} → ≈${o.expectedAmountTo} ${o.to}`, o.owner ? ` · ${o.owner}` : ""),
        h("div", { class: "path" }, o.history.join(" → ")),
        h(
          "div",
          { class: "actions" },
          h(
            "button",
            {
              type: "button",
              class: "advance",
              disabled: o.final,
              onclick: () => act(`orders/${encodeURIComponent(o.id)}/advance`, {}, false),
            },
            "Next status →",
          ),
          select,
          h(
            "button",
            {
              type: "button",
              class: "fail",
              disabled: o.final,
              onclick: () => act(`orders/${encodeURIComponent(o.id)}/fail`, { status: select.value }, false),
            },
            "Fail",
          ),
          h(
            "button",
            {
              type: "button",
              class: "late",
              disabled: o.status !== "waiting_deposit" && o.status !== "time_expired",
              title: "The deposit arrives after the order expired: payment_time_expired, emergency EXPIRED",
              onclick: () => act(`orders/${encodeURIComponent(o.id)}/late`, {}, false),
            },
            "Late deposit",
          ),
        ),
      );
    }),
  );
}

/** What each capability switch is about, in the panel's words. */
const FEATURE_LABELS = {
  fixed: "Fixed rate (rate / exchange-create with fix)",
  receive: "Receive exactly (payment/rate, payment/exchange-create)",
  emergency: "Late-deposit choice (payment/emergency)",
  "batch-status": "Many statuses at once (exchanges-status)",
  history: "Order history (exchange-history)",
};

/** The capability switches and the market's move; hidden when the playground has none to show. */
function renderFeatures(data) {
  $("capabilities").hidden = data.names.length === 0;
  $("features").replaceChildren(
    ...data.names.map((name) =>
      h(
        "label",
        { class: "feature" },
        h("input", {
          type: "checkbox",
          "data-feature": name,
          checked: data.on.includes(name),
          onchange: (e) => act("features", { name, on: e.target.checked }, false),
        }),
        ` ${FEATURE_LABELS[name] ?? name}`,
      ),
    ),
  );
  const input = $("rates-input");
  if (document.activeElement !== input) input.value = String(data.ratesMovedPercent);
}

function renderSwitches(language) {
  $("people").replaceChildren(
    ...state.people.map((p) =>
      h(
        "button",
        {
          type: "button",
          "data-user": p.id,
          "aria-pressed": String(p.id === state.userId),
          onclick: () => {
            showMenu(false);
            switchPerson(p.id);
          },
        },
        `${p.name} (${p.role})`,
      ),
    ),
  );
  $("languages").replaceChildren(
    ...state.languages.map((l) =>
      h(
        "button",
        {
          type: "button",
          "data-language": l,
          "aria-pressed": String(l === language),
          onclick: () => {
            showMenu(false);
            void act("language", { language: l });
          },
        },
        l.toUpperCase(),
      ),
    ),
  );
}

/** On a narrow window the person and language switches drop down from the menu button (style.css). */
function showMenu(open) {
  document.body.dataset.menu = open ? "open" : "closed";
  $("menu-toggle").setAttribute("aria-expanded", String(open));
}

async function refresh() {
  if (state.refreshing) {
    state.dirty = true;
    return;
  }
  state.refreshing = true;
  try {
    do {
      state.dirty = false;
      const userId = state.userId;
      const [chat, orders, features] = await Promise.all([api(`chat/${userId}`), api("orders"), api("features")]);
      if (userId !== state.userId) continue; // switched meanwhile: the next round reads the right chat
      const me = state.people.find((p) => p.id === userId);
      // The language the bot speaks to this person (a /language choice, else the app's), and the
      // app's own where the two differ.
      const language = chat.user.language.toUpperCase();
      const app = chat.user.appLanguage.toUpperCase();
      $("chat-sub").textContent =
        `you are ${me?.name ?? userId} (${me?.role ?? "user"}), language ${language}${app === language ? "" : ` (app ${app})`}`;
      $("menu-label").textContent = `${me?.name ?? userId} · ${language}`;
      renderSwitches(chat.user.language);
      renderMessages(chat.messages);
      renderCommands(chat.commands);
      renderInline(chat.inline);
      renderToast(chat.toast);
      renderOrders(orders.orders);
      renderFeatures(features);
      state.toastPrimed = true;
    } while (state.dirty);
  } catch (err) {
    console.error("refresh failed", err);
  } finally {
    state.refreshing = false;
  }
}

/** Acts as the current person (or on the sandbox) and refreshes; errors show as a toast. */
async function act(path, body, asPerson = true) {
  try {
    await api(path, asPerson ? { user: state.userId, ...body } : body);
  } catch (err) {
    showToast(err.message, true, 3000);
  }
  void refresh();
}

function switchPerson(id) {
  if (id === state.userId) return;
  state.userId = id;
  for (const entry of state.rendered.values()) {
    resized.unobserve(entry.el);
    entry.el.remove();
  }
  state.rendered.clear();
  state.lastToastId = undefined;
  state.toastPrimed = false;
  state.inlineQuery = "";
  state.stick = true;
  $("inline-input").value = "";
  void refresh();
}

function startInline(query) {
  const input = $("inline-input");
  input.value = query;
  input.focus();
  input.dispatchEvent(new Event("input"));
}

async function chooseInline(resultId) {
  state.inlineQuery = "";
  $("inline-input").value = "";
  await act("choose", { result_id: resultId });
}

let inlineTimer;
function onInlineInput() {
  clearTimeout(inlineTimer);
  // Telegram clients wait for a pause in typing before asking the bot.
  inlineTimer = setTimeout(() => {
    state.inlineQuery = $("inline-input").value;
    if (state.inlineQuery.trim() === "") return renderInline(null);
    void act("inline", { query: state.inlineQuery });
  }, 250);
}

/** The "Sample…" picker: a valid address (or tag) per coin, put into the message box to send. */
function renderSamples(samples) {
  const select = $("samples");
  for (const s of samples) {
    // Named as the bot's coin buttons name it ("USDT · ERC20").
    const coin = s.label;
    select.append(h("option", { value: s.address }, `${coin} address`));
    if (s.tag) select.append(h("option", { value: s.tag.value }, `${coin} ${s.tag.name}`));
  }
  select.addEventListener("change", () => {
    if (select.value === "") return;
    const input = $("text-input");
    input.value = select.value;
    select.value = "";
    input.focus();
  });
}

async function main() {
  const info = await api("people");
  renderSamples((await api("samples")).samples);
  state.bot = info.bot;
  state.people = info.people;
  state.languages = info.languages;
  state.failures = info.failures;
  state.userId = info.people[0]?.id ?? state.userId;
  $("bot-name").textContent = info.bot.name;
  $("inline-at").textContent = `@${info.bot.username}`;
  document.title = `${info.bot.name} · playground`;

  $("send-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = $("text-input");
    const text = input.value;
    if (text.trim() === "") return;
    input.value = "";
    void act("send", { text });
  });
  $("inline-form").addEventListener("submit", (e) => e.preventDefault());
  $("rates-form").addEventListener("submit", (e) => {
    e.preventDefault();
    void act("rates", { percent: Number($("rates-input").value) }, false);
  });
  $("inline-input").addEventListener("input", onInlineInput);
  $("menu-toggle").addEventListener("click", () => showMenu(document.body.dataset.menu !== "open"));
  // On a narrow window the sandbox panel is toggled (style.css): chat above, panel below.
  $("panel-toggle").addEventListener("click", () => {
    const open = document.body.dataset.panel !== "open";
    document.body.dataset.panel = open ? "open" : "closed";
    $("panel-toggle").setAttribute("aria-pressed", String(open));
  });
  $("messages").addEventListener("scroll", onChatScroll);
  resized.observe($("messages"));

  // Live updates: the server says "something changed", the page reads the state again.
  const events = new EventSource(`${API}/events`);
  events.addEventListener("change", () => void refresh());
  await refresh();
  await mountMiniAppHost(() => state.userId);
  document.body.dataset.ready = "true";
}

void main();
