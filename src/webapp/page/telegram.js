// The Mini Apps protocol, spoken by hand: the page's CSP loads no script from elsewhere, so
// Telegram's telegram-web-app.js cannot be used. What a client passes and hears:
//
// - Launch data comes in the URL's hash (`#tgWebAppData=…&tgWebAppThemeParams=…`). The raw
//   `tgWebAppData` string is the signed initData, sent as it is with every request: the server
//   checks it, the page never reads the person from it. Kept in sessionStorage for a reload.
// - Events out: in a phone's webview `window.TelegramWebviewProxy.postEvent(type, json)`; in a web
//   client's iframe `parent.postMessage(JSON.stringify({ eventType, eventData }), origin)`.
// - Events in: `message` events from the parent frame (web), or a call of
//   `window.Telegram.WebView.receiveEvent(type, data)` (phones).
//
// Outside any client (a plain tab) nothing hears the events: `hosted` says so, and the page shows
// its own buttons instead of the MainButton and the BackButton.

const STORAGE_KEY = "swapbot-launch";

/** Theme parameters and the CSS variables they set (Telegram's names, with `--tg-` in front). */
const THEME_KEYS = [
  "bg_color",
  "secondary_bg_color",
  "section_bg_color",
  "text_color",
  "hint_color",
  "link_color",
  "button_color",
  "button_text_color",
  "accent_text_color",
  "destructive_text_color",
  "section_separator_color",
  "header_bg_color",
];

const listeners = new Map();
/** The client's theme as last applied: the MainButton is drawn in its colours, as Telegram's own script sends them. */
let theme = {};

/**
 * The launch parameters of this page: `initData` (the raw signed string, or "" when the page was
 * not opened by a client), `themeParams` (an object), `platform`.
 */
export function launchParams() {
  const fromHash = readHash(window.location.hash);
  if (fromHash.initData !== "") {
    try {
      window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(fromHash));
    } catch {
      // Storage may be off (a private window): a reload then needs the client to pass the hash again.
    }
    return fromHash;
  }
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? "null");
    if (saved && typeof saved.initData === "string") return { ...fromHash, ...saved };
  } catch {
    // A damaged entry is the same as none.
  }
  return fromHash;
}

function readHash(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  let themeParams = {};
  try {
    const parsed = JSON.parse(params.get("tgWebAppThemeParams") ?? "{}");
    if (parsed && typeof parsed === "object") themeParams = parsed;
  } catch {
    themeParams = {};
  }
  return { initData: params.get("tgWebAppData") ?? "", themeParams, platform: params.get("tgWebAppPlatform") ?? "unknown" };
}

/** Whether a Telegram client (or the playground, which plays one) hears the page's events. */
export const hosted = window.TelegramWebviewProxy !== undefined || window.parent !== window;

/** The parent frame's origin where the browser tells it (Chromium, Safari); "*" otherwise, as Telegram's own script does. */
function parentOrigin() {
  const ancestors = window.location.ancestorOrigins;
  return ancestors && ancestors.length > 0 && ancestors[0] !== "null" ? ancestors[0] : "*";
}

/** Sends one event to the client. Outside a client it goes nowhere. */
export function postEvent(eventType, eventData = {}) {
  const proxy = window.TelegramWebviewProxy;
  if (proxy !== undefined && typeof proxy.postEvent === "function") {
    proxy.postEvent(eventType, JSON.stringify(eventData));
    return;
  }
  if (window.parent !== window) window.parent.postMessage(JSON.stringify({ eventType, eventData }), parentOrigin());
}

/** Calls `handler(eventData)` for each incoming `eventType`; returns a function that stops it. */
export function onEvent(eventType, handler) {
  const set = listeners.get(eventType) ?? new Set();
  set.add(handler);
  listeners.set(eventType, set);
  return () => set.delete(handler);
}

function receive(eventType, eventData) {
  if (typeof eventType !== "string") return;
  for (const handler of listeners.get(eventType) ?? []) {
    try {
      handler(eventData ?? {});
    } catch (err) {
      console.error(`handling ${eventType} failed`, err);
    }
  }
}

// Web clients: messages from the parent frame only, as JSON text.
window.addEventListener("message", (event) => {
  if (event.source !== window.parent || typeof event.data !== "string") return;
  let message;
  try {
    message = JSON.parse(event.data);
  } catch {
    return;
  }
  if (message && typeof message === "object") receive(message.eventType, message.eventData);
});
// Phones: the client calls in.
window.Telegram = { ...window.Telegram, WebView: { receiveEvent: receive } };
window.TelegramGameProxy = { receiveEvent: receive };

/**
 * Applies theme parameters as CSS variables on the root (`--tg-bg-color` …), and `data-scheme`
 * light or dark by the background's brightness, so the stylesheet can pick its own shades.
 */
export function applyTheme(themeParams) {
  theme = themeParams && typeof themeParams === "object" ? themeParams : {};
  const root = document.documentElement;
  for (const key of THEME_KEYS) {
    const value = themeParams?.[key];
    const name = `--tg-${key.replaceAll("_", "-")}`;
    if (typeof value === "string" && /^#[0-9a-f]{3,8}$/i.test(value)) root.style.setProperty(name, value);
    else root.style.removeProperty(name);
  }
  const bg = themeParams?.bg_color;
  root.dataset.scheme = typeof bg === "string" && isDark(bg) ? "dark" : "light";
}

/** Whether a #rrggbb colour is dark (relative luminance under a half). */
function isDark(hex) {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(hex);
  if (m === null) return false;
  const [r, g, b] = [m[1], m[2], m[3]].map((c) => parseInt(c, 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.5;
}

/** Telegram's MainButton: shown with `text`, active or not; `null` hides it. */
export function setMainButton(text, { active = true, progress = false } = {}) {
  postEvent("web_app_setup_main_button", {
    is_visible: text !== null,
    is_active: active,
    is_progress_visible: progress,
    text: text ?? "",
    ...(typeof theme.button_color === "string" ? { color: theme.button_color } : {}),
    ...(typeof theme.button_text_color === "string" ? { text_color: theme.button_text_color } : {}),
  });
}

/** Telegram's BackButton, shown or hidden. */
export function setBackButton(visible) {
  postEvent("web_app_setup_back_button", { is_visible: visible });
}

/** A notification vibration: "error", "success" or "warning". */
export function haptic(type) {
  postEvent("web_app_trigger_haptic_feedback", { type: "notification", notification_type: type });
}
