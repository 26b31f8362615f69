/**
 * Decoding a Bot API HTTP request into parameters and uploaded files. Telegram accepts a query
 * string, urlencoded, JSON and multipart bodies; so does this. Multipart is parsed by hand because
 * grammY writes `filename=photo.jpg` unquoted, which undici's strict `formData()` refuses.
 */
import { badRequest } from "./errors.js";
import type { UploadedFile } from "./methods.js";
import type { Params } from "./params.js";

/** A decoded request. */
export interface DecodedRequest {
  params: Params;
  files: Map<string, UploadedFile>;
}

function dispositionField(header: string, field: string): string | undefined {
  const match = new RegExp(`(?:^|;)\\s*${field}\\s*=\\s*(?:"([^"]*)"|([^;\\s]*))`, "i").exec(header);
  return match === null ? undefined : (match[1] ?? match[2]);
}

/** Splits a multipart/form-data body into text fields and file parts. */
function parseMultipart(body: Buffer, boundary: string): DecodedRequest {
  const params: Params = {};
  const files = new Map<string, UploadedFile>();
  const opening = Buffer.from(`--${boundary}`);
  const separator = Buffer.from(`\r\n--${boundary}`);
  let pos = body.indexOf(opening);
  if (pos === -1) throw badRequest("can't parse multipart body");
  pos += opening.length;
  for (;;) {
    if (body.subarray(pos, pos + 2).toString("latin1") === "--") break; // closing delimiter
    if (body[pos] === 0x0d && body[pos + 1] === 0x0a) pos += 2;
    const end = body.indexOf(separator, pos);
    if (end === -1) throw badRequest("can't parse multipart body");
    const part = body.subarray(pos, end);
    const headerEnd = part.indexOf("\r\n\r\n");
    if (headerEnd === -1) throw badRequest("can't parse multipart body");
    const headers = part.subarray(0, headerEnd).toString("utf8").split("\r\n");
    const content = part.subarray(headerEnd + 4);
    const disposition = headers.find((h) => h.toLowerCase().startsWith("content-disposition"))?.replace(/^[^:]*:/, "") ?? "";
    const name = dispositionField(disposition, "name");
    const filename = dispositionField(disposition, "filename");
    if (name !== undefined) {
      if (filename !== undefined) files.set(name, { bytes: Buffer.from(content), filename });
      else params[name] = content.toString("utf8");
    }
    pos = end + separator.length;
  }
  return { params, files };
}

/** Decodes query string and body by content type. */
export function decodeRequest(url: URL, contentType: string | undefined, body: Buffer): DecodedRequest {
  const params: Params = Object.fromEntries(url.searchParams);
  const files = new Map<string, UploadedFile>();
  const type = (contentType ?? "").toLowerCase();
  if (body.length === 0) return { params, files };
  if (type.startsWith("application/json")) {
    let json: unknown;
    try {
      json = JSON.parse(body.toString("utf8")) as unknown;
    } catch {
      throw badRequest("can't parse JSON object");
    }
    if (typeof json !== "object" || json === null || Array.isArray(json)) throw badRequest("JSON object expected");
    Object.assign(params, json);
  } else if (type.startsWith("multipart/form-data")) {
    const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? "");
    const value = boundary?.[1] ?? boundary?.[2];
    if (value === undefined) throw badRequest("can't parse multipart body");
    const decoded = parseMultipart(body, value);
    Object.assign(params, decoded.params);
    for (const [k, v] of decoded.files) files.set(k, v);
  } else if (type.startsWith("application/x-www-form-urlencoded")) {
    Object.assign(params, Object.fromEntries(new URLSearchParams(body.toString("utf8"))));
  }
  return { params, files };
}

/** The parameters as recorded in `calls`: uploads replaced by a short description of the file. */
export function paramsForRecord(decoded: DecodedRequest): Params {
  const out: Params = { ...decoded.params };
  for (const [key, value] of Object.entries(out)) {
    if (typeof value === "string" && value.startsWith("attach://")) {
      const file = decoded.files.get(value.slice("attach://".length));
      if (file !== undefined) out[key] = { upload: { size: file.bytes.length, filename: file.filename } };
    }
  }
  for (const [name, file] of decoded.files) {
    if (!Object.values(decoded.params).includes(`attach://${name}`))
      out[name] = { upload: { size: file.bytes.length, filename: file.filename } };
  }
  return out;
}
