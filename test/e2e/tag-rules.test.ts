/**
 * Per-chain tag rules at the tag step (issue 15): a tag the chain cannot carry is refused at once,
 * in the person's language and with the limit, before any call to the service; a tag the bot
 * accepts is accepted by the service too (the sandbox checks the same rules); and the service's
 * own refusal, when it comes anyway, is framed so it reads right inside a Russian sentence.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";

describe("tag rules at the tag step, in Russian", () => {
  let h: Harness;
  let ru: ChatDriver;

  beforeEach(async () => {
    h = await startHarness();
    ru = new ChatDriver(h, h.emulator.user({ id: 2101, first_name: "Оля", language_code: "ru" }));
  });
  afterEach(async () => {
    await h.close();
  });

  /** /exchange BTC → `to`, 0.01 BTC, up to the question for the receiving coin's tag. */
  async function toDestinationTag(to: string): Promise<void> {
    const pickFrom = await ru.send("/exchange", "Какую монету вы отдаёте?");
    await ru.press(pickFrom, "x:c:BTC", "Какую монету хотите получить?");
    await ru.send(to.toLowerCase(), "Сколько BTC вы отдаёте?");
    const quote = await ru.send("0,01", "Вы получите:");
    await ru.press(quote, "x:next", `Отправьте адрес ${to}`);
    await ru.send(SAMPLE_ADDRESSES[to]!, "Отправьте");
  }

  it("refuses a TON comment over 120 bytes with the reason, and a 42-character one goes through to the order", async () => {
    await toDestinationTag("TON");
    const requestsBefore = h.sandbox.requests.count();
    // 61 Cyrillic letters: 61 characters, 122 bytes.
    const refusal = await ru.send("ж".repeat(61), "Неверное значение «Комментарий»");
    expect(refusal.plain).toContain("оно слишком длинное: не больше 120 байт");
    // Said by the bot alone: the service was not asked.
    expect(h.sandbox.requests.count()).toBe(requestsBefore);

    const comment = "order-2024-payment-for-invoice-number-4242";
    expect(comment).toHaveLength(42);
    await ru.send(comment, `Комментарий: ${comment}`);
    await ru.send(SAMPLE_ADDRESSES.BTC!, "Проверьте обмен");
    const card = ru.user.chat.last()!;
    const since = ru.mark();
    ru.user.pressButton(card, "x:c:confirm");
    await ru.waitNew("Обмен создан", since);
    expect(h.sandbox.orders.list()).toEqual([expect.objectContaining({ to: "TON", destinationTag: comment })]);
  });

  it("refuses an XLM memo over 28 bytes and an XRP tag over 2^32 − 1, naming each limit", async () => {
    await toDestinationTag("XLM");
    const memo = await ru.send("a".repeat(29), "Неверное значение «MEMO»");
    expect(memo.plain).toContain("не больше 28 байт");
    await ru.send("a".repeat(28), "MEMO: " + "a".repeat(28));

    await ru.send("/cancel", "Обмен отменён");
    await toDestinationTag("XRP");
    const tag = await ru.send("4294967296", "Неверное значение «Тег назначения»");
    expect(tag.plain).toContain("оно должно быть не больше 4294967295");
    await ru.send("4294967295", "Тег назначения: 4294967295");
    expect(h.sandbox.requests.count("exchange-create")).toBe(0);
  });

  it("shows the service's own refusal quoted on its own line, labelled as its words", async () => {
    await toDestinationTag("XLM");
    const askMemo = ru.user.chat.last()!;
    await ru.send("memo-1", "Шаг 5 из 5");
    // Answered at once: the memo is read back under its question, which loses its buttons.
    expect(ru.user.chat.byId(askMemo.message_id)?.plain).toContain("MEMO: memo-1");
    expect(ru.user.chat.byId(askMemo.message_id)?.buttons()).toEqual([]);
    const card = await ru.send(SAMPLE_ADDRESSES.BTC!, "Проверьте обмен");
    h.sandbox.faults.inject({ endpoint: "exchange-create", kind: "rejected", message: "memo is blacklisted", times: 1 });
    const refusal = await ru.press(card, "x:confirm", "Сервис обмена отказал");
    expect(refusal.plain).toBe("⚠️ Сервис обмена отказал. Его ответ, как он есть:\nmemo is blacklisted");
    expect(refusal.text).toContain("<blockquote>memo is blacklisted</blockquote>");
  });
});
