/**
 * What dependencies and files give away: frameworks, data stores, messaging
 * clients and test frameworks. The entries are the technology catalogue's
 * (technologies/catalogue.ts) that carry a category; this module is the
 * scanner's view of them.
 */
import { detectableTechnologies } from '../technologies/index.js';

export type { Category, EcosystemGroup } from '../technologies/index.js';

export const CATALOG = detectableTechnologies();
