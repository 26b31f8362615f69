/**
 * The playground's control API driven over HTTP as its page drives it, for the tests of a system
 * started as `npm start` starts it in sandbox mode (`startDevSystem`): what a person does in the
 * page's chat, and what the page then shows. Waits are event-driven through the emulator.
 */
import { expect } from "vitest";
import type { DevSystem } from "../../src/devtools/system.js";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";

/** A message as the page is sent it: plain text and entities, never HTML. */
export interface PlaygroundMessage {
  id: number;
  fromBot: boolean;
  text: string;
  entities: { type: string; offset: number; length: number }[];
  buttons: { text: string; kind: string; data?: string }[][];
  photo?: string;
  document?: { name: string; size: number; url: string };
  edited: boolean;
}

/** One person's chat as the page shows it. */
interface PlaygroundChat {
  user: { id: number; language: string; appLanguage: string };
  messages: PlaygroundMessage[];
  commands: { command: string; description: string }[];
  inline: { query: string; results: { id: string; title: string }[] } | null;
}

/** The control API of one running playground. */
export interface PlaygroundDriver {
  /** The API's address: `<playground>/playground/api`. */
  readonly api: string;
  /** A JSON POST to `path` under the API; its status and JSON answer. */
  post(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
  /** The chat of `userId` as the page shows it now. */
  chat(userId: number): Promise<PlaygroundChat>;
  /**
   * The newest bot message to `userId` containing `text`, once the API shows one. The playground's
   * emulator paces the bot like Telegram (a burst, then about one message a second per chat), so
   * a step that sends several messages can take some seconds.
   */
  botSays(userId: number, text: string): Promise<PlaygroundMessage>;
  /** Walks an exchange of 0.1 BTC to ETH in the chat of `userId`, from /exchange to the deposit instructions. */
  exchangeToInstructions(userId: number): Promise<void>;
}

/** A driver of the playground of `system` (started with its playground). */
export function playgroundDriver(system: DevSystem): PlaygroundDriver {
  const emulator = system.emulator!;
  const api = `${system.playground!.url}/playground/api`;

  const post: PlaygroundDriver["post"] = async (path, body) => {
    const res = await fetch(`${api}/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const chat: PlaygroundDriver["chat"] = async (userId) => (await (await fetch(`${api}/chat/${userId}`)).json()) as PlaygroundChat;
  const botSays: PlaygroundDriver["botSays"] = async (userId, text) => {
    await emulator.waitFor(
      () =>
        emulator
          .chat(userId)
          .messages()
          .some((m) => m.plain.includes(text)),
      20_000,
    );
    const found = (await chat(userId)).messages.findLast((m) => m.fromBot && m.text.includes(text));
    expect(found, `no bot message with ${JSON.stringify(text)}`).toBeDefined();
    return found!;
  };

  return {
    api,
    post,
    chat,
    botSays,
    async exchangeToInstructions(u) {
      await post("send", { user: u, text: "/exchange" });
      let m = await botSays(u, "Which coin do you send?");
      await post("press", { user: u, message_id: m.id, data: "x:f:c:BTC" });
      m = await botSays(u, "Which coin do you want to get?");
      await post("press", { user: u, message_id: m.id, data: "x:t:c:ETH" });
      await botSays(u, "How much BTC");
      await post("send", { user: u, text: "0.1" });
      m = await botSays(u, "Withdrawal fee");
      await post("press", { user: u, message_id: m.id, data: "x:a:next" });
      await botSays(u, "address that will receive");
      await post("send", { user: u, text: SAMPLE_ADDRESSES.ETH! });
      await botSays(u, "refund address");
      await post("send", { user: u, text: SAMPLE_ADDRESSES.BTC! });
      m = await botSays(u, "Check your exchange");
      await post("press", { user: u, message_id: m.id, data: "x:c:confirm" });
      await botSays(u, "I will tell you about every status change");
    },
  };
}
