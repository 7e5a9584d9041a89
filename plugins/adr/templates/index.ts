/** Rendering and writing ADRs in the three template formats, under the folder's file naming. */
export { renderAdr, today } from './render.js';
export { adrFileName, namingConvention, slugify, DEFAULT_CONVENTION, type NamingConvention } from './file-name.js';
export { classifyConsequence } from './consequences.js';
export { writeAdrs, type WrittenAdr } from './write-adrs.js';
export * from './types.js';
