import fc from "fast-check";
import { expect, it } from "vitest";
import { decisionIdAt } from "../../src/gate/decisionId";

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

it("is an RFC 9562 UUID version 7 whose first 48 bits are the time in ms", () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 2 ** 48 - 1 }), (ms) => {
      const id = decisionIdAt(ms);
      expect(id).toMatch(UUID_V7);
      expect(Number.parseInt(id.replaceAll("-", "").slice(0, 12), 16)).toBe(ms);
    }),
  );
});

it("sorts by time: a later millisecond always gives a greater id", () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 2 ** 48 - 2 }), fc.integer({ min: 1, max: 10_000 }), (ms, later) => {
      expect(decisionIdAt(ms) < decisionIdAt(Math.min(ms + later, 2 ** 48 - 1))).toBe(true);
    }),
  );
});

it("differs within one millisecond (74 random bits)", () => {
  const ids = new Set(Array.from({ length: 10_000 }, () => decisionIdAt(1_764_600_000_000)));
  expect(ids.size).toBe(10_000);
});

it("carries each call's own millisecond, however the calls' milliseconds repeat and alternate (the last one's hex is kept)", () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom(0, 1, 15, 16, 1_764_600_000_000, 1_764_600_000_001, 2 ** 48 - 1), { maxLength: 30 }), (times) => {
      for (const ms of times) expect(decisionIdAt(ms).replaceAll("-", "").slice(0, 12)).toBe(ms.toString(16).padStart(12, "0"));
    }),
  );
});
