/** Steps 4 and 5: the receiving and refund addresses (checked by the service) and their tags. */
import { InlineKeyboard } from "grammy";
import type { Currency } from "../../../domain/types.js";
import { coinLabel } from "../../../domain/exchange-draft.js";
import { parseTag } from "../../../domain/tag.js";
import { escapeHtml } from "../../ui/html.js";
import { FLOW } from "./callbacks.js";
import { retirePrompt, sendPrompt, waitForInput } from "./input.js";
import { callPartnerWithRetry, failureText } from "./partner-call.js";
import type { FlowContext, FlowConversation } from "./types.js";

/** Longer than any real address; longer text is a paste accident, not worth a service call. */
const MAX_ADDRESS_LENGTH = 256;

function backCancel(ctx: FlowContext): InlineKeyboard {
  return new InlineKeyboard().text(ctx.t("flow-button-back"), FLOW.back).text(ctx.t("flow-button-cancel"), FLOW.cancel);
}

/**
 * Asks for an address of `coin` until the service says it is valid (one `validate-address` per
 * address typed). An invalid one is shown back, escaped, and asked again at the same step.
 */
export async function askAddress(
  conversation: FlowConversation,
  ctx: FlowContext,
  coin: Currency,
  question: string,
): Promise<string> {
  const prompt = await sendPrompt(ctx, question, backCancel(ctx));
  for (;;) {
    const input = await waitForInput(conversation, prompt);
    if (input.kind !== "text") continue;
    const address = input.text.trim();
    const shown = escapeHtml(address.slice(0, MAX_ADDRESS_LENGTH));
    if (address === "" || address.length > MAX_ADDRESS_LENGTH || /\s/.test(address)) {
      await input.ctx.reply(ctx.t("flow-address-invalid", { address: shown, coin: coinLabel(coin) }), { parse_mode: "HTML" });
      continue;
    }
    const checked = await callPartnerWithRetry(conversation, ctx, "validate-address", (deps) =>
      deps.partner.validateAddress(coin.code, address),
    );
    if (!checked.ok) {
      await ctx.reply(failureText(ctx, checked.failure), { parse_mode: "HTML" });
      continue;
    }
    if (!checked.value) {
      await input.ctx.reply(ctx.t("flow-address-invalid", { address: shown, coin: coinLabel(coin) }), { parse_mode: "HTML" });
      continue;
    }
    await retirePrompt(ctx, prompt);
    await ctx.reply(ctx.t("flow-address-accepted", { coin: coinLabel(coin), address: shown }), { parse_mode: "HTML" });
    return address;
  }
}

/**
 * Asks for the tag of a coin that needs one. It cannot be skipped: a deposit or withdrawal to a
 * shared address without its tag is how coins get lost.
 */
export async function askTag(conversation: FlowConversation, ctx: FlowContext, coin: Currency): Promise<string> {
  const tagName = escapeHtml(coin.tagName);
  const prompt = await sendPrompt(ctx, ctx.t("flow-tag-ask", { tagName, coin: coinLabel(coin) }), backCancel(ctx));
  for (;;) {
    const input = await waitForInput(conversation, prompt);
    if (input.kind !== "text") continue;
    const parsed = parseTag(input.text, coin.tagName);
    if (!parsed.ok) {
      await input.ctx.reply(ctx.t("flow-tag-invalid", { tagName, reason: ctx.t(`flow-tag-reason-${parsed.reason}`) }), { parse_mode: "HTML" });
      continue;
    }
    await retirePrompt(ctx, prompt);
    await ctx.reply(ctx.t("flow-tag-accepted", { tagName, tag: escapeHtml(parsed.value) }), { parse_mode: "HTML" });
    return parsed.value;
  }
}
