/** The login token kept in local storage (docs/product-spec.md#session-and-sign-in), sent as `Authorization: Bearer` and to the chat socket. */
const TOKEN_KEY = 'token';

// Storage can throw (private mode, disabled storage); the cookie session still works without it.
export function getStoredToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  try {
    window.localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Ignored: see above.
  }
}

export function clearStoredToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Ignored: see above.
  }
}
