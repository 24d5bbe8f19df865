/**
 * Gradient artwork for the demo packages (docs/architecture.md, Conventions: generated art takes the place of
 * photographs until planners upload theirs). No downloads, no fonts: shapes only.
 */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PALETTES: [string, string, string][] = [
  ['#f59e0b', '#db2777', '#fde68a'],
  ['#0ea5e9', '#6366f1', '#e0f2fe'],
  ['#10b981', '#0f766e', '#d1fae5'],
  ['#f97316', '#b91c1c', '#ffedd5'],
  ['#a855f7', '#ec4899', '#f3e8ff'],
  ['#eab308', '#15803d', '#fef9c3'],
  ['#14b8a6', '#1d4ed8', '#ccfbf1'],
  ['#f43f5e', '#7c3aed', '#ffe4e6'],
];

export function demoArtworkSvg(seed: number, width = 1200, height = 800): string {
  const random = mulberry32(seed * 7919 + 17);
  const [from, to, light] = PALETTES[seed % PALETTES.length] ?? PALETTES[0]!;
  const shapes: string[] = [];
  for (let i = 0; i < 18; i++) {
    const x = Math.round(random() * width);
    const y = Math.round(random() * height);
    const r = Math.round(12 + random() * 90);
    const opacity = (0.12 + random() * 0.3).toFixed(2);
    shapes.push(`<circle cx="${x}" cy="${y}" r="${r}" fill="${light}" opacity="${opacity}"/>`);
  }
  for (let i = 0; i < 40; i++) {
    const x = Math.round(random() * width);
    const y = Math.round(random() * height);
    const w = Math.round(6 + random() * 14);
    const angle = Math.round(random() * 180);
    shapes.push(
      `<rect x="${x}" y="${y}" width="${w}" height="${Math.round(w / 2.5)}" fill="#ffffff" opacity="0.55" transform="rotate(${angle} ${x} ${y})"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}
</svg>`;
}
