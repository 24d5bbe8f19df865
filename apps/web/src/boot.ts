/**
 * The script of a page the server rendered (docs/decisions/009). The page is readable without
 * JavaScript, so the app's code waits until the page has loaded (text, stylesheet, the images in
 * view) and has been drawn: on a slow connection the code does not compete with the content for
 * bandwidth. Then it loads (its modules all at once, as modulepreload would) and takes the page
 * over. The server names the files in two meta elements.
 *
 * Someone who acts first does not wait for that: a touch, a key or a click starts the loading at
 * once, and a click on a button (which needs the app) is held and repeated when the app is ready,
 * rather than lost.
 */
const root = document.documentElement;
let started = false;

function start() {
  if (started) return;
  started = true;
  const meta = (name: string) =>
    document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.split(' ').filter(Boolean) ?? [];
  for (const href of meta('app-preload')) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const [entry] = meta('app-entry');
  if (entry) void import(/* @vite-ignore */ entry);
}

const ready = () => root.hasAttribute('data-hydrated');
let held: HTMLElement | null = null;

function holdEarlyClick(event: MouseEvent) {
  if (ready()) return;
  const button = (event.target as Element | null)?.closest?.('button');
  if (!button) return;
  event.preventDefault();
  event.stopPropagation();
  held = button;
  start();
}

const watcher = new MutationObserver(() => {
  if (!ready()) return;
  watcher.disconnect();
  document.removeEventListener('click', holdEarlyClick, true);
  const button = held;
  held = null;
  if (button?.isConnected && !(button as HTMLButtonElement).disabled) button.click();
});
watcher.observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
document.addEventListener('click', holdEarlyClick, true);
for (const type of ['pointerdown', 'keydown', 'touchstart']) {
  addEventListener(type, start, { once: true, passive: true, capture: true });
}

const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
if (document.readyState === 'complete') afterPaint();
else addEventListener('load', afterPaint, { once: true });
