// `npx tsx scripts/make-icons.ts`: draws the app icon (a quotation sheet on a
// blue tile) and writes the files electron-builder takes: build/icons/NxN.png
// for Linux, build/icon.ico for Windows and build/icon.icns for macOS. ICO and
// ICNS both embed PNG images, so no image tool is needed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const out = fileURLToPath(new URL('../build', import.meta.url));

type Rgba = [number, number, number, number];
const TILE: Rgba = [31, 95, 191, 255];
const SHEET: Rgba = [255, 255, 255, 255];
const FOLD: Rgba = [205, 219, 240, 255];
const INK: Rgba = [120, 140, 170, 255];
const ACCENT: Rgba = [245, 166, 35, 255];

/** The colour at (x, y) in a 1×1 square, or null for transparent. */
function paint(x: number, y: number): Rgba | null {
  const r = 0.18; // tile corner radius
  const inTile = (() => {
    const cx = Math.min(Math.max(x, r), 1 - r);
    const cy = Math.min(Math.max(y, r), 1 - r);
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  })();
  if (!inTile) return null;
  const [sx0, sy0, sx1, sy1, fold] = [0.27, 0.17, 0.73, 0.83, 0.14];
  if (x >= sx0 && x <= sx1 && y >= sy0 && y <= sy1) {
    // folded top-right corner
    if (x > sx1 - fold && y < sy0 + fold) {
      if (x - (sx1 - fold) > y - sy0) return TILE;
      return FOLD;
    }
    const line = (y0: number, x1: number) => y >= y0 && y <= y0 + 0.035 && x >= sx0 + 0.07 && x <= x1;
    if (line(0.36, 0.6) || line(0.45, 0.66) || line(0.54, 0.62)) return INK;
    if (y >= 0.66 && y <= 0.73 && x >= 0.46 && x <= 0.66) return ACCENT; // the total
    return SHEET;
  }
  return TILE;
}

function render(size: number): Buffer {
  const ss = 4; // supersampling for smooth edges
  const px = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let [r, g, b, a] = [0, 0, 0, 0];
      for (let j = 0; j < ss; j++) {
        for (let i = 0; i < ss; i++) {
          const c = paint((x + (i + 0.5) / ss) / size, (y + (j + 0.5) / ss) / size);
          if (!c) continue;
          r += c[0] * c[3];
          g += c[1] * c[3];
          b += c[2] * c[3];
          a += c[3];
        }
      }
      const o = (y * size + x) * 4;
      px[o] = a ? Math.round(r / a) : 0;
      px[o + 1] = a ? Math.round(g / a) : 0;
      px[o + 2] = a ? Math.round(b / a) : 0;
      px[o + 3] = Math.round(a / (ss * ss));
    }
  }
  return px;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

export function png(size: number): Buffer {
  const rgba = render(size);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2); // icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const e = Buffer.alloc(16);
    e[0] = size >= 256 ? 0 : size; // 0 means 256
    e[1] = size >= 256 ? 0 : size;
    e.writeUInt16LE(1, 4); // planes
    e.writeUInt16LE(32, 6); // bits per pixel
    e.writeUInt32LE(data.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += data.length;
    return e;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.data)]);
}

// PNG-carrying ICNS element types
const ICNS_TYPES: Record<number, string> = { 16: 'icp4', 32: 'icp5', 64: 'icp6', 128: 'ic07', 256: 'ic08', 512: 'ic09', 1024: 'ic10' };
function icns(images: { size: number; data: Buffer }[]): Buffer {
  const elements = images.map(({ size, data }) => {
    const head = Buffer.alloc(8);
    head.write(ICNS_TYPES[size]!, 0, 'ascii');
    head.writeUInt32BE(data.length + 8, 4);
    return Buffer.concat([head, data]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + elements.reduce((n, e) => n + e.length, 0), 4);
  return Buffer.concat([head, ...elements]);
}

const sizes = [16, 32, 48, 64, 128, 256, 512, 1024];
const pngs = new Map(sizes.map((s) => [s, png(s)]));
mkdirSync(join(out, 'icons'), { recursive: true });
for (const s of sizes.filter((s) => s <= 512)) writeFileSync(join(out, 'icons', `${s}x${s}.png`), pngs.get(s)!);
writeFileSync(join(out, 'icon.png'), pngs.get(1024)!);
writeFileSync(join(out, 'icon.ico'), ico([16, 32, 48, 64, 128, 256].map((size) => ({ size, data: pngs.get(size)! }))));
writeFileSync(join(out, 'icon.icns'), icns([16, 32, 64, 128, 256, 512, 1024].map((size) => ({ size, data: pngs.get(size)! }))));
console.log(`wrote icons to ${out}`);
