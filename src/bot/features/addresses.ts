/**
 * /addresses (issue 24): a person's saved addresses, each with Rename and Delete, and the switch
 * that turns remembering off (nothing new is saved; those saved stay until deleted) and on again.
 * Only in a private chat: saved addresses are never shown to anyone but their person.
 *
 * A rename asks for the name in a message of its own: a short question (bot/questions.ts), which
 * any command of this bot leaves, and which is not asked while an exchange flow is open.
 */
import { isNotModified } from "../../delivery/telegram-errors.js";
import { type Composer, InlineKeyboard } from "grammy";
import { FeatureComposer } from "../feature-composer.js";
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
import { BLANK, htmlPart, joinHtml, type HtmlText } from "../../messages/html.js";
import type { Translate } from "../../messages/i18n.js";
import { askQuestion, defineQuestion, nextAnswer } from "../questions.js";
import { changeBook, readBook } from "../../exchange/address-book.js";

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
function renderList(t: Translate, book: AddressBook | undefined): { text: HtmlText; keyboard: InlineKeyboard } {
  const items = book?.items ?? [];
  const keyboard = new InlineKeyboard();
  const lines: HtmlText[] = [t("addresses-title", { max: MAX_SAVED_ADDRESSES })];
  if (items.length === 0) lines.push(BLANK, t("addresses-empty"));
  items.forEach((s, i) => {
    const number = i + 1;
    const tag = s.tag === undefined ? "" : htmlPart(t("addresses-item-tag", { tag: clip(s.tag, LISTED_TAG) }));
    lines.push(
      BLANK,
      t("addresses-item", {
        number,
        label: s.name ?? addressTail(s.address),
        coin: clip(coinOf(s), LISTED_COIN),
        uses: s.uses,
        address: clip(s.address, LISTED_ADDRESS),
        tag,
      }),
    );
    keyboard
      .text(t("addresses-button-rename", { number }), encodeCallback({ kind: "addr-rename", id: s.id }))
      .text(t("addresses-button-delete", { number }), encodeCallback({ kind: "addr-delete", id: s.id }))
      .row();
  });
  const on = remembers(book);
  lines.push(BLANK, t(on ? "addresses-remember-on" : "addresses-remember-off"));
  keyboard.text(
    t(on ? "addresses-button-turn-off" : "addresses-button-turn-on"),
    encodeCallback({ kind: on ? "addr-remember-off" : "addr-remember-on" }),
  );
  return { text: joinHtml(lines), keyboard };
}

/** Edits the list in place after a press (an identical edit is fine). */
async function showListAgain(ctx: BotContext, book: AddressBook | undefined): Promise<void> {
  const { text, keyboard } = renderList(ctx.t, book);
  await ctx.editMessageText(text, { reply_markup: keyboard }).catch((err: unknown) => {
    if (!isNotModified(err)) throw err;
  });
}

/** "Send a new name": the asker's next text, checked, becomes the name of saved address `id`. */
export const renameQuestion = defineQuestion("rename-address", "question-in-flow", async (conversation, ctx, id: number) => {
  const asker = ctx.from?.id;
  if (asker === undefined) return;
  const label = await conversation.external(async (octx) => {
    const target = (await readBook(octx.deps.store, asker))?.items.find((s) => s.id === id);
    return target === undefined ? null : (target.name ?? addressTail(target.address));
  });
  if (label === null) {
    await ctx.reply(ctx.t("addresses-gone"));
    return;
  }
  await ctx.reply(ctx.t("addresses-rename-ask", { label, max: MAX_ADDRESS_NAME }), {
    reply_markup: new InlineKeyboard().text(ctx.t("addresses-button-cancel"), encodeCallback({ kind: "addr-rename-cancel" })),
  });
  for (;;) {
    const answer = await nextAnswer(conversation, asker, ["addr-rename-cancel"], "addresses-rename-cancelled");
    if (answer.kind === "button") {
      await answer.ctx.answerCallbackQuery();
      await answer.ctx.editMessageReplyMarkup({ reply_markup: undefined }).catch(() => undefined);
      await answer.ctx.reply(answer.ctx.t("addresses-rename-cancelled"));
      return;
    }
    const name = checkAddressName(answer.text);
    if (!name.ok) {
      await answer.ctx.reply(
        name.reason === "invisible"
          ? answer.ctx.t("addresses-name-invisible", { char: name.invisible.codePoint, position: name.invisible.position })
          : answer.ctx.t("addresses-name-invalid", { max: MAX_ADDRESS_NAME }),
      );
      continue;
    }
    const after = await conversation.external(async (octx) => {
      // Set by the change (which may run more than once; the last run is the one stored).
      const outcome = { renamed: false };
      const book = await changeBook(octx.deps.store, asker, (current) => {
        outcome.renamed = false;
        if (!current) return current;
        const items = current.items.map((s) => (s.id === id ? ((outcome.renamed = true), { ...s, name: name.value }) : s));
        return { ...current, items };
      });
      return outcome.renamed ? (book ?? null) : null;
    });
    if (after === null) {
      await answer.ctx.reply(answer.ctx.t("addresses-gone"));
      return;
    }
    await answer.ctx.reply(answer.ctx.t("addresses-renamed", { name: name.value }));
    const { text, keyboard } = renderList(answer.ctx.t, after);
    await answer.ctx.reply(text, { reply_markup: keyboard });
    return;
  }
});

/** /addresses, its buttons, and the answer to "Send a new name". */
export function addressesFeature(deps: AddressesDeps): Composer<BotContext> {
  const feature = new FeatureComposer<BotContext>();
  const { store } = deps;

  feature.command("addresses", async (ctx) => {
    if (ctx.chat.type !== "private" || !ctx.from) {
      await ctx.reply(ctx.t("addresses-private-only"));
      return;
    }
    const { text, keyboard } = renderList(ctx.t, await readBook(store, ctx.from.id));
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
    await ctx.answerCallbackQuery();
    await askQuestion(ctx, renameQuestion, id);
  });

  // Cancel of a rename that is over (answered, lapsed, or left by a command): nothing to cancel.
  onCallback(feature, "addr-rename-cancel", async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.editMessageReplyMarkup({ reply_markup: undefined }).catch(() => undefined);
  });

  return feature;
}
