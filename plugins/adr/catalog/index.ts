/** The ADR catalogue parser: groundwork for the adr pack's tools. */
export { parseAdr } from './parse-adr.js';
export { readCatalog } from './read-catalog.js';
export { nextAdrNumber } from './next-number.js';
export { dateFromFileName, folderScheme, nameKey, schemeOf, type NamingScheme } from './naming.js';
export { findAdrDirectory, findConfiguredAdrDirectory, holdsAdrs, ADR_DIRECTORY_CANDIDATES, ADR_CONFIG_FILES } from './find-directory.js';
export { normaliseStatus } from './status.js';
export * from './types.js';
