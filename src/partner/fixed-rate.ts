/**
 * Fixed rates (capability `fixed`; the service's SDK, docs/partner-api.md): `rate` and
 * `exchange-create` take `fix` (1 fixed, 0 floating) and the `rate` answer says `fix` back.
 * Nothing here invents what the SDK does not publish: no quote id, no quote lifetime.
 */
import { z } from "zod";
import type { RateKindOption } from "../domain/types.js";

/** The query value of `fix` for a request, or undefined when none is to be sent (our contract). */
export function fixParam(option: RateKindOption | undefined): string | undefined {
  return option?.fix === undefined ? undefined : option.fix ? "1" : "0";
}

/**
 * The answer's `fix`: a boolean in the SDK's example, taken in the forms services drift into
 * (1/0, "true"/"false"). Absent or unreadable → undefined: the quote is not called fixed.
 */
export const fixFlagSchema = z
  .unknown()
  .optional()
  .transform((v): boolean | undefined => {
    if (v === true || v === 1 || v === "1" || v === "true") return true;
    if (v === false || v === 0 || v === "0" || v === "false") return false;
    return undefined;
  });
