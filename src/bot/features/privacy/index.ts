/**
 * /privacy says what the bot keeps about a person and for how long; /forget deletes it (every
 * entry of {@link PERSON_DATA}) after saying plainly what goes and what stays, with Confirm and
 * Cancel. What stays: an exchange in progress and the messages owed about it, and the exchange
 * records support must keep by law (EXCHANGE_RECORDS_KEPT_YEARS). Private chats only: the
 * question names a person's data, and the flow it ends is the private chat's.
 */
import { type Composer, InlineKeyboard } from "grammy";
import { FeatureComposer } from "../../feature-composer.js";
import type { BotContext } from "../../context.js";
import type { BotDeps } from "../../deps.js";
import { encodeCallback, onCallback } from "../../../messages/callback-data.js";
import { PERSON_DATA } from "./person-data.js";

/** What /privacy shows, and /forget before its buttons: the deleted kinds, then what is kept. */
function privacyText(ctx: BotContext, years: number, minutes: number): string {
  const deleted = PERSON_DATA.map((kind) => ctx.t(kind.describedBy, { minutes }));
  return [
    ctx.t("privacy-deleted-title"),
    ...deleted,
    "",
    ctx.t("privacy-kept-title"),
    ctx.t("privacy-kept-exchanges", { years }),
    ctx.t("privacy-kept-in-progress"),
    "",
    ctx.t("privacy-seen-again"),
  ].join("\n");
}

export function privacyFeature(deps: Pick<BotDeps, "config">): Composer<BotContext> {
  const feature = new FeatureComposer<BotContext>();
  const years = deps.config.exchangeRecordsKeptYears;
  const minutes = Math.round(deps.config.flowTimeoutMs / 60_000);
  const privateOnly = feature.chatType("private");
  feature.chatType(["group", "supergroup", "channel"]).command(["privacy", "forget"], (ctx) => ctx.reply(ctx.t("privacy-private-only")));

  privateOnly.command("privacy", (ctx) => ctx.reply(`${ctx.t("privacy-title")}\n\n${privacyText(ctx, years, minutes)}`));
  privateOnly.command("forget", async (ctx) => {
    const keyboard = new InlineKeyboard()
      .text(ctx.t("forget-button-confirm"), encodeCallback({ kind: "forget-confirm" }))
      .text(ctx.t("forget-button-cancel"), encodeCallback({ kind: "forget-cancel" }));
    await ctx.reply(`${ctx.t("forget-ask")}\n\n${privacyText(ctx, years, minutes)}`, { reply_markup: keyboard });
  });

  onCallback(feature, "forget-confirm", async (ctx) => {
    if (ctx.chat?.type !== "private") return ctx.answerCallbackQuery();
    const person = { userId: ctx.from.id };
    for (const kind of PERSON_DATA) await kind.forget(ctx, person);
    await ctx.answerCallbackQuery();
    await ctx.editMessageText(ctx.t("forget-done", { years }));
  });
  onCallback(feature, "forget-cancel", async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.editMessageText(ctx.t("forget-cancelled"));
  });
  return feature;
}
