/**
 * The offline page (docs/decisions/016-offline.md): what the service worker
 * shows for any page it cannot reach and has not saved. One self-contained
 * document per language, precached: no script, no stylesheet to fetch, both
 * themes in its own styles (the worker marks the body `dark` for a resident
 * who chose it), the dispatcher first, then the other contacts, the address
 * and hours, and the list of saved pages the worker fills in.
 */
import type { TFunction } from "i18next";

import { escapeHtml } from "~/utils/format/escape-html";
import { telHref } from "~/utils/format/format";
import { htmlLang, operatorTextLang, type Language } from "~/utils/i18n/config";
import type { PublicConfig } from "~/utils/public-config";

const styles = `
:root{--bg:#f4f6fa;--surface:#fff;--text:#17202e;--muted:#556274;--border:#d5dce7;--main:#1d5fbf;--danger:#c62828;--danger-soft:#fdecec;color-scheme:light}
body.dark{--bg:#0f141b;--surface:#171e28;--text:#e7ecf3;--muted:#a3afc0;--border:#2e3a4a;--main:#6ea8ff;--danger:#ff7a7a;--danger-soft:#3a1c1f;color-scheme:dark}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;overflow-wrap:break-word}
main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .5rem}
h2{font-size:1.1rem;margin:1.75rem 0 .5rem}
a{color:var(--main)}
.brand{display:flex;align-items:center;gap:.5rem;font-weight:600;margin-bottom:1.25rem}
.emergency{background:var(--danger-soft);border:2px solid var(--danger);border-radius:10px;padding:1rem;margin:1.25rem 0}
.emergency p{margin:0 0 .5rem}
.emergency a{display:inline-block;font-size:1.6rem;font-weight:700;color:var(--danger);text-decoration:none;padding:.25rem 0}
ul{list-style:none;padding:0;margin:0}
li{background:var(--surface);border:1px solid var(--border);border-radius:6px;padding:.6rem .75rem;margin:.4rem 0}
.label{display:block;color:var(--muted);font-size:.9rem}
small{color:var(--muted);margin-left:.35rem}
.retry{display:inline-block;margin-top:1.5rem}
`.replace(/\n/g, "");

const logo =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#1d5fbf"/><path d="M7 16 16 8l9 8v9a1 1 0 0 1-1 1h-5v-6h-6v6H8a1 1 0 0 1-1-1z" fill="#fff"/></svg>';

export function offlinePageHtml(lng: Language, t: TFunction, config: PublicConfig) {
  const e = (text: string) => escapeHtml(text);
  const others: Array<[string, string, string]> = [
    [t("footer.reception"), config.phones.reception, telHref(config.phones.reception)],
    [t("footer.technical"), config.phones.technical, telHref(config.phones.technical)],
    [t("footer.economics"), config.phones.economics, telHref(config.phones.economics)],
    [t("footer.email"), config.email, `mailto:${config.email}`],
  ];
  // The operator's texts are Russian: marked so on a page in another language.
  const operatorLang = operatorTextLang(lng);
  const operatorText = (text: string) =>
    `<span${operatorLang ? ` lang="${operatorLang}"` : ""}>${e(text)}</span>`;
  return (
    `<!DOCTYPE html><html lang="${htmlLang[lng]}" data-lng="${lng}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(t("offline.title"))} — ${e(config.productName)}</title>` +
    `<style>${styles}</style></head><body><main>` +
    `<p class="brand">${logo}${operatorText(config.productName)}</p>` +
    `<h1>${e(t("offline.title"))}</h1><p>${e(t("offline.lead"))}</p>` +
    `<section class="emergency" aria-labelledby="dispatcher"><p id="dispatcher"><strong>${e(t("footer.dispatcher"))}</strong>. ${e(t("offline.dispatcherLead"))}</p>` +
    `<a href="${e(telHref(config.phones.dispatcher))}" data-dispatcher="">${e(config.phones.dispatcher)}</a></section>` +
    `<h2>${e(t("offline.otherContacts"))}</h2><ul>` +
    others
      .map(
        ([label, value, href]) =>
          `<li><span class="label">${e(label)}</span><a href="${e(href)}">${e(value)}</a></li>`,
      )
      .join("") +
    `</ul><h2>${e(t("footer.address"))}</h2><p>${operatorText(config.address)}</p>` +
    `<h2>${e(t("footer.hours"))}</h2><p>${e(t("footer.schedule"))}</p>` +
    `<h2>${e(t("offline.saved"))}</h2><ul data-saved-pages=""><li>${e(t("offline.savedNone"))}</li></ul>` +
    // An empty href is this very address: the page the resident asked for, tried again.
    `<a class="retry" href="">${e(t("offline.retry"))}</a>` +
    `</main></body></html>`
  );
}
