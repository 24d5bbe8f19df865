/**
 * The script of a page the server rendered (docs/decisions/009). The page is readable without
 * JavaScript, so the app's code waits until the page has loaded (text, stylesheet, the images in
 * view) and has been drawn: on a slow connection the code does not compete with the content for
 * bandwidth. Then it loads (its modules all at once, as modulepreload would) and takes the page
 * over. The server names the files in two meta elements.
 *
 * Someone who acts first does not wait for that: a touch, a key or a click starts the loading at
 * once, a click on a button (which needs the app) is held and repeated when the app is ready,
 * rather than lost, and what was typed into a field meanwhile is handed to the app.
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
let held: HTMLButtonElement | null = null;

// Fields typed into before the app is ready keep their text in the page, but the app, which
// starts from the values it rendered, would not know it: it is told once it is ready.
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const typedEarly = new Set<Field>();

function noteEarlyInput(event: Event) {
  const target = event.target;
  if (
    !ready() &&
    (target instanceof HTMLInputElement ||
      target instanceof HTMLTextAreaElement ||
      target instanceof HTMLSelectElement)
  ) {
    typedEarly.add(target);
  }
}

/** Makes the app's onChange see a field's current value (as if it had just been typed). */
function replayValue(field: Field) {
  if (!field.isConnected) return;
  if (field instanceof HTMLSelectElement) {
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) return;
  const value = field.value;
  // React remembers the last value it saw through the element's own `value` setter; set it to
  // something else that way, then the real value through the prototype's, so the input event
  // reads as a change.
  const nativeSetter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  if (!nativeSetter) return;
  field.value = value === '' ? ' ' : '';
  nativeSetter.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function holdEarlyClick(event: MouseEvent) {
  if (ready()) return;
  const button = (event.target as Element | null)?.closest?.('button');
  if (!button) return;
  event.preventDefault();
  event.stopPropagation();
  held?.removeAttribute('data-held');
  held = button;
  // Seen and heard at once: the press was taken (index.css draws the ring).
  button.setAttribute('data-held', '');
  button.setAttribute('aria-busy', 'true');
  start();
}

/**
 * Makes the held press, once the button can take it: the app may keep it disabled a moment after
 * taking the page over (while it learns who is signed in), and a press made then would be lost.
 */
function pressWhenEnabled(button: HTMLButtonElement, waited = 0) {
  if (!button.isConnected) return;
  if (button.disabled && waited < 20_000) {
    setTimeout(() => pressWhenEnabled(button, waited + 100), 100);
    return;
  }
  button.removeAttribute('data-held');
  button.removeAttribute('aria-busy');
  if (!button.disabled) button.click();
}

const watcher = new MutationObserver(() => {
  if (!ready()) return;
  watcher.disconnect();
  document.removeEventListener('click', holdEarlyClick, true);
  document.removeEventListener('input', noteEarlyInput, true);
  document.removeEventListener('change', noteEarlyInput, true);
  for (const field of typedEarly) replayValue(field);
  typedEarly.clear();
  const button = held;
  held = null;
  if (button) pressWhenEnabled(button);
});
watcher.observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
document.addEventListener('click', holdEarlyClick, true);
document.addEventListener('input', noteEarlyInput, true);
document.addEventListener('change', noteEarlyInput, true);
for (const type of ['pointerdown', 'keydown', 'touchstart']) {
  addEventListener(type, start, { once: true, passive: true, capture: true });
}

const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
if (document.readyState === 'complete') afterPaint();
else addEventListener('load', afterPaint, { once: true });
