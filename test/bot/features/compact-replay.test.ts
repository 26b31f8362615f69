import { describe, expect, it } from "vitest";
import { compactConversationState } from "../../../src/bot/features/exchange/compact-replay.js";

const keyboard = { inline_keyboard: [[{ text: "BTC", callback_data: "x:f:c:BTC" }]] };
const botMessage = {
  message_id: 7,
  date: 1,
  chat: { id: 5, type: "private", first_name: "A" },
  from: { id: 1, is_bot: true },
  text: "Pick",
  reply_markup: keyboard,
};

/** The plugin's saved shape: a replay log of sends and what each received. */
const state = {
  version: [0, 3],
  state: {
    exchange: [
      {
        args: "[{}]",
        interrupts: [4],
        replay: {
          send: [{ payload: "wait" }, { payload: "sendMessage" }, { payload: "external" }, { payload: "wait" }],
          receive: [
            {
              send: 0,
              returnValue: {
                update_id: 1,
                message: {
                  message_id: 6,
                  date: 1,
                  chat: botMessage.chat,
                  from: { id: 5, is_bot: false, language_code: "ru" },
                  text: "/exchange",
                  entities: [{ type: "bot_command", offset: 0, length: 9 }],
                  reply_to_message: botMessage,
                },
              },
            },
            { send: 1, returnValue: { ok: true, res: { ok: true, result: botMessage } } },
            { send: 2, returnValue: { ok: true, ret: { keep: "as it is", reply_markup: keyboard } } },
            {
              send: 3,
              returnValue: {
                update_id: 2,
                callback_query: { id: "q", from: { id: 5, is_bot: false }, chat_instance: "c", data: "x:f:c:BTC", message: botMessage },
              },
            },
          ],
        },
      },
    ],
  },
};

describe("the saved flow state keeps what the flow reads, not whole messages", () => {
  it("reduces updates and sent messages to ids, the person and their text; externals stay whole", () => {
    const compact = compactConversationState(state);
    const receive = compact.state.exchange[0]!.replay.receive;
    expect(receive[0]!.returnValue).toEqual({
      update_id: 1,
      message: {
        message_id: 6,
        date: 1,
        chat: { id: 5, type: "private" },
        from: { id: 5, is_bot: false, language_code: "ru" },
        text: "/exchange",
        entities: [{ type: "bot_command", offset: 0, length: 9 }],
      },
    });
    expect(receive[1]!.returnValue).toEqual({
      ok: true,
      res: { ok: true, result: { message_id: 7, date: 1, chat: { id: 5, type: "private" } } },
    });
    expect(receive[2]!.returnValue).toEqual(state.state.exchange[0]!.replay.receive[2]!.returnValue);
    expect(receive[3]!.returnValue).toEqual({
      update_id: 2,
      callback_query: {
        id: "q",
        from: { id: 5, is_bot: false },
        chat_instance: "c",
        data: "x:f:c:BTC",
        message: { message_id: 7, date: 1, chat: { id: 5, type: "private" } },
      },
    });
    expect(JSON.stringify(compact).length).toBeLessThan(JSON.stringify(state).length * 0.75);
    // The input is not changed (the plugin keeps using it).
    expect(state.state.exchange[0]!.replay.receive[1]!.returnValue).toMatchObject({ res: { result: { reply_markup: keyboard } } });
  });

  it("stores a state of an unexpected shape as it is", () => {
    for (const odd of [null, 42, { version: [0, 3] }, { state: { exchange: "?" } }, { state: { exchange: [{ replay: { send: 1 } }] } }]) {
      expect(compactConversationState(odd)).toEqual(odd);
    }
  });
});
