/**
 * Licence identifiers a template names. The list holds the SPDX ids projects use most;
 * anything else is kept as the user wrote it and reported, since SPDX has hundreds more.
 */
const KNOWN = [
  'MIT', 'MIT-0', 'ISC', '0BSD', 'Unlicense', 'WTFPL', 'Zlib', 'BSL-1.0',
  'Apache-2.0', 'BSD-2-Clause', 'BSD-3-Clause', 'MPL-2.0', 'EPL-2.0', 'EUPL-1.2',
  'GPL-2.0-only', 'GPL-2.0-or-later', 'GPL-3.0-only', 'GPL-3.0-or-later',
  'LGPL-2.1-only', 'LGPL-2.1-or-later', 'LGPL-3.0-only', 'LGPL-3.0-or-later',
  'AGPL-3.0-only', 'AGPL-3.0-or-later', 'CC0-1.0', 'CC-BY-4.0', 'CC-BY-SA-4.0',
  // Deprecated SPDX spellings still common in package manifests.
  'GPL-2.0', 'GPL-3.0', 'LGPL-2.1', 'LGPL-3.0', 'AGPL-3.0',
];
const BY_LOWER = new Map(KNOWN.map((id) => [id.toLowerCase(), id]));

/** The canonical spelling of a known SPDX id (case-insensitive match), or null. */
export function knownLicense(id: string): string | null {
  return BY_LOWER.get(id.trim().toLowerCase()) ?? null;
}

/** A shields.io static badge for the licence (dashes and underscores doubled as shields.io expects). */
export function licenseBadge(id: string): string {
  const label = encodeURIComponent(id.replace(/-/g, '--').replace(/_/g, '__'));
  return `[![License: ${id}](https://img.shields.io/badge/license-${label}-blue.svg)](LICENSE)`;
}
