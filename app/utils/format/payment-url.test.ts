import { describe, expect, it } from "vitest";

import { paymentUrl } from "./payment-url";

describe("paymentUrl", () => {
  it("puts the account number where the template says", () => {
    expect(paymentUrl("https://pay.example.ru/?ls={account}", 1000000001)).toBe(
      "https://pay.example.ru/?ls=1000000001",
    );
    expect(paymentUrl("https://pay.example.ru/pay/{account}/start?again={account}", "12")).toBe(
      "https://pay.example.ru/pay/12/start?again=12",
    );
  });

  it("URL-encodes the account", () => {
    expect(paymentUrl("https://pay.example.ru/?ls={account}", "10 0/1&x")).toBe(
      "https://pay.example.ru/?ls=10%200%2F1%26x",
    );
  });

  it("leaves a template without the placeholder as it is, whatever the account", () => {
    expect(paymentUrl("https://pay.example.ru/", 1000000001)).toBe("https://pay.example.ru/");
  });

  it("empties the placeholder when no account is named", () => {
    expect(paymentUrl("https://pay.example.ru/?ls={account}")).toBe("https://pay.example.ru/?ls=");
  });
});
