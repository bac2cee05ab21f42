import { startStack } from "/work/main/tests/support/stack.js";
const stack = await startStack({});
try {
  const r = await fetch(`${stack.portalUrl}/auth`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "email=resident%40example.com&password=resident12345" });
  const cookie = r.headers.getSetCookie().map((c) => c.split(";")[0]).filter((c) => !c.startsWith("__toast")).join("; ");
  for (let i = 0; i < 2; i++) {
    const html = await (await fetch(`${stack.portalUrl}/profile/accounts`, { headers: { cookie } })).text();
    const k = html.indexOf("<!--$?-->"); console.log(html.slice(k - 200, k + 300)); const s = html.indexOf(`hidden id="S:`); console.log("SEG:", html.slice(s - 20, s + 200));
    console.log(i, html.includes('id="attach-account"'), (html.match(/<template|hidden id="S:|\$RC|<!--\$[?!]?-->/g) ?? []).join(","));
  }
} finally { await stack.stop(); }
