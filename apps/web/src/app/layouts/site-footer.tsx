import { contactMessages, controlsMessages, footerMessages, layoutMessages } from '@sherehe/shared/messages';
import { Link, useLocation } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { cx } from '@/lib/class-names';
import { useNearPageBottom } from './use-near-page-bottom';

const FOOTER_REVEAL_PX = 20;

const footerLinks = [
  { to: paths.home.getHref(), label: layoutMessages.home },
  { to: paths.packages.getHref(), label: layoutMessages.packages },
  { to: paths.pricing.getHref(), label: layoutMessages.pricing },
  { to: paths.contact.getHref(), label: footerMessages.contact },
  { to: paths.terms.getHref(), label: footerMessages.terms },
  { to: paths.privacy.getHref(), label: footerMessages.privacy },
];

const linkClass =
  'inline-flex min-h-11 items-center rounded text-stone-200 underline-offset-4 hover:text-white hover:underline';

/**
 * Footer (docs/product-spec.md#shared-chrome): revealed near the bottom of the page. While hidden it keeps its space, so the
 * page does not jump, and it is out of the tab order and the accessibility tree.
 */
export function SiteFooter() {
  const { pathname } = useLocation();
  const visible = useNearPageBottom(FOOTER_REVEAL_PX, pathname);

  return (
    <footer
      aria-hidden={!visible}
      inert={!visible}
      className={cx(
        // A lighter focus ring: the accent is too dark against this background.
        'bg-stone-900 text-stone-200 transition-opacity duration-300 [&_a:focus-visible]:outline-brand-300',
        visible ? 'opacity-100' : 'invisible opacity-0',
      )}
    >
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <Logo inverse />
          <p>{footerMessages.tagline}</p>
        </div>
        <nav aria-label={footerMessages.nav}>
          <h2 className="font-semibold text-white">{footerMessages.explore}</h2>
          <ul className="mt-2">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold text-white">{footerMessages.contact}</h2>
          <ul className="mt-2">
            <li>
              <a href={`mailto:${site.email}`} className={linkClass}>
                {site.email}
              </a>
            </li>
            <li>
              <a href={`tel:${site.phone.replaceAll(' ', '')}`} className={linkClass}>
                {site.phone}
              </a>
            </li>
            <li className="py-2">{contactMessages.city}</li>
          </ul>
        </div>
        <div>
          <h2 className="font-semibold text-white">{footerMessages.followUs}</h2>
          <ul className="mt-2">
            {site.social.map((account) => (
              <li key={account.name}>
                <a href={account.href} className={linkClass} rel="noopener noreferrer" target="_blank">
                  {account.name}
                  <span className="sr-only">{controlsMessages.opensInNewTab}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="border-t border-stone-700 px-4 py-4 text-center text-sm text-stone-300">
        {footerMessages.rights(new Date().getFullYear(), site.name)}
      </p>
    </footer>
  );
}
