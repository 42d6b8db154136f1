// Draws icon.png, the extension's 256×256 icon: Euclid's first
// construction (Elements I.1), the figure every compass-and-straightedge
// course starts with. Two circles, each through the other's centre (the
// compass), the line through both centres (the straightedge), and the
// equilateral triangle on the apex where the circles meet. Plain Node (zlib
// for the PNG's compression); run `npm run icon` after changing it and
// commit the picture.
const fs = require("fs");
const path = require("path");
const zlib = require("zlib");

const size = 256;
// Samples per pixel along each axis: edges are anti-aliased by coverage.
const samples = 4;

const background = [0x1f, 0x3a, 0x5f];
const parchment = [0xee, 0xe6, 0xd0];
const gold = [0xf2, 0xb1, 0x34];

const radius = 74;
const a = { x: 128 - radius / 2, y: 128 };
const b = { x: 128 + radius / 2, y: 128 };
const apex = { x: 128, y: 128 - (radius * Math.sqrt(3)) / 2 };

/** Distance from p to the segment from s to t. */
function toSegment(p, s, t) {
  const dx = t.x - s.x;
  const dy = t.y - s.y;
  const along = Math.max(0, Math.min(1, ((p.x - s.x) * dx + (p.y - s.y) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(p.x - s.x - along * dx, p.y - s.y - along * dy);
}

/** Signed distance to a square with rounded corners filling the icon. */
function toTile(p) {
  const corner = 44;
  const half = size / 2;
  const qx = Math.abs(p.x - half) - (half - corner);
  const qy = Math.abs(p.y - half) - (half - corner);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - corner;
}

// Layers from the bottom up: each says whether a point is inside it.
const stroke = 7;
const layers = [
  { colour: background, inside: (p) => toTile(p) <= 0 },
  { colour: parchment, inside: (p) => Math.abs(Math.hypot(p.x - a.x, p.y - a.y) - radius) <= stroke / 2 },
  { colour: parchment, inside: (p) => Math.abs(Math.hypot(p.x - b.x, p.y - b.y) - radius) <= stroke / 2 },
  // The straightedge's line runs past both centres, to the circles' far sides.
  { colour: gold, inside: (p) => toSegment(p, { x: a.x - radius, y: a.y }, { x: b.x + radius, y: b.y }) <= stroke / 2 },
  { colour: gold, inside: (p) => toSegment(p, a, apex) <= stroke / 2 || toSegment(p, b, apex) <= stroke / 2 },
  { colour: parchment, inside: (p) => [a, b, apex].some((q) => Math.hypot(p.x - q.x, p.y - q.y) <= 11) },
];

/** One pixel's colour and opacity: the layers composed at each sample. */
function pixel(x, y) {
  const sum = [0, 0, 0, 0];
  for (let i = 0; i < samples; i++) {
    for (let j = 0; j < samples; j++) {
      const p = { x: x + (i + 0.5) / samples, y: y + (j + 0.5) / samples };
      let colour;
      for (const layer of layers) if (layer.inside(p)) colour = layer.colour;
      if (!colour) continue;
      for (let c = 0; c < 3; c++) sum[c] += colour[c];
      sum[3] += 1;
    }
  }
  if (sum[3] === 0) return [0, 0, 0, 0];
  const alpha = Math.round((255 * sum[3]) / (samples * samples));
  return [...sum.slice(0, 3).map((c) => Math.round(c / sum[3])), alpha];
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

// Each row starts with filter type 0 (none), then RGBA bytes.
const rows = Buffer.alloc(size * (1 + 4 * size));
for (let y = 0; y < size; y++) {
  const start = y * (1 + 4 * size);
  for (let x = 0; x < size; x++) Buffer.from(pixel(x, y)).copy(rows, start + 1 + 4 * x);
}
const header = Buffer.alloc(13);
header.writeUInt32BE(size, 0);
header.writeUInt32BE(size, 4);
header[8] = 8; // bits per channel
header[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk("IHDR", header),
  chunk("IDAT", zlib.deflateSync(rows, { level: 9 })),
  chunk("IEND", Buffer.alloc(0)),
]);
const out = path.join(__dirname, "..", "icon.png");
fs.writeFileSync(out, png);
console.log(`${path.relative(process.cwd(), out)}: ${size}×${size}, ${png.length} bytes`);
