/** The questions of the address steps (checked by the service) and of the tag steps. */
import { InlineKeyboard } from "grammy";
import type { Currency } from "../../../../domain/types.js";
import { coinLabel } from "../../../../domain/exchange-draft.js";
import { parseTag } from "../../../../domain/tag.js";
import { checkAddressText, MAX_ADDRESS_LENGTH } from "../../../../domain/address-text.js";
import { escapeHtml } from "../../../../messages/html.js";
import { shownTagName } from "../../../../messages/tag-name.js";
import { stepButtons } from "../callbacks.js";
import { retirePrompt, sendPrompt, waitForInput } from "../input.js";
import { callPartnerWithRetry, failureText } from "../partner-call.js";
import type { StepScope } from "../types.js";

/** An accepted answer, and what to show once it is safely recorded. */
export interface TextAnswer {
  value: string;
  ack: () => Promise<void>;
}

function backCancel(scope: StepScope): InlineKeyboard {
  const buttons = stepButtons(scope.step);
  return new InlineKeyboard().text(scope.ctx.t("flow-button-back"), buttons.back).text(scope.ctx.t("flow-button-cancel"), buttons.cancel);
}

/**
 * Asks for an address of `coin` until the service says it is valid (one `validate-address` per
 * address typed). An invalid one is shown back, escaped, and asked again at the same step. One
 * with an invisible or direction-changing character (domain/invisible.ts) is refused before the
 * service sees it, naming the character: shown back, it would look right.
 */
export async function askAddress(scope: StepScope, coin: Currency, question: string): Promise<TextAnswer> {
  const { ctx } = scope;
  const prompt = await sendPrompt(scope, question, backCancel(scope));
  for (;;) {
    const input = await waitForInput(scope, prompt);
    if (input.kind !== "text") continue;
    const typed = checkAddressText(input.text);
    const address = typed.ok ? typed.value : input.text.trim();
    const shown = escapeHtml(address.slice(0, MAX_ADDRESS_LENGTH));
    if (!typed.ok && typed.reason === "shape") {
      await input.ctx.reply(ctx.t("flow-address-invalid", { address: shown, coin: coinLabel(coin) }));
      continue;
    }
    if (!typed.ok) {
      await input.ctx.reply(ctx.t("flow-address-invisible", { char: typed.invisible.codePoint, position: typed.invisible.position }));
      continue;
    }
    const checked = await callPartnerWithRetry(scope, "validate-address", (deps) => deps.partner.validateAddress(coin.code, address));
    if (!checked.ok) {
      await ctx.reply(failureText(ctx, checked.failure));
      continue;
    }
    if (!checked.value) {
      await input.ctx.reply(ctx.t("flow-address-invalid", { address: shown, coin: coinLabel(coin) }));
      continue;
    }
    return {
      value: address,
      ack: async () => {
        await retirePrompt(ctx, prompt);
        await ctx.reply(ctx.t("flow-address-accepted", { coin: coinLabel(coin), address: shown }));
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
  const prompt = await sendPrompt(scope, ctx.t("flow-tag-ask", { tagName, coin: coinLabel(coin) }), backCancel(scope));
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
      await input.ctx.reply(ctx.t("flow-tag-invalid", { tagName, reason }));
      continue;
    }
    return {
      value: parsed.value,
      ack: async () => {
        await retirePrompt(ctx, prompt);
        await ctx.reply(ctx.t("flow-tag-accepted", { tagName, tag: escapeHtml(parsed.value) }));
      },
    };
  }
}
