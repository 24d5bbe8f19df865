/** The categories module's front door: what other modules may use of it (docs/modules.md). */
export { findCategory } from './categories.queries';
