/**
 * A person in a crash test: reads the chat, types and presses like someone on Telegram, and waits
 * for the bot through the emulator (event-driven, always with a time limit).
 */
import { flowButtonData } from "../e2e/chat-driver.js";
import type { BotMessage, Emulator, TestUser } from "../../src/devtools/emulator/server.js";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";
import { isOrderCard, PROMPTS, STEP_REPLIES, TIMING, type ReplyKind } from "./expectations.js";

export type Expectation = string | RegExp;

function matches(message: BotMessage, expected: Expectation): boolean {
  return typeof expected === "string" ? message.plain.includes(expected) : expected.test(message.plain);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What a person means to exchange: every value they will type or press, decided up front. */
export interface WalkPlan {
  from: string;
  to: string;
  amount: string;
  destination: string;
  destinationTag?: string;
  refund: string;
  refundTag?: string;
}

/** A plan for BTC → XRP: the destination needs a Destination tag. */
export function btcToXrp(amount = "0.01", tag = "123456"): WalkPlan {
  return { from: "BTC", to: "XRP", amount, destination: SAMPLE_ADDRESSES.XRP!, destinationTag: tag, refund: SAMPLE_ADDRESSES.BTC! };
}

/** A plan for BTC → ETH: no tags. */
export function btcToEth(amount = "0.1"): WalkPlan {
  return { from: "BTC", to: "ETH", amount, destination: SAMPLE_ADDRESSES.ETH!, refund: SAMPLE_ADDRESSES.BTC! };
}

/** Which reply kind a bot message is (see STEP_REPLIES), or undefined for anything else. */
export function replyKind(message: BotMessage): ReplyKind | undefined {
  for (const [kind, patterns] of Object.entries(STEP_REPLIES) as [ReplyKind, readonly RegExp[]][]) {
    if (patterns.some((p) => p.test(message.plain))) return kind;
  }
  return undefined;
}

export class Person {
  readonly user: TestUser;

  readonly thinkMs: number;

  /** How long a wait for the bot's answer may take unless told (a crowd's people wait for each other). */
  readonly waitMs: number;

  constructor(
    readonly emulator: Emulator,
    readonly id: number,
    readonly firstName: string,
    options: { thinkMs?: number; waitMs?: number } = {},
  ) {
    this.user = emulator.user({ id, first_name: firstName, language_code: "en" });
    this.thinkMs = options.thinkMs ?? TIMING.thinkMs;
    this.waitMs = options.waitMs ?? TIMING.replyMs;
  }

  /** The bot's messages so far (edits applied). */
  messages(): BotMessage[] {
    return this.user.chat.messages();
  }

  /** Number of bot messages so far: later waits only look past it. */
  mark(): number {
    return this.user.chat.count();
  }

  /** Waits for a bot message after `since` that matches `expected`. */
  waitNew(expected: Expectation, since: number, timeoutMs: number = this.waitMs): Promise<BotMessage> {
    // Only the new messages are copied on each check (a hundred people may be waiting at once).
    return this.emulator.waitFor(() => this.user.chat.messagesFrom(since).find((m) => matches(m, expected)), timeoutMs);
  }

  /**
   * Waits for the bot's first message after `since`, then for `quietMs` without a new one, and
   * returns all that came. Undefined when nothing came within `timeoutMs` (silence).
   */
  async repliesSince(since: number, timeoutMs: number = TIMING.replyMs, quietMs = 600): Promise<BotMessage[] | undefined> {
    try {
      await this.emulator.waitFor(() => this.messages().length > since, timeoutMs);
    } catch {
      return undefined;
    }
    // Bounded: a bot that never stops talking ends the wait after ten quiet periods' worth.
    for (let i = 0, count = -1; i < 10; i++) {
      const now = this.messages().length;
      if (now === count) break;
      count = now;
      await sleep(quietMs);
    }
    return this.messages().slice(since);
  }

  /** Types `text` and waits for a new bot message matching `expected`. */
  async send(text: string, expected: Expectation, timeoutMs?: number): Promise<BotMessage> {
    const since = this.mark();
    this.user.sendText(text);
    return this.waitNew(expected, since, timeoutMs);
  }

  /** Presses the button with `data` under `message` and waits for a new matching message. */
  async press(message: BotMessage, data: string, expected: Expectation, timeoutMs?: number): Promise<BotMessage> {
    const since = this.mark();
    this.user.pressButton(message, flowButtonData(message, data));
    return this.waitNew(expected, since, timeoutMs);
  }

  /** A person's pause between two steps (their own pace unless told). */
  think(ms: number = this.thinkMs): Promise<void> {
    return sleep(ms);
  }

  /** /exchange up to the quote for the plan's pair and amount. */
  async toQuote(plan: WalkPlan): Promise<BotMessage> {
    const pickFrom = await this.send("/exchange", PROMPTS.pickFrom);
    await this.think();
    const pickTo = await this.press(pickFrom, `x:c:${plan.from}`, PROMPTS.pickTo);
    await this.think();
    await this.press(pickTo, `x:c:${plan.to}`, PROMPTS.amount);
    await this.think();
    const quote = await this.send(plan.amount, PROMPTS.quote);
    await this.think();
    return quote;
  }

  /** The whole flow up to the confirmation card. */
  async toCard(plan: WalkPlan): Promise<BotMessage> {
    const quote = await this.toQuote(plan);
    await this.press(quote, "x:next", PROMPTS.destination);
    await this.think();
    const afterDestination = plan.destinationTag === undefined ? PROMPTS.refund : PROMPTS.tag;
    await this.send(plan.destination, afterDestination);
    await this.think();
    if (plan.destinationTag !== undefined) {
      await this.send(plan.destinationTag, PROMPTS.refund);
      await this.think();
    }
    if (plan.refundTag !== undefined) {
      await this.send(plan.refund, PROMPTS.tag);
      await this.think();
      return this.send(plan.refundTag, PROMPTS.card);
    }
    return this.send(plan.refund, PROMPTS.card);
  }

  /** Presses Confirm on the card and waits for the deposit instructions to end with the live order card. */
  async confirm(card: BotMessage, timeoutMs: number = this.waitMs): Promise<BotMessage> {
    const since = this.mark();
    this.user.pressButton(card, "x:c:confirm");
    return this.emulator.waitFor(() => this.messages().slice(since).find(isOrderCard), timeoutMs);
  }

  /** Bot messages (not order cards) that mention `text`, e.g. an exchange id in its notices. */
  noticesAbout(text: string, pattern: RegExp): BotMessage[] {
    return this.messages().filter((m) => !isOrderCard(m) && m.plain.includes(text) && pattern.test(m.plain));
  }
}
