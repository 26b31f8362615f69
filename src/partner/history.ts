/**
 * exchange-history (beyond our contract; the service's SDK, `getExchangeHistory`): the partner's
 * exchanges a page at a time, `page` (the SDK's example starts at 0) and `limit` (at most 100).
 * The answer is `{ exchanges: [{ id, status, from, to }], limit, page, result }`: no amounts, no
 * addresses, no date, so a candidate is read in full with exchange-status. The SDK does not say in
 * which order the list comes; the bot searches a bounded number of pages and never relies on it.
 */
import { z } from "zod";

/** The SDK's largest `limit`. */
export const HISTORY_MAX_LIMIT = 100;

/** One exchange of a history page. */
export interface HistoryEntry {
  id: string;
  status: string;
  from: string;
  to: string;
}

const entrySchema = z.looseObject({
  id: z.union([z.string().trim().min(1), z.number()]).transform(String),
  status: z.string().trim().min(1),
  from: z.string().trim(),
  to: z.string().trim(),
});

/**
 * A page → its entries, tolerant: an entry without an id, status or pair is skipped (it cannot be
 * a candidate), so one odd entry never costs the page.
 */
export const historySchema = z.looseObject({ exchanges: z.array(z.unknown()) }).transform((body): HistoryEntry[] => {
  const out: HistoryEntry[] = [];
  for (const value of body.exchanges) {
    const entry = entrySchema.safeParse(value);
    if (entry.success) out.push({ ...entry.data, from: entry.data.from.toUpperCase(), to: entry.data.to.toUpperCase() });
  }
  return out;
});
