/** Inline mode: every question typed after the bot's username gets articles with quotes. */
import { InlineKeyboard } from "grammy";
import type { InlineQueryResultArticle } from "grammy/types";
import { plainOf } from "../../../messages/html.js";
import type { BotContext } from "../../context.js";
import { answerRateQuery, exchangeLink, type RateAnswerEnv, type RateItem } from "../../ui/rate-answer.js";
import type { RecentAnswers } from "./recent-answers.js";

/**
 * Seconds Telegram may reuse an answer for the same query. Short, because rates float; the
 * answers are also personal (`is_personal`), because they are written in the asker's language.
 */
const INLINE_CACHE_SECONDS = 10;

/** Answers one inline query, with the answer given to the same question a moment ago when there is one. */
export async function handleInlineQuery(ctx: BotContext, env: RateAnswerEnv, recent?: RecentAnswers): Promise<void> {
  const query = ctx.inlineQuery?.query ?? "";
  const build = async () => {
    const answer = await answerRateQuery(query, env);
    return { kind: answer.kind, results: answer.items.map((item) => toArticle(ctx, item)) };
  };
  const results = recent ? await recent.answer(ctx.i18n.locale, query, build) : (await build()).results;
  await ctx.answerInlineQuery([...results], { cache_time: INLINE_CACHE_SECONDS, is_personal: true });
}

/** One answer item as an article; its message carries a button into the prefilled exchange. */
function toArticle(ctx: BotContext, item: RateItem): InlineQueryResultArticle {
  const article: InlineQueryResultArticle = {
    type: "article",
    id: item.id,
    title: item.title,
    description: item.description,
    input_message_content: { message_text: item.html, link_preview_options: { is_disabled: true } },
  };
  const link = item.exchange ? exchangeLink(ctx.me.username, item.exchange) : undefined;
  if (item.exchange && link) {
    article.reply_markup = new InlineKeyboard().url(
      plainOf(ctx.t("rates-button-exchange", item.labels ?? { from: item.exchange.from, to: item.exchange.to })),
      link,
    );
  }
  return article;
}
