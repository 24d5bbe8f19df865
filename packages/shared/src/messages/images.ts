// User-facing texts of one domain; the specification's quotes are copied word for word.

export const imagesMessages = {
  pictureUpdated: 'Profile picture updated successfully!',
  selectFirst: 'Please select an image first',
  tooLarge: 'File size must be less than 5MB',
  notImage: 'Please upload an image file (JPEG, PNG, WebP, GIF or AVIF).',
  damaged: 'The image could not be read. It may be damaged or incomplete.',
  notMultipart: 'Send the form as multipart/form-data.',
  uploadFailed: 'Failed to upload image',
  tooManyPixels: (megapixels: number) =>
    `This image has too many pixels: at most ${megapixels} megapixels are accepted. Please choose a smaller image or resize it.`,
  busy: 'The server is busy with other images. Please try again in a few seconds.',
} as const;
