/**
 * What a person's data is: the registry /privacy reads and /forget deletes. Each feature that
 * keeps something about a person adds one entry here, naming it (a locale key of the line
 * /privacy and /forget's question show) and how to delete it. A feature whose kv namespace is
 * keyed by the person's id first can use {@link keyedByPerson}.
 *
 * What an exchange in progress needs, and what support must keep by law (exchange records), is
 * not person data in this sense: /privacy names it apart (privacy/index.ts), and entries here keep
 * it (the flow's entry keeps an exchange being created).
 */
import type { BotContext } from "../../context.js";
import { forgetFlow } from "../exchange/forget-flow.js";
import { leaveQuestions } from "../../questions.js";
import { forgetAddresses } from "../../../exchange/address-book.js";
import { ALERTS_NAMESPACE } from "../../../alerts/rate-alerts.js";
import type { Namespace } from "../../../store/namespace.js";

/**
 * The person /forget acts for, in their private chat with the bot (whose id is theirs).
 * @public for the features that register an entry (saved addresses, alerts).
 */
export interface Person {
  readonly userId: number;
}

/** One kind of data kept about a person. */
export interface PersonDataKind {
  /** The locale key of its line: what it is, and how long it is kept. */
  readonly describedBy: string;
  /** Deletes it for `person`, keeping what an exchange in progress needs; durable when it resolves. */
  forget(ctx: BotContext, person: Person): Promise<void>;
}

/**
 * A kv namespace keyed by the person's id, or by `<id>:` and more (one entry per saved address,
 * per alert…): /forget deletes every such entry.
 * @public for the features that keep such a namespace (saved addresses, alerts).
 */
export function keyedByPerson(namespace: Namespace<unknown>, describedBy: string): PersonDataKind {
  return {
    describedBy,
    async forget(ctx, { userId }) {
      const kv = ctx.deps.store.kv(namespace);
      await kv.delete(String(userId));
      for (const [key] of await kv.entriesWithPrefix(`${userId}:`)) await kv.delete(key);
    },
  };
}

/** The user record: names, Telegram's and the chosen language, first and last seen. */
const profile: PersonDataKind = {
  describedBy: "privacy-data-profile",
  async forget(ctx, { userId }) {
    await ctx.deps.store.users.forget(userId);
  },
};

/** The answers of an exchange flow not yet confirmed. */
const exchangeFlow: PersonDataKind = {
  describedBy: "privacy-data-flow",
  forget: (ctx, { userId }) => forgetFlow(ctx.deps.store, userId),
};

/** Saved addresses and their names (/addresses); a "do not remember" choice stays (address-book.ts). */
const savedAddresses: PersonDataKind = {
  describedBy: "privacy-data-addresses",
  forget: (ctx, { userId }) => forgetAddresses(ctx.deps.store, userId),
};

/** The rate alerts, keyed `<chatId>:<id>` (the private chat's id being the person's). */
const alertsOfPerson = keyedByPerson(ALERTS_NAMESPACE, "privacy-data-alerts");

/**
 * Rate alerts, and an open short question (a threshold, a new name, another refund address): an
 * alert deleted here never fires, as the check reads the namespace each time.
 */
const rateAlerts: PersonDataKind = {
  describedBy: "privacy-data-alerts",
  async forget(ctx, person) {
    await alertsOfPerson.forget(ctx, person);
    await leaveQuestions(ctx);
  },
};

/** Every kind of person data, in the order /privacy lists them. Add a feature's entry here. */
export const PERSON_DATA: readonly PersonDataKind[] = [profile, exchangeFlow, savedAddresses, rateAlerts];
