/**
 * The questions of the address steps ("destination", "refund"; checked by the service) and of the
 * tag steps that follow them for coins that have one.
 *
 * An address is asked until the service says it is valid (one `validate-address` per address). An
 * invalid one is shown back, escaped, and asked again. One with an invisible or direction-changing
 * character (domain/invisible.ts) is refused before the service sees it, naming the character:
 * shown back, it would look right. The person's saved addresses of exactly this coin and network
 * are offered as buttons (issue 24); a press is an answer like a typed address and goes through
 * the same checks, bringing the tag saved with it.
 */
import { InlineKeyboard } from "grammy";
import { addressTail, MAX_OFFERED, savedFor } from "../../../../domain/saved-addresses.js";
import { parseTag } from "../../../../domain/tag.js";
import type { Currency } from "../../../../domain/types.js";
import { shownTagName } from "../../../../messages/tag-name.js";
import { readBook } from "../../../../exchange/address-book.js";
import { coinLabel } from "../../../../domain/coin-label.js";
import { checkAddress, checkTag } from "../../../../exchange/checks.js";
import { joinHtml, plainOf, type HtmlText } from "../../../../messages/html.js";
import type { AnyStep, Draft, Outcome, Step, StepIO, StepSpec } from "./step.js";

/** An accepted address; `tag` when it was a saved one pressed, with a tag saved with it that still fits. */
export interface AddressAnswer {
  address: string;
  tag?: string;
}

/** A saved address as its button shows it (never the address itself). */
interface OfferedAddress {
  id: number;
  label: string;
  uses: number;
}

/** The saved addresses offered under the prompt, read when the step is entered. */
export interface AddressView {
  offered: OfferedAddress[];
}

export interface AddressOptions {
  id: string;
  code: string;
  after: readonly AnyStep[];
  edit: string;
  /** The coin whose address is asked. */
  coin(draft: Draft): Currency | undefined;
  /** The question, for `coin` (HTML). */
  question(io: StepIO, coin: Currency): HtmlText;
  /** The address known beforehand, if any (a create started again), for `coin`. */
  known(known: { destinationAddress?: string; refundAddress?: string; to?: string; from?: string }, coin: Currency): string | undefined;
}

function coinOf(o: { coin(draft: Draft): Currency | undefined }, draft: Draft): Currency {
  const coin = o.coin(draft);
  if (coin === undefined) throw new Error("internal error: an address step without its coin");
  return coin;
}

/** An address step (see the module comment). */
export function addressStep(o: AddressOptions): StepSpec<AddressAnswer, AddressView> {
  /** Checks `typed` as an address of `coin` (exchange/checks.ts): refused with a word why, or accepted and read back. */
  const check = async (
    io: StepIO,
    draft: Draft,
    typed: string,
    saved?: { tag: string | null; label: string },
  ): Promise<Outcome<AddressAnswer, AddressView>> => {
    const coin = coinOf(o, draft);
    const checked = await checkAddress(io, coin, typed, saved);
    if ("failure" in checked) return { kind: "retry", failure: checked.failure };
    if (!checked.ok) {
      await io.say(checked.said);
      return { kind: "stay" };
    }
    const { address, tag, readBack } = checked.value;
    // The saved-address offer is not kept in the read-back: the buttons it points to are gone.
    return {
      kind: "answer",
      value: tag === undefined ? { address } : { address, tag },
      ack: { edit: joinHtml([io.titled(o.question(io, coin)), readBack], "\n\n"), say: readBack },
    };
  };

  return {
    id: o.id,
    code: o.code,
    after: o.after,
    edit: o.edit,
    numbered: true,
    recall: (known, draft) => {
      const coin = o.coin(draft);
      const address = coin === undefined ? undefined : o.known(known, coin);
      return address === undefined ? undefined : { address };
    },
    async enter(io, draft) {
      const coin = coinOf(o, draft);
      // Of exactly this coin and network, never another person's: the book is the asking person's.
      const offered = savedFor(await readBook(io.deps.store, io.userId), coin.code, coin.network)
        .slice(0, MAX_OFFERED)
        .map((s) => ({ id: s.id, label: s.name ?? addressTail(s.address), uses: s.uses }));
      return { kind: "view", view: { offered } };
    },
    prompt(io, draft, view) {
      const question = io.titled(o.question(io, coinOf(o, draft)));
      const keyboard = new InlineKeyboard();
      for (const s of view.offered)
        keyboard.text(plainOf(io.t("saved-address-button", { label: s.label, uses: s.uses })), io.buttons.saved(s.id)).row();
      return { text: view.offered.length > 0 ? joinHtml([question, io.t("saved-address-offer")], "\n\n") : question, keyboard };
    },
    onText: (io, draft, _view, text) => check(io, draft, text),
    async onButton(io, draft, _view, action) {
      if (action.kind !== "saved") return { kind: "stay" };
      const coin = coinOf(o, draft);
      // Read again at the press: it may have been renamed or deleted since.
      const found = savedFor(await readBook(io.deps.store, io.userId), coin.code, coin.network).find((s) => s.id === action.id);
      if (found === undefined) {
        await io.say(io.t("saved-address-gone"));
        return { kind: "stay" };
      }
      return check(io, draft, found.address, { tag: found.tag ?? null, label: found.name ?? addressTail(found.address) });
    },
  };
}

export interface TagOptions {
  id: string;
  code: string;
  edit: string;
  /** The address step this tag belongs to. */
  address: Step<AddressAnswer, AddressView>;
  coin(draft: Draft): Currency | undefined;
  /** The tag known beforehand, if any. */
  known(known: { destinationTag?: string; refundTag?: string }): string | undefined;
}

/**
 * A tag step: asked for a coin that needs one, unless its address brought a saved tag. It cannot
 * be skipped: a deposit or withdrawal to a shared address without its tag is how coins get lost.
 */
export function tagStep(o: TagOptions): StepSpec<string, undefined> {
  const question = (io: StepIO, coin: Currency) =>
    io.t("flow-tag-ask", { tagName: shownTagName(coin.tagName, io.t), coin: coinLabel(coin) });
  return {
    id: o.id,
    code: o.code,
    after: [o.address],
    edit: o.edit,
    applies: (draft) => Boolean(o.coin(draft)?.tagName) && o.address.value(draft)?.tag === undefined,
    recall: (known, draft) => {
      const coin = o.coin(draft);
      const tag = o.known(known);
      if (coin === undefined || tag === undefined || tag === "") return undefined;
      const parsed = parseTag(tag, coin);
      return parsed.ok ? parsed.value : undefined;
    },
    prompt: (io, draft) => ({ text: question(io, coinOf(o, draft)) }),
    async onText(io, draft, _view, text) {
      const coin = coinOf(o, draft);
      const checked = checkTag(io.t, coin, text);
      if (!checked.ok) {
        if ("said" in checked) await io.say(checked.said);
        return { kind: "stay" };
      }
      const { tag, readBack } = checked.value;
      return { kind: "answer", value: tag, ack: { edit: joinHtml([io.titled(question(io, coin)), readBack], "\n\n"), say: readBack } };
    },
  };
}

/** The tag of an address step's coin: the saved one its address brought, or the tag step's. */
export function tagOf(draft: Draft, address: Step<AddressAnswer, AddressView>, tag: Step<string, undefined>): string | undefined {
  return address.value(draft)?.tag ?? tag.value(draft);
}
