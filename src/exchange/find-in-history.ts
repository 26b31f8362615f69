/**
 * A create in doubt, settled (PARTNER_FEATURES `history`): when exchange-create's answer was lost,
 * the order it may have made is looked for in the service's recent history (exchange-history) and
 * adopted if exactly one matches the attempt.
 *
 * The history lists id, status and pair only; a candidate's amount, addresses, tags and date come
 * from its exchange-status. A match has the attempt's pair, amount, destination and refund (with
 * their tags), was created no earlier than the attempt (less a clock allowance), and is not an
 * exchange the bot already has. The search is bounded (a few pages, a few candidates read in
 * full); anything else (none found, two found, a call failing) leaves the create in doubt, as
 * without the capability.
 */
import { Decimal } from "decimal.js";
import type { CreateAttempt, ExchangeStatusRecord, PartnerApi } from "../domain/types.js";
import { parseServiceDate } from "../domain/status.js";
import type { PartnerExtras } from "../partner/client.js";
import { HISTORY_MAX_LIMIT } from "../partner/history.js";

/** History pages searched, of {@link HISTORY_MAX_LIMIT} exchanges each. */
const HISTORY_PAGES = 3;
/** Candidates of the right pair read in full (one exchange-status each). */
const MAX_CANDIDATES = 10;
/**
 * How much earlier than the attempt the service's `date` may say the order was made: the two
 * clocks differ, and `date` has whole seconds (its time zone is not published: read as UTC).
 */
const CLOCK_ALLOWANCE_MS = 2 * 60_000;

/** What the search needs from the partner. */
export type HistoryPartner = Pick<PartnerApi, "exchangeStatus"> & Pick<PartnerExtras, "exchangeHistory">;

const sameAmount = (a: string, b: string): boolean => {
  try {
    return new Decimal(a).eq(b);
  } catch {
    return false;
  }
};

/** Whether exchange `live` is the one `attempt` asked for. */
function matches(attempt: CreateAttempt, live: ExchangeStatusRecord): boolean {
  const created = parseServiceDate(live.date);
  return (
    live.from.toUpperCase() === attempt.from &&
    live.to.toUpperCase() === attempt.to &&
    (sameAmount(live.expectedAmountFrom, attempt.amount) || sameAmount(live.amountFrom, attempt.amount)) &&
    live.destinationAddress === attempt.destinationAddress &&
    live.destinationTag === attempt.destinationTag &&
    live.refundAddress === attempt.refundAddress &&
    live.refundTag === attempt.refundTag &&
    created !== undefined &&
    created.getTime() >= Date.parse(attempt.at) - CLOCK_ALLOWANCE_MS
  );
}

/**
 * The one order at the service that `attempt` made, with its status; undefined when none or more
 * than one matches, or the search failed. `known` says whether the bot already has an exchange id.
 */
export async function findInHistory(
  partner: HistoryPartner,
  attempt: CreateAttempt,
  known: (id: string) => Promise<boolean>,
): Promise<{ id: string; live: ExchangeStatusRecord } | undefined> {
  const found: Array<{ id: string; live: ExchangeStatusRecord }> = [];
  let read = 0;
  for (let page = 0; page < HISTORY_PAGES && read < MAX_CANDIDATES; page++) {
    const entries = await partner.exchangeHistory(page, HISTORY_MAX_LIMIT);
    for (const entry of entries) {
      if (entry.from !== attempt.from || entry.to !== attempt.to || (await known(entry.id))) continue;
      if (read++ >= MAX_CANDIDATES) break;
      const live = await partner.exchangeStatus(entry.id);
      if (matches(attempt, live)) found.push({ id: entry.id, live });
    }
    if (entries.length < HISTORY_MAX_LIMIT) break;
  }
  return found.length === 1 ? found[0] : undefined;
}
