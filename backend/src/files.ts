/** Small valid files generated at seed time: PNG pictures and one-page PDFs. */
import { deflateSync } from "node:zlib";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export type Pixel = (x: number, y: number) => [number, number, number];

/** An RGB PNG of `width`×`height` painted by `pixel`. */
export function png(width: number, height: number, pixel: Pixel): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let offset = 0;
  for (let y = 0; y < height; y++) {
    raw[offset++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw[offset++] = r;
      raw[offset++] = g;
      raw[offset++] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const mix = (a: number, b: number, t: number) => Math.round(a + (b - a) * t);

/** A courtyard picture: sky, sun, a house with windows, grass; `evening` changes the light. */
export function courtyardPicture(evening: boolean): Buffer {
  const width = 480;
  const height = 270;
  const sky: [number, number, number][] = evening
    ? [
        [41, 52, 98],
        [242, 140, 86],
      ]
    : [
        [96, 165, 230],
        [205, 230, 250],
      ];
  return png(width, height, (x, y) => {
    const sunX = evening ? 380 : 90;
    const sunY = evening ? 150 : 60;
    if ((x - sunX) ** 2 + (y - sunY) ** 2 < 26 ** 2)
      return evening ? [250, 200, 120] : [255, 226, 110];
    // the house
    if (x >= 170 && x < 330 && y >= 110 && y < 215) {
      const windowX = (x - 185) % 35;
      const windowY = (y - 125) % 30;
      if (x >= 185 && x < 320 && y >= 125 && y < 200 && windowX < 20 && windowY < 18) {
        return evening ? [255, 214, 120] : [170, 210, 235];
      }
      return evening ? [120, 96, 110] : [214, 180, 150];
    }
    // the roof
    if (y >= 80 && y < 110 && Math.abs(x - 250) < (y - 80) * 3 + 10)
      return evening ? [70, 50, 60] : [150, 70, 60];
    if (y >= 215) {
      const t = (y - 215) / (height - 215);
      return evening
        ? [mix(40, 20, t), mix(80, 50, t), mix(50, 35, t)]
        : [mix(110, 70, t), mix(180, 140, t), mix(90, 60, t)];
    }
    const t = y / 215;
    return [
      mix(sky[0]![0], sky[1]![0], t),
      mix(sky[0]![1], sky[1]![1], t),
      mix(sky[0]![2], sky[1]![2], t),
    ];
  });
}

const TRANSLIT: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ё: "e",
  ж: "zh",
  з: "z",
  и: "i",
  й: "i",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "iu",
  я: "ia",
  "–": "-",
  "—": "-",
  "«": '"',
  "»": '"',
  "№": "No.",
};

/** Russian to Latin letters, for the PDFs' standard fonts. */
export function transliterate(text: string): string {
  return [...text]
    .map((char) => {
      const lower = char.toLowerCase();
      const latin = TRANSLIT[lower];
      if (latin === undefined) return char.charCodeAt(0) < 128 ? char : "?";
      return char === lower ? latin : latin.charAt(0).toUpperCase() + latin.slice(1);
    })
    .join("");
}

const pdfText = (text: string) => transliterate(text).replace(/[\\()]/g, (c) => `\\${c}`);

/** A one-page A4 PDF with a title and a few lines (Helvetica), with a correct xref table. */
export function pdf(title: string, lines: string[]): Buffer {
  const content = [
    "BT /F1 16 Tf 56 780 Td",
    `(${pdfText(title)}) Tj`,
    "/F1 11 Tf 0 -28 Td 14 TL",
    ...lines.map((line) => `(${pdfText(line)}) '`),
    "ET",
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}
