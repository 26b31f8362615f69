/**
 * /addresses (issue 24): a person's saved addresses, each with Rename and Delete, and the switch
 * that turns remembering off (nothing new is saved; those saved stay until deleted) and on again.
 * Only in a private chat: saved addresses are never shown to anyone but their person.
 *
 * A rename asks for the name in a message of its own; the open question is kept in the person's
 * book (written through before the question is shown) and lasts as long as a flow step waits
 * (FLOW_TIMEOUT_MS). It never takes what belongs to the exchange flow (the flow sees every update
 * first); any command of this bot leaves it ({@link leaveRename}, registered before the flow).
 */
import { isNotModified } from "../../delivery/telegram-errors.js";
import { Composer, InlineKeyboard, type MiddlewareFn } from "grammy";
import type { BotContext } from "../context.js";
import type { BotDeps } from "../deps.js";
import {
  addressTail,
  checkAddressName,
  MAX_ADDRESS_NAME,
  MAX_SAVED_ADDRESSES,
  remembers,
  type AddressBook,
  type SavedAddress,
} from "../../domain/saved-addresses.js";
import { encodeCallback, onCallback } from "../../messages/callback-data.js";
import { clip } from "../../messages/fit.js";
import { escapeHtml } from "../../messages/html.js";
import { readCommand } from "../command-text.js";
import { changeBook, readBook } from "./address-book.js";

type AddressesDeps = Pick<BotDeps, "store" | "config" | "now">;

/**
 * How much of an address, a tag and a coin's name the list shows: 20 entries of the longest stay
 * within one message (about 180 characters each, in either language, with a 32-character name).
 */
const LISTED_ADDRESS = 48;
const LISTED_TAG = 24;
const LISTED_COIN = 30;

/** "BTC" or "USDT (TRC20)": the code as the service names it, with its network when it says more than the code. */
function coinOf(s: SavedAddress): string {
  return s.network && s.network !== s.coin ? `${s.coin} (${s.network})` : s.coin;
}

/** The list's text and buttons for `book`. */
function renderList(ctx: BotContext, book: AddressBook | undefined): { text: string; keyboard: InlineKeyboard } {
  const items = book?.items ?? [];
  const keyboard = new InlineKeyboard();
  const lines = [ctx.t("addresses-title", { max: MAX_SAVED_ADDRESSES })];
  if (items.length === 0) lines.push("", ctx.t("addresses-empty"));
  items.forEach((s, i) => {
    const number = i + 1;
    const tag = s.tag === undefined ? "" : ctx.t("addresses-item-tag", { tag: escapeHtml(clip(s.tag, LISTED_TAG)) });
    lines.push(
      "",
      ctx.t("addresses-item", {
        number,
        label: escapeHtml(s.name ?? addressTail(s.address)),
        coin: escapeHtml(clip(coinOf(s), LISTED_COIN)),
        uses: s.uses,
        address: escapeHtml(clip(s.address, LISTED_ADDRESS)),
        tag,
      }),
    );
    keyboard
      .text(ctx.t("addresses-button-rename", { number }), encodeCallback({ kind: "addr-rename", id: s.id }))
      .text(ctx.t("addresses-button-delete", { number }), encodeCallback({ kind: "addr-delete", id: s.id }))
      .row();
  });
  const on = remembers(book);
  lines.push("", ctx.t(on ? "addresses-remember-on" : "addresses-remember-off"));
  keyboard.text(
    ctx.t(on ? "addresses-button-turn-off" : "addresses-button-turn-on"),
    encodeCallback({ kind: on ? "addr-remember-off" : "addr-remember-on" }),
  );
  return { text: lines.join("\n"), keyboard };
}

/** Edits the list in place after a press (an identical edit is fine). */
async function showListAgain(ctx: BotContext, book: AddressBook | undefined): Promise<void> {
  const { text, keyboard } = renderList(ctx, book);
  await ctx.editMessageText(text, { reply_markup: keyboard }).catch((err: unknown) => {
    if (!isNotModified(err)) throw err;
  });
}

/** Whether an open rename question is still open at `now`. */
function openRename(book: AddressBook | undefined, deps: AddressesDeps): { id: number } | undefined {
  const asked = book?.renaming;
  if (!asked) return undefined;
  return deps.now().getTime() - Date.parse(asked.at) <= deps.config.flowTimeoutMs ? asked : undefined;
}

/** The book without its open rename question. */
function withoutRename(book: AddressBook | undefined): AddressBook | undefined {
  if (!book?.renaming) return book;
  const next = { ...book };
  delete next.renaming;
  return next;
}

/**
 * Any command of this bot leaves an open rename question, so a name is only ever what was typed
 * right after "Send a new name". Registered before the exchange flow (create-bot.ts), which sees
 * the commands first otherwise.
 */
export function leaveRename(deps: AddressesDeps): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  const leave: MiddlewareFn<BotContext> = async (ctx, next) => {
    const userId = ctx.from?.id;
    const command = readCommand(ctx.message?.text, ctx.me.username);
    if (userId === undefined || command?.forUs !== true || ctx.chat?.type !== "private") return next();
    if ((await readBook(deps.store, userId))?.renaming) await changeBook(deps.store, userId, withoutRename);
    await next();
  };
  feature.use(leave);
  return feature;
}

/** /addresses, its buttons, and the answer to "Send a new name". */
export function addressesFeature(deps: AddressesDeps): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  const { store } = deps;

  feature.command("addresses", async (ctx) => {
    if (ctx.chat.type !== "private" || !ctx.from) {
      await ctx.reply(ctx.t("addresses-private-only"));
      return;
    }
    const { text, keyboard } = renderList(ctx, await readBook(store, ctx.from.id));
    await ctx.reply(text, { reply_markup: keyboard });
  });

  onCallback(feature, "addr-delete", async (ctx, { id }) => {
    // Set by the change (which may run more than once; the last run is the one stored).
    const outcome = { deleted: false };
    const book = await changeBook(store, ctx.from.id, (current) => {
      if (!current) return current;
      const items = current.items.filter((s) => s.id !== id);
      outcome.deleted = items.length !== current.items.length;
      return { ...current, items };
    });
    await ctx.answerCallbackQuery({ text: ctx.t(outcome.deleted ? "addresses-deleted" : "addresses-gone") });
    await showListAgain(ctx, book);
  });

  for (const on of [true, false]) {
    onCallback(feature, on ? "addr-remember-on" : "addr-remember-off", async (ctx) => {
      const book = await changeBook(store, ctx.from.id, (current) => {
        const next: AddressBook = { ...(current ?? { nextId: 1, items: [] }) };
        if (on) delete next.remember;
        else next.remember = false;
        return next;
      });
      await ctx.answerCallbackQuery({ text: ctx.t(on ? "addresses-turned-on" : "addresses-turned-off") });
      await showListAgain(ctx, book);
    });
  }

  onCallback(feature, "addr-rename", async (ctx, { id }) => {
    const at = deps.now().toISOString();
    let target: SavedAddress | undefined;
    await changeBook(store, ctx.from.id, (current) => {
      target = current?.items.find((s) => s.id === id);
      return target && current ? { ...current, renaming: { id, at } } : current;
    });
    await ctx.answerCallbackQuery();
    if (!target) {
      await ctx.reply(ctx.t("addresses-gone"));
      return;
    }
    // Written through before the question is shown: a kill right after it keeps it open.
    await ctx.reply(
      ctx.t("addresses-rename-ask", { label: escapeHtml(target.name ?? addressTail(target.address)), max: MAX_ADDRESS_NAME }),
      { reply_markup: new InlineKeyboard().text(ctx.t("addresses-button-cancel"), encodeCallback({ kind: "addr-rename-cancel" })) },
    );
  });

  onCallback(feature, "addr-rename-cancel", async (ctx) => {
    await changeBook(store, ctx.from.id, withoutRename);
    await ctx.answerCallbackQuery();
    await ctx.editMessageReplyMarkup({ reply_markup: undefined }).catch(() => undefined);
    await ctx.reply(ctx.t("addresses-rename-cancelled"));
  });

  feature.on("message:text", async (ctx, next) => {
    if (ctx.chat.type !== "private" || readCommand(ctx.message.text, ctx.me.username)) return next();
    const userId = ctx.from.id;
    const book = await readBook(store, userId);
    const asked = openRename(book, deps);
    if (!asked) return next();
    const name = checkAddressName(ctx.message.text);
    if (!name.ok) {
      await ctx.reply(
        name.reason === "invisible"
          ? ctx.t("addresses-name-invisible", { char: name.invisible.codePoint, position: name.invisible.position })
          : ctx.t("addresses-name-invalid", { max: MAX_ADDRESS_NAME }),
      );
      return;
    }
    const outcome = { renamed: false };
    const after = await changeBook(store, userId, (current) => {
      outcome.renamed = false;
      const next = withoutRename(current);
      if (!next) return next;
      const items = next.items.map((s) => (s.id === asked.id ? ((outcome.renamed = true), { ...s, name: name.value }) : s));
      return { ...next, items };
    });
    if (!outcome.renamed) {
      await ctx.reply(ctx.t("addresses-gone"));
      return;
    }
    await ctx.reply(ctx.t("addresses-renamed", { name: escapeHtml(name.value) }));
    const { text, keyboard } = renderList(ctx, after);
    await ctx.reply(text, { reply_markup: keyboard });
  });

  return feature;
}
