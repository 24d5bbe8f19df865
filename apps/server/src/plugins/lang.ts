import type { Lang } from '@sherehe/shared/i18n';
import { MESSAGES } from '@sherehe/shared/messages';
import { MESSAGES_SW } from '@sherehe/shared/messages-sw';
import { createTranslator, type Translator } from '@sherehe/shared/translator';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requestLang } from '../lib/request-lang';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language this request is answered in (lib/request-lang.ts). */
    readonly lang: Lang;
  }
}

let swahili: Translator | undefined;

/** English texts to Kiswahili ones, learnt once from the two dictionaries. */
export function toSwahili(text: string): string {
  swahili ??= createTranslator(MESSAGES, MESSAGES_SW);
  return swahili(text);
}

interface MessageBody {
  message?: unknown;
  error?: unknown;
  errors?: unknown;
}

/** The texts of an answer a person reads: its `message` (and `error`, its twin) and per-field messages. */
export function translateBody(body: MessageBody, translate: Translator): boolean {
  let changed = false;
  const swap = (text: unknown) => {
    if (typeof text !== 'string') return text;
    const translated = translate(text);
    if (translated !== text) changed = true;
    return translated;
  };
  if ('message' in body) body.message = swap(body.message);
  if ('error' in body) body.error = swap(body.error);
  if (Array.isArray(body.errors))
    for (const field of body.errors)
      if (field && typeof field === 'object' && 'message' in field) field.message = swap(field.message);
  return changed;
}

/**
 * An error body (an HTTP answer's, a socket refusal's) with its texts in `lang`: the same object for
 * English, a translated copy for Kiswahili.
 */
export function errorBodyIn<T extends object>(lang: Lang, body: T): T {
  if (lang === 'en') return body;
  const copy = structuredClone(body);
  translateBody(copy as MessageBody, toSwahili);
  return copy;
}

/**
 * `request.lang`, and the API's `message` texts in it (docs/languages.md#languages): services word them in English,
 * and a Kiswahili request's JSON answer has them rewritten here, in the one place every answer
 * passes. Third-party clients that send no cookie and no Accept-Language keep English.
 */
export const langPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', {
    getter(this: FastifyRequest) {
      return requestLang({
        cookies: this.cookies,
        headers: this.headers,
        userLocale: this.auth?.user.locale,
      });
    },
  });

  app.addHook('onSend', async (request, reply, payload) => {
    // English answers, the most, pass untouched: no scan of their bodies.
    if (typeof payload !== 'string' || !payload.startsWith('{') || request.lang !== 'sw') return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
    // Most answers (lists, records) carry no text of ours: not parsed at all.
    if (!/"(?:message|error|errors)":/.test(payload)) return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) return payload;
    return translateBody(body as MessageBody, toSwahili) ? JSON.stringify(body) : payload;
  });
});
