/**
 * File name styles. A name is checked up to its first dot (`order-page.test.ts`
 * → `order-page`). A single lower-case word fits kebab, snake and camel case
 * alike, so it counts for all three and proves none: a style is only inferred
 * when some names are distinctive.
 */
import type { NamingStyle } from '../model/schema.js';

const STYLES: Record<NamingStyle, RegExp> = {
  'kebab-case': /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
  snake_case: /^[a-z0-9]+(?:_[a-z0-9]+)*$/,
  camelCase: /^[a-z][a-zA-Z0-9]*$/,
  PascalCase: /^[A-Z][a-zA-Z0-9]*$/,
};

export const stemOf = (path: string) => {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.indexOf('.', 1);
  return dot > 0 ? name.slice(0, dot) : name;
};

export const follows = (stem: string, style: NamingStyle) => STYLES[style].test(stem);

/** True when the name fits only some styles: a lower-case single word fits every style but Pascal case. */
export const distinctive = (stem: string) => !/^[a-z0-9]+$/.test(stem);

/** The name rewritten in `style`, keeping its words. */
export function renamed(stem: string, style: NamingStyle): string {
  const words = stem
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  const cap = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  switch (style) {
    case 'kebab-case':
      return words.join('-');
    case 'snake_case':
      return words.join('_');
    case 'camelCase':
      return words.map((word, i) => (i === 0 ? word : cap(word))).join('');
    case 'PascalCase':
      return words.map(cap).join('');
  }
}
