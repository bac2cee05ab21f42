/**
 * The inline script that loads the service worker's registration
 * (/pwa-register.js, app/pwa/register.ts) after the page's load, from the
 * second page on: the first link or form followed on this page, or any later
 * visit (a flag in localStorage). A first visit of one page loads none of it
 * (the first-visit JavaScript budget, docs/decisions/006 and 016). Inline, a
 * few hundred bytes of the document, because any script file would be loaded
 * on every first visit to decide it. Until a worker controls the tab it also
 * notes the page's address (below). Without JavaScript it does nothing.
 */
export const registerScript = "/pwa-register.js";

/**
 * The pages this tab loaded whole while no worker controlled it (sessionStorage, the last 40):
 * a page left by a full load (an address typed, a bookmark) is no longer in the performance
 * entries the registration reads when the worker first takes control (app/pwa/register.ts).
 */
export const pagesBeforeControlKey = "portal-read";

/** Set by the first page of the first visit (localStorage): from then on every page loads the registration. */
export const visitedKey = "portal-visited";

export const starterScript = `(()=>{try{if(!navigator.serviceWorker.controller){var q=${JSON.stringify(pagesBeforeControlKey)},p=JSON.parse(sessionStorage.getItem(q)||"[]");p.push(location.pathname+location.search);sessionStorage.setItem(q,JSON.stringify(p.slice(-40)))}}catch(e){}var d=document,k=${JSON.stringify(visitedKey)},s=0,go=()=>{if(s)return;s=1;var f=()=>{var e=d.createElement("script");e.src=${JSON.stringify(registerScript)};d.head.append(e)};d.readyState=="complete"?f():addEventListener("load",f)},r;try{r=localStorage.getItem(k);localStorage.setItem(k,"1")}catch(e){}if(r)go();else{var n=e=>{(e.type=="submit"||e.target.closest&&e.target.closest("a[href]"))&&go()};d.addEventListener("click",n,!0);d.addEventListener("submit",n,!0)}})()`;
