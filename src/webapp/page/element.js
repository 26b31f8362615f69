// The element builder of the Mini App's page and of the playground's (its chat and its Mini App
// host): one module, served by the bot's server as /app/element.js and by the playground's as
// /element.js, under each page's own Content-Security-Policy. It lives beside the Mini App
// because production serves that page alone; the playground, a development tool, borrows it.
//
// Plain ES module, no build step. Every child string becomes a text node, never markup: this is
// the one way the pages put a text from the bot, the service or a person on the screen.

/**
 * Builds an element from its tag, its attributes and its children. An attribute that is
 * undefined, null or false is left out, true sets it empty, `class` sets the class name and
 * `on<event>` adds a listener; children are flattened, strings become text nodes, and undefined,
 * null and false are skipped (a part that does not apply).
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    el.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return el;
}
