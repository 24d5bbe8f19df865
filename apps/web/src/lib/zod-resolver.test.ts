import { profileBodySchema } from '@sherehe/shared/schemas/users';
import { describe, expect, it } from 'vitest';
import { zodResolver } from './zod-resolver';

describe('zodResolver', () => {
  it('puts errors of nested fields where react-hook-form looks for them', async () => {
    const resolve = zodResolver(profileBodySchema);
    const result = await resolve(
      { website: 'nope', socialMedia: { facebook: 'facebook.com/x', twitter: '' } },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    expect(result.errors).toMatchObject({
      website: { message: 'Website must be a web address starting with http:// or https://' },
      socialMedia: {
        facebook: { message: 'Facebook must be a web address starting with http:// or https://' },
      },
    });
    expect(result.errors).not.toHaveProperty('socialMedia.twitter');
  });

  it('returns the parsed values when valid', async () => {
    const resolve = zodResolver(profileBodySchema);
    const result = await resolve({ bio: '  Hi  ' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result.values).toEqual({ bio: 'Hi' });
  });
});
