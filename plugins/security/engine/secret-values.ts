/**
 * Whether a value looks like a secret rather than code, a word or a
 * placeholder: what learned custom rules check before they report or mask
 * anything, and what learning checks before it proposes a rule. A learned rule
 * names a key or a prefix; code mentions those keys and prefixes all the time
 * (`isSecret: boolean`, `STRIPE_SECRET_KEY = process.env.STRIPE_SECRET_KEY`,
 * `'test_'`), and only a secret-shaped value makes a match a secret.
 */
import { isPlaceholder } from './placeholders.js';
import { shannonEntropy } from './validators.js';

/** Prefixes of public token formats: a value that starts with one is a secret whatever its entropy. */
const KNOWN_TOKEN_FORMATS =
  /^(?:(?:sk|rk|pk)_(?:live|test)_|whsec_|gh[pousr]_|github_pat_|glpat-|xox[abprs]-|npm_|hf_|AKIA|ASIA|AIza|ya29\.|SG\.|key-|shpat_|shpss_|dop_v1_|pypi-|sq0[a-z]{3}-)[A-Za-z0-9_\-.]{12,}$/;

/**
 * Prefixes that ordinary identifiers, file names and resource types start with.
 * A token prefix made of these words alone is not a token format (`test_`,
 * `temp_`, `aws_`, `random_`), however often the code checks it.
 */
const COMMON_WORDS = new Set(
  (
    'test tests testing spec mock mocks fake dummy sample example demo temp tmp cache old new default local dev develop prod production stage staging live ' +
    'data var vars val value values my the get set is has on to of in id ids key keys token tokens secret secrets auth user users admin app api ' +
    'config conf env file files dir path log logs db sql http https src lib internal private public sk pk tf aws azurerm azure azuread google gcp ' +
    'random null time tls local archive template kubernetes helm docker github gitlab vault consul module resource provider output input'
  ).split(' '),
);

/** True when every part of `prefix` (`acme_tok_` is acme, tok) is a common word: no token format of its own. */
export function isCommonPrefix(prefix: string): boolean {
  const parts = prefix.toLowerCase().split(/[_-]+/).filter(Boolean);
  return parts.length === 0 || parts.every((part) => COMMON_WORDS.has(part) || part.length < 3);
}

/** Shapes of code and plain words, never secrets: member paths, calls, identifiers, versions, URLs. */
const NOT_A_SECRET = [
  /[(),;[\]{}<>`\s]/, // calls, lists, statements, template syntax
  /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/, // config.secret, process.env.KEY, Type.Boolean
  /^[A-Za-z_$-]+$/, // a word or identifier without digits: boolean, secretName, db_password
  /^v?\d+(?:\.\d+)+(?:[-+][\w.]+)?$/, // versions
  /^[a-z][a-z0-9+.-]*:\/\//i, // URLs (credentials in URLs are the built-in rules' business)
  /^arn:/, // resource names
  /^[\d.:-]+$/, // numbers, addresses, dates
];

/** A value assigned to a secret-named key that is itself secret-shaped: a known token format, or long, mixed and random enough. */
export function looksLikeSecretValue(raw: string): boolean {
  const value = raw.trim().replace(/^['"]|['"]$/g, '');
  if (value.length < 8 || value.length > 512 || isPlaceholder(value)) return false;
  if (KNOWN_TOKEN_FORMATS.test(value)) return true;
  if (NOT_A_SECRET.some((re) => re.test(value))) return false;
  if (!/[A-Za-z]/.test(value) || !/\d/.test(value)) return false;
  return shannonEntropy(value) >= Math.min(3, Math.log2(value.length) - 0.5);
}

/** The random part of a prefixed token (`acme_tok_<body>`): long enough, letters and digits, not a word. */
export function looksLikeTokenBody(body: string): boolean {
  return body.length >= 16 && /[A-Za-z]/.test(body) && /\d/.test(body) && !isPlaceholder(body);
}
