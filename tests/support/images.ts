/** Small real image files for upload tests, made on the spot. */
import { deflateSync } from "node:zlib";

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngHeader(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return chunk("IHDR", header);
}

/** A solid-colour PNG of the given size. */
export function png(width = 24, height = 16, rgb: [number, number, number] = [29, 95, 191]) {
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => rgb).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    pngSignature,
    pngHeader(width, height),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A tiny baseline JPEG (1×1, grey). */
export function jpeg() {
  return Buffer.from(
    "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
    "base64",
  );
}

/**
 * A PNG that is a header alone, claiming any size: 45 bytes that every
 * browser showing it would try to decode at width × height pixels.
 */
export function pngClaiming(width: number, height: number) {
  return Buffer.concat([pngSignature, pngHeader(width, height), chunk("IEND", Buffer.alloc(0))]);
}

/** The tiny JPEG with its frame header (SOFn) claiming another size. */
export function jpegClaiming(width: number, height: number) {
  const bytes = jpeg();
  for (let index = 2; index < bytes.length - 8; index += 1) {
    if (bytes[index] === 0xff && bytes[index + 1]! >= 0xc0 && bytes[index + 1]! <= 0xc2) {
      bytes.writeUInt16BE(height, index + 5);
      bytes.writeUInt16BE(width, index + 7);
      return bytes;
    }
  }
  throw new Error("no frame header in the JPEG");
}

/** The tiny JPEG with `bytes` of metadata (APP1 segments) before its frame header, as a camera's EXIF. */
export function jpegWithMetadata(bytes: number) {
  const image = jpeg();
  const segments: Buffer[] = [];
  for (let left = bytes; left > 0; left -= 65533) {
    const body = Math.min(left, 65533);
    const segment = Buffer.alloc(body + 4);
    segment.writeUInt16BE(0xffe1, 0);
    segment.writeUInt16BE(body + 2, 2);
    segments.push(segment);
  }
  return Buffer.concat([image.subarray(0, 2), ...segments, image.subarray(2)]);
}

/** A 1×1 GIF. */
export function gif() {
  return Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
}
