/**
 * Fixtures shared by end-to-end tests: an exchange already created, one finished, one made in the
 * chat and taken to success, a poller cycle, an inline query.
 */
import { expect } from "vitest";
import type { ExchangeRecord } from "../../src/domain/types.js";
import type { CreateMarker } from "../../src/exchange/create-once.js";
import { contactVariable, createI18n, translatorOf } from "../../src/messages/i18n.js";
import { sendDepositInstructions } from "../../src/messages/deposit-instructions.js";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";
import { ChatDriver, leadingIcon } from "./chat-driver.js";
import { until } from "../until.js";
import type { Harness } from "./harness.js";

export const BTC = SAMPLE_ADDRESSES.BTC!;
const ETH = SAMPLE_ADDRESSES.ETH!;
// As the app's translator: the support contact (none configured) is a variable of every message.
const translate = translatorOf(createI18n(), { contact: contactVariable(undefined) });

export type TestUser = ReturnType<Harness["emulator"]["user"]>;

/**
 * A BTC → ETH exchange of `userId` for 0.1 BTC, in `status` since `at` (ISO), paid to `deposit`
 * (the sample BTC address unless the service gave one).
 */
function exchangeRecord(
  id: string,
  userId: number,
  status: ExchangeRecord["status"],
  at: string,
  deposit: { address: string; tag: string } = { address: BTC, tag: "" },
): ExchangeRecord {
  return {
    id,
    userId,
    chatId: userId,
    from: "BTC",
    to: "ETH",
    amountFrom: "0.1",
    quotedAmountTo: "1.5",
    destinationAddress: ETH,
    destinationTag: "",
    refundAddress: BTC,
    refundTag: "",
    depositAddress: deposit.address,
    depositTag: deposit.tag,
    status,
    statusHistory: [{ status, at }],
    createdAt: at,
    updatedAt: at,
    lastNotifiedStatus: status,
  };
}

/** A BTC → ETH exchange of `userId` that ended in success at `at` (ISO), for lists such as /history. */
export function finishedExchange(id: string, userId: number, at: string): ExchangeRecord {
  return exchangeRecord(id, userId, "success", at);
}

/**
 * A BTC → ETH exchange of 0.5 BTC of `userId` created `daysAgo` days ago (counted from now) and
 * ended in success half an hour later, with `extra` on top: for archive and export ranges.
 */
export function finishedDaysAgo(userId: number, id: string, daysAgo: number, extra: Partial<ExchangeRecord> = {}): ExchangeRecord {
  const at = (minutes: number) => new Date(Date.now() - daysAgo * 86_400_000 + minutes * 60_000).toISOString();
  return {
    ...exchangeRecord(id, userId, "success", at(30)),
    amountFrom: "0.5",
    quotedAmountTo: "7.5",
    amountTo: "7.4",
    destinationAddress: "0x00000000000000000000000000000000000000aa",
    statusHistory: [
      { status: "waiting_deposit", at: at(0) },
      { status: "success", at: at(30) },
    ],
    createdAt: at(0),
    ...extra,
  };
}

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
  const record = await h.app.store.exchanges.insert(
    exchangeRecord(created.id, user.id, "waiting_deposit", new Date().toISOString(), {
      address: created.depositAddress,
      tag: created.depositTag,
    }),
  );
  await sendDepositInstructions(
    h.app.bot.api,
    record,
    { from: { code: "BTC", network: undefined, tagName: "" }, to: { code: "ETH", network: undefined } },
    (key, vars) => translate("en", key, vars),
    h.app.store,
  );
  return (await h.app.store.exchanges.get(record.id))!;
}

/** One poller cycle over every open exchange, then every notice it caused, sent. */
export async function cycle(h: Harness) {
  const report = await h.app.poller.runCycle({ all: true });
  // The poller queued its notices before the cycle ended: idle once they are sent.
  await h.app.delivery.idle();
  return report;
}

/**
 * `user` makes an exchange in the chat (amount to confirmation), gets its instructions ending with
 * the card, and the sandbox takes it through the deposit to success over two cycles: one card
 * edited to "Completed", a message for the deposit and one for the success, in that order.
 * Returns the sandbox's order and the card.
 */
export async function exchangeInChatToSuccess(h: Harness, user: TestUser) {
  const chat = new ChatDriver(h, user);
  const { card: confirm } = await chat.toConfirmationCard();
  const since = chat.mark();
  const sent = user.pressButton(confirm, "x:c:confirm");
  const card = await chat.waitNew("Waiting for your deposit", since);
  await sent.handled;
  // The card is the last message of the instructions, and the one the poller will edit.
  expect(user.chat.last()!.message_id).toBe(card.message_id);
  const order = h.sandbox.orders.list()[0]!;
  // The card's id is stored once Telegram has answered its send, which the person sees first.
  await until(async () => (await h.app.store.exchanges.get(order.id))?.cardMessageId === card.message_id);
  const start = user.chat.messages().length;

  h.sandbox.orders.deposit(order.id);
  await cycle(h);
  for (let i = 0; i < 3; i++) h.sandbox.orders.advance(order.id);
  await cycle(h);
  expect(user.chat.byId(card.message_id)!.plain).toContain("Completed");
  expect(iconsFrom(user, start)).toEqual(["📥", "✅"]);
  return { order, card };
}

/** The leading icons of the bot's messages in `user`'s chat from message `start` on (a milestone's is its status's). */
export function iconsFrom(user: TestUser, start: number): Array<string | undefined> {
  return user.chat
    .messages()
    .slice(start)
    .map((m) => leadingIcon(m.plain));
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

/**
 * The marker of a create that was sent and never answered (the process died waiting): the BTC → ETH
 * 0.1 draft `draftId` of `chatId`, as the flow writes it before the request.
 */
export function pendingCreateMarker(draftId: string, chatId: number, at: string, owner?: string): CreateMarker {
  return {
    state: "pending",
    ...(owner === undefined ? {} : { owner }),
    draftId,
    userId: chatId,
    chatId,
    from: "BTC",
    to: "ETH",
    amount: "0.1",
    destinationAddress: SAMPLE_ADDRESSES.ETH!,
    destinationTag: "",
    refundAddress: SAMPLE_ADDRESSES.BTC!,
    refundTag: "",
    at,
  };
}
