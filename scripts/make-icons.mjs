// Renders the app icons in client/public/icons from the favicon's dumbbell (run once; the PNGs are
// committed): `node scripts/make-icons.mjs`. The maskable icon keeps the mark inside the middle
// 80% (the safe zone launchers may crop to) on a full-bleed background.
import { Resvg } from '@resvg/resvg-js';
import fs from 'node:fs';

const GREEN = '#059669';
const MARK = 'M14 28h6v8h-6zm30 0h6v8h-6zM20 24h5v16h-5zm19 0h5v16h-5zM25 30h14v4H25z';

const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${GREEN}"/><path d="${MARK}" fill="#fff"/></svg>`;
// Full bleed, the mark scaled to 110% around the centre, still inside the maskable safe zone (radius 40%).
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${GREEN}"/><g transform="translate(32 32) scale(1.1) translate(-32 -32)"><path d="${MARK}" fill="#fff"/></g></svg>`;

const out = new URL('../client/public/icons/', import.meta.url);
fs.mkdirSync(out, { recursive: true });
const render = (svg, size, name) => {
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
  fs.writeFileSync(new URL(name, out), png);
  console.log(name, png.length, 'bytes');
};
render(rounded, 192, 'icon-192.png');
render(rounded, 512, 'icon-512.png');
render(maskable, 512, 'icon-maskable-512.png');
render(rounded, 180, 'apple-touch-icon.png');
