/** The packages module's front door: what other modules may use of it (docs/modules.md). */

export { roundAverage } from './packages.presenter';
export { findPackage, lockPackageForBooking } from './packages.queries';
export { getPackage } from './packages.service';
