import type SharpModule from 'sharp';

let loading: Promise<typeof SharpModule> | undefined;

/**
 * sharp (libvips), loaded with the first image this process handles rather than at start: a
 * process that never encodes one, such as one holding chat sockets, is spared its 8 MB
 * (docs/operations.md, Memory). Loaded once; its failure is the image's 500, tried again next time.
 */
export function loadSharp(): Promise<typeof SharpModule> {
  loading ??= import('sharp').then(
    (module) => module.default,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
