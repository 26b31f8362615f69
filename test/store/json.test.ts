/**
 * The store's copies (store/json.ts): what goes in is what a reload from disk gives, whichever
 * path makes the copy, and a copy is never the caller's object.
 */
import { describe, expect, it } from "vitest";
import { copy, toJson } from "../../src/store/json.js";

const throughJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

describe("toJson", () => {
  const values: Array<[string, unknown]> = [
    ["a string", "text with \u{1F600} and a lone \ud800"],
    ["a number", 12.5],
    ["minus zero", -0],
    ["null", null],
    ["a flat record", { savedAt: "2026-11-27T00:00:00.000Z", chatId: 5, json: '{"a":[1,2]}', ok: true, none: null }],
    ["a flat record with -0, NaN and Infinity", { a: -0, b: NaN, c: Infinity }],
    ["a record with an undefined field", { a: 1, b: undefined }],
    ["a record with a Date", { at: new Date("2026-11-27T00:00:00Z") }],
    ["a record with integer-like keys", { b: 1, 10: 2, 2: 3, a: 4 }],
    ["a record with a symbol key", { a: 1, [Symbol("s")]: 2 }],
    ["a record with toJSON", { a: 1, toJSON: () => "x" }],
    ["a nested record", { draft: { from: "BTC", amounts: ["0.1", "2"] }, seq: 3 }],
    ["an array", [1, "a", null, { b: 2 }]],
    ["a prototype-less record", Object.assign(Object.create(null) as object, { a: 1, ["__proto__"]: 2 })],
  ];
  for (const [name, value] of values) {
    it(`gives what JSON gives for ${name}`, () => {
      const kept = toJson(value);
      expect(Object.is(kept, -0)).toBe(false);
      expect(kept).toStrictEqual(throughJson(value));
      expect(JSON.stringify(kept)).toBe(JSON.stringify(value));
    });
  }

  it("keeps an own __proto__ key as a key", () => {
    const value = JSON.parse('{"__proto__":{"polluted":true},"a":1}') as Record<string, unknown>;
    const kept = toJson(value);
    expect(Object.keys(kept)).toEqual(["__proto__", "a"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("throws for what JSON cannot carry", () => {
    expect(() => toJson(undefined)).toThrow(TypeError);
    expect(() => toJson(() => 1)).toThrow(TypeError);
  });
});

describe("copy", () => {
  it("returns a new object that later changes to the original do not reach", () => {
    const flat = { a: 1, b: "x" };
    const nested = { a: { b: [1, 2] } };
    const flatCopy = copy(flat);
    const nestedCopy = copy(nested);
    flat.a = 2;
    nested.a.b.push(3);
    expect(flatCopy).toEqual({ a: 1, b: "x" });
    expect(nestedCopy).toEqual({ a: { b: [1, 2] } });
  });

  // What the store holds: values as JSON gives them back. Each copy must equal its original exactly
  // and share no object with it.
  const held: Array<[string, unknown]> = [
    ["a flow record", { step: "refund", draft: { from: { code: "BTC", network: null }, amounts: ["0.1"] }, seq: 3, due: true }],
    ["an array of records", [{ a: 1 }, [2, [3]], "x", null, false]],
    ["an empty object and array", { a: {}, b: [] }],
    ["integer-like keys in their JSON order", JSON.parse('{"b":1,"10":2,"2":3,"a":{"1":0,"z":1}}')],
    ["a nested __proto__ key", JSON.parse('{"a":{"__proto__":{"polluted":true},"b":1}}')],
  ];
  for (const [name, value] of held) {
    it(`copies ${name} exactly, sharing nothing`, () => {
      const copied = copy(value);
      expect(copied).toStrictEqual(value);
      expect(JSON.stringify(copied)).toBe(JSON.stringify(value));
      const shared: string[] = [];
      const walk = (a: unknown, b: unknown, path: string) => {
        if (typeof a !== "object" || a === null) return;
        if (a === b) shared.push(path);
        for (const key of Object.keys(a)) walk((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`);
      };
      walk(copied, value, "$");
      expect(shared).toEqual([]);
    });
  }

  it("keeps a nested own __proto__ key as a key, and pollutes nothing", () => {
    const copied = copy(JSON.parse('{"a":{"__proto__":{"polluted":true},"b":1}}') as { a: Record<string, unknown> });
    expect(Object.keys(copied.a)).toEqual(["__proto__", "b"]);
    expect(Object.getPrototypeOf(copied.a)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
