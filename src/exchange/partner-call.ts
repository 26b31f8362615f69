/**
 * Partner API calls from the exchange flow. They come back as plain data, never as a thrown error:
 * a step decides what a refusal means, and the engine offers Retry for any other failure.
 */
import type { ExchangeDeps } from "./deps.js";
import { PartnerError } from "../partner/errors.js";
import type { HtmlText } from "../messages/html.js";
import { clip, MAX_SERVICE_MESSAGE } from "../messages/fit.js";
import type { Translate } from "../messages/i18n.js";

/** A failure as the flow needs to know it: can the person retry, and what did the service say. */
export interface FlowFailure {
  kind: PartnerError["kind"] | "internal";
  serviceMessage?: string;
}

export type Settled<T> = { ok: true; value: T } | { ok: false; failure: FlowFailure };

/** Runs `task` with `deps` and settles it into data; a failure is logged once, with `what` and the chat. */
export async function callPartner<D extends Pick<ExchangeDeps, "logger">, T>(
  deps: D,
  chatId: number,
  what: string,
  task: (deps: D) => Promise<T>,
): Promise<Settled<T>> {
  try {
    return { ok: true, value: await task(deps) };
  } catch (err) {
    deps.logger.warn({ err, what, chatId }, "partner call failed in the exchange flow");
    if (err instanceof PartnerError) return { ok: false, failure: { kind: err.kind, serviceMessage: err.serviceMessage } };
    return { ok: false, failure: { kind: "internal" } };
  }
}

/** The friendly text for a failure; the service's own words where it gave a reason. */
export function failureText(t: Translate, failure: FlowFailure): HtmlText {
  if (failure.kind === "rejected") {
    return failure.serviceMessage
      ? t("flow-partner-rejected", { message: clip(failure.serviceMessage, MAX_SERVICE_MESSAGE) })
      : t("flow-partner-rejected-generic");
  }
  return t("flow-partner-error");
}
