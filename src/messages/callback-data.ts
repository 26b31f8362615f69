/**
 * Every button's callback_data, in one typed codec: {@link CallbackData} lists each kind of button
 * with what it carries, {@link encodeCallback} writes it, {@link decodeCallback} reads it back (or
 * says it is not ours), and {@link onCallback} hands a feature the decoded value of its own kind.
 * No feature writes or matches callback strings itself.
 *
 * Telegram's limit (1–64 bytes) is checked here and nowhere else. Kinds whose value comes from
 * outside (an exchange id the service chose, a search query) may not fit: encoding them gives
 * `undefined` and the caller leaves the button out. The others are bounded by the bot itself
 * (fixed words, step codes, coin codes of at most 20 characters, page numbers, Telegram user ids);
 * encoding one that does not fit is a bug and throws.
 *
 * The wire format is the one earlier versions wrote (`x:new`, `st:<id>`, `adm:r:<id>`,
 * `x:<step>:<action>[:<argument>]`…), so buttons in messages people already have keep working.
 */
import type { Composer, Context, Filter } from "grammy";
import { SUPPORTED_LOCALES, type SupportedLocale } from "./i18n.js";

/** Telegram's limit for callback_data, in bytes. */
export const CALLBACK_DATA_LIMIT = 64;

/** What a button of the exchange flow does. */
export type FlowAction =
  | { kind: "cancel" | "back" | "retry" | "next" | "min" | "confirm" | "edit" | "noop" }
  /** Capabilities beyond our contract (issue 22): the rate step's choice, the amount step's "receive exactly" switch. */
  | { kind: "fixed" | "floating" | "receive" | "send" }
  /** A coin by its code; a ticker on several networks, whose network is asked next. */
  | { kind: "coin"; code: string }
  | { kind: "ticker"; ticker: string }
  | { kind: "page"; page: number }
  /** One group of the confirmation card's Edit choices (the flow's step table names them). */
  | { kind: "edit-target"; target: string }
  /** One reading of an amount that could be read two ways ("1,000"): a canonical decimal string. */
  | { kind: "amount"; value: string }
  /** A saved address offered at an address step (issue 24): the person's book's short id, never the address. */
  | { kind: "saved"; id: number };

/** Every kind of button the bot sends, with what its data carries. */
export type CallbackData =
  /** The greeting's "Exchange" button. */
  | { kind: "start-exchange" }
  /** The greeting's "How it works" button. */
  | { kind: "help" }
  | { kind: "language"; locale: SupportedLocale }
  /** The order card's refresh, /history's items: the status of one exchange. */
  | { kind: "status"; exchangeId: string }
  | { kind: "history-page"; page: number }
  /** /forget's question: delete the person's data, or keep it. */
  | { kind: "forget-confirm" }
  | { kind: "forget-cancel" }
  /**
   * A button of the exchange flow, with the code of the step whose prompt it belongs to (one
   * lower-case letter; the flow's step table says which step has which).
   */
  | { kind: "flow"; step: string; action: FlowAction }
  /** The late-deposit message's choices (payment/emergency): continue at the current rate, or refund. */
  | { kind: "late-continue"; exchangeId: string }
  | { kind: "late-refund"; exchangeId: string }
  /**
   * Refund a late deposit to another address: asks for it; then Confirm or Cancel of that question,
   * with the bot's own short id of the question (Confirm's, of the address it shows).
   */
  | { kind: "late-other"; exchangeId: string }
  | { kind: "late-other-confirm"; question: string }
  | { kind: "late-other-cancel"; question: string }
  /** A create in doubt: start a new flow with the attempt's details (its draft id names the attempt). */
  | { kind: "start-again"; draftId: string }
  /** Rate alerts (issue 24): set one for a quote's pair (asks the threshold); delete one from /alert's list. */
  | { kind: "alert-pair"; from: string; to: string }
  | { kind: "alert-delete"; alertId: string }
  /** The guided path's choices: an alert `percent` above (or below) the rate at the press. */
  | { kind: "alert-step"; from: string; to: string; direction: "above" | "below"; percent: number }

  /** /addresses (issue 24): rename or delete a saved address (the book's short id), turn remembering on or off, stop a rename. */
  | { kind: "addr-rename"; id: number }
  | { kind: "addr-delete"; id: number }
  | { kind: "addr-remember-on" }
  | { kind: "addr-remember-off" }
  | { kind: "addr-rename-cancel" }
  | { kind: "admin-recheck"; exchangeId: string }
  | { kind: "admin-resend"; exchangeId: string }
  | { kind: "admin-user"; userId: number }
  /** Opens /find for an exchange id or a user id. */
  | { kind: "admin-find"; query: string }
  | { kind: "admin-broadcast-send"; jobId: string }
  | { kind: "admin-broadcast-drop"; jobId: string }
  | { kind: "admin-broadcast-cancel"; jobId: string };

export type CallbackKind = CallbackData["kind"];

/** The value of one kind. */
export type CallbackOf<K extends CallbackKind> = Extract<CallbackData, { kind: K }>;

/** Kinds that carry a value from outside the bot, which may not fit in 64 bytes. */
const UNBOUNDED_KINDS = [
  "status",
  "late-continue",
  "late-refund",
  "late-other",
  "start-again",
  "admin-recheck",
  "admin-resend",
  "admin-find",
] as const satisfies readonly CallbackKind[];
type UnboundedKind = (typeof UNBOUNDED_KINDS)[number];

/** How one kind is written: a fixed prefix, then its value. */
interface Codec<K extends CallbackKind> {
  readonly prefix: string;
  write(value: CallbackOf<K>): string;
  /** The value from what follows the prefix; undefined when it is malformed. */
  read(rest: string): CallbackOf<K> | undefined;
}

/** A kind with nothing to carry: exactly its prefix. */
function fixed<K extends CallbackKind>(kind: K, prefix: string): Codec<K> {
  return { prefix, write: () => "", read: (rest) => (rest === "" ? ({ kind } as CallbackOf<K>) : undefined) };
}

/** A kind carrying one non-empty string (an id the service or the bot chose). */
function withText<K extends CallbackKind>(kind: K, prefix: string, field: string): Codec<K> {
  return {
    prefix,
    write: (value) => String((value as Record<string, unknown>)[field]),
    read: (rest) => (rest === "" ? undefined : ({ kind, [field]: rest } as unknown as CallbackOf<K>)),
  };
}

/** A kind carrying one whole number of up to `digits` digits, written without leading zeros. */
function withNumber<K extends CallbackKind>(kind: K, prefix: string, field: string, digits: number): Codec<K> {
  const pattern = new RegExp(`^(0|[1-9]\\d{0,${digits - 1}})$`);
  return {
    prefix,
    write: (value) => String((value as Record<string, unknown>)[field]),
    read: (rest) => (pattern.test(rest) ? ({ kind, [field]: Number(rest) } as unknown as CallbackOf<K>) : undefined),
  };
}

/** A step's code: one lower-case letter. */
const STEP_CODE = /^[a-z]$/;
const SIMPLE_ACTIONS = new Set([
  "cancel",
  "back",
  "retry",
  "next",
  "min",
  "confirm",
  "edit",
  "noop",
  "fixed",
  "floating",
  "receive",
  "send",
]);
/** An Edit group's name: lower-case letters. */
const EDIT_TARGET = /^[a-z]{1,16}$/;
/** A canonical amount as domain/amount.ts writes it: at most 15 integer and 18 decimal digits. */
const CANONICAL_AMOUNT = /^(0|[1-9]\d{0,14})(\.\d{0,17}[1-9])?$/;
/** A saved address's short id: a positive whole number of at most 9 digits. */
const SAVED_ID = /^[1-9]\d{0,8}$/;
/** The catalog's coin codes: upper case letters and digits, at most 20 characters. */
const COIN_CODE = /^[A-Z0-9]{1,20}$/;

/**
 * The flow's buttons: `x:<step>:<action>[:<argument>]`. Every button carries the step of its
 * prompt, so a press on a button of another step (an old prompt, or one shown before a restart)
 * is refused instead of being read as an answer to the current question.
 */
const flowCodec: Codec<"flow"> = {
  prefix: "x:",
  write({ step, action }) {
    const head = `${step}:`;
    switch (action.kind) {
      case "coin":
        return `${head}c:${action.code}`;
      case "ticker":
        return `${head}t:${action.ticker}`;
      case "page":
        return `${head}p:${String(action.page)}`;
      case "edit-target":
        return `${head}e:${action.target}`;
      case "amount":
        return `${head}n:${action.value}`;
      case "saved":
        return `${head}s:${String(action.id)}`;
      default:
        return head + action.kind;
    }
  },
  read(rest) {
    const [code, verb, argument, ...more] = rest.split(":");
    const step = code ?? "";
    if (!STEP_CODE.test(step) || verb === undefined || more.length > 0) return undefined;
    const flow = (action: FlowAction): CallbackOf<"flow"> => ({ kind: "flow", step, action });
    if (argument === undefined) return SIMPLE_ACTIONS.has(verb) ? flow({ kind: verb } as FlowAction) : undefined;
    if (verb === "c" && COIN_CODE.test(argument)) return flow({ kind: "coin", code: argument });
    if (verb === "t" && COIN_CODE.test(argument)) return flow({ kind: "ticker", ticker: argument });
    if (verb === "p" && /^(0|[1-9]\d{0,3})$/.test(argument)) return flow({ kind: "page", page: Number(argument) });
    if (verb === "e" && EDIT_TARGET.test(argument)) return flow({ kind: "edit-target", target: argument });
    if (verb === "n" && CANONICAL_AMOUNT.test(argument)) return flow({ kind: "amount", value: argument });
    if (verb === "s" && SAVED_ID.test(argument)) return flow({ kind: "saved", id: Number(argument) });
    return undefined;
  },
};

const CODECS: { readonly [K in CallbackKind]: Codec<K> } = {
  "start-exchange": fixed("start-exchange", "x:new"),
  help: fixed("help", "help"),
  language: {
    prefix: "lang:",
    write: (value) => value.locale,
    read: (rest) =>
      (SUPPORTED_LOCALES as readonly string[]).includes(rest) ? { kind: "language", locale: rest as SupportedLocale } : undefined,
  },
  status: withText("status", "st:", "exchangeId"),
  "history-page": withNumber("history-page", "hist:", "page", 6),
  "forget-confirm": fixed("forget-confirm", "fgt:y"),
  "forget-cancel": fixed("forget-cancel", "fgt:n"),
  flow: flowCodec,
  "late-continue": withText("late-continue", "ld:c:", "exchangeId"),
  "late-refund": withText("late-refund", "ld:r:", "exchangeId"),
  "late-other": withText("late-other", "ld:o:", "exchangeId"),
  "late-other-confirm": withText("late-other-confirm", "ld:y:", "question"),
  "late-other-cancel": withText("late-other-cancel", "ld:n:", "question"),
  "start-again": withText("start-again", "again:", "draftId"),
  "alert-pair": {
    prefix: "al:p:",
    write: ({ from, to }) => `${from}:${to}`,
    read: (rest) => {
      const [from, to, ...more] = rest.split(":");
      if (from === undefined || to === undefined || more.length > 0 || !COIN_CODE.test(from) || !COIN_CODE.test(to)) return undefined;
      return { kind: "alert-pair", from, to };
    },
  },
  "alert-delete": withText("alert-delete", "al:d:", "alertId"),
  "alert-step": {
    prefix: "al:s:",
    write: ({ from, to, direction, percent }) => `${from}:${to}:${direction === "above" ? "a" : "b"}${String(percent)}`,
    read: (rest) => {
      const [from, to, choice, ...more] = rest.split(":");
      const m = /^([ab])([1-9]\d?)$/.exec(choice ?? "");
      if (from === undefined || to === undefined || !m || more.length > 0 || !COIN_CODE.test(from) || !COIN_CODE.test(to)) return undefined;
      return { kind: "alert-step", from, to, direction: m[1] === "a" ? "above" : "below", percent: Number(m[2]) };
    },
  },

  "addr-rename": withNumber("addr-rename", "ad:r:", "id", 9),
  "addr-delete": withNumber("addr-delete", "ad:d:", "id", 9),
  "addr-remember-on": fixed("addr-remember-on", "ad:on"),
  "addr-remember-off": fixed("addr-remember-off", "ad:off"),
  "addr-rename-cancel": fixed("addr-rename-cancel", "ad:x"),
  "admin-recheck": withText("admin-recheck", "adm:r:", "exchangeId"),
  "admin-resend": withText("admin-resend", "adm:d:", "exchangeId"),
  "admin-user": withNumber("admin-user", "adm:u:", "userId", 19),
  "admin-find": withText("admin-find", "adm:f:", "query"),
  "admin-broadcast-send": withText("admin-broadcast-send", "adm:bc:go:", "jobId"),
  "admin-broadcast-drop": withText("admin-broadcast-drop", "adm:bc:no:", "jobId"),
  "admin-broadcast-cancel": withText("admin-broadcast-cancel", "adm:bc:c:", "jobId"),
};

/** Longest prefix first: "x:new" is tried before the flow's "x:". */
const BY_PREFIX = (Object.values(CODECS) as Codec<CallbackKind>[]).sort((a, b) => b.prefix.length - a.prefix.length);

const fits = (data: string): boolean => data.length > 0 && Buffer.byteLength(data, "utf8") <= CALLBACK_DATA_LIMIT;

/**
 * The callback_data of `value`. For a kind that carries a value from outside (see the module
 * comment): undefined when it would not fit, and the button is left out.
 */
export function encodeCallback(value: CallbackOf<UnboundedKind>): string | undefined;
/** The callback_data of `value`, a kind the bot bounds itself; throws if it does not fit (a bug). */
export function encodeCallback(value: CallbackOf<Exclude<CallbackKind, UnboundedKind>>): string;
export function encodeCallback(value: CallbackData): string | undefined {
  const codec = CODECS[value.kind] as Codec<CallbackKind>;
  const data = codec.prefix + codec.write(value);
  if (fits(data)) return data;
  if ((UNBOUNDED_KINDS as readonly CallbackKind[]).includes(value.kind)) return undefined;
  throw new RangeError(`callback_data of kind ${value.kind} does not fit in ${String(CALLBACK_DATA_LIMIT)} bytes`);
}

/** What a button's data stands for; undefined when it is not one the bot writes (or is malformed). */
export function decodeCallback(data: string): CallbackData | undefined {
  if (!fits(data)) return undefined;
  for (const codec of BY_PREFIX) {
    if (!data.startsWith(codec.prefix)) continue;
    const value = codec.read(data.slice(codec.prefix.length));
    if (value !== undefined) return value;
  }
  return undefined;
}

/** Support's buttons: only admins may press them. */
export function isAdminCallback(value: CallbackData): boolean {
  return value.kind.startsWith("admin-");
}

/**
 * Registers `handler` for presses of `kind`'s buttons on `composer`, with the decoded value.
 * Other presses (another kind, malformed data) go on down the chain.
 */
export function onCallback<C extends Context, K extends CallbackKind>(
  composer: Composer<C>,
  kind: K,
  handler: (ctx: Filter<C, "callback_query:data">, value: CallbackOf<K>) => unknown,
): void {
  composer.on("callback_query:data", async (ctx, next) => {
    const value = decodeCallback(ctx.callbackQuery.data);
    if (value?.kind !== kind) return next();
    await handler(ctx, value as CallbackOf<K>);
  });
}
