import { categoryName } from '@sherehe/shared/category-name';
import { type Lang, langOfPath, pathInLang, stripLangPrefix } from '@sherehe/shared/i18n';
import { messagesIn } from '@sherehe/shared/messages-sw';
import { formatKsh } from '@sherehe/shared/money';
import type { Package } from '@sherehe/shared/schemas/packages';
import type { PublicProfile } from '@sherehe/shared/schemas/users';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../lib/html';
import { SHARE_IMAGE, shareImagePath } from './share-image';

/** Longer descriptions are cut on a word: search results and link previews show about this much. */
export const DESCRIPTION_MAX = 160;

const OG_LOCALE: Record<Lang, string> = { en: 'en_KE', sw: 'sw_KE' };
const PACKAGE_PAGE = /^\/packages\/([^/?#]+)\/?$/;
const PROFILE_PAGE = /^\/user\/([^/?#]+)\/?$/;

/** Text cut to at most `max` characters on a word boundary, with an ellipsis when cut. */
export function describe(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/**
 * JSON for a <script> element: `<` (and the line separators JavaScript once refused) escaped, so
 * no text in it can close the element or open a comment.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

const meta = (attribute: 'name' | 'property', key: string, content: string | number) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(String(content))}">`;

interface Shared {
  lang: Lang;
  /** The page's address without a language prefix or query: `/packages/{id}`. */
  page: string;
  origin: string;
  type: 'product' | 'profile';
  title: string;
  description: string;
  image: { url: string; width?: number; height?: number; alt: string } | undefined;
  extra: string[];
  jsonLd: Record<string, unknown>;
}

/** The tags every shared page carries: description, canonical, hreflang, Open Graph, Twitter, JSON-LD. */
function headTags(s: Shared): string {
  const url = (lang: Lang) => `${s.origin}${pathInLang(s.page, lang)}`;
  const other: Lang = s.lang === 'en' ? 'sw' : 'en';
  const tags = [
    meta('name', 'description', s.description),
    `<link rel="canonical" href="${escapeHtml(url(s.lang))}">`,
    meta('property', 'og:type', s.type),
    meta('property', 'og:site_name', 'Sherehe'),
    meta('property', 'og:locale', OG_LOCALE[s.lang]),
    meta('property', 'og:locale:alternate', OG_LOCALE[other]),
    meta('property', 'og:url', url(s.lang)),
    meta('property', 'og:title', s.title),
    meta('property', 'og:description', s.description),
    ...(s.image
      ? [
          meta('property', 'og:image', s.image.url),
          ...(s.image.width && s.image.height
            ? [
                meta('property', 'og:image:width', s.image.width),
                meta('property', 'og:image:height', s.image.height),
              ]
            : []),
          meta('property', 'og:image:alt', s.image.alt),
        ]
      : []),
    ...s.extra,
    // The large card for the 1200x630 share picture; a profile's square picture is a small one.
    meta('name', 'twitter:card', s.image?.width === SHARE_IMAGE.width ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', s.title),
    meta('name', 'twitter:description', s.description),
    ...(s.image
      ? [meta('name', 'twitter:image', s.image.url), meta('name', 'twitter:image:alt', s.image.alt)]
      : []),
    `<script type="application/ld+json">${scriptJson({ '@context': 'https://schema.org', ...s.jsonLd })}</script>`,
  ];
  return tags.join('');
}

/** Reads a public API answer in-process, as a guest: what anyone may see, through the read cache. */
export async function publicRead<T>(app: FastifyInstance, url: string): Promise<T | undefined> {
  const answer = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
  return answer.statusCode === 200 ? (answer.json() as T) : undefined;
}

const rating = (average: number, count: number) =>
  count > 0
    ? {
        aggregateRating: {
          '@type': 'AggregateRating',
          ratingValue: average,
          reviewCount: count,
          bestRating: 5,
          worstRating: 1,
        },
      }
    : {};

async function packageHead(app: FastifyInstance, id: string, lang: Lang, origin: string) {
  const body = await publicRead<{ data: Package }>(app, `/api/packages/${id}`);
  const pkg = body?.data;
  if (!pkg?.listed) return '';
  const page = `/packages/${pkg._id}`;
  const url = `${origin}${pathInLang(page, lang)}`;
  const price = pkg.price.toFixed(2);
  const description =
    describe(pkg.description) || describe(`${pkg.title} · ${pkg.location} · ${formatKsh(pkg.price, lang)}`);
  const image = `${origin}${shareImagePath(pkg)}`;
  const plannerUrl = `${origin}${pathInLang(`/user/${pkg.planner._id}`, lang)}`;
  return headTags({
    lang,
    page,
    origin,
    type: 'product',
    title: pkg.title,
    description,
    image: { url: image, ...SHARE_IMAGE, alt: pkg.title },
    extra: [
      meta('property', 'product:price:amount', price),
      meta('property', 'product:price:currency', 'KES'),
      meta('property', 'product:availability', 'in stock'),
    ],
    jsonLd: {
      '@type': 'Product',
      name: pkg.title,
      description,
      image: [image, ...(pkg.image ? [pkg.image] : [])],
      sku: pkg._id,
      url,
      category: categoryName(pkg.category, lang),
      brand: { '@type': 'Brand', name: pkg.planner.username },
      offers: {
        '@type': 'Offer',
        price,
        priceCurrency: 'KES',
        availability: 'https://schema.org/InStock',
        url,
        areaServed: pkg.location,
        seller: { '@type': 'Organization', name: pkg.planner.username, url: plannerUrl },
      },
      ...rating(pkg.rating.average, pkg.rating.count),
    },
  });
}

async function profileHead(app: FastifyInstance, id: string, lang: Lang, origin: string) {
  const key = id;
  const body = await publicRead<{ profile: PublicProfile }>(app, `/api/user/profile/${key}`);
  const profile = body?.profile;
  if (!profile) return '';
  const t = messagesIn(lang);
  const name =
    [profile.firstName, profile.lastName]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(' ') || profile.username;
  const page = `/user/${profile._id}`;
  const url = `${origin}${pathInLang(page, lang)}`;
  const description = describe(profile.bio || profile.specialization || t.profile.noBio(name));
  const picture = profile.profilePicture ?? undefined;
  const isPlanner = profile.role === 'planner';
  const reviews = isPlanner
    ? await publicRead<{ average: number; count: number }>(app, `/api/reviews/user/${key}?limit=1`)
    : undefined;
  return headTags({
    lang,
    page,
    origin,
    type: 'profile',
    title: name,
    description,
    // Their picture, else the site's icon: a preview always has an image.
    image: picture
      ? { url: picture, alt: t.profile.pictureOf(name) }
      : { url: `${origin}/apple-touch-icon.png`, width: 180, height: 180, alt: 'Sherehe' },
    extra: [meta('property', 'profile:username', profile.username)],
    jsonLd: isPlanner
      ? {
          '@type': 'LocalBusiness',
          '@id': url,
          name,
          url,
          description,
          ...(picture ? { image: picture } : {}),
          ...(profile.location
            ? {
                address: {
                  '@type': 'PostalAddress',
                  addressLocality: profile.location,
                  addressCountry: 'KE',
                },
              }
            : {}),
          ...(profile.website ? { sameAs: [profile.website] } : {}),
          ...(reviews ? rating(reviews.average, reviews.count) : {}),
        }
      : { '@type': 'ProfilePage', url, mainEntity: { '@type': 'Person', name, url } },
  });
}

/**
 * The tags that make a shared package page or planner profile travel (docs/seo.md): read from the
 * public API as a guest would, so an unlisted package or an unknown profile gets none. Other pages
 * get nothing here.
 */
export async function pageHead(app: FastifyInstance, url: string): Promise<string> {
  const lang = langOfPath(url);
  const pathname = stripLangPrefix(url.split(/[?#]/)[0] ?? '/');
  const origin = app.config.publicUrl.replace(/\/+$/, '');
  const pkg = PACKAGE_PAGE.exec(pathname);
  // The segments as the address spells them (still encoded): they go into an API address as they are.
  if (pkg?.[1]) return packageHead(app, pkg[1], lang, origin);
  const profile = PROFILE_PAGE.exec(pathname);
  if (profile?.[1]) return profileHead(app, profile[1], lang, origin);
  return '';
}
