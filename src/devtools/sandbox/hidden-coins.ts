/**
 * A catalog with some coins taken off: the way a real service stops offering a coin (delisted,
 * wallet in maintenance) while people are in the middle of an exchange. Tests hide a coin under an
 * open flow and check that the bot says so instead of breaking.
 */
import type { SandboxCatalog } from "./catalog.js";

/** `catalog` without the coins in `hidden` (a set the caller changes at will). */
export function hidingCoins(catalog: SandboxCatalog, hidden: ReadonlySet<string>): SandboxCatalog {
  // The filtered answers are made on demand and kept until the hidden set changes.
  let cachedFor = "";
  const cache = new Map<string, Buffer>();
  const cached = (name: string, make: () => Buffer): Buffer => {
    const key = [...hidden].sort().join(",");
    if (key !== cachedFor) {
      cache.clear();
      cachedFor = key;
    }
    let body = cache.get(name);
    if (!body) cache.set(name, (body = make()));
    return body;
  };
  const visible = (code: string) => !hidden.has(code.toUpperCase());

  return {
    size: catalog.size,
    coins: catalog.coins,
    find: (code) => (visible(code) ? catalog.find(code) : undefined),
    hasPair: (from, to) => visible(from) && visible(to) && catalog.hasPair(from, to),
    sampleAddress: (code) => catalog.sampleAddress(code),
    sampleTag: (code) => catalog.sampleTag(code),
    currenciesBody(variant) {
      if (hidden.size === 0) return catalog.currenciesBody(variant);
      return cached(`currencies:${variant}`, () => {
        const all = JSON.parse(catalog.currenciesBody(variant).toString()) as Record<string, unknown>;
        const shown = Object.fromEntries(Object.entries(all).filter(([code]) => !hidden.has(code)));
        return Buffer.from(JSON.stringify(shown));
      });
    },
    pairsBody() {
      if (hidden.size === 0) return catalog.pairsBody();
      return cached("pairs", () => {
        const all = JSON.parse(catalog.pairsBody().toString()) as Record<string, unknown>;
        const kept: Record<string, string[]> = {};
        for (const [from, targets] of Object.entries(all)) {
          if (visible(from) && Array.isArray(targets)) kept[from] = (targets as string[]).filter(visible);
        }
        return Buffer.from(JSON.stringify(kept));
      });
    },
  };
}
