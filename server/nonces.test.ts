import { describe, expect, it } from "vitest";

import { createNonces, nonceBytes } from "./nonces";

describe("CSP nonces", () => {
  it("are 16 random bytes in base64, never the same twice", () => {
    const nextNonce = createNonces();
    const nonces = Array.from({ length: 600 }, nextNonce);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(nonceBytes);
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it("read the random source once a batch, each byte handed out once", () => {
    let counter = 0;
    const reads: number[] = [];
    const read = (size: number) => {
      reads.push(size);
      return Buffer.from(Array.from({ length: size }, () => counter++ % 256));
    };
    const nextNonce = createNonces(4, read);
    const bytes = Array.from({ length: 9 }, () => [...Buffer.from(nextNonce(), "base64")]);
    expect(reads).toEqual([64, 64, 64]);
    expect(bytes.flat()).toEqual(Array.from({ length: 9 * nonceBytes }, (_, i) => i % 256));
  });
});
