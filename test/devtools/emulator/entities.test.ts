/**
 * Message entities as Telegram treats them: explicit entity lists checked (400 on bad ones),
 * tg://user links turned into text mentions, and the entities Telegram finds by itself (commands,
 * mentions, hashtags, cashtags, links, e-mail addresses) in people's and the bot's messages.
 */
import { InputFile } from "grammy";
import type { MessageEntity } from "grammy/types";
import { describe, expect, it } from "vitest";
import { PNG_1x1, rejection, useEmulator } from "./helpers.js";

const { start, emu, api } = useEmulator();
const USER = 7001;

describe("explicit entities", () => {
  const opened = async () => {
    await start();
    emu().user({ id: USER, first_name: "Ann", username: "ann" }).sendText("/start");
  };
  const send = (text: string, entities: unknown[]) => api().sendMessage(USER, text, { entities: entities as MessageEntity[] });

  it("keeps valid ones, with offsets and lengths in UTF-16 code units", async () => {
    await opened();
    const sent = await send("💱 Rate here", [
      { type: "bold", offset: 3, length: 4 },
      { type: "text_link", offset: 8, length: 4, url: "https://example.org/rates" },
      { type: "pre", offset: 0, length: 2, language: "txt" },
    ]);
    expect(sent.entities).toEqual([
      { type: "pre", offset: 0, length: 2, language: "txt" },
      { type: "bold", offset: 3, length: 4 },
      { type: "text_link", offset: 8, length: 4, url: "https://example.org/rates" },
    ]);
    expect(emu().chat(USER).last()?.entities).toEqual(sent.entities);
  });

  it.each([
    ["an unknown type", [{ type: "shiny", offset: 0, length: 2 }], "Bad Request: can't parse MessageEntity: Unsupported type specified"],
    ["no type", [{ offset: 0, length: 2 }], `Bad Request: can't parse MessageEntity: Can't find field "type"`],
    [
      "a non-numeric offset",
      [{ type: "bold", offset: "x", length: 2 }],
      `Bad Request: can't parse MessageEntity: Field "offset" must be a valid Number`,
    ],
    [
      "an entity past the end",
      [{ type: "bold", offset: 3, length: 3 }],
      "Bad Request: entity bold at offset 3 with length 3 is outside the text of 5 UTF-16 code units",
    ],
    [
      "a negative offset",
      [{ type: "italic", offset: -1, length: 2 }],
      "Bad Request: entity italic at offset -1 with length 2 is outside the text of 5 UTF-16 code units",
    ],
    [
      "a text_link without url",
      [{ type: "text_link", offset: 0, length: 2 }],
      `Bad Request: can't parse MessageEntity: Can't find field "url"`,
    ],
    [
      "a text_link to a bad url",
      [{ type: "text_link", offset: 0, length: 2, url: "localhost" }],
      "Bad Request: entity URL 'localhost' is invalid: Wrong HTTP URL",
    ],
    [
      "a text_mention without user",
      [{ type: "text_mention", offset: 0, length: 2 }],
      `Bad Request: can't parse MessageEntity: Can't find field "user"`,
    ],
    [
      "a text_mention of an unknown user",
      [{ type: "text_mention", offset: 0, length: 2, user: { id: 999, is_bot: false, first_name: "X" } }],
      "Bad Request: user not found",
    ],
    [
      "a custom_emoji without id",
      [{ type: "custom_emoji", offset: 0, length: 2 }],
      `Bad Request: can't parse MessageEntity: Can't find field "custom_emoji_id"`,
    ],
    ["not an array", { type: "bold", offset: 0, length: 1 }, "Bad Request: can't parse entities JSON object"],
  ])("refuses %s with 400", async (_name, entities, description) => {
    await opened();
    const err = await rejection(api().sendMessage(USER, "hello", { entities: entities as MessageEntity[] }));
    expect(err.error_code).toBe(400);
    expect(err.description).toBe(description);
    expect(emu().chat(USER).messages()).toEqual([]);
  });

  it("refuses an entity that splits a character in two", async () => {
    await opened();
    const err = await rejection(send("💱 x", [{ type: "bold", offset: 1, length: 2 }]));
    expect(err.description).toBe("Bad Request: entity bold at offset 1 with length 2 splits a character in two");
  });

  it("turns a text_mention's user into the full user the emulator knows", async () => {
    await opened();
    const sent = await send("hi Ann", [{ type: "text_mention", offset: 3, length: 3, user: { id: USER } }]);
    expect(sent.entities).toEqual([
      { type: "text_mention", offset: 3, length: 3, user: { id: USER, is_bot: false, first_name: "Ann", username: "ann" } },
    ]);
  });

  it("ignores given entity types Telegram finds itself, and finds them again", async () => {
    await opened();
    const sent = await send("see /help", [{ type: "url", offset: 0, length: 3 }]);
    expect(sent.entities).toEqual([{ type: "bot_command", offset: 4, length: 5 }]);
  });

  it("checks the entities of edits and captions too", async () => {
    await opened();
    const m = await api().sendMessage(USER, "first");
    const bad = [{ type: "bold", offset: 0, length: 50 }] as MessageEntity[];
    expect((await rejection(api().editMessageText(USER, m.message_id, "second", { entities: bad }))).error_code).toBe(400);
    expect((await rejection(api().sendPhoto(USER, new InputFile(PNG_1x1), { caption: "qr", caption_entities: bad }))).error_code).toBe(400);
    const photo = await api().sendPhoto(USER, new InputFile(PNG_1x1), { caption: "qr" });
    expect((await rejection(api().editMessageCaption(USER, photo.message_id, { caption: "new", caption_entities: bad }))).error_code).toBe(
      400,
    );
    await api().editMessageText(USER, m.message_id, "second", { entities: [{ type: "italic", offset: 0, length: 6 }] });
    expect(emu().chat(USER).byId(m.message_id)?.entities).toEqual([{ type: "italic", offset: 0, length: 6 }]);
  });
});

describe("tg://user links", () => {
  it("become a text_mention with the user, under HTML and as an explicit text_link", async () => {
    await start();
    emu().user({ id: USER, first_name: "Ann", username: "ann", language_code: "en" }).sendText("/start");
    const html = await api().sendMessage(USER, `Hello, <a href="tg://user?id=${USER}">Ann</a>!`, { parse_mode: "HTML" });
    const ann = { id: USER, is_bot: false, first_name: "Ann", username: "ann", language_code: "en" };
    expect(html.entities).toEqual([{ type: "text_mention", offset: 7, length: 3, user: ann }]);
    expect(emu().chat(USER).last()?.entities).toEqual([{ type: "text_mention", offset: 7, length: 3, user: ann }]);
    const explicit = await api().sendMessage(USER, "Ann", {
      entities: [{ type: "text_link", offset: 0, length: 3, url: `tg://user?id=${USER}` }],
    });
    expect(explicit.entities).toEqual([{ type: "text_mention", offset: 0, length: 3, user: ann }]);
    const unknown = await rejection(api().sendMessage(USER, '<a href="tg://user?id=424242">who</a>', { parse_mode: "HTML" }));
    expect(unknown.description).toBe("Bad Request: user not found");
  });
});

describe("automatic entities", () => {
  it("marks them in a person's message", async () => {
    await start();
    emu().user({ id: USER, first_name: "Ann" }).sendText("/rate btc, ask @swap_support or see https://example.org #rates");
    const [update] = await api().getUpdates();
    expect(update?.message?.entities).toEqual([
      { type: "bot_command", offset: 0, length: 5 },
      { type: "mention", offset: 15, length: 13 },
      { type: "url", offset: 36, length: 19 },
      { type: "hashtag", offset: 56, length: 6 },
    ]);
  });

  it("merges them with the bot's HTML entities without cutting into links or code", async () => {
    await start();
    emu().user({ id: USER, first_name: "Ann" }).sendText("/start");
    const sent = await api().sendMessage(
      USER,
      '<b>Send /exchange</b> or <code>/rate</code>, write to @swap_support, <a href="https://example.org">example.org</a>',
      { parse_mode: "HTML" },
    );
    expect(sent.text).toBe("Send /exchange or /rate, write to @swap_support, example.org");
    expect(sent.entities).toEqual([
      { type: "bold", offset: 0, length: 14 },
      { type: "bot_command", offset: 5, length: 9 },
      { type: "code", offset: 18, length: 5 },
      { type: "mention", offset: 34, length: 13 },
      { type: "text_link", offset: 49, length: 11, url: "https://example.org" },
    ]);
  });
});
