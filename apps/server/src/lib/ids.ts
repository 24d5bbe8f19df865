import { AppError } from './app-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/**
 * A path id that is not a UUID names nothing that exists: 404 with the resource's own message,
 * the same answer as a well-formed id that is missing.
 */
export function parseId(value: string, notFoundMessage: string): string {
  if (!isId(value)) throw new AppError('NOT_FOUND', notFoundMessage);
  return value.toLowerCase();
}
