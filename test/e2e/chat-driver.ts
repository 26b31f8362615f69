/**
 * Reads like a person using the chat: type something, press a button, and wait for the bot's
 * new message that says what we expect. Waits are event-driven through the emulator.
 */
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";
import type { Harness } from "./harness.js";

type TestUser = ReturnType<Harness["emulator"]["user"]>;
type BotMessage = NonNullable<ReturnType<TestUser["chat"]["last"]>>;

export type Expectation = string | RegExp;

/**
 * Flow buttons carry their step (`x:f:c:BTC`, `x:c:confirm`); tests name them by what they do
 * (`x:c:BTC`, `x:confirm`). Resolves the short form against the buttons under `message`.
 */
export function flowButtonData(message: BotMessage, data: string): string {
  const all = message.buttons().flatMap((b) => (b.callback_data ? [b.callback_data] : []));
  if (all.includes(data) || !data.startsWith("x:")) return data;
  const action = data.slice(2);
  return all.find((b) => /^x:[a-z]:/.test(b) && b.slice(4) === action) ?? data;
}

/** A message's icon (📥, ✅, 🚨…): its first character by code point, where `text[0]` is half an emoji. */
export function leadingIcon(text: string): string | undefined {
  const code = text.codePointAt(0);
  return code === undefined ? undefined : String.fromCodePoint(code);
}

function matches(message: BotMessage, expected: Expectation): boolean {
  return typeof expected === "string" ? message.plain.includes(expected) : expected.test(message.plain);
}

export class ChatDriver {
  /**
   * @param waitMs How long each wait for the bot's answer may take; the emulator's default when
   * absent. A person in a crowd that writes at once gets an answer only after the others' updates.
   */
  constructor(
    readonly h: Harness,
    readonly user: TestUser,
    readonly waitMs?: number,
  ) {}

  /** Number of bot messages in the chat so far: later waits only look past it. */
  mark(): number {
    return this.user.chat.count();
  }

  /** Waits for a bot message after `since` that matches `expected`. */
  async waitNew(expected: Expectation, since: number, timeoutMs?: number): Promise<BotMessage> {
    return this.h.emulator.waitFor(
      // Only the messages after `since` are copied: a hundred people waiting at once would
      // otherwise copy every chat on every change.
      () => this.user.chat.messagesFrom(since).find((m) => matches(m, expected)),
      timeoutMs ?? this.waitMs,
    );
  }

  /** Types `text` and waits for a new bot message matching `expected`. */
  async send(text: string, expected: Expectation): Promise<BotMessage> {
    const since = this.mark();
    this.user.sendText(text);
    return this.waitNew(expected, since);
  }

  /** Presses the button with `callbackData` under `message` and waits for a new matching message. */
  async press(message: BotMessage, callbackData: string, expected: Expectation): Promise<BotMessage> {
    const since = this.mark();
    this.user.pressButton(message, flowButtonData(message, callbackData));
    return this.waitNew(expected, since);
  }

  /** Presses a button and waits until the same message is edited to match `expected`. */
  async pressAndEdit(message: BotMessage, callbackData: string, expected: Expectation): Promise<BotMessage> {
    this.user.pressButton(message, flowButtonData(message, callbackData));
    return this.h.emulator.waitFor(() => {
      const current = this.user.chat.byId(message.message_id);
      return current && matches(current, expected) ? current : undefined;
    });
  }

  /** The button data under a message whose text contains `label`. */
  button(message: BotMessage, label: string): string {
    const found = message.buttons().find((b) => b.text.includes(label));
    if (!found?.callback_data) {
      throw new Error(
        `no button "${label}" under: ${message.plain}\nbuttons: ${message
          .buttons()
          .map((b) => b.text)
          .join(" | ")}`,
      );
    }
    return found.callback_data;
  }

  /**
   * Walks the flow from /exchange to the confirmation card for BTC → ETH with valid input, the
   * way most tests need an exchange that is ready to confirm.
   */
  async toConfirmationCard(amount = "0.1"): Promise<{ askAmount: BotMessage; card: BotMessage }> {
    const pickFrom = await this.send("/exchange", "Which coin do you send?");
    const pickTo = await this.press(pickFrom, "x:c:BTC", "Which coin do you want to get?");
    const askAmount = await this.press(pickTo, "x:c:ETH", "How much BTC do you send?");
    const quote = await this.send(amount, "You get:");
    await this.press(quote, "x:next", "address that will receive");
    await this.send(SAMPLE_ADDRESSES.ETH!, "refund address");
    const card = await this.send(SAMPLE_ADDRESSES.BTC!, "Check your exchange");
    return { askAmount, card };
  }

  /** Waits until the bot has made no call for `quietMs` (used to assert that nothing more comes). */
  async settle(quietMs = 300): Promise<void> {
    let count = -1;
    for (;;) {
      const now = this.h.emulator.calls.length;
      if (now === count) return;
      count = now;
      await new Promise((r) => setTimeout(r, quietMs));
    }
  }
}
