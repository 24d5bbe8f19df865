// Browser tests drive Debian's Chromium; Playwright must never download a browser here.
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(path)) {
  console.error(`Chromium was not found at ${path}.
Install it with:   sudo apt-get install -y chromium
or point CHROMIUM_PATH at a Chromium or Chrome binary:   CHROMIUM_PATH=/path/to/chrome npm test`);
  process.exit(1);
}
