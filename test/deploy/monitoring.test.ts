/**
 * The Grafana dashboard and the Prometheus alert rules shipped in deploy/ against the metrics the
 * bot exports (src/ops/metrics.ts): a panel or a rule that names a metric the bot does not export
 * (a histogram's series counted: _bucket, _sum, _count), or a label that metric does not have,
 * fails here, as does any label that grows with people. The rules file's shape is checked too.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { createMetrics } from "../../src/ops/metrics.js";
import { FEATURE_NAMES } from "../../src/bot/create-bot.js";
import { readPromql } from "./promql.js";

/** Labels Prometheus adds to every series of a target. */
const TARGET_LABELS = new Set(["job", "instance"]);
/** Series Prometheus makes itself for each target; a rule may read them. */
const PROMETHEUS_OWN = new Map([["up", new Set<string>()]]);
/** A label name that would take a value per person: a chat, a user, an id. */
const PERSONAL = /chat|user|person|people|username|sender|(^|_)id$/i;
/** Label values the bot can export, for the labels whose values the files name. */
const KNOWN_VALUES: Record<string, ReadonlySet<string>> = {
  feature: new Set([...FEATURE_NAMES, "none"]),
  check: new Set(["store", "partner", "telegram"]),
  reason: new Set(["429", "5xx", "network"]),
};

type Series = Map<string, Set<string>>;

/** Every series name the bot exports with the labels seen on it, each metric made to report once. */
async function exportedSeries(): Promise<Series> {
  const m = createMetrics();
  m.setSources({
    openExchangesByStatus: () => ({ waiting: 1 }),
    outboxBacklog: () => 2,
    storeFileBytes: () => ({ "db.json": 10 }),
    pollerLagSeconds: () => 3,
    readiness: () => ({ ready: true, checks: { store: { ok: true }, partner: { ok: true }, telegram: { ok: true } } }),
  });
  m.updateHandled("message", "ok", 0.1, "exchange");
  m.partnerRequest({ endpoint: "rate", ms: 10, ok: false, errorKind: "timeout" });
  m.pollerCycle({ ms: 5, aborted: true });
  m.telegramError("sendMessage", 429);
  m.telegramAttemptFailed("429");
  m.storeWrite("db.json", 2);
  m.storeStatement("write", 1);
  const series: Series = new Map();
  for (const metric of await m.registry.getMetricsAsJSON()) {
    // A histogram is only its series (_bucket, _sum, _count): its own name selects nothing.
    if (String(metric.type) !== "histogram" && String(metric.type) !== "summary" && !series.has(metric.name))
      series.set(metric.name, new Set());
    for (const value of metric.values) {
      const name = (value as { metricName?: string }).metricName ?? metric.name;
      const labels = series.get(name) ?? new Set<string>();
      for (const label of Object.keys(value.labels)) labels.add(label);
      series.set(name, labels);
    }
  }
  return series;
}

/** What is wrong with one expression against the series (empty: nothing). */
function problems(where: string, expr: string, series: Series): string[] {
  const found: string[] = [];
  let reads;
  try {
    reads = readPromql(expr);
  } catch (err) {
    return [`${where}: ${(err as Error).message}`];
  }
  if (reads.selectors.length === 0) found.push(`${where}: reads no metric`);
  const seen = new Set(TARGET_LABELS);
  for (const { metric, matchers } of reads.selectors) {
    const labels = series.get(metric);
    if (!labels) {
      found.push(`${where}: ${metric} is not exported by the bot`);
      continue;
    }
    for (const label of labels) seen.add(label);
    for (const { label, op, value } of matchers) {
      if (!labels.has(label) && !TARGET_LABELS.has(label)) found.push(`${where}: ${metric} has no label ${label}`);
      const known = KNOWN_VALUES[label];
      if (known && (op === "=" || op === "!=") && !known.has(value)) found.push(`${where}: ${metric}'s ${label} is never "${value}"`);
    }
  }
  for (const label of reads.grouping) if (!seen.has(label)) found.push(`${where}: groups by ${label}, which no metric it reads has`);
  for (const label of [...reads.grouping, ...reads.selectors.flatMap((s) => s.matchers.map((m) => m.label))]) {
    if (PERSONAL.test(label)) found.push(`${where}: reads ${label}, a label that grows with people`);
  }
  return found;
}

interface Panel {
  id?: number;
  type?: string;
  title?: string;
  targets?: Array<{ expr?: string; refId?: string }>;
  panels?: Panel[];
  gridPos?: object;
}

const dashboard = JSON.parse(readFileSync(new URL("../../deploy/grafana/swapbot.json", import.meta.url), "utf8")) as {
  panels: Panel[];
  templating: { list: Array<{ name: string; type: string; query?: unknown }> };
};
const rulesFile: unknown = parse(readFileSync(new URL("../../deploy/prometheus/alerts.yml", import.meta.url), "utf8"));

/** Every panel, those inside rows included. */
const allPanels = (panels: Panel[]): Panel[] => panels.flatMap((p) => [p, ...allPanels(p.panels ?? [])]);

/** The dashboard's expressions: its panels' targets and its variables' `label_values(selector, label)`. */
function dashboardExpressions(): Array<{ where: string; expr: string; label?: string }> {
  const out: Array<{ where: string; expr: string; label?: string }> = [];
  for (const panel of allPanels(dashboard.panels)) {
    for (const target of panel.targets ?? []) out.push({ where: `panel "${panel.title}" ${target.refId}`, expr: target.expr ?? "" });
  }
  for (const variable of dashboard.templating.list) {
    if (variable.type !== "query") continue;
    const query = (variable.query as { query?: string }).query ?? "";
    const m = /^label_values\((.+),\s*([a-zA-Z_]+)\)$/.exec(query);
    out.push({ where: `variable $${variable.name}`, expr: m?.[1] ?? query, label: m?.[2] });
  }
  return out;
}

interface Rule {
  alert?: unknown;
  expr?: unknown;
  for?: unknown;
  labels?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

/** The rules file's rules; throws with what is wrong when it is not `groups[].rules[]`. */
function rulesOf(file: unknown): Rule[] {
  const groups = (file as { groups?: unknown } | null)?.groups;
  if (!Array.isArray(groups) || groups.length === 0) throw new Error("the rules file has no groups[]");
  return groups.flatMap((group: { name?: unknown; rules?: unknown }) => {
    if (typeof group.name !== "string" || !Array.isArray(group.rules)) throw new Error("a group without a name or rules[]");
    return group.rules as Rule[];
  });
}

describe("the Grafana dashboard", () => {
  it("reads only metrics the bot exports, with labels they have, and values they take", async () => {
    const series = await exportedSeries();
    const found: string[] = [];
    for (const { where, expr, label } of dashboardExpressions()) {
      found.push(...problems(where, expr, series));
      if (label && !TARGET_LABELS.has(label) && !readPromql(expr).selectors.every((s) => series.get(s.metric)?.has(label)))
        found.push(`${where}: lists values of ${label}, which its metric does not have`);
    }
    expect(found).toEqual([]);
  });

  it("shows what an operator watches: updates, step latency, partner, poller, outbox, exchanges, Telegram, store, readiness", () => {
    const read = new Set(dashboardExpressions().flatMap(({ expr }) => readPromql(expr).selectors.map((s) => s.metric)));
    for (const metric of [
      "bot_updates_total",
      "bot_feature_duration_seconds_bucket",
      "partner_requests_total",
      "poller_lag_seconds",
      "outbox_backlog",
      "exchanges_open",
      "telegram_api_errors_total",
      "telegram_api_retried_failures_total",
      "store_write_duration_seconds_bucket",
      "store_statement_duration_seconds_bucket",
      "bot_ready",
    ])
      expect(read, metric).toContain(metric);
  });

  it("is a dashboard Grafana can import: unique panel ids, a place for each, every query on the chosen data source", () => {
    const panels = allPanels(dashboard.panels);
    const ids = panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of panels) {
      expect(panel.gridPos, `panel ${panel.title}`).toBeDefined();
      if (panel.type === "row") continue;
      expect(panel.targets?.length, `panel ${panel.title}`).toBeGreaterThan(0);
      expect(JSON.stringify(panel), `panel ${panel.title}`).toContain('"uid":"${datasource}"');
    }
    expect(dashboard.templating.list.map((v) => v.name)).toEqual(["datasource", "job", "instance"]);
  });
});

describe("the Prometheus alert rules", () => {
  it("are groups of rules, each with an alert name, an expression, a for, a severity and a summary and description", () => {
    const rules = rulesOf(rulesFile);
    for (const rule of rules) {
      const name = String(rule.alert);
      expect(rule.alert, name).toMatch(/^Swapbot[A-Z][A-Za-z0-9]+$/);
      expect(typeof rule.expr, name).toBe("string");
      expect(rule.for, name).toMatch(/^\d+[smh]$/);
      expect(["page", "ticket"], name).toContain(rule.labels?.severity);
      expect(typeof rule.annotations?.summary, name).toBe("string");
      expect(typeof rule.annotations?.description, name).toBe("string");
    }
    expect(new Set(rules.map((r) => r.alert)).size).toBe(rules.length);
  });

  it("read only metrics the bot exports (or Prometheus' own `up`), with labels they have", async () => {
    const series = new Map([...(await exportedSeries()), ...PROMETHEUS_OWN]);
    const found = rulesOf(rulesFile).flatMap((rule) => problems(`rule ${String(rule.alert)}`, String(rule.expr), series));
    expect(found).toEqual([]);
  });

  it("alert on what the issue names: not ready, poller lag, outbox backlog growing, partner failing, 429s", () => {
    const read = rulesOf(rulesFile).map((rule) => readPromql(String(rule.expr)).selectors.map((s) => s.metric));
    for (const metric of [
      "bot_ready_check",
      "poller_lag_seconds",
      "outbox_backlog",
      "partner_requests_total",
      "telegram_api_retried_failures_total",
    ])
      expect(read.flat(), metric).toContain(metric);
  });
});

describe("labels that grow with people", () => {
  it("are exported by no metric of the bot", async () => {
    const personal = [...(await exportedSeries())].flatMap(([name, labels]) =>
      [...labels].filter((l) => PERSONAL.test(l)).map((l) => `${name}{${l}}`),
    );
    expect(personal).toEqual([]);
  });
});

describe("the drift check itself", () => {
  it("catches a metric the bot does not export, a histogram read without its series' suffix, a label it lacks, a person's label", async () => {
    const series = await exportedSeries();
    expect(problems("t", 'sum(rate(bot_updates_total{outcome="ok"}[5m]))', series)).toEqual([]);
    expect(problems("t", "rate(bot_messages_total[5m])", series)).toEqual(["t: bot_messages_total is not exported by the bot"]);
    expect(problems("t", "rate(bot_feature_duration_seconds[5m])", series)).toEqual([
      "t: bot_feature_duration_seconds is not exported by the bot",
    ]);
    expect(problems("t", 'sum by (endpoint) (rate(bot_updates_total{status="x"}[5m]))', series)).toEqual([
      "t: bot_updates_total has no label status",
      "t: groups by endpoint, which no metric it reads has",
    ]);
    expect(
      problems("t", 'histogram_quantile(0.9, sum by (le) (rate(bot_feature_duration_seconds_bucket{feature="flow"}[5m])))', series),
    ).toEqual(['t: bot_feature_duration_seconds_bucket\'s feature is never "flow"']);
    expect(problems("t", "sum by (chat_id) (rate(bot_updates_total[5m]))", series)).toEqual([
      "t: groups by chat_id, which no metric it reads has",
      "t: reads chat_id, a label that grows with people",
    ]);
  });

  it("reads names, matchers, ranges, subqueries, strings, variables and grouping as PromQL has them", () => {
    expect(
      readPromql(
        'max by (job) (outbox_backlog{instance=~"$instance", job!="a,b}"}) > 0 and on (job) max_over_time(poller_lag_seconds[$__rate_interval:1m]) > 1e3 unless bool up',
      ),
    ).toEqual({
      selectors: [
        {
          metric: "outbox_backlog",
          matchers: [
            { label: "instance", op: "=~", value: "$instance" },
            { label: "job", op: "!=", value: "a,b}" },
          ],
        },
        { metric: "poller_lag_seconds", matchers: [] },
        { metric: "up", matchers: [] },
      ],
      grouping: ["job", "job"],
    });
    expect(() => readPromql('rate(x{a="b"[5m])')).toThrow(/cannot read the matchers/);
  });

  it("refuses a rules file that is not groups of rules", () => {
    expect(() => rulesOf(parse("rules:\n  - alert: X\n"))).toThrow("no groups[]");
    expect(() => rulesOf(parse("groups:\n  - rules: []\n"))).toThrow("without a name");
  });
});
