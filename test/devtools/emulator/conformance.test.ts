/**
 * Bot API conformance over real HTTP, driven by grammY's own Api class: every rejection the bot can
 * run into must look like Telegram's.
 */
import { InlineKeyboard, InputFile } from "grammy";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { PNG_1x1, rejection, useEmulator } from "./helpers.js";

const { start, emu, api } = useEmulator();
const USER = 7001;

beforeEach(async () => {
  await start();
  // The user has opened the bot, so it may write to them.
  emu().user({ id: USER, first_name: "Ann" }).sendText("/start");
});

describe("transport", () => {
  it("answers getMe with the bot", async () => {
    expect(await api().getMe()).toMatchObject({ id: 123456, is_bot: true, username: "swap_sandbox_bot" });
  });

  it("answers 401 Unauthorized for a wrong token and records the call", async () => {
    const res = await fetch(`${emu().apiRoot}/bot999:WRONG/getMe`, { method: "POST" });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ ok: false, error_code: 401, description: "Unauthorized" });
    expect(emu().calls.at(-1)).toMatchObject({ method: "getMe", ok: false, error: { code: 401 } });
  });

  it("answers 404 Not Found for an unknown method", async () => {
    // RawApi is a proxy that forwards any method name; the cast only silences the type of a made-up one.
    const raw = api().raw as unknown as Record<string, (payload: unknown) => Promise<unknown>>;
    const err = await rejection(raw.sendTelepathy?.({ chat_id: USER }) ?? Promise.resolve());
    expect(err.error_code).toBe(404);
    expect(err.description).toBe("Not Found");
  });

  it("accepts a urlencoded body like Telegram does", async () => {
    const res = await fetch(`${emu().apiRoot}/bot${emu().token}/sendMessage`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ chat_id: String(USER), text: "hi" }),
    });
    expect(await res.json()).toMatchObject({ ok: true, result: { text: "hi", chat: { id: USER } } });
  });
});

describe("sendMessage", () => {
  it("sends HTML and records what the client shows", async () => {
    const sent = await api().sendMessage(USER, "<b>Rate</b>: 1 BTC &gt; 0", {
      parse_mode: "HTML",
      reply_markup: {
        inline_keyboard: [
          [
            { text: "OK", callback_data: "ok" },
            { text: "Site", url: "https://example.org" },
          ],
        ],
      },
      link_preview_options: { is_disabled: true },
    });
    expect(sent).toMatchObject({ text: "Rate: 1 BTC > 0", entities: [{ type: "bold", offset: 0, length: 4 }], from: { id: 123456 } });
    const shown = emu().chat(USER).last();
    expect(shown?.plain).toBe("Rate: 1 BTC > 0");
    expect(shown?.buttons()).toEqual([
      { text: "OK", callback_data: "ok" },
      { text: "Site", url: "https://example.org" },
    ]);
    expect(emu().callsOf("sendMessage")[0]?.params).toMatchObject({ parse_mode: "HTML", chat_id: USER });
  });

  it("numbers messages per chat and dates them in unix seconds", async () => {
    const a = await api().sendMessage(USER, "a");
    const b = await api().sendMessage(USER, "b");
    expect(b.message_id).toBe(a.message_id + 1);
    expect(Math.abs(a.date - Date.now() / 1000)).toBeLessThan(5);
  });

  it.each([
    ["<b>x", "Bad Request: can't parse entities: Can't find end tag corresponding to start tag \"b\""],
    ["a<b", "Bad Request: can't parse entities: Unclosed start tag at byte offset 1"],
    ["<div>x</div>", 'Bad Request: can\'t parse entities: Unsupported start tag "div" at byte offset 0'],
    ["<b>x</i>", 'Bad Request: can\'t parse entities: Unmatched end tag at byte offset 4, expected "</b>", found "</i>"'],
  ])("rejects unescaped HTML %j", async (text, description) => {
    const err = await rejection(api().sendMessage(USER, text, { parse_mode: "HTML" }));
    expect(err.error_code).toBe(400);
    expect(err.description).toBe(description);
    expect(emu().calls.at(-1)).toMatchObject({ method: "sendMessage", ok: false, error: { code: 400, description } });
    expect(emu().chat(USER).messages()).toEqual([]);
  });

  it("rejects a bare & under HTML but not without parse_mode", async () => {
    const err = await rejection(api().sendMessage(USER, "Tom & Jerry", { parse_mode: "HTML" }));
    expect(err.description).toMatch(/^Bad Request: can't parse entities: /);
    expect((await api().sendMessage(USER, "Tom & Jerry <3")).text).toBe("Tom & Jerry <3");
  });

  it("rejects empty text, whitespace and empty-after-parsing text", async () => {
    for (const text of ["", "   ", "<b></b>"]) {
      const err = await rejection(api().sendMessage(USER, text, { parse_mode: "HTML" }));
      expect(err.description).toBe("Bad Request: message text is empty");
    }
  });

  it("counts the 4096 limit after entity parsing, in UTF-16 units", async () => {
    await api().sendMessage(USER, `<b>${"a".repeat(4096)}</b>`, { parse_mode: "HTML" });
    await api().sendMessage(USER, "&amp;".repeat(4096), { parse_mode: "HTML" });
    const err = await rejection(api().sendMessage(USER, "😀".repeat(2049)));
    expect(err.description).toBe("Bad Request: message is too long");
    expect((await rejection(api().sendMessage(USER, "a".repeat(4097)))).description).toBe("Bad Request: message is too long");
  });

  it("rejects callback_data over 64 bytes or empty, and buttons with no action", async () => {
    const send = (button: Record<string, unknown>) =>
      api().sendMessage(USER, "x", { reply_markup: { inline_keyboard: [[button as never]] } });
    await send({ text: "ok", callback_data: "é".repeat(32) }); // 64 bytes: the limit itself is fine
    expect((await rejection(send({ text: "x", callback_data: "é".repeat(32) + "a" }))).description).toBe(
      "Bad Request: BUTTON_DATA_INVALID",
    );
    expect((await rejection(send({ text: "x", callback_data: "" }))).description).toBe("Bad Request: BUTTON_DATA_INVALID");
    const noAction = await rejection(send({ text: "x" }));
    expect(noAction.error_code).toBe(400);
    expect(noAction.description).toContain("Text buttons are unallowed");
    expect((await rejection(send({ text: "x", url: "not a url" }))).description).toBe("Bad Request: BUTTON_URL_INVALID");
  });

  it("refuses an inline keyboard with an empty row (a trailing .row()), and takes one with no rows", async () => {
    const err = await rejection(api().sendMessage(USER, "x", { reply_markup: new InlineKeyboard().text("a", "a").row() }));
    expect(err.error_code).toBe(400);
    expect(err.description).toBe("Bad Request: row 2 of the inline keyboard is empty");
    const ok = await api().sendMessage(USER, "y", { reply_markup: { inline_keyboard: [] } });
    expect(ok.text).toBe("y");
  });

  it("sets and removes the chat's reply keyboard", async () => {
    await api().sendMessage(USER, "pick", { reply_markup: { keyboard: [[{ text: "BTC" }]], resize_keyboard: true } });
    expect(emu().chat(USER).replyKeyboard()).toMatchObject({ keyboard: [[{ text: "BTC" }]] });
    await api().sendMessage(USER, "done", { reply_markup: { remove_keyboard: true } });
    expect(emu().chat(USER).replyKeyboard()).toBeUndefined();
  });

  it("replies to an existing message and refuses a missing one", async () => {
    const first = await api().sendMessage(USER, "first");
    const reply = await api().sendMessage(USER, "second", { reply_parameters: { message_id: first.message_id } });
    expect(reply.reply_to_message?.message_id).toBe(first.message_id);
    const err = await rejection(api().sendMessage(USER, "x", { reply_parameters: { message_id: 999 } }));
    expect(err.description).toBe("Bad Request: message to be replied not found");
  });

  it("refuses unknown chats and users who never started the bot", async () => {
    expect((await rejection(api().sendMessage(424242, "x"))).description).toBe("Bad Request: chat not found");
    emu().user({ id: 7002 });
    const err = await rejection(api().sendMessage(7002, "x"));
    expect(err.error_code).toBe(403);
    expect(err.description).toBe("Forbidden: bot can't initiate conversation with a user");
  });

  it("answers 403 while the user has blocked the bot, and works again after unblocking", async () => {
    const user = emu().user({ id: USER });
    const before = await api().sendMessage(USER, "before");
    user.blockBot();
    for (const call of [
      api().sendMessage(USER, "x"),
      api().editMessageText(USER, before.message_id, "edited"),
      api().sendChatAction(USER, "typing"),
      api().sendPhoto(USER, new InputFile(PNG_1x1)),
    ]) {
      const err = await rejection(call);
      expect(err.error_code).toBe(403);
      expect(err.description).toBe("Forbidden: bot was blocked by the user");
    }
    user.unblockBot();
    await api().sendMessage(USER, "after");
    expect(user.chat.messages().map((m) => m.plain)).toEqual(["before", "after"]);
  });
});

describe("editing and deleting", () => {
  it("edits text, keeps history, and removes the keyboard when the edit omits it", async () => {
    const m = await api().sendMessage(USER, "v1", { reply_markup: { inline_keyboard: [[{ text: "a", callback_data: "a" }]] } });
    const edited = await api().editMessageText(USER, m.message_id, "<i>v2</i>", { parse_mode: "HTML" });
    expect(edited).toMatchObject({ text: "v2", message_id: m.message_id });
    expect(edited).not.toHaveProperty("reply_markup");
    const shown = emu().chat(USER).byId(m.message_id);
    expect(shown).toMatchObject({ plain: "v2", edited: true, history: ["v1"] });
    expect(shown?.buttons()).toEqual([]);
  });

  it("answers 'message is not modified' for an identical edit", async () => {
    const markup = { inline_keyboard: [[{ text: "a", callback_data: "a" }]] };
    const m = await api().sendMessage(USER, "<b>same</b>", { parse_mode: "HTML", reply_markup: markup });
    const err = await rejection(
      api().editMessageText(USER, m.message_id, "<strong>same</strong>", { parse_mode: "HTML", reply_markup: markup }),
    );
    expect(err.error_code).toBe(400);
    expect(err.description).toBe(
      "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a specified old message content and reply markup",
    );
    expect((await rejection(api().editMessageReplyMarkup(USER, m.message_id, { reply_markup: markup }))).description).toMatch(
      /not modified/,
    );
    // Same text, different markup: a real change.
    await api().editMessageText(USER, m.message_id, "<b>same</b>", { parse_mode: "HTML" });
  });

  it("refuses to edit or delete what does not exist", async () => {
    expect((await rejection(api().editMessageText(USER, 999, "x"))).description).toBe("Bad Request: message to edit not found");
    expect((await rejection(api().deleteMessage(USER, 999))).description).toBe("Bad Request: message to delete not found");
  });

  it("refuses to edit the user's own message", async () => {
    const own = emu().chat(USER).all()[0];
    expect((await rejection(api().editMessageText(USER, own?.message_id ?? 0, "x"))).description).toBe(
      "Bad Request: message can't be edited",
    );
  });

  it("deletes: the message disappears and cannot be deleted twice", async () => {
    const m = await api().sendMessage(USER, "bye");
    expect(await api().deleteMessage(USER, m.message_id)).toBe(true);
    expect(emu().chat(USER).byId(m.message_id)).toBeUndefined();
    expect((await rejection(api().deleteMessage(USER, m.message_id))).description).toBe("Bad Request: message to delete not found");
    expect((await rejection(api().editMessageText(USER, m.message_id, "x"))).description).toBe("Bad Request: message to edit not found");
  });

  it("edits captions of photos only", async () => {
    const photo = await api().sendPhoto(USER, new InputFile(PNG_1x1), { caption: "old" });
    await api().editMessageCaption(USER, photo.message_id, { caption: "new" });
    expect(emu().chat(USER).byId(photo.message_id)).toMatchObject({ caption: "new", plain: "new", history: ["old"] });
    const text = await api().sendMessage(USER, "t");
    expect((await rejection(api().editMessageCaption(USER, text.message_id, { caption: "c" }))).error_code).toBe(400);
    expect((await rejection(api().editMessageText(USER, photo.message_id, "t"))).description).toBe(
      "Bad Request: there is no text in the message to edit",
    );
  });
});

describe("sendPhoto", () => {
  it("stores the bytes of a multipart upload from grammY's InputFile", async () => {
    const sent = await api().sendPhoto(USER, new InputFile(PNG_1x1, "qr.png"), { caption: "<b>Pay here</b>", parse_mode: "HTML" });
    expect(sent.photo[0]).toMatchObject({ width: 1, height: 1, file_size: PNG_1x1.length });
    expect(sent.caption).toBe("Pay here");
    const shown = emu().chat(USER).last();
    expect(shown?.photo).toMatchObject({ mime: "image/png" });
    expect(shown?.photo && "bytes" in shown.photo && shown.photo.bytes.equals(PNG_1x1)).toBe(true);
    expect(emu().callsOf("sendPhoto")[0]?.params.photo).toEqual({ upload: { size: PNG_1x1.length, filename: "qr.png" } });
  });

  it("re-sends by file_id and accepts a URL; rejects an unknown file_id and non-images", async () => {
    const first = await api().sendPhoto(USER, new InputFile(PNG_1x1));
    const fileId = first.photo[0]?.file_id ?? "";
    await api().sendPhoto(USER, fileId);
    expect(emu().chat(USER).last()?.photo).toMatchObject({ file_id: fileId, mime: "image/png" });
    await api().sendPhoto(USER, "https://example.org/qr.png");
    expect(emu().chat(USER).last()?.photo).toEqual({ url: "https://example.org/qr.png" });
    expect((await rejection(api().sendPhoto(USER, "no-such-file"))).description).toBe(
      "Bad Request: wrong file identifier/HTTP URL specified",
    );
    expect((await rejection(api().sendPhoto(USER, new InputFile(Buffer.from("not an image"))))).description).toBe(
      "Bad Request: IMAGE_PROCESS_FAILED",
    );
  });

  it("rejects a caption over 1024 characters", async () => {
    const err = await rejection(api().sendPhoto(USER, new InputFile(PNG_1x1), { caption: "x".repeat(1025) }));
    expect(err.description).toBe("Bad Request: message caption is too long");
  });
});

describe("an upload, as sendPhoto and sendDocument both read it", () => {
  it.each([
    ["sendPhoto", "photo"],
    ["sendDocument", "document"],
  ] as const)("%s rejects a missing %s and an empty file", async (method, field) => {
    const raw = api().raw as unknown as Record<string, (payload: unknown) => Promise<unknown>>;
    const send = (payload: Record<string, unknown>) => raw[method]?.({ chat_id: USER, ...payload }) ?? Promise.resolve();
    expect((await rejection(send({}))).description).toBe(`Bad Request: there is no ${field} in the request`);
    expect((await rejection(send({ [field]: new InputFile(new Uint8Array(0), "empty") }))).description).toBe(
      "Bad Request: file must be non-empty",
    );
    expect(
      emu()
        .callsOf(method)
        .map((c) => c.ok),
    ).toEqual([false, false]);
  });
});

describe("sendDocument", () => {
  it("stores the bytes of a streamed multipart upload, its name and type; re-sends by file_id", async () => {
    const csv = "a,b\r\n1,2\r\n";
    function* chunks() {
      yield new TextEncoder().encode(csv.slice(0, 4));
      yield new TextEncoder().encode(csv.slice(4));
    }
    const sent = await api().sendDocument(USER, new InputFile(chunks(), "rows.csv"), { caption: "<b>Yours</b>", parse_mode: "HTML" });
    expect(sent.document).toMatchObject({ file_name: "rows.csv", mime_type: "text/csv", file_size: csv.length });
    expect(sent.caption).toBe("Yours");
    const shown = emu().chat(USER).last();
    expect(shown?.document?.bytes.toString("utf8")).toBe(csv);
    expect(shown?.document?.file_name).toBe("rows.csv");
    expect(emu().callsOf("sendDocument")[0]?.params.document).toEqual({ upload: { size: csv.length, filename: "rows.csv" } });
    await api().sendDocument(USER, sent.document.file_id);
    expect(emu().chat(USER).last()?.document?.bytes.toString("utf8")).toBe(csv);
  });

  it("rejects an unknown file_id, a file past 50 MB and a text edit", async () => {
    expect((await rejection(api().sendDocument(USER, "no-such-file"))).description).toBe(
      "Bad Request: wrong file identifier/HTTP URL specified",
    );
    const tooBig = await rejection(api().sendDocument(USER, new InputFile(new Uint8Array(50 * 1024 * 1024 + 1), "big.csv")));
    expect(tooBig.error_code).toBe(413);
    const doc = await api().sendDocument(USER, new InputFile(Buffer.from("x"), "x.txt"));
    expect((await rejection(api().editMessageText(USER, doc.message_id, "text"))).description).toBe(
      "Bad Request: there is no text in the message to edit",
    );
  });
});

describe("queries", () => {
  it("answers a callback query once; a second answer or an unknown id is 'too old'", async () => {
    const m = await api().sendMessage(USER, "q", { reply_markup: { inline_keyboard: [[{ text: "Go", callback_data: "go" }]] } });
    const user = emu().user({ id: USER });
    const press = user.pressButton(m.message_id, "go");
    await api().answerCallbackQuery(press.callback_query_id ?? "", { text: "Done!" });
    expect(user.lastToast()).toBe("Done!");
    const tooOld = "Bad Request: query is too old and response timeout expired or query ID is invalid";
    expect(await rejection(api().answerCallbackQuery(press.callback_query_id ?? ""))).toMatchObject({
      error_code: 400,
      description: tooOld,
    });
    expect(await rejection(api().answerCallbackQuery("12345"))).toMatchObject({ description: tooOld });
  });

  it("answers 'too old' to a press whose answer window is over, as Telegram does after about 10 s", async () => {
    const m = await api().sendMessage(USER, "q", { reply_markup: { inline_keyboard: [[{ text: "Go", callback_data: "go" }]] } });
    const user = emu().user({ id: USER });
    // Only the clock is faked: the emulator still answers over real HTTP.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const pressedAt = Date.now();
      const inTime = user.pressButton(m.message_id, "go");
      const late = user.pressButton(m.message_id, "go");
      vi.setSystemTime(pressedAt + 10_000);
      await api().answerCallbackQuery(inTime.callback_query_id ?? "", { text: "Just in time" });
      expect(user.lastToast()).toBe("Just in time");
      vi.setSystemTime(pressedAt + 10_001);
      expect(await rejection(api().answerCallbackQuery(late.callback_query_id ?? "", { text: "Too late" }))).toMatchObject({
        error_code: 400,
        description: "Bad Request: query is too old and response timeout expired or query ID is invalid",
      });
      expect(user.lastToast()).toBe("Just in time");
    } finally {
      vi.useRealTimers();
    }
  });

  it("validates inline query answers and keeps the accepted one for the user", async () => {
    const user = emu().user({ id: USER });
    const article = (id: string, extra: Record<string, unknown> = {}) => ({
      type: "article",
      id,
      title: "BTC → ETH",
      input_message_content: { message_text: "<b>1 BTC</b>", parse_mode: "HTML" },
      ...extra,
    });
    const answer = (results: unknown[]) => api().answerInlineQuery(user.inlineQuery("btc").inline_query_id ?? "", results as never);

    expect((await rejection(answer(Array.from({ length: 51 }, (_, i) => article(`r${i}`))))).description).toBe(
      "Bad Request: RESULTS_TOO_MUCH",
    );
    expect((await rejection(answer([article("a"), article("a")]))).description).toBe("Bad Request: RESULT_ID_DUPLICATE");
    expect((await rejection(answer([article("x".repeat(65))]))).description).toBe("Bad Request: RESULT_ID_INVALID");
    expect((await rejection(answer([article("a", { title: undefined })]))).description).toContain('"title"');
    expect((await rejection(answer([article("a", { input_message_content: undefined })]))).description).toContain(
      '"input_message_content"',
    );
    expect(
      (await rejection(answer([article("a", { input_message_content: { message_text: "<b>oops", parse_mode: "HTML" } })]))).description,
    ).toMatch(/^Bad Request: can't parse entities/);
    expect((await rejection(api().answerInlineQuery("999", []))).description).toMatch(/query is too old/);

    const id = user.inlineQuery("btc").inline_query_id ?? "";
    await api().answerInlineQuery(id, [article("a")] as never, { cache_time: 0, is_personal: true });
    expect(user.lastInlineAnswer()).toMatchObject({ query: "btc", cache_time: 0, is_personal: true, results: [{ id: "a" }] });
    expect(await rejection(api().answerInlineQuery(id, []))).toMatchObject({ error_code: 400 });
  });
});

describe("bot settings", () => {
  it("stores commands per scope and language and validates them", async () => {
    await api().setMyCommands([{ command: "start", description: "Start" }]);
    await api().setMyCommands([{ command: "start", description: "Старт" }], { language_code: "ru", scope: { type: "all_private_chats" } });
    expect(await api().getMyCommands()).toEqual([{ command: "start", description: "Start" }]);
    expect(emu().commands({ type: "all_private_chats" }, "ru")).toEqual([{ command: "start", description: "Старт" }]);
    expect(emu().commands({ type: "all_group_chats" })).toBeUndefined();
    expect((await rejection(api().setMyCommands([{ command: "Bad-Command", description: "x" }]))).description).toBe(
      "Bad Request: BOT_COMMAND_INVALID",
    );
    expect(await api().setMyDescription("Swap coins")).toBe(true);
    expect(await api().setMyShortDescription("Swap")).toBe(true);
    expect(await api().setChatMenuButton({ menu_button: { type: "commands" } })).toBe(true);
  });

  it("answers getChat for known chats and sendChatAction with validation", async () => {
    expect(await api().getChat(USER)).toMatchObject({ id: USER, type: "private", first_name: "Ann" });
    expect(await api().sendChatAction(USER, "typing")).toBe(true);
    expect((await rejection(api().sendChatAction(USER, "dancing" as never))).error_code).toBe(400);
  });
});

describe("faults", () => {
  it("failNext 429 answers with retry_after, then the method works again", async () => {
    emu().failNext("sendMessage", { code: 429, retryAfter: 3 });
    const res = await fetch(`${emu().apiRoot}/bot${emu().token}/sendMessage`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ chat_id: USER, text: "x" }),
    });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({
      ok: false,
      error_code: 429,
      description: "Too Many Requests: retry after 3",
      parameters: { retry_after: 3 },
    });
    await api().sendMessage(USER, "x");
    expect(
      emu()
        .callsOf("sendMessage")
        .map((c) => c.ok),
    ).toEqual([false, true]);
  });

  it("failNext counts down the given number of times and supports other codes", async () => {
    emu().failNext("sendMessage", { code: 500, description: "Internal Server Error" }, 2);
    expect((await rejection(api().sendMessage(USER, "x"))).error_code).toBe(500);
    expect((await rejection(api().sendMessage(USER, "x"))).description).toBe("Internal Server Error");
    await api().sendMessage(USER, "x");
  });
});
