import { describe, expect, it } from "vitest";
import { serviceWorkerSource, withoutPersonalCookies } from "./pwa-endpoints";

describe("/sw.js as served", () => {
  it("fills in the offline pages' revision from the worker and the contacts: new contacts, a new worker", () => {
    const built = 'precache([{"revision":"__PORTAL_CONFIG_REVISION__","url":"/offline/rus"},{"revision":"__PORTAL_CONFIG_REVISION__","url":"/offline/en"}])';
    const one = serviceWorkerSource(built, { phones: { dispatcher: "+7 1" } });
    expect(one).not.toContain("__PORTAL_CONFIG_REVISION__");
    expect(one.match(/"revision":"([0-9a-f]{16})"/g)).toHaveLength(2);
    expect(serviceWorkerSource(built, { phones: { dispatcher: "+7 1" } })).toBe(one);
    expect(serviceWorkerSource(built, { phones: { dispatcher: "+7 2" } })).not.toBe(one);
    expect(serviceWorkerSource(`${built};`, { phones: { dispatcher: "+7 1" } })).not.toBe(`${one};`);
  });
});

describe("a public copy is asked for without the personal cookies", () => {
  it("drops the session (either name) and the flash message, keeps language and theme", () => {
    expect(withoutPersonalCookies("lng=ImVuIg%3D%3D; __session=abc; theme=ImRhcmsi; __toast=t; __Host-session=x")).toBe("lng=ImVuIg%3D%3D; theme=ImRhcmsi");
    expect(withoutPersonalCookies("__session=abc")).toBe("");
  });
});
