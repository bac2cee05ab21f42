/**
 * The build's gzip (decision 040): zopfli, for the portal's build and the
 * floor's alike (through vite-plugin-compression2's custom algorithm) and for
 * the service worker's caching part (scripts/build-sw.js). It writes ordinary
 * gzip, about 3 % smaller than zlib's best, for the browsers that do not take
 * brotli. Plain JavaScript: scripts/build.js runs under Node without tsx.
 */
import { gzipAsync } from "@gfx/zopfli";

/** zopfli's default effort: more iterations gain a few bytes for much longer builds. */
const iterations = 15;

/**
 * @param {string | ArrayBufferLike | NodeJS.ArrayBufferView} input
 * @returns {Promise<Buffer>}
 */
export async function zopfliGzip(input) {
  const bytes =
    typeof input === "string"
      ? input
      : ArrayBuffer.isView(input)
        ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength)
        : new Uint8Array(input);
  return Buffer.from(await gzipAsync(bytes, { numiterations: iterations }));
}
