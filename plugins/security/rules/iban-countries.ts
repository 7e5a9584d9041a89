/**
 * IBAN length by country (SWIFT IBAN registry, ISO 13616), and the pattern that
 * matches an IBAN of exactly its country's length: printed in groups of four
 * (separated by a space, a no-break space or a narrow no-break space) or not at
 * all. A fixed length keeps a following number out of the match
 * ("AT61 1904 3002 3457 3201 2025" is an Austrian IBAN and a year).
 */
const LENGTHS: Record<number, string[]> = {
  15: ['NO'],
  16: ['BE'],
  18: ['DK', 'FI', 'FK', 'FO', 'GL', 'NL', 'SD'],
  19: ['MK', 'SI'],
  20: ['AT', 'BA', 'EE', 'KZ', 'LT', 'LU', 'MN', 'XK'],
  21: ['CH', 'HR', 'LI', 'LV'],
  22: ['BG', 'BH', 'CR', 'DE', 'GB', 'GE', 'IE', 'ME', 'RS', 'VA'],
  23: ['AE', 'GI', 'IL', 'IQ', 'OM', 'SO', 'TL'],
  24: ['AD', 'CZ', 'ES', 'MD', 'PK', 'RO', 'SA', 'SE', 'SK', 'TN', 'VG'],
  25: ['LY', 'PT', 'ST'],
  26: ['IS', 'TR'],
  // France and its overseas territories share the French format.
  27: ['BI', 'DJ', 'FR', 'GR', 'IT', 'MC', 'MR', 'SM', 'GF', 'GP', 'MQ', 'RE', 'PF', 'TF', 'YT', 'NC', 'PM', 'WF', 'BL', 'MF'],
  28: ['AL', 'AZ', 'BY', 'CY', 'DO', 'GT', 'HU', 'LB', 'NI', 'PL', 'SV'],
  29: ['BR', 'EG', 'PS', 'QA', 'UA'],
  30: ['JO', 'KW', 'MU', 'YE'],
  31: ['MT', 'SC'],
  32: ['LC'],
  33: ['RU'],
};

const SEPARATOR = '[ \\u00a0\\u202f]?';

function ofLength(length: number, countries: string[]): string {
  const rest = length - 4;
  const tail = rest % 4 ? `${SEPARATOR}[A-Z0-9]{${rest % 4}}` : '';
  return `(?:${countries.join('|')})\\d{2}(?:${SEPARATOR}[A-Z0-9]{4}){${Math.floor(rest / 4)}}${tail}`;
}

/** Any IBAN of a registered country at its exact length, upper case, grouped by four or not. */
export const IBAN_PATTERN = new RegExp(
  `(?<![A-Za-z0-9])(?:${Object.entries(LENGTHS)
    .map(([length, countries]) => ofLength(Number(length), countries))
    .join('|')})(?![A-Za-z0-9])`,
);
