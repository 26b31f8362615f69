/**
 * exchanges-status (beyond our contract; the service's SDK, `getMultipleExchangeStatuses`): the
 * status of many exchanges in one request. The SDK sends the ids as a JSON array in a request
 * header named `ids` (not in the query), and reads an object keyed "0", "1", … whose values carry
 * `id`, `status`, `from` and `to`, beside `result: true`. Amounts, addresses and `emergency` are
 * not promised in it: a change seen here is read in full with exchange-status.
 */
import { z } from "zod";

/** The request header that carries the ids. */
export const IDS_HEADER = "ids";

/**
 * Ids per request. The SDK gives no limit; a header of 100 ids (~4 KB) stays well inside the
 * 8 KB that common servers and proxies accept for a header.
 */
export const BATCH_STATUS_MAX_IDS = 100;

/** One exchange of the answer. */
export interface BatchStatusEntry {
  id: string;
  status: string;
}

/** `ids` as the SDK writes it (PHP `json_encode` of the list). */
export function idsHeaderValue(ids: readonly string[]): string {
  return JSON.stringify(ids);
}

const entrySchema = z.looseObject({
  id: z.union([z.string().trim().min(1), z.number()]).transform(String),
  status: z.string().trim().min(1),
});

/**
 * The answer → its entries. Tolerant: any key holding an object with an id and a status is an
 * entry (an array is read the same way); other members (`result`) and entries without both are
 * skipped, so one odd entry costs only that exchange, which is then asked about alone.
 */
export const batchStatusSchema = z
  .union([z.array(z.unknown()), z.record(z.string(), z.unknown())])
  .transform((body): BatchStatusEntry[] => {
    const out: BatchStatusEntry[] = [];
    for (const value of Array.isArray(body) ? body : Object.values(body)) {
      const entry = entrySchema.safeParse(value);
      if (entry.success) out.push({ id: entry.data.id, status: entry.data.status });
    }
    return out;
  });
