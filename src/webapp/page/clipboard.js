// Copying to the clipboard, for the Mini App's page and the playground's chat (served as
// element.js is: /app/clipboard.js by the bot, /clipboard.js by the playground). Each page says
// in its own words whether the copy worked.

/**
 * Puts `text` on the clipboard: through navigator.clipboard where the page may use it (a secure
 * context, a frame allowed to), else through a selected hidden textarea, as on plain http or an
 * older browser. Resolves whether the text was copied.
 */
export async function copyToClipboard(text) {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, or a frame that may not use it): the textarea may still work.
  }
  const area = document.createElement("textarea");
  area.readOnly = true;
  area.setAttribute("aria-hidden", "true");
  // Out of sight through the CSSOM: both pages' policy (style-src 'self') refuses a style attribute.
  Object.assign(area.style, { position: "fixed", top: "-1000px", opacity: "0" });
  area.value = text;
  document.body.append(area);
  area.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
