/**
 * /export: a person's exchanges as a CSV file; for support (ADMIN_IDS), `/export <day> [<day>]`:
 * every exchange created in that range of days (UTC), anyone's.
 *
 * - **Private chat only**: the file lists addresses and transactions. Elsewhere the person is told
 *   to ask there, and nothing is sent.
 * - **Streamed**: support's range is read in batches from the store (the archive included) as the
 *   upload reads the file (support/exchange-export.ts); no file is built in memory whole. A
 *   person's own exchanges are the list /history reads (a person's, not the bot's), then streamed.
 * - **Bounded**: one export at a time per person (updates of one chat already come one at a time;
 *   the guard also holds where they would not); one file stays within `EXPORT_FILE_BYTES`
 *   (Telegram takes up to 50 MB from a bot), a longer export is split into files, and past
 *   {@link MAX_FILES} it stops and says so.
 * - A range from anyone but support is refused with a plain answer, and logged.
 */
import { type Composer, InputFile } from "grammy";
import { FeatureComposer } from "../feature-composer.js";
import type { BotContext } from "../context.js";
import type { BotDeps } from "../deps.js";
import type { PersonLimits } from "../middleware/person-limits.js";
import type { DataStore } from "../../store/data-store.js";
import type { ExchangeRecord } from "../../domain/types.js";
import { CsvDocuments, MAX_RANGE_DAYS, parseDayRange, type DayRange } from "../../support/exchange-export.js";

/** Files one export may send: 20 × 50 MB is more than a year of a busy bot. */
const MAX_FILES = 20;

/** The person's exchanges (archived ones included), as the store's lookup lists them. */
async function* personExchanges(store: DataStore, userId: number): AsyncGenerator<ExchangeRecord> {
  yield* await store.lookup.byUser(userId);
}

/** "2026-11-30" of a time, UTC. */
const day = (d: Date) => d.toISOString().slice(0, 10);

/** The file name of part `part` of an export. */
function fileName(range: DayRange | undefined, now: Date, part: number): string {
  const base = range ? `exchanges-${day(range.from)}-to-${day(new Date(range.to.getTime() - 1))}` : `my-exchanges-${day(now)}`;
  return part === 1 ? `${base}.csv` : `${base}-${part}.csv`;
}

/**
 * Builds the feature; register it before `admin` and `unhandled`. A person's pace (`limits`:
 * each export reads all their exchanges and uploads them again, so a few in a row pass and then
 * one every few minutes) is shared by replicas; support's exports are not counted.
 */
export function exportFeature(deps: Pick<BotDeps, "store" | "config" | "logger" | "now">, limits: PersonLimits): Composer<BotContext> {
  const feature = new FeatureComposer<BotContext>();
  /** People whose export is being sent. */
  const running = new Set<number>();

  feature.command("export", async (ctx) => {
    const from = ctx.from;
    if (from === undefined) return;
    if (ctx.chat.type !== "private") {
      await ctx.reply(ctx.t("export-private-only"));
      return;
    }
    const args = ctx.match.trim();
    let range: DayRange | undefined;
    if (args !== "") {
      if (!deps.config.adminIds.includes(from.id)) {
        deps.logger.warn({ userId: from.id }, "export: a range asked by someone who is not support; refused");
        await ctx.reply(ctx.t("export-range-refused"));
        return;
      }
      range = parseDayRange(args);
      if (range === undefined) {
        await ctx.reply(ctx.t("export-range-usage", { days: MAX_RANGE_DAYS }));
        return;
      }
    }
    if (running.has(from.id)) {
      await ctx.reply(ctx.t("export-busy"));
      return;
    }
    // Marked running before the pace is asked (an await): a second export cannot slip in meanwhile.
    running.add(from.id);
    if (!deps.config.adminIds.includes(from.id) && !(await limits.admitExport(from.id))) {
      running.delete(from.id);
      await ctx.reply(ctx.t("export-too-often"));
      return;
    }
    const records = range ? deps.store.lookup.createdBetween(range.from, range.to) : personExchanges(deps.store, from.id);
    const files = new CsvDocuments(records, deps.config.exportFileBytes);
    try {
      if (!(await files.hasMore())) {
        await ctx.reply(
          range ? ctx.t("export-none-range", { from: day(range.from), to: day(new Date(range.to.getTime() - 1)) }) : ctx.t("export-none"),
        );
        return;
      }
      const now = deps.now();
      while (await files.hasMore()) {
        if (files.parts >= MAX_FILES) {
          deps.logger.warn({ userId: from.id, rows: files.rows }, "export: stopped at the most files one export may send");
          await ctx.reply(ctx.t("export-too-large", { files: files.parts, rows: files.rows }));
          return;
        }
        const part = files.parts + 1;
        await ctx.api.sendDocument(from.id, new InputFile(files.part(), fileName(range, now, part)), {
          caption: ctx.t("export-caption", { part }),
        });
      }
      deps.logger.info({ userId: from.id, rows: files.rows, files: files.parts, range: args || undefined }, "export sent");
      await ctx.reply(ctx.t("export-done", { rows: files.rows, files: files.parts }));
    } catch (err) {
      deps.logger.warn({ err, userId: from.id, rows: files.rows, files: files.parts }, "export: sending a file failed");
      await ctx.reply(ctx.t("export-failed"));
    } finally {
      running.delete(from.id);
      await files.close();
    }
  });
  return feature;
}
