/** The questions of the address steps (checked by the service) and of the tag steps. */
import { InlineKeyboard } from "grammy";
import type { Currency } from "../../../../domain/types.js";
import { coinLabel } from "../../../../domain/exchange-draft.js";
import { parseTag } from "../../../../domain/tag.js";
import { checkAddressText, MAX_ADDRESS_LENGTH } from "../../../../domain/address-text.js";
import { escapeHtml } from "../../../../messages/html.js";
import { shownTagName } from "../../../../messages/tag-name.js";
import { stepButtons } from "../callbacks.js";
import { retireAnswered, sendPrompt, waitForInput } from "../input.js";
import { callPartnerWithRetry, failureText } from "../partner-call.js";
import type { StepScope } from "../types.js";
import { addressTail, MAX_OFFERED, savedFor } from "../../../../domain/saved-addresses.js";
import { readBook } from "../../address-book.js";

/** An accepted answer, and what to show once it is safely recorded. */
export interface TextAnswer {
  value: string;
  ack: () => Promise<void>;
}

function backCancel(scope: StepScope): InlineKeyboard {
  const buttons = stepButtons(scope.step);
  return new InlineKeyboard().text(scope.ctx.t("flow-button-back"), buttons.back).text(scope.ctx.t("flow-button-cancel"), buttons.cancel);
}

/** An accepted address; `saved` when it was a saved one pressed, with the tag saved with it (if any, and still valid). */
export interface AddressAnswer extends TextAnswer {
  saved?: { tag?: string };
}

/** A saved address as its button shows it (the smallest value the replay log keeps). */
interface OfferedAddress {
  id: number;
  label: string;
  uses: number;
}

/**
 * The person's saved addresses of exactly this coin and network (issue 24), read once per run
 * through `external`: never another coin's or network's, never another person's (the book is the
 * pressing person's, by their user id).
 */
async function offeredAddresses(scope: StepScope, coin: Currency): Promise<OfferedAddress[]> {
  const userId = scope.ctx.from?.id;
  if (userId === undefined) return [];
  return scope.conversation.external(async (octx) =>
    savedFor(await readBook(octx.deps.store, userId), coin.code, coin.network)
      .slice(0, MAX_OFFERED)
      .map((s) => ({ id: s.id, label: s.name ?? addressTail(s.address), uses: s.uses })),
  );
}

/** The saved address `id` of this coin and network, read again at the press (it may be renamed or deleted since). */
async function pressedAddress(
  scope: StepScope,
  coin: Currency,
  id: number,
): Promise<{ address: string; tag: string | null; label: string } | null> {
  const userId = scope.ctx.from?.id;
  if (userId === undefined) return null;
  return scope.conversation.external(async (octx) => {
    const found = savedFor(await readBook(octx.deps.store, userId), coin.code, coin.network).find((s) => s.id === id);
    return found ? { address: found.address, tag: found.tag ?? null, label: found.name ?? addressTail(found.address) } : null;
  });
}

/**
 * Asks for an address of `coin` until the service says it is valid (one `validate-address` per
 * address typed). An invalid one is shown back, escaped, and asked again at the same step. One
 * with an invisible or direction-changing character (domain/invisible.ts) is refused before the
 * service sees it, naming the character: shown back, it would look right.
 * The person's saved addresses of this coin and network are offered as buttons; a press is an
 * answer like a typed address and goes through the same checks (the service is asked again).
 */
export async function askAddress(scope: StepScope, coin: Currency, question: string): Promise<AddressAnswer> {
  const { ctx } = scope;
  const offered = await offeredAddresses(scope, coin);
  const keyboard = new InlineKeyboard();
  for (const s of offered)
    keyboard.text(ctx.t("saved-address-button", { label: s.label, uses: s.uses }), stepButtons(scope.step).saved(s.id)).row();
  const text = offered.length > 0 ? `${question}\n\n${ctx.t("saved-address-offer")}` : question;
  const prompt = await sendPrompt(scope, text, keyboard.append(backCancel(scope)));
  // Whether the step said something since the prompt: then the answer is read back below it, not in it.
  let said = false;
  for (;;) {
    const input = await waitForInput(scope, prompt);
    let typedText: string;
    let saved: { tag: string | null; label: string } | undefined;
    if (input.kind === "text") typedText = input.text;
    else if (input.action.kind === "saved") {
      const found = await pressedAddress(scope, coin, input.action.id);
      if (found === null) {
        said = true;
        await input.ctx.reply(ctx.t("saved-address-gone"));
        continue;
      }
      typedText = found.address;
      saved = found;
    } else continue;
    const typed = checkAddressText(typedText);
    const address = typed.ok ? typed.value : typedText.trim();
    const shown = escapeHtml(address.slice(0, MAX_ADDRESS_LENGTH));
    const refused = async (): Promise<void> => {
      said = true;
      await input.ctx.reply(
        saved
          ? ctx.t("saved-address-refused", { label: escapeHtml(saved.label), address: shown, coin: coinLabel(coin) })
          : ctx.t("flow-address-invalid", { address: shown, coin: coinLabel(coin) }),
      );
    };
    if (!typed.ok && typed.reason === "shape") {
      await refused();
      continue;
    }
    if (!typed.ok) {
      said = true;
      await input.ctx.reply(ctx.t("flow-address-invisible", { char: typed.invisible.codePoint, position: typed.invisible.position }));
      continue;
    }
    const checked = await callPartnerWithRetry(scope, "validate-address", (deps) => deps.partner.validateAddress(coin.code, address));
    if (!checked.ok) {
      said = true;
      await ctx.reply(failureText(ctx, checked.failure));
      continue;
    }
    if (!checked.value) {
      await refused();
      continue;
    }
    // A saved tag is used only while the coin has tags and the chain's rule still takes it;
    // otherwise the tag step asks, as for a typed address.
    const tag = saved?.tag != null && coin.tagName ? parseTag(saved.tag, coin) : undefined;
    const savedTag = tag?.ok ? tag.value : undefined;
    return {
      value: address,
      ...(saved ? { saved: savedTag !== undefined ? { tag: savedTag } : {} } : {}),
      ack: async () => {
        const accepted = [ctx.t("flow-address-accepted", { coin: coinLabel(coin), address: shown })];
        if (savedTag !== undefined) {
          accepted.push(ctx.t("flow-tag-accepted", { tagName: shownTagName(coin.tagName, ctx.t.bind(ctx)), tag: escapeHtml(savedTag) }));
        }
        // The saved-address offer is not kept: the buttons it points to are gone.
        await retireAnswered(ctx, prompt, { question, accepted: accepted.join("\n"), adjacent: !said });
      },
    };
  }
}

/**
 * Asks for the tag of a coin that needs one. It cannot be skipped: a deposit or withdrawal to a
 * shared address without its tag is how coins get lost.
 */
export async function askTag(scope: StepScope, coin: Currency): Promise<TextAnswer> {
  const { ctx } = scope;
  const tagName = shownTagName(coin.tagName, ctx.t.bind(ctx));
  const question = ctx.t("flow-tag-ask", { tagName, coin: coinLabel(coin) });
  const prompt = await sendPrompt(scope, question, backCancel(scope));
  // Whether the step said something since the prompt: then the tag is read back below it, not in it.
  let said = false;
  for (;;) {
    const input = await waitForInput(scope, prompt);
    if (input.kind !== "text") continue;
    // The chain's own rule (domain/tag.ts), said in the person's language before any service call.
    const parsed = parseTag(input.text, coin);
    if (!parsed.ok) {
      const reason = ctx.t(`flow-tag-reason-${parsed.reason}`, {
        max: parsed.max ?? "",
        unit: parsed.unit ?? "characters",
        char: parsed.invisible?.codePoint ?? "",
        position: parsed.invisible?.position ?? 0,
      });
      said = true;
      await input.ctx.reply(ctx.t("flow-tag-invalid", { tagName, reason }));
      continue;
    }
    return {
      value: parsed.value,
      ack: () =>
        retireAnswered(ctx, prompt, {
          question,
          accepted: ctx.t("flow-tag-accepted", { tagName, tag: escapeHtml(parsed.value) }),
          adjacent: !said,
        }),
    };
  }
}
