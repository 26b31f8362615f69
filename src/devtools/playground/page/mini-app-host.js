// The playground as a Telegram client for the bot's Mini App: the page in an iframe, as Telegram's
// web client shows one, speaking the Mini Apps protocol (postMessage of `{ eventType, eventData }`
// as JSON text, both ways). The host answers the page's events: the MainButton and the BackButton
// drawn under the frame (pressing them sends `main_button_pressed` / `back_button_pressed`), the
// theme (light or dark, `theme_changed`), haptic feedback (a shake), and the QR scanner, played by
// a stand-in that offers a sample address of the coin asked for (`qr_text_received`). Launch data
// is signed by the playground's server with the emulator's token (../mini-app.ts).
//
// Plain ES module, no build step; every outside text goes in with textContent.

import { h } from "./element.js";

const API = "/playground/api/mini-app";

/** Telegram's web client themes, as `themeParams`. */
const THEMES = {
  light: {
    bg_color: "#ffffff",
    secondary_bg_color: "#f4f4f5",
    section_bg_color: "#ffffff",
    text_color: "#000000",
    hint_color: "#707579",
    link_color: "#3390ec",
    button_color: "#3390ec",
    button_text_color: "#ffffff",
    accent_text_color: "#3390ec",
    destructive_text_color: "#e53935",
    section_separator_color: "#e7e7e7",
    header_bg_color: "#ffffff",
  },
  dark: {
    bg_color: "#212121",
    secondary_bg_color: "#181818",
    section_bg_color: "#212121",
    text_color: "#ffffff",
    hint_color: "#aaaaaa",
    link_color: "#8774e1",
    button_color: "#8774e1",
    button_text_color: "#ffffff",
    accent_text_color: "#8774e1",
    destructive_text_color: "#ff595a",
    section_separator_color: "#3d3d3d",
    header_bg_color: "#212121",
  },
};

const host = {
  /** "light" or "dark": kept while the playground is open, and used for the next opening too. */
  theme: "light",
  /** The open frame: { el, frame, origin }, or null. */
  open: null,
  haptics: 0,
};

async function call(path, body) {
  const init = body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const res = await fetch(`${API}${path}`, init);
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(data.error ?? `HTTP ${res.status}`);
  return data;
}

/** Sends one event to the page in the frame, to its origin only. */
function send(eventType, eventData = {}) {
  const open = host.open;
  if (open === null) return;
  open.frame.contentWindow?.postMessage(JSON.stringify({ eventType, eventData }), open.origin);
}

/**
 * Opens the Mini App at `url` (a web_app button's, or the menu button's) for the person `userId`,
 * with launch data signed by the playground's server.
 */
export async function openMiniApp(url, userId, title = "Mini App") {
  closeMiniApp();
  ensureStyles();
  const { initData } = await call("/launch", { user: userId, url });
  const target = new URL(url);
  target.hash = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: "8.0",
    tgWebAppPlatform: "weba",
    tgWebAppThemeParams: JSON.stringify(THEMES[host.theme]),
  }).toString();

  const frame = h("iframe", {
    class: "mini-app-frame",
    id: "mini-app-frame",
    title,
    src: target.href,
    // As Telegram's web client frames a Mini App: its scripts and its own origin's storage.
    sandbox: "allow-scripts allow-same-origin allow-forms allow-popups allow-modals",
    allow: "clipboard-write",
  });
  const back = h(
    "button",
    { type: "button", class: "mini-app-back", id: "mini-app-back", hidden: true, onclick: () => send("back_button_pressed") },
    "‹ Back",
  );
  const main = h("button", {
    type: "button",
    class: "mini-app-main",
    id: "mini-app-main",
    hidden: true,
    onclick: () => send("main_button_pressed"),
  });
  const themeButton = h(
    "button",
    {
      type: "button",
      class: "mini-app-theme",
      id: "mini-app-theme",
      title: "Switch the client's theme (theme_changed)",
      onclick: () => switchTheme(),
    },
    host.theme === "light" ? "☾ Dark" : "☀ Light",
  );
  const el = h(
    "div",
    { class: "mini-app", id: "mini-app", role: "dialog", "aria-label": title, "data-theme": host.theme, "data-haptics": "0" },
    h(
      "div",
      { class: "mini-app-head" },
      back,
      h("strong", { class: "mini-app-title" }, title),
      themeButton,
      h(
        "button",
        { type: "button", class: "mini-app-close", id: "mini-app-close", "aria-label": "Close", onclick: () => closeMiniApp() },
        "✕",
      ),
    ),
    frame,
    h("div", { class: "mini-app-bar" }, main),
  );
  host.open = { el, frame, origin: target.origin, main, back, themeButton, scanner: null };
  document.body.append(el);
}

/** Closes the Mini App (the ✕, or the page's own web_app_close). */
export function closeMiniApp() {
  host.open?.el.remove();
  host.open = null;
}

function switchTheme() {
  host.theme = host.theme === "light" ? "dark" : "light";
  if (host.open === null) return;
  host.open.el.dataset.theme = host.theme;
  host.open.themeButton.textContent = host.theme === "light" ? "☾ Dark" : "☀ Light";
  send("theme_changed", { theme_params: THEMES[host.theme] });
}

/** The page's events, from the open frame only. */
window.addEventListener("message", (event) => {
  const open = host.open;
  if (open === null || event.source !== open.frame.contentWindow || event.origin !== open.origin || typeof event.data !== "string") return;
  let message;
  try {
    message = JSON.parse(event.data);
  } catch {
    return;
  }
  const data = message?.eventData ?? {};
  switch (message?.eventType) {
    case "web_app_ready":
      open.el.dataset.appReady = "true";
      break;
    case "web_app_expand":
      open.el.dataset.expanded = "true";
      break;
    case "web_app_setup_main_button":
      open.main.hidden = data.is_visible !== true;
      open.main.textContent = typeof data.text === "string" ? data.text : "";
      open.main.disabled = data.is_active === false;
      open.main.classList.toggle("progress", data.is_progress_visible === true);
      break;
    case "web_app_setup_back_button":
      open.back.hidden = data.is_visible !== true;
      break;
    case "web_app_trigger_haptic_feedback":
      // A shake of the frame stands in for the phone's vibration; counted for anyone watching.
      host.haptics += 1;
      open.el.dataset.haptics = String(host.haptics);
      open.el.dataset.lastHaptic = String(data.notification_type ?? data.impact_style ?? data.type ?? "");
      open.el.classList.remove("shake");
      void open.el.offsetWidth;
      open.el.classList.add("shake");
      break;
    case "web_app_request_theme":
      send("theme_changed", { theme_params: THEMES[host.theme] });
      break;
    case "web_app_request_viewport":
      send("viewport_changed", {
        height: open.frame.clientHeight,
        width: open.frame.clientWidth,
        is_expanded: true,
        is_state_stable: true,
      });
      break;
    case "web_app_open_scan_qr_popup":
      void openScanner(typeof data.text === "string" ? data.text : "");
      break;
    case "web_app_close_scan_qr_popup":
      closeScanner();
      break;
    case "web_app_close":
      closeMiniApp();
      break;
  }
});

/**
 * The QR scanner's stand-in: the codes a camera could see (the playground's server picks the coin
 * the prompt names), each with its QR; pressing one is scanning it.
 */
async function openScanner(prompt) {
  const open = host.open;
  if (open === null) return;
  closeScanner();
  const { offers } = await call("/scan", { text: prompt });
  if (host.open !== open) return;
  const scanner = h(
    "div",
    { class: "mini-app-scanner", id: "mini-app-scanner", role: "dialog", "aria-label": "QR scanner" },
    h(
      "div",
      { class: "scanner-head" },
      h("strong", {}, "QR scanner (stand-in)"),
      h(
        "button",
        {
          type: "button",
          onclick: () => {
            closeScanner();
            send("scan_qr_popup_closed");
          },
        },
        "✕",
      ),
    ),
    h("p", { class: "scanner-prompt" }, prompt),
    h(
      "div",
      { class: "scanner-offers" },
      offers.map((offer) =>
        h(
          "button",
          {
            type: "button",
            class: "scanner-offer",
            "data-scan": offer.text,
            title: offer.text,
            onclick: () => send("qr_text_received", { data: offer.text }),
          },
          h("img", { src: offer.qr, alt: "", width: "120", height: "120" }),
          h("span", {}, offer.title),
        ),
      ),
    ),
  );
  open.scanner = scanner;
  open.el.append(scanner);
}

function closeScanner() {
  host.open?.scanner?.remove();
  if (host.open) host.open.scanner = null;
}

let stylesAdded = false;
/** The host's own stylesheet, added once. */
function ensureStyles() {
  if (stylesAdded) return;
  stylesAdded = true;
  document.head.append(h("link", { rel: "stylesheet", href: "/mini-app-host.css" }));
}

/**
 * Adds the chat's "Mini App" control (the menu button Telegram shows beside the message box; here
 * in the chat's head, which has room on a phone) when the bot has a Mini App; `userId()` names the
 * person at the time of the press.
 */
export async function mountMiniAppHost(userId) {
  let info;
  try {
    info = await call("");
  } catch {
    return;
  }
  if (info.url === null) return;
  ensureStyles();
  const open = () => {
    // The bot's menu button if it set one (its text and address), else its Mini App address.
    void call("").then((now) => openMiniApp(now.menu?.url ?? now.url, userId(), now.menu?.text ?? "Mini App"));
  };
  const button = h(
    "button",
    {
      type: "button",
      class: "mini-app-menu",
      id: "mini-app-menu",
      title: "Open the bot's Mini App (the chat's menu button)",
      onclick: open,
    },
    "▦ App",
  );
  const head = document.querySelector(".chat-head") ?? document.getElementById("send-form");
  head?.append(button);
}
