/**
 * Blockchain RPC provider URLs that carry the project's API key in the path
 * (Infura `/v3/<id>`, Alchemy `/v2/<key>`, over https or wss). The URL is the
 * credential: whoever has it spends the project's request quota.
 */
import { rotate } from './saas-advice.js';
import type { SecurityRule } from './types.js';

export const rpcProviderRules: SecurityRule[] = [
  {
    id: 'infura-rpc-url-key',
    category: 'secret',
    description: 'Infura RPC endpoint URL with the project API key in its path (https://<network>.infura.io/v3/<key>)',
    pattern: /\b(?:https?|wss?):\/\/[a-z0-9-]{1,60}\.infura\.io\/(?:ws\/)?v3\/(?<secret>[0-9a-f]{32})(?![0-9A-Za-z])/i,
    keywords: ['infura.io'],
    severity: 'high',
    confidence: 0.85,
    recommendation: rotate('the Infura (MetaMask Developer) dashboard'),
    compliance: ['SOX'],
  },
  {
    id: 'alchemy-rpc-url-key',
    category: 'secret',
    description: 'Alchemy RPC endpoint URL with the API key in its path (https://<network>.g.alchemy.com/v2/<key>)',
    // "demo" is Alchemy's public, rate-limited key; placeholders are dropped by the scanner.
    pattern: /\b(?:https?|wss?):\/\/[a-z0-9-]{1,60}\.g\.alchemy\.com\/v2\/(?<secret>[A-Za-z0-9_-]{20,64})(?![A-Za-z0-9_-])/i,
    keywords: ['alchemy.com'],
    validate: (value) => /\d/.test(value) && /[A-Za-z]/.test(value),
    severity: 'high',
    confidence: 0.85,
    recommendation: rotate('the Alchemy dashboard (Apps)'),
    compliance: ['SOX'],
  },
];
