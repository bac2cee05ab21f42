import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";

import { withoutPersonalCookies } from "../app/utils/http/personal-cookies";
import { encodedServiceWorker, serviceWorkerSource } from "./pwa-endpoints";

describe("/sw.js as served", () => {
  it("fills in the offline pages' revision from the worker and the contacts: new contacts, a new worker", () => {
    const built =
      'precache([{"revision":"__PORTAL_CONFIG_REVISION__","url":"/offline/rus"},{"revision":"__PORTAL_CONFIG_REVISION__","url":"/offline/en"}])';
    const one = serviceWorkerSource(built, { phones: { dispatcher: "+7 1" } });
    expect(one).not.toContain("__PORTAL_CONFIG_REVISION__");
    expect(one.match(/"revision":"([0-9a-f]{16})"/g)).toHaveLength(2);
    expect(serviceWorkerSource(built, { phones: { dispatcher: "+7 1" } })).toBe(one);
    expect(serviceWorkerSource(built, { phones: { dispatcher: "+7 2" } })).not.toBe(one);
    expect(serviceWorkerSource(`${built};`, { phones: { dispatcher: "+7 1" } })).not.toBe(
      `${one};`,
    );
  });

  it("is compressed at brotli's best, smaller than gzip or brotli's quality 4, and each encoding gives back the same worker", () => {
    // The worker's own source stands in for its bundle: script text of the same kind.
    const source = fs.readFileSync(
      path.join(import.meta.dirname, "../app/pwa/service-worker.ts"),
      "utf8",
    );
    const { br, gzip, identity } = encodedServiceWorker(source);
    expect(zlib.brotliDecompressSync(br).toString()).toBe(source);
    expect(zlib.gunzipSync(gzip).toString()).toBe(source);
    expect(identity.toString()).toBe(source);
    expect(br.length).toBeLessThan(gzip.length);
    const quality4 = zlib.brotliCompressSync(source, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
    });
    expect(br.length).toBeLessThan(quality4.length);
  });
});

describe("a public copy is asked for without the personal cookies", () => {
  it("drops the session (either name) and the flash message, keeps language and theme", () => {
    expect(
      withoutPersonalCookies(
        "lng=ImVuIg%3D%3D; __session=abc; theme=ImRhcmsi; __toast=t; __Host-session=x",
      ),
    ).toBe("lng=ImVuIg%3D%3D; theme=ImRhcmsi");
    expect(withoutPersonalCookies("__session=abc")).toBe("");
  });
});
