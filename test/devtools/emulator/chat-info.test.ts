/** getChat and getMe answer complete Bot API objects, checked here over HTTP as the bot reads them. */
import { describe, expect, it } from "vitest";
import { useEmulator } from "./helpers.js";

const GIFT_FIELDS = ["gifts_from_channels", "limited_gifts", "premium_subscription", "unique_gifts", "unlimited_gifts"];

describe("getChat", () => {
  const { start, emu, api } = useEmulator();

  it("answers accepted_gift_types with all five booleans, for a person and for a group", async () => {
    await start();
    emu().user({ id: 5, first_name: "Ann", username: "ann" });
    emu().group({ id: -100123, title: "Traders" });
    const person = await api().getChat(5);
    expect(person).toMatchObject({ id: 5, type: "private", first_name: "Ann", username: "ann", accent_color_id: 0 });
    expect(Object.keys(person.accepted_gift_types).sort()).toEqual(GIFT_FIELDS);
    expect(Object.values(person.accepted_gift_types).every((v) => typeof v === "boolean")).toBe(true);
    const group = await api().getChat(-100123);
    expect(group).toMatchObject({ id: -100123, type: "group", title: "Traders" });
    expect(Object.keys(group.accepted_gift_types).sort()).toEqual(GIFT_FIELDS);
    expect(Object.values(group.accepted_gift_types)).toEqual([false, false, false, false, false]);
  });

  it("finds a supergroup by its username", async () => {
    await start();
    emu().group({ id: -1001234567890, title: "Swaps", username: "swaps" });
    expect(await api().getChat("@swaps")).toMatchObject({ id: -1001234567890, type: "supergroup", username: "swaps" });
    expect(() => emu().group({ id: -5, title: "Small", username: "small" })).toThrow(/only a supergroup/);
  });
});

describe("getMe", () => {
  describe("by default", () => {
    const { start, api } = useEmulator();
    it("says privacy mode is on (can_read_all_group_messages false) and answers every UserFromGetMe field", async () => {
      await start();
      const me = await api().getMe();
      expect(me).toEqual({
        id: 123456,
        is_bot: true,
        first_name: "Swap Sandbox Bot",
        username: "swap_sandbox_bot",
        can_join_groups: true,
        can_read_all_group_messages: false,
        supports_inline_queries: true,
        can_connect_to_business: false,
        has_main_web_app: false,
        has_topics_enabled: false,
        allows_users_to_create_topics: false,
        can_manage_bots: false,
        supports_join_request_queries: false,
      });
    });
  });

  describe("with privacy mode off", () => {
    const { start, api } = useEmulator({ canReadAllGroupMessages: true });
    it("says can_read_all_group_messages true", async () => {
      await start();
      expect((await api().getMe()).can_read_all_group_messages).toBe(true);
    });
  });
});
