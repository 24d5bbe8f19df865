/** The sharing module's front door: what other modules and the plugins may use of it (docs/modules.md). */
export { pageHead } from './page-head';
