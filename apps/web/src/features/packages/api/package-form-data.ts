/** The multipart body of a create or update: empty values are left out (docs/product-spec.md#validation), the image as `image`. */
export function packageFormData(fields: Record<string, string | number | undefined>, image: File | null) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const text = String(value).trim();
    if (text !== '') body.append(name, text);
  }
  if (image) body.append('image', image, image.name);
  return body;
}
