/**
 * The deposit address as a QR code the page can show: an SVG drawn here (the page loads no
 * script from elsewhere, and draws none itself), sent as a data: URL, which the page's policy
 * allows for images and for nothing else.
 */

/**
 * `address` as a QR code, `data:image/svg+xml;base64,…`. The address only: a wallet reads it as typed.
 * `margin`: the quiet zone around it, in modules.
 *
 * The qrcode package is loaded on the first code, not at start-up: about 40 ms of CPU at every
 * start of the bot, for a page that may never be opened.
 */
export async function depositQrDataUrl(address: string, margin = 2): Promise<string> {
  const { default: QRCode } = await import("qrcode");
  const svg = await QRCode.toString(address, { type: "svg", errorCorrectionLevel: "M", margin });
  return `data:image/svg+xml;base64,${Buffer.from(svg, "utf8").toString("base64")}`;
}
