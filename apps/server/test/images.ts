import sharp from 'sharp';

/** A real PNG of the given size (a gradient, so it does not compress to nothing). */
export async function pngImage(width = 640, height = 480): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#f59e0b"/><stop offset="1" stop-color="#db2777"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function jpegImage(width = 800, height = 600): Promise<Buffer> {
  return sharp(await pngImage(width, height))
    .jpeg()
    .toBuffer();
}

/** A form as a browser sends it: text fields and an optional file named `image`. */
export function form(
  fields: Record<string, string | number>,
  image?: { bytes: Buffer; name?: string; type?: string },
) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, String(value));
  if (image) {
    data.append(
      'image',
      new Blob([new Uint8Array(image.bytes)], { type: image.type ?? 'image/png' }),
      image.name ?? 'photo.png',
    );
  }
  return data;
}

export const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);
