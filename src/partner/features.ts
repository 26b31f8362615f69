/**
 * What the service behind PARTNER_API_URL offers beyond the six calls of our contract
 * (docs/partner-api.md says which facts come from the contract and which from the service's
 * published SDK). A deployment names them in PARTNER_FEATURES; with none the bot speaks only the
 * contract, exactly as before. Every feature check reads this set, never the service's answers,
 * so a service that adds a field does not switch a feature on by itself.
 */
export const PARTNER_FEATURE_NAMES = ["fixed", "receive", "emergency", "batch-status", "history"] as const;

/** One capability: fixed rates, "receive exactly", the late-deposit choice, many statuses in one request, order history. */
export type PartnerFeature = (typeof PARTNER_FEATURE_NAMES)[number];

/** The capabilities of one deployment; empty means the contract only. */
export type PartnerFeatures = ReadonlySet<PartnerFeature>;

export const NO_PARTNER_FEATURES: PartnerFeatures = new Set();

/** Every capability: what the built-in sandbox exchange offers unless one is switched off. */
export const ALL_PARTNER_FEATURES: PartnerFeatures = new Set(PARTNER_FEATURE_NAMES);

const isFeature = (name: string): name is PartnerFeature => (PARTNER_FEATURE_NAMES as readonly string[]).includes(name);

/**
 * Reads a comma list such as "fixed, receive". Returns the unknown names apart, so the config can
 * refuse them by name instead of silently running without a feature the operator asked for.
 */
export function parsePartnerFeatures(list: string): { features: PartnerFeatures; unknown: string[] } {
  const names = list
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== "");
  return { features: new Set(names.filter(isFeature)), unknown: names.filter((n) => !isFeature(n)) };
}
