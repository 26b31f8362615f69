/**
 * The deposit address as a QR code the page can show: an SVG drawn here (the page loads no
 * script from elsewhere, and draws none itself), sent as a data: URL, which the page's policy
 * allows for images and for nothing else.
 */
import QRCode from "qrcode";

/** `address` as a QR code, `data:image/svg+xml;base64,…`. The address only: a wallet reads it as typed. */
export async function depositQrDataUrl(address: string): Promise<string> {
  const svg = await QRCode.toString(address, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg, "utf8").toString("base64")}`;
}
