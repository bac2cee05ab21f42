/**
 * zod as the portal's schemas use it, configured before any of them is
 * built: every module of app/ outside app/server takes `z` from here
 * (ESLint's no-restricted-imports says so), so no page can build a schema
 * with zod unconfigured, and pages without a form load no zod at all.
 *
 * zod probes, when it builds an object schema, whether it may compile its
 * parsers with `new Function`; the portal's CSP forbids eval, and the
 * browser reports the refused probe as a violation.
 */
import { z } from "zod";

z.config({ jitless: true });

export { z };
