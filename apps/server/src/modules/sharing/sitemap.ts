import { LANGS, type Lang, pathInLang } from '@sherehe/shared/i18n';
import type { Queryable } from '../../db/client';
import { escapeHtml } from '../../lib/html';
import {
  catalogueChangedAt,
  listedPackagesFrom,
  packagePageStarts,
  plannerPageStarts,
  plannersFrom,
  type SitemapEntry,
} from './sitemap.queries';

/**
 * The sitemap's settings: at most `addresses` addresses a file (the protocol's limit is 50,000;
 * every page is there in both languages, so a file holds half as many pages), and how long what was
 * read is kept. Tests lower them.
 */
export const sitemapSettings = { addresses: 50_000, keepMs: 10 * 60_000 };

const XML = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN =
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">';

/** The public pages besides packages and profiles: the home page, browse, pricing, contact and the terms. */
const PAGES = ['/', '/packages', '/pricing', '/contact', '/terms', '/privacy'];
/** The pages whose content is the catalogue: they change when a listed package does. */
const CATALOGUE_PAGES = new Set(['/', '/packages']);

/** A page in both languages, each address naming the other (and English as the default). */
function urlEntries(origin: string, page: string, lastmod: Date | undefined): string {
  const href = (lang: Lang) => escapeHtml(`${origin}${pathInLang(page, lang)}`);
  const links = [
    ...LANGS.map((lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${href(lang)}"/>`),
    `<xhtml:link rel="alternate" hreflang="x-default" href="${href('en')}"/>`,
  ].join('');
  const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : '';
  return LANGS.map((lang) => `<url><loc>${href(lang)}</loc>${modified}${links}</url>`).join('\n');
}

function urlset(entries: string[]): string {
  return `${XML}${URLSET_OPEN}\n${entries.join('\n')}\n</urlset>\n`;
}

interface Kept {
  at: number;
  packageStarts: string[];
  plannerStarts: string[];
  files: Map<string, string>;
}

/**
 * The sitemap index and its files, read from the ids and change times alone (keyset pages) and kept
 * for a while: a crawler's visit costs a few index reads, whatever the size of the catalogue.
 */
export class Sitemaps {
  #kept: Kept | undefined;

  constructor(
    private readonly db: Queryable,
    private readonly origin: string,
    /** When the pages other than packages and profiles last changed (the web build's time). */
    private readonly pagesChangedAt: () => Date | undefined,
  ) {}

  /** Drops what was read: the next request reads again. */
  invalidate() {
    this.#kept = undefined;
  }

  get #perFile() {
    return Math.max(1, Math.floor(sitemapSettings.addresses / LANGS.length));
  }

  async #state(): Promise<Kept> {
    const now = Date.now();
    if (this.#kept && now - this.#kept.at < sitemapSettings.keepMs) return this.#kept;
    const [packageStarts, plannerStarts] = await Promise.all([
      packagePageStarts(this.db, this.#perFile),
      plannerPageStarts(this.db, this.#perFile),
    ]);
    this.#kept = { at: now, packageStarts, plannerStarts, files: new Map() };
    return this.#kept;
  }

  /** /sitemap.xml: the index of the files. */
  async index(): Promise<string> {
    const state = await this.#state();
    const names = [
      'pages',
      ...state.packageStarts.map((_, i) => `packages-${i + 1}`),
      ...state.plannerStarts.map((_, i) => `planners-${i + 1}`),
    ];
    const entries = names.map(
      (name) => `<sitemap><loc>${escapeHtml(`${this.origin}/sitemaps/${name}.xml`)}</loc></sitemap>`,
    );
    return `${XML}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
  }

  /** /sitemaps/{name}.xml, or undefined for a name the index does not list. */
  async file(name: string): Promise<string | undefined> {
    const state = await this.#state();
    const kept = state.files.get(name);
    if (kept) return kept;
    const body = await this.#read(state, name);
    if (body !== undefined) state.files.set(name, body);
    return body;
  }

  async #read(state: Kept, name: string): Promise<string | undefined> {
    if (name === 'pages') {
      const catalogue = await catalogueChangedAt(this.db);
      const built = this.pagesChangedAt();
      return urlset(
        PAGES.map((page) =>
          urlEntries(this.origin, page, CATALOGUE_PAGES.has(page) ? (catalogue ?? built) : built),
        ),
      );
    }
    const match = /^(packages|planners)-([1-9]\d{0,6})$/.exec(name);
    if (!match) return undefined;
    const kind = match[1] as 'packages' | 'planners';
    const start = (kind === 'packages' ? state.packageStarts : state.plannerStarts)[Number(match[2]) - 1];
    if (!start) return undefined;
    const rows: SitemapEntry[] =
      kind === 'packages'
        ? await listedPackagesFrom(this.db, start, this.#perFile)
        : await plannersFrom(this.db, start, this.#perFile);
    const page = kind === 'packages' ? '/packages/' : '/user/';
    return urlset(rows.map((row) => urlEntries(this.origin, `${page}${row.id}`, row.updatedAt)));
  }
}
