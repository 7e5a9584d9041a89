/** Rendering and writing ADRs in the three template formats, under the folder's file naming. */
export { renderAdr, today } from './render.js';
export { adrFileName, namingConvention, slugify, DEFAULT_CONVENTION, type NamingConvention } from './file-name.js';
export { classifyConsequence } from './consequences.js';
export { writeAdrs, chooseRendering, type WrittenAdr } from './write-adrs.js';
export { findFolderTemplate, readTemplate, type FolderTemplate } from './folder-template.js';
export { renderFromTemplate } from './render-template.js';
export * from './types.js';
