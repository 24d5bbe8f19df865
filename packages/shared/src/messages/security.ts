// User-facing texts of one domain; the specification's quotes are copied word for word.

export const securityMessages = {
  badOrigin: 'This request came from an origin that is not allowed.',
  /** The wait in whole minutes, rounded up (`waitMinutes`): "about a minute" for one or less. */
  rateLimited: (minutes: number) =>
    `Too many requests. Please try again in about ${minutes <= 1 ? 'a minute' : `${minutes} minutes`}.`,
  unavailable: 'The service is temporarily unavailable. Please try again shortly.',
  tooLarge: 'The request is too large.',
  invalidJson: 'The request body is not valid JSON.',
  unsupportedType: 'Unsupported content type.',
  nul: 'Text may not contain NUL characters.',
  controlCharacters:
    'Text may not contain control characters (such as NUL); a message may contain line breaks and tabs.',
  noRoute: (method: string, path: string) => `No route for ${method} ${path}.`,
  invalidValue: 'Invalid value.',
} as const;
