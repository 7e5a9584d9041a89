/**
 * Sensitive file names mentioned in content (a file list, git status, an
 * archive listing, a Dockerfile COPY): files that usually hold secrets and
 * should not be committed, shipped or shared. Templates such as .env.example
 * and public keys (.pub) are not reported.
 */
import type { SecurityRule } from './types.js';

/** Nothing that continues a file name may precede or follow the name. */
const B = String.raw`(?<![\w.-])`;
const E = String.raw`(?![\w-]|\.\w)`;

function file(pattern: string, flags = ''): RegExp {
  return new RegExp(`${B}${pattern}${E}`, flags);
}

/** A name ending in `ext`, led by the extension (fast) with the whole name captured by a trailing lookbehind. */
function extension(ext: string, flags = ''): RegExp {
  return new RegExp(String.raw`${ext}${E}(?<=${B}(?<secret>[\w-]{1,64}(?:\.[\w-]{1,64}){0,3}${ext}))`, flags);
}

const UNTRACK =
  'Keep this file out of version control and build contexts (.gitignore, .dockerignore), remove it from history if it was committed (git filter-repo), and rotate any secret it held.';

export const sensitiveFileRules: SecurityRule[] = [
  {
    id: 'sensitive-file-env',
    category: 'sensitive-file',
    description: 'Environment file (.env, .env.local, .env.production...) that usually holds secrets',
    pattern: file(
      String.raw`\.env(?:\.(?!(?:example|sample|template|tmpl|dist|defaults?|schema|tpl)(?![\w-]))[\w-]{1,20}){0,2}`,
    ),
    keywords: ['.env'],
    severity: 'medium',
    confidence: 0.6,
    recommendation: `${UNTRACK} Commit a .env.example with placeholder values instead.`,
  },
  {
    id: 'sensitive-file-ssh-private-key',
    category: 'sensitive-file',
    description: 'SSH private key file (id_rsa, id_dsa, id_ecdsa, id_ed25519; not the .pub)',
    pattern: new RegExp(String.raw`${B}id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?(?!\.pub\b)(?![\w-])`),
    keywords: ['id_rsa', 'id_dsa', 'id_ecdsa', 'id_ed25519'],
    severity: 'medium',
    confidence: 0.7,
    recommendation: `${UNTRACK} Private keys belong in ~/.ssh with mode 0600 or in an agent, never in a repository or image.`,
  },
  {
    id: 'sensitive-file-pem',
    category: 'sensitive-file',
    description: 'PEM file (*.pem) that may contain a private key',
    pattern: extension(String.raw`\.pem`),
    keywords: ['.pem'],
    severity: 'low',
    confidence: 0.5,
    recommendation: `${UNTRACK} Public certificates are fine to share; private keys are not.`,
  },
  {
    id: 'sensitive-file-key',
    category: 'sensitive-file',
    description: 'Private key file (*.key) in a path, quoted file name or file listing',
    // Quoted or after a path separator, or a whole line of a listing, so `event.key` in code is not a file name.
    pattern: new RegExp(
      String.raw`\.key${E}(?<=${B}(?<secret>[\w-]{1,64}(?:\.[\w-]{1,64}){0,3}\.key))(?:(?<=[/\\"'\x60][\w.-]{1,260})|(?=[ \t]{0,10}$)(?<=^[ \t]{0,40}(?:(?:modified|new file|deleted|added|renamed|[AMDR?]{1,2})[: \t]{1,12})?[\w.-]{1,260}))`,
      'm',
    ),
    keywords: ['.key'],
    severity: 'medium',
    confidence: 0.5,
    recommendation: UNTRACK,
  },
  {
    id: 'sensitive-file-keystore',
    category: 'sensitive-file',
    description: 'Key store file (*.p12, *.pfx, *.jks, *.keystore, *.bks, *.p8)',
    pattern: extension(String.raw`\.(?:p12|pfx|jks|keystore|bks|p8|pkcs12)`, 'i'),
    keywords: ['.p12', '.pfx', '.jks', '.keystore', '.bks', '.p8', '.pkcs12'],
    severity: 'medium',
    confidence: 0.6,
    recommendation: `${UNTRACK} Load key stores from a secret mount or secret manager at runtime.`,
    allowList: ['debug.keystore'], // the Android SDK's well-known debug key store
  },
  {
    id: 'sensitive-file-cloud-credentials',
    category: 'sensitive-file',
    description: 'Cloud credentials file (credentials.json/.csv, client_secret*.json, service-account*.json, *-firebase-adminsdk-*.json, .aws/credentials)',
    pattern: new RegExp(
      String.raw`(?:${B}(?:credentials\.(?:json|csv|xml|ya?ml)|client_secrets?(?:[_-][\w.-]{1,80})?\.json|service[-_]account(?:[-_][\w-]{1,60})?\.json|\.aws\/credentials)|-firebase-adminsdk-[\w-]{1,40}\.json(?<=${B}(?<secret>[\w-]{1,60}-firebase-adminsdk-[\w-]{1,40}\.json)))${E}`,
    ),
    keywords: ['credentials.', 'client_secret', 'service-account', 'service_account', 'adminsdk', '.aws/credentials'],
    severity: 'medium',
    confidence: 0.7,
    recommendation: `${UNTRACK} Use workload identity / instance roles, or the provider's secret manager, instead of key files.`,
  },
  {
    id: 'sensitive-file-auth-config',
    category: 'sensitive-file',
    description: 'Tool configuration that stores credentials (.npmrc, .pypirc, .netrc, .pgpass, .git-credentials, .dockercfg, .my.cnf, .s3cfg)',
    pattern: file(String.raw`(?:\.npmrc|\.pypirc|_?\.netrc|_netrc|\.pgpass|\.git-credentials|\.dockercfg|\.my\.cnf|\.s3cfg)`),
    keywords: ['.npmrc', '.pypirc', 'netrc', '.pgpass', '.git-credentials', '.dockercfg', '.my.cnf', '.s3cfg'],
    severity: 'low',
    confidence: 0.5,
    recommendation: `${UNTRACK} Reference tokens from environment variables (e.g. \${NPM_TOKEN} in .npmrc) so the file itself holds no secret.`,
  },
  {
    id: 'sensitive-file-docker-config',
    category: 'sensitive-file',
    description: 'Docker client config with registry credentials (.docker/config.json)',
    pattern: /\.docker\/config\.json(?![\w-]|\.\w)/,
    keywords: ['.docker/config.json'],
    severity: 'medium',
    confidence: 0.7,
    recommendation: `${UNTRACK} Use a credential helper (credsStore) so config.json holds no credentials.`,
  },
  {
    id: 'sensitive-file-htpasswd',
    category: 'sensitive-file',
    description: 'htpasswd file (password hashes for HTTP basic auth)',
    pattern: file(String.raw`\.?htpasswd`),
    keywords: ['htpasswd'],
    severity: 'medium',
    confidence: 0.7,
    recommendation: `${UNTRACK} Password hashes can be cracked offline; store the file outside the web root and the repository.`,
  },
  {
    id: 'sensitive-file-terraform-state',
    category: 'sensitive-file',
    description: 'Terraform state file (terraform.tfstate), which stores resource secrets in clear text',
    pattern: extension(String.raw`\.tfstate(?:\.backup)?`),
    keywords: ['.tfstate'],
    severity: 'medium',
    confidence: 0.75,
    recommendation: `${UNTRACK} Use an encrypted remote backend (S3 + KMS, HCP Terraform, GCS) with restricted access.`,
  },
  {
    id: 'sensitive-file-kubeconfig',
    category: 'sensitive-file',
    description: 'Kubernetes client configuration (kubeconfig, .kube/config) with cluster credentials',
    pattern: file(String.raw`(?:kubeconfig(?:[-_.][\w-]{1,40})?(?:\.ya?ml)?|\.kube\/config)`),
    keywords: ['kubeconfig', '.kube/config'],
    severity: 'medium',
    confidence: 0.6,
    recommendation: `${UNTRACK} Use short-lived credentials (OIDC, cloud IAM auth plugins) in kubeconfig files.`,
  },
  {
    id: 'sensitive-file-secrets-config',
    category: 'sensitive-file',
    description: 'Secrets configuration file (secrets.yml, secrets.json, secrets.toml, secrets.env...)',
    pattern: file(String.raw`secrets?\.(?:ya?ml|json|toml|env|ini|properties|py|rb|xml)`),
    keywords: ['secret.', 'secrets.'],
    severity: 'medium',
    confidence: 0.6,
    recommendation: `${UNTRACK} Use encrypted secrets (Rails credentials, SOPS, sealed secrets) or a secret manager.`,
  },
  {
    id: 'sensitive-file-wp-config',
    category: 'sensitive-file',
    description: 'WordPress wp-config.php (database password and authentication salts)',
    pattern: file(String.raw`wp-config\.php`),
    keywords: ['wp-config.php'],
    severity: 'medium',
    confidence: 0.7,
    recommendation: `${UNTRACK} Generate new authentication keys and salts and change the database password if it was exposed.`,
  },
  {
    id: 'sensitive-file-gpg-keyring',
    category: 'sensitive-file',
    description: 'GnuPG secret keyring (secring.gpg, private-keys-v1.d)',
    pattern: /(?<![\w.-])(?:secring\.gpg|private-keys-v1\.d)(?![\w-]|\.\w)/,
    keywords: ['secring.gpg', 'private-keys-v1.d'],
    severity: 'medium',
    confidence: 0.75,
    recommendation: `${UNTRACK} Revoke the keys it holds if it was shared.`,
  },
];
