/**
 * SaaS API keys and tokens for collaboration and productivity apps (Atlassian,
 * Linear, Postman, Notion, Airtable, Dropbox, Contentful, Figma), maps, search and
 * mobile push (Mapbox, Algolia, Firebase Cloud Messaging), and age encryption keys.
 */
import { ASSIGN } from './fragments.js';
import { rotate } from './saas-advice.js';
import type { SecurityRule } from './types.js';

export const saasCollaborationRules: SecurityRule[] = [
  // Collaboration and productivity
  {
    id: 'atlassian-api-token',
    category: 'secret',
    description: 'Atlassian (Jira, Confluence) API token (ATATT3...)',
    pattern: /(?<![A-Za-z0-9_-])ATATT3[A-Za-z0-9_=-]{180,200}(?![A-Za-z0-9_=-])/,
    keywords: ['atatt3'],
    severity: 'high',
    confidence: 0.95,
    recommendation: rotate('id.atlassian.com (Security > API tokens)'),
    compliance: ['SOX'],
  },
  {
    id: 'linear-api-key',
    category: 'secret',
    description: 'Linear API key or OAuth token (lin_api_, lin_oauth_)',
    pattern: /(?<![A-Za-z0-9_])lin_(?:api|oauth)_[A-Za-z0-9]{40}(?![A-Za-z0-9_])/,
    keywords: ['lin_api_', 'lin_oauth_'],
    severity: 'high',
    confidence: 0.95,
    recommendation: rotate('Linear (Settings > Security & access > API keys)'),
    compliance: ['SOX'],
  },
  {
    id: 'postman-api-key',
    category: 'secret',
    description: 'Postman API key (PMAK-...)',
    pattern: /(?<![A-Za-z0-9])PMAK-[a-f0-9]{24}-[a-f0-9]{34}(?![A-Za-z0-9])/,
    keywords: ['pmak-'],
    severity: 'high',
    confidence: 0.95,
    recommendation: rotate('Postman (Settings > API keys)'),
    compliance: ['SOX'],
  },
  {
    id: 'notion-integration-token',
    category: 'secret',
    description: 'Notion integration token (ntn_... or legacy secret_...)',
    pattern: /(?<![A-Za-z0-9_])(?:ntn_\d{11}[A-Za-z0-9]{35}|secret_[A-Za-z0-9]{43})(?![A-Za-z0-9_])/,
    keywords: ['ntn_', 'secret_'],
    validate: (value) => {
      const body = value.slice(value.indexOf('_') + 1);
      return /\d/.test(body) && /[A-Z]/.test(body) && /[a-z]/.test(body);
    },
    severity: 'high',
    confidence: 0.9,
    recommendation: rotate('Notion (Settings > Integrations > the integration > Refresh secret)'),
    compliance: ['SOX'],
  },
  {
    id: 'airtable-personal-access-token',
    category: 'secret',
    description: 'Airtable personal access token (pat....)',
    pattern: /(?<![A-Za-z0-9])pat[A-Za-z0-9]{14}\.[a-f0-9]{64}(?![A-Za-z0-9])/,
    // No keyword: the pattern leads with 'pat' ('pat' is in path, pattern, patch), and a keyword this common would only add windows.
    severity: 'high',
    confidence: 0.95,
    recommendation: rotate('Airtable (Builder hub > Personal access tokens)'),
    compliance: ['SOX'],
  },
  {
    id: 'dropbox-access-token',
    category: 'secret',
    description: 'Dropbox short-lived access token (sl....)',
    pattern: /(?<![A-Za-z0-9_.-])sl\.(?:[A-Za-z]\.)?[A-Za-z0-9_-]{130,1400}(?![A-Za-z0-9_-])/,
    // No keyword: the pattern leads with 'sl.' ('sl.' is in every ssl.), and a keyword this common would only add windows.
    severity: 'high',
    confidence: 0.9,
    recommendation: 'Revoke the token (POST /2/auth/token/revoke) and keep Dropbox refresh tokens in a secret store, not in code or logs.',
    compliance: ['SOX'],
  },
  {
    id: 'contentful-token',
    category: 'secret',
    description: 'Contentful personal access token (CFPAT-...)',
    pattern: /(?<![A-Za-z0-9_-])CFPAT-[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/,
    keywords: ['cfpat-'],
    severity: 'high',
    confidence: 0.95,
    recommendation: rotate('Contentful (Settings > CMA tokens)'),
    compliance: ['SOX'],
  },
  {
    id: 'figma-token',
    category: 'secret',
    description: 'Figma personal access token (figd_...)',
    pattern: /(?<![A-Za-z0-9_-])figd_[A-Za-z0-9_-]{40,60}(?![A-Za-z0-9_-])/,
    keywords: ['figd_'],
    severity: 'high',
    confidence: 0.95,
    recommendation: rotate('Figma (Settings > Security > Personal access tokens)'),
    compliance: ['SOX'],
  },
  // Maps, search and mobile
  {
    id: 'mapbox-secret-token',
    category: 'secret',
    description: 'Mapbox secret access token (sk.eyJ1Ijoi...)',
    pattern: /(?<![A-Za-z0-9_-])sk\.eyJ1Ijoi[A-Za-z0-9_-]{10,200}\.[A-Za-z0-9_-]{20,40}(?![A-Za-z0-9_-])/,
    keywords: ['sk.eyj1ijoi'],
    severity: 'high',
    confidence: 0.95,
    recommendation: rotate('Mapbox (Account > Access tokens); only public pk. tokens belong in client code'),
    compliance: ['SOX'],
  },
  {
    id: 'algolia-admin-key',
    category: 'secret',
    description: 'Algolia admin or write API key assigned next to its name',
    pattern: new RegExp(
      String.raw`algolia[\w.-]{0,30}?(?:admin|write)[\w.-]{0,20}?key${ASSIGN}["'\x60]?(?<secret>[a-f0-9]{32})(?![A-Za-z0-9])`,
      'i',
    ),
    keywords: ['algolia'],
    severity: 'high',
    confidence: 0.85,
    recommendation: rotate('the Algolia dashboard (Settings > API Keys); only search-only keys belong in front-end code'),
    compliance: ['SOX'],
  },
  {
    id: 'firebase-fcm-server-key',
    category: 'secret',
    description: 'Firebase Cloud Messaging legacy server key (AAAA...:APA91b...)',
    pattern: /(?<![A-Za-z0-9_-])AAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{134}(?![A-Za-z0-9_-])/,
    keywords: ['apa91b'],
    severity: 'high',
    confidence: 0.95,
    recommendation: 'Delete the legacy server key in the Firebase console (Project settings > Cloud Messaging) and migrate to the HTTP v1 API with service-account OAuth tokens.',
    compliance: ['SOX'],
  },
  {
    id: 'age-secret-key',
    category: 'secret',
    description: 'age encryption secret key (AGE-SECRET-KEY-1...)',
    pattern: /AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}/,
    keywords: ['age-secret-key-1'],
    severity: 'critical',
    confidence: 0.99,
    recommendation: 'Generate a new identity (age-keygen), re-encrypt everything encrypted to the old recipient, and keep identities outside the repository (e.g. SOPS with a KMS).',
    compliance: ['SOX'],
  },
];
