/**
 * Personal data: e-mail addresses, phone numbers, US social security numbers,
 * payment card numbers (Luhn-checked), IBANs (mod-97-checked), IP addresses,
 * medical record numbers and dates of birth.
 */
import { ibanValid, luhnValid } from '../engine/validators.js';
import { isDocumentationEmail, isDocumentationIp } from './documentation-values.js';
import { spaced } from './fragments.js';
import { IBAN_PATTERN } from './iban-countries.js';
import type { SecurityRule } from './types.js';

const MINIMIZE =
  'Remove personal data from source, fixtures and logs: use synthetic data in tests and documentation, and mask or tokenize personal fields before logging.';

/**
 * Test card numbers published by card networks and payment providers (Stripe, Braintree, Adyen,
 * Worldpay, Checkout.com test-card pages): they only work in sandboxes, so e2e tests and docs
 * hold them on purpose. Any other Luhn-valid number is still reported.
 */
const TEST_CARDS = [
  // Adyen
  '5101180000000007', '4646464646464644', '2222400070000005', '5555341244441115', '4111111145551142', '4988438843884305',
  '4166676667666746', '370000000000002', '370000000100018', '6011601160116611', '3569990010095841', '36006666333344',
  '5454545454545454', '2222410740360010', '4917610000000000', '5577000055770004', '4035501000000008', '4444333322221111',
  // Stripe and Braintree
  '4000002500003155', '4000002760003184', '4000000000003220', '4000000000009995', '4000000000000077', '3056930009020004',
  '4005519200000004', '4009348888881881', '4012000033330026', '4012000077777777', '4217651111111119', '4500600000000061',
  '5200000000001096', '5500000000000004',
  // Card networks' and providers' common test numbers
  '4111111111111111', '4242424242424242', '4012888888881881', '4000056655665556', '4000000000000002', '4222222222222',
  '5555555555554444', '5105105105105100', '5200828282828210', '2223003122003222', '2223000048400011',
  '378282246310005', '371449635398431', '378734493671000',
  '6011111111111117', '6011000990139424', '6011000000000004',
  '3530111333300000', '3566002020360505', '3566111111111113',
  '30569309025904', '38520000023237', '36227206271667',
].map(spaced);

const CARD = {
  category: 'pii' as const,
  validate: luhnValid,
  severity: 'high' as const,
  confidence: 0.8,
  recommendation:
    'Card numbers must never be stored in clear text outside the cardholder-data environment (PCI-DSS 3.4): delete this one, use the payment provider\'s tokens, and use the networks\' test numbers in tests.',
  compliance: ['PCI-DSS' as const, 'GDPR' as const],
  allowList: TEST_CARDS,
};

/** Addresses that name no person, for both e-mail rules. */
const EMAIL_ALLOW_LIST: RegExp[] = [
  /@(?:[\w-]+\.)*(?:example\.(?:com|org|net)|example|test|invalid|localhost|local)$/i, // RFC 2606 names
  /@users\.noreply\.github\.com$/i,
  /^(?:git|noreply|no-reply|donotreply|do-not-reply)@/i,
  // Role mailboxes (security@, support@, ...) are published contact points of an organisation, not a person's data: not reported.
  /^(?:security|support|info|contact|admin|abuse|privacy|legal|sales|help|team|hello|webmaster|postmaster|hostmaster)@/i,
  /\.(?:png|jpe?g|gif|svg|webp|ico|js|mjs|cjs|ts|tsx|jsx|css|scss|json|map|md|html?|ya?ml|lock|txt|wasm)$/i, // image@2x.png, pkg@x.js
];

/**
 * Rules whose findings are personal data its owner published on purpose (a package's author
 * and contributors, a copyright notice): reported and maskable at the strict level, but no
 * compliance failure (engine/compliance.ts) and no leak for smart_score's security_posture
 * (which reads these ids, the findings' public rule names, in scoring/score/security-posture.ts).
 */
export const PUBLISHED_BY_OWNER_RULES: ReadonlySet<string> = new Set(['package-author-email', 'package-contributor-email', 'copyright-notice-email']);

export const piiRules: SecurityRule[] = [
  {
    id: 'package-author-email',
    category: 'pii',
    description: 'Author, maintainer or contributor e-mail in package metadata (pyproject authors, package.json author and contributors, author_email)',
    // Metadata keys only, lower-case: quoted (`"author":`) or assigned with `=` (TOML, setup.py, LABEL maintainer=);
    // prose ("Maintainer: jane@...") is not metadata. The value is the first address on the key line, or on the
    // line after `authors = [` / `"author": {`; the further entries of a list: package-contributor-email.
    pattern:
      /(?<![\w-])(?:["'](?:author|maintainer|contributor)s?["'][ \t]{0,30}:|(?:author|maintainer|contributor)s?(?:_email)?[ \t]{0,30}=)(?:[ \t]{0,30}[[{][ \t]{0,30}\r?\n)?[^\n]{0,300}?(?<![A-Za-z0-9._%+-])(?<secret>[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z]{2,24})(?![A-Za-z0-9-]|\.[A-Za-z0-9])/,
    keywords: ['author', 'maintainer', 'contributor'],
    validate: (value) => !isDocumentationEmail(value),
    severity: 'low',
    // Above email-address, so this finding wins for the same address: compliance.ts counts no published
    // package metadata as a GDPR failure (the author chose to publish it), while strict masking still masks it.
    confidence: 0.65,
    recommendation: 'The author published this address with the package; keep it if intended, or use a role or no-reply address. Mask it (maskingLevel strict) before sharing the text elsewhere.',
    compliance: ['GDPR'],
    allowList: EMAIL_ALLOW_LIST,
  },
  {
    id: 'package-contributor-email',
    category: 'pii',
    description: 'E-mail of a further author, maintainer or contributor in a package metadata list (package.json contributors, pyproject authors)',
    // Led by the @: the lookbehind finds the list's key (`"contributors": [`, a TOML line `authors = [`) on the line
    // before the entries, with only entries between (one a line: a string, or an inline table); each step of it is
    // bounded by a line, so a text dense with addresses costs a few steps per address.
    pattern:
      /@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z]{2,24}(?![A-Za-z0-9-]|\.[A-Za-z0-9])(?<=(?:["'](?:author|maintainer|contributor)s["'][ \t]{0,30}:|^[ \t]{0,30}(?:author|maintainer|contributor)s[ \t]{0,30}=)[ \t]{0,30}\[[ \t]{0,30}\r?\n(?:[ \t]{0,30}(?:"[^"\n]{0,200}"|\{[^}\n]{0,300}\}),?[ \t]{0,30}\r?\n){0,50}[ \t]{0,30}(?:"[^"\n@]{0,200}|\{[^}\n@]{0,300})(?<![A-Za-z0-9._%+-])(?<secret>[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@[A-Za-z0-9.-]{4,700}))/m,
    keywords: ['@'],
    validate: (value) => !isDocumentationEmail(value),
    severity: 'low',
    // Below package-author-email (the first address is its), above email-address.
    confidence: 0.62,
    recommendation: 'The package published this address with its people list; keep it if intended, or use a role or no-reply address. Mask it (maskingLevel strict) before sharing the text elsewhere.',
    compliance: ['GDPR'],
    allowList: EMAIL_ALLOW_LIST,
  },
  {
    id: 'copyright-notice-email',
    category: 'pii',
    description: 'E-mail in a copyright notice (LICENSE, file headers): authorship its owner published',
    // "Copyright (c) 2018 Jane Doe <jane@...>", "(c) 2019-2024 Jane Doe (jane@...)": the address on the notice line.
    // (Not "©" alone: the keyword index reads ASCII.)
    pattern:
      /(?:copyright|\(c\))[^\n@]{0,200}?(?<![A-Za-z0-9._%+-])(?<secret>[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z]{2,24})(?![A-Za-z0-9-]|\.[A-Za-z0-9])/i,
    keywords: ['copyright', '(c)'],
    validate: (value) => !isDocumentationEmail(value),
    severity: 'low',
    // Above email-address, so this finding wins for the same address (compliance.ts: published, no GDPR failure).
    confidence: 0.65,
    recommendation: 'A copyright notice names its author on purpose; keep it if intended. Mask it (maskingLevel strict) before sharing the text elsewhere.',
    compliance: ['GDPR'],
    allowList: EMAIL_ALLOW_LIST,
  },
  {
    id: 'email-address',
    category: 'pii',
    description: 'E-mail address',
    // Led by the @; the lookbehind at the end captures the whole address (local part included). The user
    // and password of a URL (`postgres://app:pw@db.internal`) are not an address: reporting `pw@db.internal`
    // would merge with the password finding and mask the host too.
    pattern:
      /@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z]{2,24}(?![A-Za-z0-9-]|\.[A-Za-z0-9])(?<=(?<![A-Za-z0-9._%+-])(?<!:\/\/[^\s/@]{0,200})(?<secret>[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@[A-Za-z0-9.-]{4,700}))/,
    keywords: ['@'],
    // Documentation addresses (example.<any TLD>, yourdomain.com, john.doe@, user@) name no one.
    validate: (value) => !isDocumentationEmail(value),
    severity: 'low',
    confidence: 0.6,
    recommendation: MINIMIZE,
    compliance: ['GDPR'],
    allowList: EMAIL_ALLOW_LIST,
  },
  {
    id: 'phone-number-international',
    category: 'pii',
    description: 'Phone number in international format (+country code, E.164)',
    pattern:
      /(?<![\w+])\+[1-9](?:\d{7,14}|\d{0,2}[ .-](?:\(\d{1,4}\)|\d{1,4})(?:[ .-]\d{2,5}){1,4})(?![\w.-]|[ .-]\d)/,
    // No keyword: the pattern leads with '+', and a keyword this common would only add windows.
    validate: (value) => {
      const digits = value.replace(/\D/g, '').length;
      return digits >= 8 && digits <= 15;
    },
    severity: 'low',
    confidence: 0.5,
    recommendation: MINIMIZE,
    compliance: ['GDPR'],
    allowList: [/^\+1[ .-]?\(?\d{3}\)?[ .-]?555[ .-]?01\d\d$/, /^\+44[ .-]?(?:\(0\))?[ .-]?20[ .-]?7946[ .-]?0\d{3}$/], // fictional ranges
  },
  {
    id: 'phone-number-us',
    category: 'pii',
    description: 'US / NANP phone number ((415) 867-5309, 415-867-5309, 415.867.5309)',
    pattern: /(?<![\w.+/-])(?:\([2-9]\d{2}\)[ .-]?|[2-9]\d{2}[ .-])[2-9]\d{2}[ .-]\d{4}(?![\w-]|\.\d)/,
    severity: 'low',
    confidence: 0.45,
    recommendation: MINIMIZE,
    compliance: ['GDPR'],
    allowList: [/[ .-]555[ .-]\d{4}$/], // 555 exchange numbers are reserved for fiction
  },
  {
    id: 'us-social-security-number',
    category: 'pii',
    description: 'US Social Security number (valid area, group and serial ranges)',
    pattern: /(?<![\w-])(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}(?![\w-])/,
    // No keyword: the pattern leads with digits, and '-' is on most lines.
    severity: 'high',
    confidence: 0.6,
    recommendation: `${MINIMIZE} SSNs enable identity theft: purge this one from history and logs and notify your privacy officer if it belongs to a real person.`,
    compliance: ['GDPR', 'HIPAA'],
    // Numbers used in advertising and documentation, and repeated digits.
    allowList: ['123-45-6789', '078-05-1120', '219-09-9999', /^(\d)\1\1-\1\1-\1\1\1\1$/],
  },
  {
    id: 'credit-card-visa',
    description: 'Visa card number (Luhn-valid)',
    pattern: /(?<![\w.-])(?:4\d{3}(?<sep>[ -]?)\d{4}\k<sep>\d{4}\k<sep>\d{4}(?:\k<sep>\d{3})?|4\d{12})(?![\w-]|\.\d)/,
    ...CARD,
  },
  {
    id: 'credit-card-mastercard',
    description: 'Mastercard card number (Luhn-valid)',
    pattern:
      /(?<![\w.-])(?:5[1-5]\d{2}|2(?:22[1-9]|2[3-9]\d|[3-6]\d{2}|7[01]\d|720))(?<sep>[ -]?)\d{4}\k<sep>\d{4}\k<sep>\d{4}(?![\w-]|\.\d)/,
    ...CARD,
  },
  {
    id: 'credit-card-amex',
    description: 'American Express card number (Luhn-valid)',
    pattern: /(?<![\w.-])3[47]\d{2}(?<sep>[ -]?)\d{6}\k<sep>\d{5}(?![\w-]|\.\d)/,
    ...CARD,
  },
  {
    id: 'credit-card-discover',
    description: 'Discover card number (Luhn-valid)',
    pattern: /(?<![\w.-])6(?:011|5\d{2}|4[4-9]\d)(?<sep>[ -]?)\d{4}\k<sep>\d{4}\k<sep>\d{4}(?![\w-]|\.\d)/,
    ...CARD,
  },
  {
    id: 'credit-card-jcb',
    description: 'JCB card number (Luhn-valid)',
    pattern: /(?<![\w.-])35(?:2[89]|[3-8]\d)(?<sep>[ -]?)\d{4}\k<sep>\d{4}\k<sep>\d{4}(?![\w-]|\.\d)/,
    ...CARD,
  },
  {
    id: 'credit-card-diners',
    description: 'Diners Club card number (Luhn-valid)',
    pattern: /(?<![\w.-])3(?:0[0-5]|[68]\d)\d(?<sep>[ -]?)\d{6}\k<sep>\d{4}(?![\w-]|\.\d)/,
    ...CARD,
  },
  {
    id: 'iban',
    category: 'pii',
    description: 'International bank account number (IBAN, mod-97 valid)',
    // Each country at its registered length, in groups of four or not: the whole IBAN is masked, separators included.
    pattern: IBAN_PATTERN,
    validate: ibanValid,
    severity: 'medium',
    confidence: 0.7,
    recommendation: `${MINIMIZE} Bank account numbers are personal financial data under GDPR.`,
    compliance: ['GDPR'],
    // Examples from ISO 13616, banks' and Wikipedia's documentation.
    allowList: ['DE89370400440532013000', 'GB82WEST12345698765432', 'GB29NWBK60161331926819', 'FR1420041010050500013M02606', 'NL91ABNA0417164300'].map(
      (iban) => new RegExp(`^${iban.split('').join('[ \\u00a0\\u202f]?')}$`),
    ),
  },
  {
    id: 'ipv4-address',
    category: 'pii',
    description: 'IPv4 address (personal data under GDPR when it identifies a user or device)',
    // Not a version: after a version word, a version constraint (`~> 7.1.3.4`, `>= 3.17.0.3`, `==1.2.3.4`) or in a
    // lockfile's `name (version)` line (Gemfile.lock's `google-protobuf (3.17.0.3)`, `actionpack (= 7.0.8.1)`).
    pattern:
      /(?<![\w.]|(?:version|release|section|chapter|§)[ :="'#]{1,4}|(?:[<>~!=]=|~>|\^)[ \t]?|^[ \t]{0,16}[\w.-]{1,100} \((?:[<>~!=]{1,2} )?)(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}(?!\.?\d|[A-Za-z_])/im,
    validate: (value) => !isDocumentationIp(value),
    severity: 'low',
    confidence: 0.4,
    recommendation:
      'Avoid logging or committing client IP addresses (truncate or hash them); keep infrastructure addresses in configuration rather than code.',
    compliance: ['GDPR'],
    allowList: [
      /^0\./, // 0.0.0.0 and "this network"
      /^127\./, // loopback
      /^255\./, // netmasks and broadcast
      /^(?:\d\.){3}\d$/, // 1.2.3.4: version-like
      /^(?:192\.0\.2|198\.51\.100|203\.0\.113)\./, // documentation ranges (RFC 5737)
    ],
  },
  {
    id: 'ipv6-address',
    category: 'pii',
    description: 'IPv6 address (personal data under GDPR when it identifies a user or device)',
    // Led by a colon; the lookbehind at the end checks and captures the whole address.
    pattern:
      /:[0-9a-f:]{1,40}(?![\w:]|\.\d)(?<=(?<![\w:.])(?<secret>(?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4}|(?:[0-9a-f]{1,4}:){1,6}:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4}|(?:[0-9a-f]{1,4}:){2,7}:))/i,
    // No keyword: the pattern leads with a colon, and a keyword this common would only add windows.
    validate: (value) => {
      const groups = value.split(':').filter(Boolean);
      return /\d/.test(value) && groups.length <= 8 && (groups.length >= 3 || groups.some((g) => g.length >= 3)) && !isDocumentationIp(value);
    },
    severity: 'low',
    confidence: 0.4,
    recommendation:
      'Avoid logging or committing client IP addresses (truncate or hash them); keep infrastructure addresses in configuration rather than code.',
    compliance: ['GDPR'],
    allowList: [/^::1$/, /^2001:0?db8:/i, /^fe80::1$/i], // loopback, documentation prefix (RFC 3849)
  },
  {
    id: 'medical-record-number',
    category: 'pii',
    description: 'Medical record number (MRN) next to its label',
    pattern:
      /(?<![a-z])(?:MRN|medical[ _-]?record[ _-]?(?:number|no\.?|#|id))["']?[ \t]{0,3}[:#=]?[ \t]{0,3}["']?(?<secret>[A-Z0-9][A-Z0-9-]{4,14})(?![A-Za-z0-9-])/i,
    keywords: ['mrn', 'medical'],
    validate: (value) => /\d/.test(value),
    severity: 'medium',
    confidence: 0.55,
    recommendation:
      'Medical record numbers are protected health information (HIPAA): remove them, use synthetic identifiers in tests, and de-identify data before logging or sharing.',
    compliance: ['HIPAA', 'GDPR'],
  },
  {
    id: 'date-of-birth',
    category: 'pii',
    description: 'Date of birth next to its label',
    pattern:
      /(?<![a-z])(?:dob|date[ _-]?of[ _-]?birth|birth[ _-]?date)["']?[ \t]{0,3}[:=][ \t]{0,3}["']?(?<secret>(?:19|20)\d{2}-[01]\d-[0-3]\d|[0-3]?\d[/.][01]?\d[/.](?:19|20)\d{2}|[01]?\d\/[0-3]?\d\/(?:19|20)\d{2})(?!\d)/i,
    keywords: ['dob', 'birth'],
    severity: 'low',
    confidence: 0.5,
    recommendation: `${MINIMIZE} Dates of birth are health-record identifiers under HIPAA.`,
    compliance: ['GDPR', 'HIPAA'],
  },
];
