/**
 * Fixtures shared by end-to-end tests that start from an exchange already created.
 */
import type { ExchangeRecord } from "../../src/domain/types.js";
import { createI18n, translatorOf } from "../../src/messages/i18n.js";
import { sendDepositInstructions } from "../../src/messages/deposit-instructions.js";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";
import type { Harness } from "./harness.js";

const BTC = SAMPLE_ADDRESSES.BTC!;
const ETH = SAMPLE_ADDRESSES.ETH!;
const translate = translatorOf(createI18n());

export type TestUser = ReturnType<Harness["emulator"]["user"]>;

/**
 * Creates an exchange for `user` the way the exchange flow ends: exchange-create at the sandbox,
 * the record in the store, then the deposit instructions, whose last message is the live card.
 */
export async function openExchange(h: Harness, user: TestUser): Promise<ExchangeRecord> {
  const created = await h.app.partner.createExchange({
    from: "BTC",
    to: "ETH",
    amount: "0.1",
    destinationAddress: ETH,
    refundAddress: BTC,
  });
  const at = new Date().toISOString();
  const record = await h.app.store.exchanges.insert({
    id: created.id,
    userId: user.id,
    chatId: user.id,
    from: "BTC",
    to: "ETH",
    amountFrom: "0.1",
    quotedAmountTo: "1.5",
    destinationAddress: ETH,
    destinationTag: "",
    refundAddress: BTC,
    refundTag: "",
    depositAddress: created.depositAddress,
    depositTag: created.depositTag,
    status: "waiting_deposit",
    statusHistory: [{ status: "waiting_deposit", at }],
    createdAt: at,
    updatedAt: at,
    lastNotifiedStatus: "waiting_deposit",
  });
  await sendDepositInstructions(
    h.app.bot.api,
    record,
    { from: { code: "BTC", network: undefined, tagName: "" }, to: { code: "ETH", network: undefined } },
    (key, vars) => translate("en", key, vars),
    h.app.store,
  );
  return (await h.app.store.exchanges.get(record.id))!;
}

/** An inline result as the bot sends it (the fields the tests read). */
export interface Article {
  type: string;
  id: string;
  title: string;
  description?: string;
  input_message_content: { message_text: string; parse_mode?: string };
  reply_markup?: { inline_keyboard: { text: string; url?: string }[][] };
}

export type InlineAnswer = NonNullable<ReturnType<TestUser["lastInlineAnswer"]>>;

/** Types `@bot <query>` as `user` and waits for the bot's answer to exactly that query. */
export async function askInline(h: Harness, user: TestUser, query: string): Promise<{ answer: InlineAnswer; articles: Article[] }> {
  const sent = user.inlineQuery(query);
  const answer = await h.emulator.waitFor(() => {
    const a = user.lastInlineAnswer();
    return a?.inline_query_id === sent.inline_query_id ? a : undefined;
  });
  return { answer, articles: answer.results as unknown as Article[] };
}
