/**
 * zod's one global setting, made before any schema exists: imported first by
 * the modules each side runs first, app/root.tsx (the browser evaluates the
 * root's module before any page's) and app/entry.server.tsx. From zod's core
 * (`z.config` is the same function): the root's chunk, on every first
 * visit, takes this setting without the library.
 *
 * zod probes, when it builds an object schema, whether it may compile its
 * parsers with `new Function`; the portal's CSP forbids eval, and the
 * browser reports the refused probe as a violation.
 */
import { config } from "zod/v4/core";

config({ jitless: true });
