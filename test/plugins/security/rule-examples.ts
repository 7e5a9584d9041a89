/**
 * Positive and negative examples for every built-in security rule.
 *
 * Positives are realistic lines (code, configuration, logs) holding FAKE values:
 * they are generated here from a seeded PRNG with the right shape and checksum,
 * so this file holds no literal token a secret scanner would flag. Negatives are
 * look-alikes the rule must not report: placeholders, references, public keys,
 * hashes, UUIDs, version numbers, truncated or wrongly prefixed values.
 */
import { isPlaceholder } from '../../../plugins/security/engine/placeholders.js';
import { luhnValid } from '../../../plugins/security/engine/validators.js';

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const ALNUM = UPPER + LOWER + DIGITS;
const HEX = '0123456789abcdef';
const B64 = `${ALNUM}+/`;
const B64URL = `${ALNUM}-_`;
const LOWER_ALNUM = LOWER + DIGITS;
const UPPER_ALNUM = UPPER + DIGITS;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const BECH32 = 'QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L';

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A fake value: `prefix` + `length` characters of `alphabet` + `suffix`, deterministic
 * per salt, never a placeholder, and holding every character class its alphabet has.
 */
export function fake(alphabet: string, length: number, salt: string, prefix = '', suffix = ''): string {
  for (let attempt = 0; ; attempt++) {
    const rand = prng(hash(`${salt}#${attempt}`));
    let body = '';
    for (let i = 0; i < length; i++) body += alphabet[Math.floor(rand() * alphabet.length)];
    const value = prefix + body + suffix;
    if (isPlaceholder(value) || isPlaceholder(body)) continue;
    if (/[0-9]/.test(alphabet) && length >= 8 && !/\d/.test(body)) continue;
    if (/[a-z]/.test(alphabet) && length >= 8 && !/[a-z]/.test(body)) continue;
    if (/[A-Z]/.test(alphabet) && length >= 8 && !/[A-Z]/.test(body)) continue;
    if (/[-_]/.test(body[0]!)) continue; // keep token boundaries unambiguous
    return value;
  }
}

const b64url = (text: string): string => Buffer.from(text).toString('base64url');
const b64 = (text: string): string => Buffer.from(text).toString('base64');

/** A Luhn-valid card number with the given prefix and length. */
export function card(prefix: string, length: number, salt: string): string {
  const body = prefix + fake(DIGITS, length - prefix.length - 1, salt).replace(/\D/g, '');
  const check = [...'0123456789'].find((digit) => luhnValid(body + digit))!;
  return body + check;
}

const groups = (digits: string, sizes: number[], sep: string): string => {
  const out: string[] = [];
  let i = 0;
  for (const size of sizes) {
    out.push(digits.slice(i, i + size));
    i += size;
  }
  return out.join(sep);
};

/** An IBAN with valid mod-97 check digits. */
export function iban(country: string, bban: string): string {
  const numeric = (bban + country + '00').replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of numeric) remainder = (remainder * 10 + Number(digit)) % 97;
  return country + String(98 - remainder).padStart(2, '0') + bban;
}

const spaced4 = (value: string): string => value.replace(/(.{4})(?=.)/g, '$1 ');

/** PEM body lines (64 characters), joined with `nl` (a newline, or `\n` escaped inside JSON). */
function pemBody(salt: string, lines: number, nl: string, start = 'MII'): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++) out.push(fake(B64, 64, `${salt}-${i}`, i === 0 ? start : '').slice(0, 64));
  out.push(fake(B64, 24, `${salt}-last`, '', '=='));
  return out.join(nl);
}

function pem(label: string, salt: string, nl = '\n', start = 'MII'): string {
  return `-----BEGIN ${label}-----${nl}${pemBody(salt, 6, nl, start)}${nl}-----END ${label}-----`;
}

// Values reused by several examples.
const JWT_HEADER = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: 'k-2024-05' }));
const JWT_PAYLOAD = b64url(JSON.stringify({ sub: 'usr_8f14e45f', iss: 'https://auth.acme-corp.io', aud: 'api', exp: 1767225600 }));
const JWT = `${JWT_HEADER}.${JWT_PAYLOAD}.${fake(B64URL, 86, 'jwt-sig')}`;
const DISCORD_ID = '1143520962812398720';
const DB_PASSWORD = fake(ALNUM, 14, 'db-pw', '', '!7');
const visa = card('4', 16, 'visa');
const mastercard = card('53', 16, 'mc');
const amex = card('37', 15, 'amex');
const discover = card('6011', 16, 'discover');
const jcb = card('3530', 16, 'jcb');
const diners = card('305', 14, 'diners');
const DE_IBAN = iban('DE', fake(DIGITS, 18, 'iban-de'));
const GB_IBAN = iban('GB', `NWBK${fake(DIGITS, 14, 'iban-gb')}`);

export const RULE_EXAMPLES: Record<string, { positive: string[]; negative: string[] }> = {
  // ---------------------------------------------------------------- private keys
  'private-key-rsa': {
    positive: [pem('RSA PRIVATE KEY', 'rsa'), `key: "${pem('RSA PRIVATE KEY', 'rsa-json', '\\n')}"`],
    negative: [
      '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA...\n-----END RSA PRIVATE KEY-----',
      `-----BEGIN RSA PUBLIC KEY-----\n${pemBody('rsa-pub', 4, '\n')}\n-----END RSA PUBLIC KEY-----`,
      "if (pem.startsWith('-----BEGIN RSA PRIVATE KEY-----')) return parsePkcs1(pem);",
    ],
  },
  'private-key-ec': {
    positive: [pem('EC PRIVATE KEY', 'ec', '\n', 'MHc')],
    negative: ['-----BEGIN EC PRIVATE KEY-----\n<your EC key here>\n-----END EC PRIVATE KEY-----', '-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n-----END EC PARAMETERS-----'],
  },
  'private-key-dsa': {
    positive: [pem('DSA PRIVATE KEY', 'dsa')],
    negative: ['# paste your -----BEGIN DSA PRIVATE KEY----- block into the secret store'],
  },
  'private-key-openssh': {
    positive: [pem('OPENSSH PRIVATE KEY', 'openssh', '\n', 'b3BlbnNzaC1rZXktdjEAAAAA')],
    negative: [
      `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${fake(B64, 43, 'ed-pub')} deploy@ci`,
      '-----BEGIN OPENSSH PRIVATE KEY-----\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n-----END OPENSSH PRIVATE KEY-----',
    ],
  },
  'private-key-pkcs8': {
    positive: [
      pem('PRIVATE KEY', 'pkcs8'),
      `TLS_KEY="${pem('PRIVATE KEY', 'pkcs8-env', '\\n')}"`,
      `const key = '-----BEGIN PRIVATE KEY----- ${pemBody('pkcs8-oneline', 3, ' ')} -----END PRIVATE KEY-----';`,
    ],
    negative: [
      `-----BEGIN PUBLIC KEY-----\n${pemBody('pub', 4, '\n')}\n-----END PUBLIC KEY-----`,
      '"private_key": "-----BEGIN PRIVATE KEY-----\\n...\\n-----END PRIVATE KEY-----\\n"',
    ],
  },
  'private-key-encrypted': {
    positive: [pem('ENCRYPTED PRIVATE KEY', 'enc')],
    negative: ['-----BEGIN ENCRYPTED PRIVATE KEY-----\n[REDACTED]\n-----END ENCRYPTED PRIVATE KEY-----'],
  },
  'private-key-other': {
    positive: [
      pem('ED25519 PRIVATE KEY', 'ed25519'),
      `---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\nComment: "rsa-key-20240105"\n${pemBody('ssh2', 5, '\n', 'P2/56wAAA')}\n---- END SSH2 ENCRYPTED PRIVATE KEY ----`,
    ],
    negative: [`-----BEGIN CERTIFICATE REQUEST-----\n${pemBody('csr', 4, '\n')}\n-----END CERTIFICATE REQUEST-----`, '-----BEGIN X25519 PRIVATE KEY-----\n...\n'],
  },
  'pgp-private-key-block': {
    positive: [
      `-----BEGIN PGP PRIVATE KEY BLOCK-----\nVersion: GnuPG v2\nComment: release signing\n\n${pemBody('pgp', 8, '\n', 'lQOYBF')}\n=Xq3P\n-----END PGP PRIVATE KEY BLOCK-----`,
    ],
    negative: [`-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n${pemBody('pgp-pub', 6, '\n', 'mQINBF')}\n-----END PGP PUBLIC KEY BLOCK-----`],
  },
  'putty-private-key': {
    positive: [
      [
        'PuTTY-User-Key-File-3: ssh-ed25519',
        'Encryption: none',
        'Comment: deploy@build-01',
        'Public-Lines: 2',
        fake(B64, 64, 'putty-pub-1', 'AAAAC3'),
        fake(B64, 20, 'putty-pub-2'),
        'Private-Lines: 1',
        fake(B64, 44, 'putty-priv', 'AAAAI'),
        `Private-MAC: ${fake(HEX, 64, 'putty-mac')}`,
      ].join('\n'),
    ],
    negative: ['PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: truncated in documentation', 'Convert the key with puttygen (PuTTY-User-Key-File format) before use.'],
  },
  'private-key-base64': {
    positive: [
      `    client-key-data: ${b64(pem('EC PRIVATE KEY', 'kube-key', '\n', 'MHc'))}`,
      `  tls.key: ${b64(pem('PRIVATE KEY', 'tls-secret'))}`,
    ],
    negative: [`    client-certificate-data: ${b64(`-----BEGIN CERTIFICATE-----\n${pemBody('kube-cert', 4, '\n')}\n-----END CERTIFICATE-----`)}`, `ca.crt: ${b64('-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----')}`],
  },
  'pem-certificate': {
    positive: [`-----BEGIN CERTIFICATE-----\n${pemBody('cert', 8, '\n')}\n-----END CERTIFICATE-----`],
    negative: ['ssl_certificate /etc/nginx/tls/fullchain.pem;', '-----BEGIN CERTIFICATE-----\n...\n-----END CERTIFICATE-----'],
  },

  // ---------------------------------------------------------------- cloud
  'aws-access-key-id': {
    positive: [
      `aws_access_key_id = ${fake(BASE32, 16, 'akia', 'AKIA')}`,
      `{"Credentials": {"AccessKeyId": "${fake(BASE32, 16, 'asia', 'ASIA')}", "Expiration": "2025-01-01T00:00:00Z"}}`,
    ],
    negative: ['aws_access_key_id = AKIAIOSFODNN7EXAMPLE', `role: ${fake(BASE32, 16, 'aroa', 'AROA')}`, `id = ${fake(BASE32, 14, 'short', 'AKIA')}`, 'AKIAXXXXXXXXXXXXXXXX'],
  },
  'aws-secret-access-key': {
    positive: [
      `aws_secret_access_key = ${fake(B64, 40, 'aws-secret')}`,
      `    "SecretAccessKey": "${fake(B64, 40, 'aws-secret-json')}",`,
      `export AWS_SECRET_ACCESS_KEY='${fake(B64, 40, 'aws-secret-env')}'`,
    ],
    negative: [
      'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      'aws_secret_access_key = ${AWS_SECRET_ACCESS_KEY}',
      'secret_access_key: da39a3ee5e6b4b0d3255bfef95601890afd80709',
      'AWS_SECRET_ACCESS_KEY=$(aws configure get aws_secret_access_key)',
    ],
  },
  'aws-session-token': {
    positive: [`aws_session_token = IQoJb3JpZ2luX2VjE${fake(B64, 300, 'sts')}`, `"SessionToken": "FwoGZXIvYXdzE${fake(B64, 200, 'sts-json')}"`],
    negative: ['aws_session_token = ${AWS_SESSION_TOKEN}', 'session_token: "abc123"', `session_token = "${'A'.repeat(120)}"`],
  },
  'gcp-service-account-private-key': {
    positive: [`  "private_key": "${pem('PRIVATE KEY', 'gcp', '\\n')}\\n",`],
    negative: ['  "private_key": "-----BEGIN PRIVATE KEY-----\\n...\\n-----END PRIVATE KEY-----\\n",', '  "private_key": "",', '  "private_key_id": "0123456789abcdef",'],
  },
  'gcp-service-account-key-file': {
    positive: ['{\n  "type": "service_account",\n  "project_id": "acme-prod-2231",'],
    negative: ['{"type": "authorized_user", "client_id": "x"}', 'kind: ServiceAccount', '"type": "service_account_token"'],
  },
  'gcp-api-key': {
    positive: [`const firebaseConfig = { apiKey: "${fake(B64URL, 35, 'aiza', 'AIza')}", projectId: "acme-web" };`, `https://maps.googleapis.com/maps/api/geocode/json?address=Paris&key=${fake(B64URL, 35, 'aiza-url', 'AIza')}`],
    negative: ['apiKey: "AIzaXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"', `apiKey: "${fake(B64URL, 30, 'aiza-short', 'AIza')}"`, 'GOOGLE_API_KEY=${GOOGLE_API_KEY}'],
  },
  'gcp-oauth-client-secret': {
    positive: [`  "client_secret": "${fake(B64URL, 28, 'gocspx', 'GOCSPX-')}",`],
    negative: ['"client_secret": "GOCSPX-xxxxxxxxxxxxxxxxxxxxxxxxxxxx"', `"client_secret": "${fake(B64URL, 20, 'gocspx-short', 'GOCSPX-')}"`],
  },
  'google-oauth-access-token': {
    positive: [`curl -H "Authorization: Bearer ${fake(B64URL, 160, 'ya29', 'ya29.')}" https://www.googleapis.com/drive/v3/files`, `{"access_token": "${fake(B64URL, 120, 'ya29-json', 'ya29.a0Af')}", "expires_in": 3599}`],
    negative: ['token starts with ya29. and expires after an hour', 'ya29.<access-token>'],
  },
  'google-oauth-refresh-token': {
    positive: [`{"refresh_token": "${fake(B64URL, 100, 'goog-refresh', '1//0')}", "scope": "openid"}`],
    negative: ['https://cdn.example.org/1//0/assets', `"refresh_token": "1//0${'x'.repeat(60)}"`],
  },
  'azure-storage-account-key': {
    positive: [`DefaultEndpointsProtocol=https;AccountName=acmeprod;AccountKey=${fake(B64, 86, 'azure-storage', '', '==')};EndpointSuffix=core.windows.net`],
    negative: [
      'DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;',
      'AccountKey=<your-account-key>;',
      'AccountKey=${STORAGE_ACCOUNT_KEY}',
    ],
  },
  'azure-sas-token': {
    positive: [
      `https://acmeprod.blob.core.windows.net/backups/db.bak?sv=2022-11-02&ss=b&srt=sco&sp=rl&se=2025-01-01T00:00:00Z&spr=https&sig=${fake(ALNUM, 43, 'sas')}%3D`,
    ],
    negative: ['?sv=2022-11-02&ss=b&srt=sco&sp=rl&sig=<signature>', `https://x.blob.core.windows.net/c?sig=${fake(ALNUM, 43, 'sas-nosv')}`],
  },
  'azure-shared-access-key': {
    positive: [`Endpoint=sb://acme-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=${fake(B64, 43, 'sb-key', '', '=')}`],
    negative: ['Endpoint=sb://acme-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=<key>', 'SharedAccessKey=${SERVICEBUS_KEY}'],
  },
  'azure-ad-client-secret': {
    positive: [`AZURE_CLIENT_SECRET=${fake(ALNUM, 3, 'entra-a')}8Q~${fake(`${ALNUM}_~.-`, 34, 'entra-b')}`],
    negative: ['AZURE_CLIENT_SECRET=abc8Q~tooshort', 'path ~/Q~archive is a folder'],
  },
  'alibaba-access-key-id': {
    positive: [`ALIBABA_CLOUD_ACCESS_KEY_ID=${fake(ALNUM, 20, 'ltai', 'LTAI')}`],
    negative: ['ALIBABA_CLOUD_ACCESS_KEY_ID=LTAIxxxxxxxxxxxxxxxxxxxx', 'LTAI5t is the prefix of Alibaba access key ids'],
  },

  // ---------------------------------------------------------------- source hosts
  'github-personal-access-token': {
    positive: [`export GITHUB_TOKEN=${fake(ALNUM, 36, 'ghp', 'ghp_')}`, `git clone https://${fake(ALNUM, 36, 'ghp-url', 'ghp_')}@github.com/acme/api.git`],
    negative: [`GITHUB_TOKEN=${fake(ALNUM, 30, 'ghp-short', 'ghp_')}`, 'GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'token: ${{ secrets.GITHUB_TOKEN }}'],
  },
  'github-fine-grained-token': {
    positive: [`gh auth login --with-token <<< ${fake(ALNUM, 22, 'ghpat-a', 'github_pat_')}_${fake(ALNUM, 59, 'ghpat-b')}`],
    negative: ['Fine-grained tokens start with github_pat_ followed by 82 characters.', `github_pat_${fake(ALNUM, 22, 'ghpat-c')}`],
  },
  'github-oauth-token': {
    positive: [`oauth_token: ${fake(ALNUM, 36, 'gho', 'gho_')}`],
    negative: ['oauth_token: gho_<token>', `oauth_token: ${fake(ALNUM, 20, 'gho-short', 'gho_')}`],
  },
  'github-app-token': {
    positive: [`Authorization: token ${fake(ALNUM, 36, 'ghs', 'ghs_')}`, `{"token": "${fake(ALNUM, 36, 'ghu', 'ghu_')}"}`],
    negative: ['installation tokens (ghs_) expire after one hour', `ghs_${fake(ALNUM, 40, 'ghs-long')}`],
  },
  'github-refresh-token': {
    positive: [`refresh_token=${fake(ALNUM, 76, 'ghr', 'ghr_')}&expires_in=15811200`],
    negative: ['ghr_ prefixed refresh tokens', `ghr_${fake(ALNUM, 20, 'ghr-short')}`],
  },
  'gitlab-personal-access-token': {
    positive: [`GITLAB_TOKEN=${fake(B64URL, 20, 'glpat', 'glpat-')}`, `curl --header "PRIVATE-TOKEN: ${fake(B64URL, 20, 'glpat-h', 'glpat-')}" https://gitlab.acme.io/api/v4/projects`],
    negative: ['GITLAB_TOKEN=glpat-xxxxxxxxxxxxxxxxxxxx', `GITLAB_TOKEN=${fake(B64URL, 10, 'glpat-short', 'glpat-')}`],
  },
  'gitlab-pipeline-trigger-token': {
    positive: [`curl -X POST -F token=${fake(HEX, 40, 'glptt', 'glptt-')} -F ref=main https://gitlab.acme.io/api/v4/projects/12/trigger/pipeline`],
    negative: ['-F token=glptt-<trigger-token>', 'glptt- tokens trigger pipelines'],
  },
  'gitlab-runner-token': {
    positive: [`  token = "${fake(B64URL, 20, 'glrt', 'glrt-')}"`, `gitlab-runner register --registration-token ${fake(B64URL, 20, 'gr13', 'GR1348941')}`],
    negative: ['  token = "glrt-REDACTED"', 'runner tokens begin with glrt-'],
  },
  'gitlab-deploy-token': {
    positive: [`DEPLOY_TOKEN=${fake(B64URL, 20, 'gldt', 'gldt-')}`],
    negative: ['DEPLOY_TOKEN=gldt-xxxxxxxxxxxxxxxxxxxx', 'DEPLOY_TOKEN=$CI_DEPLOY_PASSWORD'],
  },
  'gitlab-token': {
    positive: [`GITLAB_OAUTH_SECRET=${fake(HEX, 64, 'gloas', 'gloas-')}`, `feature_flags_token: ${fake(B64URL, 20, 'glffct', 'glffct-')}`],
    negative: ['gloas- and glsoat- are GitLab token prefixes', `glcbt-${fake(ALNUM, 8, 'glcbt-short')}`],
  },
  'bitbucket-app-password': {
    positive: [`BITBUCKET_APP_PASSWORD=${fake(ALNUM, 32, 'atbb', 'ATBB')}`],
    negative: ['BITBUCKET_APP_PASSWORD=ATBBxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', `ATBB${fake(ALNUM, 10, 'atbb-short')}`],
  },

  // ---------------------------------------------------------------- registries
  'npm-access-token': {
    positive: [`//registry.npmjs.org/:_authToken=${fake(ALNUM, 36, 'npm', 'npm_')}`, `NPM_TOKEN=${fake(ALNUM, 36, 'npm-env', 'npm_')}`],
    negative: ['//registry.npmjs.org/:_authToken=${NPM_TOKEN}', `const npm_${fake(LOWER, 12, 'npm-ident')} = require('x');`],
  },
  'npmrc-auth-token': {
    positive: [`//npm.pkg.github.com/:_authToken=${fake(ALNUM, 40, 'npmrc', 'ghp_')}`, `npmAuthToken: "${fake(B64URL, 48, 'yarnrc')}"`],
    negative: ['//registry.npmjs.org/:_authToken=${NPM_TOKEN}', '//registry.npmjs.org/:_authToken='],
  },
  'npmrc-basic-auth': {
    positive: [`//registry.acme.io/:_auth=${b64(`ci-bot:${fake(ALNUM, 14, 'npm-auth')}`)}`, `_password=${b64(fake(ALNUM, 14, 'npm-password'))}`],
    negative: ['_auth=${NPM_AUTH}', 'always-auth=true'],
  },
  'pypi-upload-token': {
    positive: [`password = pypi-AgEIcHlwaS5vcmc${fake(B64URL, 120, 'pypi')}`, `TWINE_PASSWORD=pypi-AgENdGVzdC5weXBpLm9yZw${fake(B64URL, 90, 'testpypi')}`],
    negative: ['password = pypi-AgEIcHlwaS5vcmc...', 'username = __token__'],
  },
  'rubygems-api-key': {
    positive: [`:rubygems_api_key: ${fake(HEX, 48, 'rubygems', 'rubygems_')}`],
    negative: [':rubygems_api_key: rubygems_<your key>', `rubygems_${fake(HEX, 20, 'rubygems-short')}`],
  },
  'nuget-api-key': {
    positive: [`dotnet nuget push pkg.nupkg --api-key ${fake(LOWER_ALNUM, 43, 'nuget', 'oy2')} --source https://api.nuget.org/v3/index.json`],
    negative: ['dotnet nuget push pkg.nupkg --api-key $NUGET_API_KEY', `oy2${fake(LOWER_ALNUM, 20, 'nuget-short')}`],
  },
  'docker-hub-token': {
    positive: [`echo ${fake(B64URL, 27, 'dckr', 'dckr_pat_')} | docker login -u acmeci --password-stdin`],
    negative: ['echo $DOCKERHUB_TOKEN | docker login -u acmeci --password-stdin', 'dckr_pat_<token>'],
  },
  'docker-config-auth': {
    positive: [`{"auths": {"registry.acme.io": {"auth": "${b64(`deploy:${fake(ALNUM, 16, 'docker-auth')}`)}"}}}`],
    negative: [`{"auths": {"registry.acme.io": {"auth": "${b64('deploy:password')}"}}}`, '{"auths": {"ghcr.io": {}}, "credsStore": "desktop"}', `"auth": "${b64('just-a-username')}"`],
  },
  'jfrog-artifactory-token': {
    positive: [`ARTIFACTORY_API_KEY=${fake(ALNUM, 69, 'akcp', 'AKCp')}`, `Authorization: Bearer cmVmd${fake(ALNUM, 59, 'jfrog-ref')}`],
    negative: ['ARTIFACTORY_API_KEY=AKCp<key>', `AKCp${fake(ALNUM, 30, 'akcp-short')}`],
  },
  'clojars-deploy-token': {
    positive: [`CLOJARS_PASSWORD=${fake(LOWER_ALNUM, 60, 'clojars', 'CLOJARS_')}`],
    negative: ['CLOJARS_USERNAME=acme', 'CLOJARS_PASSWORD=${CLOJARS_DEPLOY_TOKEN}'],
  },
  'crates-io-token': {
    positive: [`CARGO_REGISTRY_TOKEN=${fake(ALNUM, 32, 'crates', 'cio')}`],
    negative: ['CARGO_REGISTRY_TOKEN=${{ secrets.CARGO_TOKEN }}', 'ciofficialdocumentationrepositoryx'],
  },

  // ---------------------------------------------------------------- SaaS
  'slack-bot-token': {
    positive: [`SLACK_BOT_TOKEN=xoxb-${fake(DIGITS, 12, 'slack-team')}-${fake(DIGITS, 13, 'slack-bot')}-${fake(ALNUM, 24, 'slack-secret')}`],
    negative: ['SLACK_BOT_TOKEN=xoxb-your-bot-token', 'SLACK_BOT_TOKEN=xoxb-0000000000-0000000000-xxxxxxxxxxxxxxxxxxxxxxxx'],
  },
  'slack-user-token': {
    positive: [`"token": "xoxp-${fake(DIGITS, 11, 'sx1')}-${fake(DIGITS, 11, 'sx2')}-${fake(DIGITS, 12, 'sx3')}-${fake(HEX, 32, 'sx4')}"`],
    negative: ['"token": "xoxp-..."', 'user tokens start with xoxp-'],
  },
  'slack-token': {
    positive: [`SLACK_REFRESH=xoxe.xoxp-1-${fake(ALNUM, 140, 'slack-refresh')}`, `legacy_token = "xoxs-${fake(DIGITS, 10, 'xoxs-a')}-${fake(ALNUM, 24, 'xoxs-b')}"`],
    negative: ['xoxa-is-not-a-token', 'xoxs-<legacy-token>'],
  },
  'slack-app-token': {
    positive: [`SLACK_APP_TOKEN=xapp-1-A${fake(UPPER_ALNUM, 10, 'xapp-a')}-${fake(DIGITS, 13, 'xapp-b')}-${fake(HEX, 64, 'xapp-c')}`],
    negative: ['SLACK_APP_TOKEN=xapp-1-...', 'SLACK_APP_TOKEN=${SLACK_APP_TOKEN}'],
  },
  'slack-webhook-url': {
    positive: [`SLACK_WEBHOOK=https://hooks.slack.com/services/T${fake(UPPER_ALNUM, 8, 'swh-t')}/B${fake(UPPER_ALNUM, 10, 'swh-b')}/${fake(ALNUM, 24, 'swh-s')}`],
    negative: ['https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX', 'See https://api.slack.com/messaging/webhooks for setup'],
  },
  'discord-bot-token': {
    positive: [`client.login('${b64url(DISCORD_ID)}.${fake(B64URL, 6, 'discord-ts')}.${fake(B64URL, 38, 'discord-hmac')}');`],
    negative: [`token = '${fake(ALNUM, 25, 'discord-fake', 'M')}.${fake(B64URL, 6, 'discord-ts2')}.${fake(B64URL, 38, 'discord-hmac2')}'`, 'DISCORD_TOKEN=your-bot-token'],
  },
  'discord-webhook-url': {
    positive: [`DISCORD_WEBHOOK=https://discord.com/api/webhooks/${DISCORD_ID}/${fake(B64URL, 68, 'discord-webhook')}`],
    negative: ['https://discord.com/api/webhooks/123/abc', 'https://discord.com/developers/docs/resources/webhook'],
  },
  'telegram-bot-token': {
    positive: [`TELEGRAM_BOT_TOKEN=${fake(DIGITS, 10, 'tg-id')}:AA${fake(B64URL, 33, 'tg-secret')}`],
    negative: ['TELEGRAM_BOT_TOKEN=123456789:AAxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'time 12:30:00 AAA'],
  },
  'twilio-api-key': {
    positive: [`TWILIO_API_KEY=${fake(HEX, 32, 'twilio-sk', 'SK')}`],
    negative: ['TWILIO_API_KEY=SKxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', `SKU ${fake(HEX, 20, 'twilio-short', 'SK')}`],
  },
  'twilio-auth-token': {
    positive: [`TWILIO_AUTH_TOKEN=${fake(HEX, 32, 'twilio-auth')}`, `twilio_auth_token: "${fake(HEX, 32, 'twilio-auth-yaml')}"`],
    negative: ['TWILIO_AUTH_TOKEN=${TWILIO_AUTH_TOKEN}', 'TWILIO_AUTH_TOKEN=your_auth_token'],
  },
  'twilio-account-sid': {
    positive: [`TWILIO_ACCOUNT_SID=${fake(HEX, 32, 'twilio-ac', 'AC')}`],
    negative: ['TWILIO_ACCOUNT_SID=ACxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'ACCOUNT=AC123'],
  },
  'sendgrid-api-key': {
    positive: [`SENDGRID_API_KEY=SG.${fake(B64URL, 22, 'sg-a')}.${fake(B64URL, 43, 'sg-b')}`],
    negative: ['SENDGRID_API_KEY=SG.xxxxxxxxxxxxxxxxxxxxxx.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'SG.Message is the namespace'],
  },
  'mailgun-api-key': {
    positive: [`MAILGUN_API_KEY=key-${fake(HEX, 32, 'mailgun')}`],
    negative: ['MAILGUN_API_KEY=key-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'primary-key-rotation'],
  },
  'mailchimp-api-key': {
    positive: [`MAILCHIMP_API_KEY=${fake(HEX, 32, 'mailchimp')}-us14`],
    negative: ['MAILCHIMP_API_KEY=<key>-us14', 'locale: en-us2'],
  },
  'stripe-secret-key': {
    positive: [`const stripe = require('stripe')('${fake(ALNUM, 24, 'stripe-live', 'sk_live_')}');`],
    negative: ["const stripe = require('stripe')(process.env.STRIPE_SECRET_KEY);", 'STRIPE_KEY=sk_live_xxxxxxxxxxxxxxxxxxxxxxxx', `pk_live_${fake(ALNUM, 24, 'stripe-pk')}`],
  },
  'stripe-restricted-key': {
    positive: [`STRIPE_RESTRICTED_KEY=${fake(ALNUM, 99, 'stripe-rk', 'rk_live_')}`],
    negative: ['STRIPE_RESTRICTED_KEY=rk_live_...', 'STRIPE_RESTRICTED_KEY=${STRIPE_RK}'],
  },
  'stripe-webhook-secret': {
    positive: [`STRIPE_WEBHOOK_SECRET=${fake(ALNUM, 32, 'whsec', 'whsec_')}`],
    negative: ['STRIPE_WEBHOOK_SECRET=whsec_...', 'STRIPE_WEBHOOK_SECRET=whsec_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
  },
  'stripe-test-secret-key': {
    positive: [`stripe.api_key = "${fake(ALNUM, 24, 'stripe-test', 'sk_test_')}"`],
    negative: ['stripe.api_key = "sk_test_4eC39HqLyjWDarjtT1zdp7dc"', `publishable: pk_test_${fake(ALNUM, 24, 'stripe-pk-test')}`],
  },
  'square-access-token': {
    positive: [`SQUARE_ACCESS_TOKEN=${fake(B64URL, 60, 'square', 'EAAA')}`, `square_token = "${fake(B64URL, 22, 'square-sq0', 'sq0atp-')}"`],
    negative: ['SQUARE_ACCESS_TOKEN=EAAAxxxxxxxx', 'SQUARE_ACCESS_TOKEN=${SQUARE_TOKEN}'],
  },
  'square-oauth-secret': {
    positive: [`SQUARE_APP_SECRET=${fake(B64URL, 43, 'sq0csp', 'sq0csp-')}`],
    negative: ['SQUARE_APP_SECRET=sq0csp-<secret>', `sq0csp-${fake(B64URL, 20, 'sq0csp-short')}`],
  },
  'paypal-braintree-access-token': {
    positive: [`BRAINTREE_TOKEN=access_token$production$${fake(LOWER_ALNUM, 16, 'bt-a')}$${fake(HEX, 32, 'bt-b')}`],
    negative: ['BRAINTREE_TOKEN=access_token$sandbox$abc$def', 'access_token$production$<merchant>$<token>'],
  },
  'flutterwave-secret-key': {
    positive: [`FLW_SECRET_KEY=FLWSECK-${fake(HEX, 32, 'flw')}-X`],
    negative: ['FLW_SECRET_KEY=FLWSECK-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx-X', `FLW_PUBLIC_KEY=FLWPUBK-${fake(HEX, 32, 'flw-pub')}-X`],
  },
  'shopify-access-token': {
    positive: [`SHOPIFY_ACCESS_TOKEN=${fake(HEX, 32, 'shpat', 'shpat_')}`, `X-Shopify-Access-Token: ${fake(HEX, 32, 'shppa', 'shppa_')}`],
    negative: ['SHOPIFY_ACCESS_TOKEN=shpat_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'SHOPIFY_ACCESS_TOKEN=shpat_<token>'],
  },
  'shopify-shared-secret': {
    positive: [`SHOPIFY_API_SECRET=${fake(HEX, 32, 'shpss', 'shpss_')}`],
    negative: ['SHOPIFY_API_SECRET=shpss_<secret>', `shpss_${fake(HEX, 16, 'shpss-short')}`],
  },
  'openai-api-key': {
    positive: [`OPENAI_API_KEY=sk-${fake(ALNUM, 20, 'oai-a')}T3BlbkFJ${fake(ALNUM, 20, 'oai-b')}`],
    negative: ['OPENAI_API_KEY=sk-...T3BlbkFJ...', 'OPENAI_API_KEY=${OPENAI_API_KEY}'],
  },
  'openai-project-key': {
    positive: [`client = OpenAI(api_key="${fake(B64URL, 156, 'oai-proj', 'sk-proj-')}")`],
    negative: ['client = OpenAI(api_key=os.environ["OPENAI_API_KEY"])', 'api_key="sk-proj-..."'],
  },
  'anthropic-api-key': {
    positive: [`ANTHROPIC_API_KEY=sk-ant-api03-${fake(B64URL, 93, 'anthropic')}AA`],
    negative: ['ANTHROPIC_API_KEY=sk-ant-api03-...', 'ANTHROPIC_API_KEY=sk-ant-xxxxxxxx'],
  },
  'huggingface-token': {
    positive: [`HF_TOKEN=${fake(ALNUM, 34, 'hf', 'hf_')}`],
    negative: ['HF_TOKEN=hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'model = hf_hub_download(repo_id="gpt2")'],
  },
  'replicate-api-token': {
    positive: [`REPLICATE_API_TOKEN=${fake(ALNUM, 37, 'r8', 'r8_')}`],
    negative: ['REPLICATE_API_TOKEN=r8_<token>', 'var r8_count = 3;'],
  },
  'groq-api-key': {
    positive: [`GROQ_API_KEY=${fake(ALNUM, 52, 'groq', 'gsk_')}`],
    negative: ['GROQ_API_KEY=gsk_...', `gsk_${fake(ALNUM, 20, 'groq-short')}`],
  },
  'perplexity-api-key': {
    positive: [`PPLX_API_KEY=${fake(ALNUM, 48, 'pplx', 'pplx-')}`],
    negative: ['PPLX_API_KEY=pplx-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'model: pplx-70b-online'],
  },
  'digitalocean-token': {
    positive: [`DIGITALOCEAN_TOKEN=${fake(HEX, 64, 'do', 'dop_v1_')}`],
    negative: ['DIGITALOCEAN_TOKEN=dop_v1_<token>', `dop_v1_${fake(HEX, 40, 'do-short')}`],
  },
  'databricks-token': {
    positive: [`DATABRICKS_TOKEN=${fake(HEX, 32, 'dapi', 'dapi')}`],
    negative: ['DATABRICKS_TOKEN=dapiXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX', 'see the dapi docs'],
  },
  'grafana-cloud-token': {
    positive: [`GRAFANA_CLOUD_TOKEN=glc_${b64(JSON.stringify({ o: '482113', n: 'stack-482113-alloy-write', k: fake(ALNUM, 24, 'glc-k'), m: { r: 'prod-eu-west-2' } }))}`],
    negative: ['GRAFANA_CLOUD_TOKEN=glc_<token>', 'GRAFANA_CLOUD_TOKEN=${GRAFANA_TOKEN}'],
  },
  'grafana-service-account-token': {
    positive: [`GRAFANA_SA_TOKEN=${fake(ALNUM, 32, 'glsa-a', 'glsa_')}_${fake(HEX, 8, 'glsa-b')}`],
    negative: ['GRAFANA_SA_TOKEN=glsa_<token>', `glsa_${fake(ALNUM, 32, 'glsa-c')}`],
  },
  'grafana-api-key': {
    positive: [`GRAFANA_API_KEY=${b64(JSON.stringify({ k: fake(ALNUM, 32, 'grafana-k'), n: 'ci-deploy', id: 1 }))}`],
    negative: [`GRAFANA_API_KEY=eyJrIjoi${fake(ALNUM, 40, 'grafana-garbage')}`, 'GRAFANA_API_KEY=${GRAFANA_API_KEY}'],
  },
  'hashicorp-vault-token': {
    positive: [`export VAULT_TOKEN=${fake(B64URL, 90, 'vault', 'hvs.')}`, `vault_token: ${fake(B64URL, 120, 'vault-b', 'hvb.')}`],
    negative: ['export VAULT_TOKEN=hvs.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'export VAULT_TOKEN=$(vault print token)'],
  },
  'terraform-cloud-token': {
    positive: [`  token = "${fake(ALNUM, 14, 'tfc-a')}.atlasv1.${fake(B64URL, 67, 'tfc-b')}"`],
    negative: ['  token = "xxxxxxxxxxxxxx.atlasv1.xxxx"', '  token = var.tfc_token'],
  },
  'pulumi-access-token': {
    positive: [`PULUMI_ACCESS_TOKEN=${fake(HEX, 40, 'pulumi', 'pul-')}`],
    negative: ['PULUMI_ACCESS_TOKEN=pul-<token>', 'pul-request-template.md'],
  },
  'doppler-token': {
    positive: [`DOPPLER_TOKEN=${fake(ALNUM, 43, 'doppler', 'dp.st.prd.')}`, `doppler_token: ${fake(ALNUM, 43, 'doppler-pt', 'dp.pt.')}`],
    negative: ['DOPPLER_TOKEN=dp.st.xxxx', 'DOPPLER_TOKEN=${DOPPLER_TOKEN}'],
  },
  'heroku-api-key': {
    positive: [`HEROKU_API_KEY=${fake(B64URL, 60, 'heroku', 'HRKU-')}`],
    negative: ['HEROKU_API_KEY=HRKU-<key>', 'HEROKU_API_KEY=$(heroku auth:token)'],
  },
  'heroku-api-key-legacy': {
    positive: ['HEROKU_API_KEY=4f2d8c1a-7b3e-4d9f-a6c5-1e8b0d7f3a92', 'heroku_api_key: "9b1c7e3f-2a4d-4e8b-b5c6-0f7a3d9e1c24"'],
    negative: ['HEROKU_API_KEY=00000000-0000-0000-0000-000000000000', 'request_id=4f2d8c1a-7b3e-4d9f-a6c5-1e8b0d7f3a92', 'HEROKU_API_KEY=${HEROKU_API_KEY}'],
  },
  'cloudflare-origin-ca-key': {
    positive: [`CF_ORIGIN_CA_KEY=v1.0-${fake(HEX, 24, 'cf-a')}-${fake(HEX, 146, 'cf-b')}`],
    negative: ['CF_ORIGIN_CA_KEY=v1.0-<key>', 'release v1.0-beta'],
  },
  'supabase-secret-key': {
    positive: [`SUPABASE_ACCESS_TOKEN=${fake(HEX, 40, 'sbp', 'sbp_')}`, `SUPABASE_SECRET_KEY=${fake(B64URL, 40, 'sb-secret', 'sb_secret_')}`],
    negative: ['SUPABASE_ACCESS_TOKEN=sbp_<token>', `SUPABASE_PUBLISHABLE_KEY=sb_publishable_${fake(B64URL, 30, 'sb-pub')}`],
  },
  'planetscale-token': {
    positive: [`PLANETSCALE_SERVICE_TOKEN=${fake(B64URL, 43, 'pscale', 'pscale_tkn_')}`, `password: ${fake(B64URL, 43, 'pscale-pw', 'pscale_pw_')}`],
    negative: ['PLANETSCALE_SERVICE_TOKEN=pscale_tkn_<token>', 'pscale_org_name=acme'],
  },
  'datadog-api-key': {
    positive: [`DD_API_KEY=${fake(HEX, 32, 'datadog')}`, `datadog_api_key: ${fake(HEX, 32, 'datadog-yaml')}`],
    negative: ['DD_API_KEY=<DATADOG_API_KEY>', 'DD_API_KEY=${DD_API_KEY}', `DD_APP_KEY=${fake(HEX, 40, 'dd-app')}`],
  },
  'new-relic-user-api-key': {
    positive: [`NEW_RELIC_API_KEY=NRAK-${fake(UPPER_ALNUM, 27, 'nrak')}`],
    negative: ['NEW_RELIC_API_KEY=NRAK-XXXXXXXXXXXXXXXXXXXXXXXXXXX', 'NEW_RELIC_API_KEY=NRAK-<key>'],
  },
  'new-relic-ingest-key': {
    positive: [`NEW_RELIC_LICENSE_KEY=${fake(HEX, 36, 'nral')}NRAL`, `NEW_RELIC_INSERT_KEY=NRII-${fake(B64URL, 32, 'nrii')}`],
    negative: ['NEW_RELIC_LICENSE_KEY=<license>NRAL', `browser key NRJS-${fake(HEX, 19, 'nrjs')}`],
  },
  'sentry-dsn-secret': {
    positive: [`SENTRY_DSN=https://${fake(HEX, 32, 'sentry-pub')}:${fake(HEX, 32, 'sentry-sec')}@o482113.ingest.sentry.io/5512345`],
    negative: [`SENTRY_DSN=https://${fake(HEX, 32, 'sentry-pub2')}@o482113.ingest.sentry.io/5512345`, 'SENTRY_DSN=${SENTRY_DSN}'],
  },
  'sentry-auth-token': {
    positive: [`SENTRY_AUTH_TOKEN=sntrys_${b64(JSON.stringify({ iat: 1716200000, url: 'https://sentry.io', region_url: 'https://us.sentry.io', org: 'acme' }))}_${fake(B64URL, 43, 'sntrys')}`, `SENTRY_AUTH_TOKEN=${fake(HEX, 64, 'sntryu', 'sntryu_')}`],
    negative: ['SENTRY_AUTH_TOKEN=sntrys_<token>', 'SENTRY_AUTH_TOKEN=${SENTRY_AUTH_TOKEN}'],
  },
  'atlassian-api-token': {
    positive: [`JIRA_API_TOKEN=ATATT3xFfGF0${fake(B64URL, 170, 'atatt')}=${fake(HEX, 8, 'atatt-crc').toUpperCase()}`],
    negative: ['JIRA_API_TOKEN=ATATT3xFfGF0...', 'JIRA_API_TOKEN=${JIRA_API_TOKEN}'],
  },
  'linear-api-key': {
    positive: [`LINEAR_API_KEY=${fake(ALNUM, 40, 'linear', 'lin_api_')}`],
    negative: ['LINEAR_API_KEY=lin_api_<key>', `lin_api_${fake(ALNUM, 20, 'linear-short')}`],
  },
  'postman-api-key': {
    positive: [`POSTMAN_API_KEY=PMAK-${fake(HEX, 24, 'pmak-a')}-${fake(HEX, 34, 'pmak-b')}`],
    negative: ['POSTMAN_API_KEY=PMAK-<key>', 'POSTMAN_API_KEY={{postmanApiKey}}'],
  },
  'notion-integration-token': {
    positive: [`NOTION_TOKEN=ntn_${fake(DIGITS, 11, 'ntn-a')}${fake(ALNUM, 35, 'ntn-b')}`, `NOTION_KEY=${fake(ALNUM, 43, 'notion-legacy', 'secret_')}`],
    negative: ['NOTION_TOKEN=ntn_<token>', `const secret_${fake(LOWER, 10, 'notion-ident')} = 1;`],
  },
  'airtable-personal-access-token': {
    positive: [`AIRTABLE_TOKEN=pat${fake(ALNUM, 14, 'airtable-a')}.${fake(HEX, 64, 'airtable-b')}`],
    negative: ['AIRTABLE_TOKEN=pat<token>', 'pattern.matches(input)'],
  },
  'dropbox-access-token': {
    positive: [`DROPBOX_TOKEN=sl.${fake(B64URL, 138, 'dropbox')}`],
    negative: ['DROPBOX_TOKEN=sl.xxxxxxxx', 'sl.no is the Slovenian locale'],
  },
  'contentful-token': {
    positive: [`CONTENTFUL_MANAGEMENT_TOKEN=CFPAT-${fake(B64URL, 43, 'contentful')}`],
    negative: ['CONTENTFUL_MANAGEMENT_TOKEN=CFPAT-<token>', 'CONTENTFUL_MANAGEMENT_TOKEN=${CFPAT}'],
  },
  'figma-token': {
    positive: [`FIGMA_TOKEN=figd_${fake(B64URL, 40, 'figma')}`],
    negative: ['FIGMA_TOKEN=figd_<token>', 'FIGMA_TOKEN=${FIGMA_TOKEN}'],
  },
  'mapbox-secret-token': {
    positive: [`MAPBOX_SECRET=sk.eyJ1Ijoi${b64url('acme-maps","a":"')}${fake(B64URL, 20, 'mapbox-a')}.${fake(B64URL, 22, 'mapbox-b')}`],
    negative: [`mapboxgl.accessToken = 'pk.eyJ1IjoiYWNtZSIsImEiOiJ${fake(B64URL, 20, 'mapbox-pk')}.${fake(B64URL, 22, 'mapbox-pk2')}';`, 'MAPBOX_SECRET=sk.eyJ1Ijoi...'],
  },
  'algolia-admin-key': {
    positive: [`ALGOLIA_ADMIN_API_KEY=${fake(HEX, 32, 'algolia')}`, `algoliaWriteKey: '${fake(HEX, 32, 'algolia-write')}'`],
    negative: [`ALGOLIA_SEARCH_API_KEY=${fake(HEX, 32, 'algolia-search')}`, 'ALGOLIA_ADMIN_API_KEY=${ALGOLIA_ADMIN_KEY}'],
  },
  'firebase-fcm-server-key': {
    positive: [`FCM_SERVER_KEY=AAAA${fake(B64URL, 7, 'fcm-a')}:APA91b${fake(B64URL, 134, 'fcm-b')}`],
    negative: ['FCM_SERVER_KEY=AAAA...:APA91b...', 'registration ids start with APA91b'],
  },
  'age-secret-key': {
    positive: [`# public key: age1${fake(BECH32.toLowerCase(), 58, 'age-pub')}\nAGE-SECRET-KEY-1${fake(BECH32, 58, 'age')}`],
    negative: [`age1${fake(BECH32.toLowerCase(), 58, 'age-pub2')}`, 'AGE-SECRET-KEY-1XXXXXXXX'],
  },

  // ---------------------------------------------------------------- tokens
  jwt: {
    positive: [`Authorization: Bearer ${JWT}`, `{"id_token": "${JWT}"}`],
    negative: [
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
      `${b64url(JSON.stringify({ typ: 'JWT' }))}.${JWT_PAYLOAD}.${fake(B64URL, 43, 'jwt-noalg')}`,
      `${JWT_HEADER}.${JWT_PAYLOAD}`,
    ],
  },
  'bearer-token': {
    positive: [`curl -H "Authorization: Bearer ${fake(ALNUM, 40, 'bearer')}" https://api.acme.io/v1/orders`, `headers = {"Authorization": "Bearer ${fake(B64URL, 48, 'bearer-py')}"}`],
    negative: ['curl -H "Authorization: Bearer $API_TOKEN" https://api.acme.io', 'Authorization: Bearer <token>', 'Authorization: Bearer YOUR_ACCESS_TOKEN', 'Use the bearer authentication scheme'],
  },
  'basic-auth-header': {
    positive: [`Authorization: Basic ${b64(`svc-report:${fake(ALNUM, 14, 'basic')}`)}`],
    negative: [`Authorization: Basic ${b64('user:password')}`, 'Basic authentication is disabled', 'Authorization: Basic ${CREDENTIALS}'],
  },
  'session-cookie': {
    positive: [
      `2024-03-18T09:12:40.664Z DEBUG session created sid=s%3A${fake(B64URL, 32, 'sid-a')}.${fake(B64URL, 43, 'sid-b')} user=19283`,
      `Cookie: theme=dark; JSESSIONID=${fake(HEX.toUpperCase(), 32, 'jsession')}`,
    ],
    negative: ['Set-Cookie: sid=; Max-Age=0', 'sid=S-1-5-21-3623811015-3361044348-30300820-1013', 'session=${SESSION}'],
  },
  'url-query-secret': {
    positive: [`GET /api/v2/export?format=csv&access_token=${fake(ALNUM, 32, 'url-token')} 200 1532ms`, `https://gitlab.acme.io/api/v4/projects?private_token=${fake(B64URL, 20, 'url-priv')}x1`],
    negative: ['https://api.acme.io/items?page=2&token=${TOKEN}', 'https://example.org/login?next=/dashboard&token=', '?api_key=YOUR_API_KEY'],
  },

  // ---------------------------------------------------------------- connection strings
  'postgres-connection-string': {
    positive: [`DATABASE_URL=postgres://app_user:${DB_PASSWORD}@db.internal:5432/orders`, `engine = create_engine("postgresql+psycopg2://etl:${fake(ALNUM, 16, 'pg-etl')}@10.2.0.15/warehouse")`],
    negative: ['DATABASE_URL=postgres://app_user:${DB_PASSWORD}@db.internal:5432/orders', 'postgres://user:password@localhost:5432/db', 'postgres://app_user:@localhost/orders', 'postgres://localhost:5432/orders'],
  },
  'mysql-connection-string': {
    positive: [`spring.datasource.url=mysql://shop:${fake(ALNUM, 14, 'mysql', '', '#1')}@mysql.prod.internal:3306/shop`],
    negative: ['mysql://root:<password>@localhost/shop', 'mysql://shop@localhost/shop'],
  },
  'mongodb-connection-string': {
    positive: [`MONGO_URI=mongodb+srv://api:${fake(ALNUM, 20, 'mongo')}@cluster0.ab1cd.mongodb.net/prod?retryWrites=true`],
    negative: ['MONGO_URI=mongodb+srv://api:<password>@cluster0.ab1cd.mongodb.net/prod', 'MONGO_URI=mongodb://localhost:27017/test'],
  },
  'redis-connection-string': {
    positive: [`REDIS_URL=rediss://:${fake(ALNUM, 24, 'redis')}@cache.acme.io:6380/0`, `redis://default:${fake(ALNUM, 18, 'redis2')}@redis-12345.c1.us-east-1.ec2.cloud.redislabs.com:12345`],
    negative: ['REDIS_URL=redis://localhost:6379/0', 'REDIS_URL=redis://:${REDIS_PASSWORD}@cache:6379'],
  },
  'amqp-connection-string': {
    positive: [`BROKER_URL=amqps://orders:${fake(ALNUM, 16, 'amqp')}@mq.acme.io:5671/prod`],
    negative: ['BROKER_URL=amqp://localhost:5672', 'BROKER_URL=amqp://user:pass@localhost:5672/'],
  },
  'ado-net-connection-string': {
    positive: [`"DefaultConnection": "Server=sql.acme.io;Database=Orders;User Id=orders_app;Password=${fake(ALNUM, 14, 'ado', '', '!9')};"`],
    negative: ['"DefaultConnection": "Server=sql.acme.io;Database=Orders;Trusted_Connection=True;"', 'Server=sql.acme.io;Database=Orders;User Id=app;Password={your_password};'],
  },
  'netrc-credentials': {
    positive: [`machine nexus.acme.io login deploy password ${fake(ALNUM, 14, 'netrc', '', '#+')}`, `machine api.heroku.com\n  login ops@acme.io\n  password ${fake(B64URL, 36, 'netrc-ml')}`],
    negative: ['machine github.com login octocat password ${GITHUB_TOKEN}', 'machine github.com login octocat', 'the default password is set on first boot'],
  },
  'pgpass-entry': {
    positive: [`db-prod-1.internal.acme.io:5432:orders:orders_admin:${fake(ALNUM, 18, 'pgpass', '', '!*')}`, `localhost:*:*:replicator:${fake(ALNUM, 16, 'pgpass-any', '', '=9')}`],
    negative: ['# hostname:port:database:username:password', 'root:x:0:0:root:/root:/bin/bash', 'db:5432:orders:app:password'],
  },
  'url-embedded-credentials': {
    positive: [`git remote add origin https://deploy:${fake(ALNUM, 20, 'git-url')}@git.acme.io/platform/api.git`, `ftp://backup:${fake(ALNUM, 12, 'ftp', '', '9!')}@files.acme.io/nightly/`],
    negative: ['https://user:password@example.com/path', "new URL('https://abc:xyz@example.com')", 'https://a:b@acme.io/', 'https://acme.io/docs?user=jane', 'ssh://git@github.com/acme/api.git', 'https://deploy:${GIT_TOKEN}@git.acme.io/platform/api.git'],
  },

  // ---------------------------------------------------------------- PII
  'email-address': {
    positive: ['Reported by jane.doe@acme-corp.com on 2024-03-02', 'From: "Marc Dupont" <m.dupont+billing@mail.fournisseur.fr>'],
    negative: [
      'contact: user@example.com',
      'background: url(logo@2x.png)',
      'git@github.com:acme/api.git',
      '12345+jdoe@users.noreply.github.com',
      'npm install lodash@4.17.21',
      // Documentation addresses: example.<any TLD>, placeholder domains and people.
      'Questions go to ops@example.dev or jane@docs.example.co.uk',
      'Set MAIL_FROM to your.name@yourcompany.com (or firstname.lastname@your-domain.io)',
      // The user and password of a URL are not an address (the host would be masked with the password).
      `DATABASE_URL=postgres://app:${fake(ALNUM, 12, 'url-pw', '', '!x')}@db.internal:5432/shop`,
      'git clone https://deploy@git.acme-corp.io/platform/api.git',
      // Role mailboxes are an organisation's published contact points.
      'Report vulnerabilities to security@consensys.net, questions to support@acme-corp.com',
      'Contact: privacy@shop.fr, abuse@hoster.net, webmaster@acme-corp.io',
    ],
  },
  'package-author-email': {
    positive: [
      'authors = [\n    {name = "Andrey Hitrin",email = "andrey.hitrin@gmail.com"}\n]',
      '  "author": "Jane Doe <jane.doe@acme-corp.com> (https://acme-corp.com)",',
      "    author_email='m.dupont@fournisseur.fr',",
      'LABEL maintainer="ops.lead@acme-corp.com"',
    ],
    negative: ['authors = [{name = "Ops", email = "team@acme-corp.com"}]', '"author": "Jane Doe <jane@example.com>"', 'Reported by jane.doe@acme-corp.com', 'author: Jane Doe', 'Maintainer: marc.dupont@fournisseur-mail.fr'],
  },
  'package-contributor-email': {
    positive: [
      '  "contributors": [\n    "Li Wei <li.wei@harbourlabs.io>",\n    "Tomás Okafor <tomas.okafor@fastmail.com> (https://okafor.dev)"\n  ],',
      'authors = [\n  { name = "Ana Souza", email = "ana.souza@posteo.de" },\n  { name = "Kenji Mori", email = "k.mori@sakura-mail.jp" },\n]',
    ],
    negative: [
      '  "contributors": ["Dashboard Team <dashboard-team@example.org>"],',
      '"contributors": [],\n"bugs": "https://github.com/acme/dashboard/issues",\nReported by jane.doe@acme-corp.com',
      'const authors = [\n  "li.wei@harbourlabs.io",\n];',
    ],
  },
  'copyright-notice-email': {
    positive: ['Copyright (c) 2018 Priya Raman <priya.raman@fastmail.co.uk>', ' * (c) 2019-2024 Jonas Berg (jonas.berg@posteo.de). All rights reserved.'],
    negative: ['Copyright (c) 2018 Dashboard Team <dashboard-team@example.org>', 'Copyright 2024 Acme Corp', 'Send questions to jane.doe@acme-corp.com'],
  },
  'phone-number-international': {
    positive: ['Support: +44 20 7123 4567', '"phone": "+4915112345678"', 'tel: +33 6 12 34 56 78'],
    negative: ['offset +05:30', 'x = a +12345', 'version +1.2.3', 'Call +1 (415) 555-0123 for the demo line'],
  },
  'phone-number-us': {
    positive: ['Call (312) 748-2096 to reach the night desk', 'phone: 646.239.8810'],
    negative: ['Call (415) 555-0134', 'version 1.2.3', 'date 2024-01-15', 'ip 192.168.100.200', 'id 123-456-78901'],
  },
  'us-social-security-number': {
    positive: ['ssn: 512-43-8876', 'Applicant SSN 219-47-5520 verified'],
    negative: ['000-12-3456', '666-12-3456', '912-34-5678', '123-00-4567', '123-45-0000', 'SSN: 123-45-6789', 'order 2024-01-1234'],
  },
  'credit-card-visa': {
    positive: [`card_number: ${visa}`, `Paid with ${groups(visa, [4, 4, 4, 4], ' ')} on 2024-05-01`],
    negative: ['4111 1111 1111 1111', '4242424242424242', '4646 4646 4646 4644', '4000002760003184', '4111 1111 4555 1142', `${visa.slice(0, 15)}${(Number(visa[15]) + 1) % 10}`, 'ts=4102444800000'],
  },
  'credit-card-mastercard': {
    positive: [`"pan": "${groups(mastercard, [4, 4, 4, 4], '-')}"`],
    negative: ['5555 5555 5555 4444', '5101 1800 0000 0007', '2222 4000 7000 0005', '5454545454545454', `${mastercard.slice(0, 15)}${(Number(mastercard[15]) + 1) % 10}`],
  },
  'credit-card-amex': {
    positive: [`amex ${groups(amex, [4, 6, 5], ' ')} exp 09/27`],
    negative: ['378282246310005', `${amex.slice(0, 14)}${(Number(amex[14]) + 1) % 10}`],
  },
  'credit-card-discover': {
    positive: [`card=${discover}`],
    negative: ['6011111111111117', `${discover.slice(0, 15)}${(Number(discover[15]) + 1) % 10}`],
  },
  'credit-card-jcb': {
    positive: [`JCB ${groups(jcb, [4, 4, 4, 4], ' ')}`],
    negative: ['3530111333300000', `${jcb.slice(0, 15)}${(Number(jcb[15]) + 1) % 10}`],
  },
  'credit-card-diners': {
    positive: [`diners: ${groups(diners, [4, 6, 4], ' ')}`],
    negative: ['30569309025904', `${diners.slice(0, 13)}${(Number(diners[13]) + 1) % 10}`],
  },
  iban: {
    positive: [
      `Beneficiary IBAN: ${spaced4(DE_IBAN)}`,
      `"iban": "${GB_IBAN}"`,
      `France: ${spaced4(iban('FR', `${fake(DIGITS, 10, 'iban-fr')}${fake(UPPER_ALNUM, 11, 'iban-fr-acct')}${fake(DIGITS, 2, 'iban-fr-key')}`))}.`,
      `SEPA: ${spaced4(DE_IBAN).replace(/ /g, '\u00a0')}`,
      `Vienna: ${spaced4(iban('AT', fake(DIGITS, 16, 'iban-at')))} 2025 invoice`,
    ],
    negative: ['DE89 3704 0044 0532 0130 00', 'GB82WEST12345698765432', `IBAN: ${DE_IBAN.slice(0, 2)}${(Number(DE_IBAN.slice(2, 4)) + 1) % 100}${DE_IBAN.slice(4)}`, 'ABCD1234EFGH5678'],
  },
  'ipv4-address': {
    positive: ['client connected from 81.2.69.160 port 52144', 'db_host: 10.42.7.19', 'the proxy (10.42.7.19) refused', 'host=10.42.7.19'],
    negative: [
      'listen 0.0.0.0:8080', 'curl http://127.0.0.1:3000', 'version 10.2.3.4', 'lib 1.2.3.4', 'see 192.0.2.10 (documentation)', 'netmask 255.255.255.0', 'v10.20.30.40', 'release 1.2.3.4.5', 'in section 24.5.1.1 "Runtime Semantics"', 'the release 3.11.4.1 is dropped',
      // Versions in lockfiles and constraints: Gemfile.lock specs and their dependencies, Gemfile and pip pins.
      '    google-protobuf (3.17.0.3)\n    actioncable (7.0.8.1)\n      actionpack (= 7.0.8.1)\n    nokogiri (1.16.5-x86_64-linux)\n      racc (~> 1.4.10.1)',
      "gem 'rails', '~> 7.0.8.1'", 'grpcio-tools==1.62.2.1', 'pkg >= 10.20.30.40',
    ],
  },
  'ipv6-address': {
    positive: ['client 2a03:2880:f12f:83:face:b00c:0:25de connected', 'gateway fe80::1c2a:3bff:fe4d:5e6f'],
    negative: ['listen [::1]:8080', 'example 2001:db8::1', 'documentation prefix 3fff:0:1::5 (RFC 9637)', 'mapped ::ffff:203.0.113.7', 'std::vector<int> v;', 'x = a[1::2]', 'at 12:30:45', 'mac 00:1a:2b:3c:4d:5e'],
  },
  'medical-record-number': {
    positive: ['Patient MRN: 00482913, admitted 2024-02-11', '"medical_record_number": "MR-7730192"'],
    negative: ['MRN: pending', 'the mrn field is required'],
  },
  'date-of-birth': {
    positive: ['"dob": "1984-07-23"', 'date_of_birth: 23/07/1984'],
    negative: ['dob: null', 'birthdate_format: "YYYY-MM-DD"', 'created: 2024-01-01'],
  },

  // ---------------------------------------------------------------- vulnerabilities
  'sql-injection-concatenation': {
    positive: [
      'const rows = await db.query("SELECT * FROM users WHERE email = \'" + req.body.email + "\'");',
      'ResultSet rs = stmt.executeQuery("SELECT id FROM orders WHERE customer = " + customerId);',
    ],
    negative: ['const rows = await db.query("SELECT * FROM users WHERE email = $1", [email]);', 'db.query("SELECT 1" + " FROM dual")', 'log.info("SELECT took " + ms + "ms")'],
  },
  'sql-injection-template-literal': {
    positive: ['const rows = await pool.query(`SELECT * FROM orders WHERE id = ${req.params.id}`);', 'await prisma.$queryRawUnsafe(`DELETE FROM sessions WHERE user_id = ${userId}`);'],
    negative: ['const rows = await pool.query(`SELECT * FROM orders WHERE id = $1`, [id]);', 'const rows = await sql`SELECT * FROM orders WHERE id = ${id}`;'],
  },
  'sql-injection-format-string': {
    positive: ['cursor.execute(f"SELECT * FROM users WHERE name = \'{name}\'")', 'cursor.execute("DELETE FROM carts WHERE id = %s" % cart_id)', 'rows, err := db.Query(fmt.Sprintf("SELECT * FROM users WHERE id = %s", id))'],
    negative: ['cursor.execute("SELECT * FROM users WHERE name = %s", (name,))', 'cursor.execute("SELECT 1")'],
  },
  'nosql-injection': {
    positive: ['const user = await User.findOne(req.body);', 'db.collection("users").find(req.query).toArray()'],
    negative: ['const user = await User.findOne({ email: String(req.body.email) });', 'items.find(x => x.id === id)'],
  },
  'xss-inner-html': {
    positive: ['container.innerHTML = comment.body;', 'el.innerHTML = `<p>${user.bio}</p>`;', "row.outerHTML = '<td>' + name + '</td>';"],
    negative: ["el.innerHTML = '';", "el.innerHTML = '<b>Loading…</b>';", 'el.innerHTML = DOMPurify.sanitize(html);', 'el.textContent = comment.body;'],
  },
  'xss-document-write': {
    positive: ['document.write(location.hash.slice(1));', "document.write('<img src=' + src + '>');"],
    negative: ["document.write('<p>Static footer</p>');"],
  },
  'xss-insert-adjacent-html': {
    positive: ["list.insertAdjacentHTML('beforeend', `<li>${item.name}</li>`);"],
    negative: ["list.insertAdjacentHTML('beforeend', '<li>static</li>');", "list.insertAdjacentText('beforeend', item.name);"],
  },
  'xss-dangerously-set-inner-html': {
    positive: ['<div dangerouslySetInnerHTML={{ __html: post.content }} />', '<span dangerouslySetInnerHTML={markup} />'],
    negative: ['<div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(post.content) }} />', '<div dangerouslySetInnerHTML={{ __html: "<br/>" }} />', '<div dangerouslySetInnerHTML={{ __html: sanitizedHtml }} />'],
  },
  'command-injection-child-process': {
    positive: ['child_process.exec(`convert ${req.query.file} out.png`);', "const out = execSync('git log ' + branch);", 'cp.exec(command, (err, stdout) => done(stdout));'],
    negative: ["execFile('git', ['log', branch]);", "const m = /(\\d+)/.exec(line);", "execSync('npm ci');", 'function execSync(command: string): Buffer;'],
  },
  'command-injection-spawn-shell': {
    positive: ['spawn(cmd, { shell: true, stdio: "inherit" });', "const p = spawn('tar -xzf ' + archive, { shell: true });"],
    negative: ["spawn('tar', ['-xzf', archive]);", "spawn('ls -la', { shell: true });"],
  },
  'command-injection-os-system': {
    positive: ['os.system(f"ping -c 1 {host}")', 'os.system("rm -rf " + path)', 'os.popen(cmd).read()'],
    negative: ['os.system("clear")', 'subprocess.run(["ping", "-c", "1", host])'],
  },
  'command-injection-subprocess-shell': {
    positive: ['subprocess.run(f"tar -xzf {archive}", shell=True)', 'subprocess.check_output(cmd, shell=True, text=True)'],
    negative: ['subprocess.run(["tar", "-xzf", archive], check=True)', 'subprocess.run("make clean", shell=True)'],
  },
  'command-injection-runtime-exec': {
    positive: ['Process p = Runtime.getRuntime().exec("ping " + host);', 'Runtime.getRuntime().exec(command);'],
    negative: ['Runtime.getRuntime().exec(new String[] {"ls", "-la"});', 'long free = Runtime.getRuntime().freeMemory();'],
  },
  'command-injection-shell-c': {
    positive: ['out, err := exec.Command("sh", "-c", userCmd).Output()', 'new ProcessBuilder("bash", "-c", script).start();'],
    negative: ['exec.Command("sh", "-c", "make build")', 'exec.Command("git", "status")'],
  },
  'path-traversal-request-input': {
    positive: ["const data = fs.readFileSync('./uploads/' + req.params.name);", 'res.sendFile(req.query.path, { root: "/" });', "return send_file(request.args.get('file'))"],
    negative: ["const data = fs.readFileSync(path.join(__dirname, 'config.json'));", 'res.sendFile("index.html", { root: publicDir });'],
  },
  'path-traversal-path-join': {
    positive: ['const file = path.join(UPLOAD_DIR, req.params.filename);', "full = os.path.join(BASE_DIR, request.args['name'])"],
    negative: ["const file = path.join(UPLOAD_DIR, path.basename(name));", "const root = path.resolve(__dirname, '..');"],
  },
  'open-redirect': {
    positive: ['res.redirect(req.query.returnTo);', "return redirect(request.args.get('next'))"],
    negative: ["res.redirect('/login');", "return redirect(url_for('index'))"],
  },
  'code-injection-eval': {
    positive: ['const result = eval(req.body.expression);', 'value = eval(user_input)', "eval('var x = ' + data);"],
    negative: ['model.eval()', 'const two = eval("1 + 1");', 'await evaluate(page)', 'declare function eval(x: string): any;'],
  },
  'code-injection-new-function': {
    positive: ['const fn = new Function("a", "b", body);', 'const render = new Function(templateSource);'],
    negative: ['const add = new Function("a", "b", "return a + b");', 'const f = new Function();'],
  },
  'code-injection-timer-string': {
    positive: ['setTimeout("refresh(" + id + ")", 1000);', "setInterval('poll()', 5000);"],
    negative: ['setTimeout(() => refresh(id), 1000);', 'setInterval(poll, 5000);'],
  },
  'insecure-deserialization': {
    positive: ['data = pickle.loads(request.data)', 'config = yaml.load(open(path), Loader=yaml.Loader)', 'doc = yaml.unsafe_load(body)', 'ObjectInputStream in = new ObjectInputStream(socket.getInputStream());'],
    negative: ['config = yaml.safe_load(open(path))', 'config = yaml.load(f, Loader=yaml.SafeLoader)', 'data = json.loads(request.data)', "const doc = yaml.load(fs.readFileSync('app.yml', 'utf8'));"],
  },
  'weak-hash-md5': {
    positive: ["const digest = crypto.createHash('md5').update(password).digest('hex');", 'h = hashlib.md5(token.encode()).hexdigest()', 'MessageDigest md = MessageDigest.getInstance("MD5");'],
    negative: ["crypto.createHash('sha256').update(data)", 'etag = hashlib.md5(body, usedforsecurity=False).hexdigest()', 'checksum: md5sum file.txt'],
  },
  'weak-hash-sha1': {
    positive: ["crypto.createHash('sha1').update(secret)", 'sig = hashlib.sha1(payload).hexdigest()', 'MessageDigest.getInstance("SHA-1")'],
    negative: ["crypto.createHash('sha256')", 'MessageDigest.getInstance("SHA-256")'],
  },
  'weak-cipher-algorithm': {
    positive: ["const cipher = crypto.createCipheriv('des-ede3-cbc', key, iv);", 'Cipher c = Cipher.getInstance("DES/CBC/PKCS5Padding");', 'cipher = ARC4.new(key)'],
    negative: ["crypto.createCipheriv('aes-256-gcm', key, iv)", 'Cipher.getInstance("AES/GCM/NoPadding")', 'const description = "desktop";'],
  },
  'weak-cipher-ecb-mode': {
    positive: ['Cipher c = Cipher.getInstance("AES/ECB/PKCS5Padding");', 'cipher = AES.new(key, AES.MODE_ECB)', 'Cipher c = Cipher.getInstance("AES");'],
    negative: ['Cipher.getInstance("AES/GCM/NoPadding")', 'cipher = AES.new(key, AES.MODE_GCM, nonce=nonce)'],
  },
  'tls-reject-unauthorized-disabled': {
    positive: ['const agent = new https.Agent({ rejectUnauthorized: false });'],
    negative: ['const agent = new https.Agent({ rejectUnauthorized: true, ca });'],
  },
  'tls-node-env-disabled': {
    positive: ["process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';", 'NODE_TLS_REJECT_UNAUTHORIZED=0 npm test'],
    negative: ['NODE_TLS_REJECT_UNAUTHORIZED=1', 'delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;'],
  },
  'tls-verify-disabled-python': {
    positive: ['r = requests.get(url, verify=False)', 'ctx = ssl._create_unverified_context()', 'ctx.verify_mode = ssl.CERT_NONE'],
    negative: ['r = requests.get(url, verify=True)', "r = requests.get(url, verify='/etc/ssl/ca.pem')"],
  },
  'tls-insecure-skip-verify': {
    positive: ['tr := &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}'],
    negative: ['cfg := &tls.Config{InsecureSkipVerify: false, RootCAs: pool}'],
  },
  'tls-curl-insecure': {
    positive: ['curl -k https://internal.acme.io/health', 'RUN curl -fsSLk https://get.acme.io | sh', 'wget --no-check-certificate https://files.acme.io/a.tgz'],
    negative: ['curl -fsSL https://get.acme.io | sh', 'curl --cacert ca.pem https://internal.acme.io', 'curl -o /tmp/kube https://dl.k8s.io'],
  },
  'tls-curlopt-verify-disabled': {
    positive: ['curl_setopt($ch, CURLOPT_SSL_VERIFYPEER, false);', "CURLOPT_SSL_VERIFYHOST => 0,"],
    negative: ['curl_setopt($ch, CURLOPT_SSL_VERIFYPEER, true);', 'curl_setopt($ch, CURLOPT_SSL_VERIFYHOST, 2);'],
  },
  'tls-trust-all-java': {
    positive: [
      'public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException { }',
      'HttpsURLConnection.setDefaultHostnameVerifier(NoopHostnameVerifier.INSTANCE);',
    ],
    negative: ['public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException { delegate.checkServerTrusted(chain, authType); }'],
  },
  'jwt-hardcoded-secret': {
    positive: ["const token = jwt.sign({ sub: user.id }, 'super-secret-signing-key', { expiresIn: '1h' });"],
    negative: ['const token = jwt.sign({ sub: user.id }, process.env.JWT_SECRET, { expiresIn: "1h" });'],
  },
  'jwt-none-algorithm': {
    positive: ["jwt.verify(token, key, { algorithms: ['HS256', 'none'] });", 'payload = jwt.decode(token, key, algorithms=["none"])'],
    negative: ["jwt.verify(token, key, { algorithms: ['RS256'] });"],
  },
  'insecure-random-token': {
    positive: ['const resetToken = Math.random().toString(36).slice(2);', 'session_id = str(random.randint(100000, 999999))', 'function generateToken() { return Math.random().toString(36).substring(2); }'],
    negative: ['const jitter = Math.random() * 100;', "const token = crypto.randomBytes(32).toString('hex');"],
  },

  // ---------------------------------------------------------------- configuration
  'debug-mode-enabled': {
    positive: ['DEBUG = True', 'app.run(host="127.0.0.1", debug=True)', 'FLASK_DEBUG=1', '  debug: true'],
    negative: ['DEBUG = False', 'logger.debug("true")', 'if settings.DEBUG:', 'debug_toolbar: false'],
  },
  'development-environment-setting': {
    positive: ['APP_ENV=development', 'NODE_ENV: "development"'],
    negative: ['APP_ENV=production', 'NODE_ENV: ${NODE_ENV}'],
  },
  'cors-wildcard-with-credentials': {
    positive: ["res.setHeader('Access-Control-Allow-Origin', '*');\nres.setHeader('Access-Control-Allow-Credentials', 'true');", 'Access-Control-Allow-Origin: *\r\nAccess-Control-Allow-Credentials: true'],
    negative: ["res.setHeader('Access-Control-Allow-Origin', 'https://app.acme.io');\nres.setHeader('Access-Control-Allow-Credentials', 'true');", 'Access-Control-Allow-Origin: *'],
  },
  'cors-any-origin-with-credentials': {
    positive: ["app.use(cors({ origin: '*', credentials: true }));", 'app.use(cors({ credentials: true, origin: true }));'],
    negative: ["app.use(cors({ origin: ['https://app.acme.io'], credentials: true }));", "app.use(cors({ origin: '*' }));"],
  },
  'cors-wildcard-origin': {
    positive: ['add_header Access-Control-Allow-Origin *;', "res.header('Access-Control-Allow-Origin', '*');"],
    negative: ['add_header Access-Control-Allow-Origin https://app.acme.io;', 'Access-Control-Allow-Origin: *.acme.io'],
  },
  'bind-all-interfaces': {
    positive: ['app.run(host="0.0.0.0", port=8000)', 'gunicorn -b 0.0.0.0:8000 app:app', 'server:\n  host: 0.0.0.0'],
    negative: ['app.run(host="127.0.0.1")', 'route 0.0.0.0/0 via 10.0.0.1'],
  },
  'network-open-to-world': {
    positive: ['  cidr_blocks = ["0.0.0.0/0"]', '      CidrIp: 0.0.0.0/0'],
    negative: ['  cidr_blocks = ["10.0.0.0/8"]', 'default route 0.0.0.0/0'],
  },
  'x-xss-protection-disabled': {
    positive: ['X-XSS-Protection: 0', "res.setHeader('X-XSS-Protection', '0');"],
    negative: ['X-XSS-Protection: 1; mode=block'],
  },
  'hsts-disabled': {
    positive: ['Strict-Transport-Security: max-age=0', "res.setHeader('Strict-Transport-Security', 'max-age=0');"],
    negative: ['Strict-Transport-Security: max-age=31536000; includeSubDomains'],
  },
  'x-frame-options-allowall': {
    positive: ['X-Frame-Options: ALLOWALL', "response.headers['X-Frame-Options'] = 'ALLOWALL'"],
    negative: ['X-Frame-Options: DENY', 'X-Frame-Options: SAMEORIGIN'],
  },
  'helmet-protection-disabled': {
    positive: ['app.use(helmet({ contentSecurityPolicy: false }));', 'app.use(helmet({\n  hsts: { maxAge: 0 },\n  frameguard: false,\n}));'],
    negative: ['app.use(helmet());', 'app.use(helmet({ contentSecurityPolicy: { directives } }));'],
  },
  'server-tokens-on': {
    positive: ['    server_tokens on;'],
    negative: ['    server_tokens off;'],
  },
  'directory-listing-enabled': {
    positive: ['    autoindex on;', '    Options +Indexes +FollowSymLinks'],
    negative: ['    autoindex off;', '    Options -Indexes +FollowSymLinks'],
  },
  'weak-tls-protocol-config': {
    positive: ['    ssl_protocols TLSv1 TLSv1.1 TLSv1.2;', 'SSLProtocol all +SSLv3'],
    negative: ['    ssl_protocols TLSv1.2 TLSv1.3;', 'SSLProtocol all -SSLv3 -TLSv1 -TLSv1.1'],
  },
  'weak-tls-min-version': {
    positive: ['cfg := &tls.Config{MinVersion: tls.VersionTLS10}', "const server = https.createServer({ minVersion: 'TLSv1', key, cert });", 'ctx = ssl.SSLContext(ssl.PROTOCOL_TLSv1)'],
    negative: ['cfg := &tls.Config{MinVersion: tls.VersionTLS12}', "https.createServer({ minVersion: 'TLSv1.2' })"],
  },
  'default-credentials-admin': {
    positive: ['username: admin\npassword: admin', 'http://admin:admin@192.168.1.1/cgi-bin/config', 'curl -u admin:admin https://grafana.local/api/org'],
    negative: ['username: admin\npassword: ${ADMIN_PASSWORD}', 'admin:administrator@host'],
  },
  'default-credentials-root-empty-password': {
    positive: ['MYSQL_ALLOW_EMPTY_PASSWORD=yes', "user: 'root'\npassword: ''", 'mysql://root@localhost:3306/app'],
    negative: ['MYSQL_ROOT_PASSWORD_FILE=/run/secrets/db_root', "user: 'app'\npassword: ''"],
  },
  'default-credentials-sa-empty-password': {
    positive: ['Server=db;Database=erp;User ID=sa;Password=;', '"Data Source=.;UID=sa;PWD="'],
    negative: ['Server=db;Database=erp;User ID=sa;Password=${SA_PASSWORD};', 'Server=db;User ID=erp_app;Password=;'],
  },
  'default-credentials-guest': {
    positive: ['CELERY_BROKER_URL=amqp://guest:guest@rabbitmq:5672//', 'RABBITMQ_DEFAULT_USER=guest\nRABBITMQ_DEFAULT_PASS=guest'],
    negative: ['CELERY_BROKER_URL=amqp://orders:${RABBIT_PASSWORD}@rabbitmq:5672//', 'guest users cannot log in remotely'],
  },
  'permissive-file-mode': {
    positive: ['RUN chmod -R 777 /app', 'fs.mkdirSync(dir, 0o777);', "  mode: '0777'", 'chmod a+rwx uploads/'],
    negative: ['RUN chmod 755 /app', 'chmod u+rwx script.sh', "mode: '0644'"],
  },
  's3-bucket-public-acl': {
    positive: ['  acl    = "public-read"', 'aws s3 cp site/ s3://acme-site --recursive --acl public-read', '      AccessControl: PublicRead'],
    negative: ['  acl    = "private"', '      AccessControl: Private'],
  },
  'insecure-cookie-flags': {
    positive: ['SESSION_COOKIE_SECURE = False', 'cookie: { httpOnly: false, maxAge: 3600000 }'],
    negative: ['SESSION_COOKIE_SECURE = True', 'cookie: { httpOnly: true, secure: true }'],
  },
  'csrf-protection-disabled': {
    positive: ['http.csrf().disable();', 'WTF_CSRF_ENABLED = False', '@csrf_exempt\ndef webhook(request):'],
    negative: ['WTF_CSRF_ENABLED = True', 'http.csrf(Customizer.withDefaults());'],
  },
  'django-allowed-hosts-wildcard': {
    positive: ["ALLOWED_HOSTS = ['*']", 'ALLOWED_HOSTS = ["api.acme.io", "*"]'],
    negative: ["ALLOWED_HOSTS = ['api.acme.io', '.acme.io']"],
  },

  // ---------------------------------------------------------------- sensitive files
  'sensitive-file-env': {
    positive: ['\tmodified:   .env', 'COPY .env.production /app/', 'web/.env.local'],
    negative: ['cp .env.example .env.sample', 'process.env.NODE_ENV', 'import.meta.env.VITE_URL', '.envrc'],
  },
  'sensitive-file-ssh-private-key': {
    positive: ['~/.ssh/id_rsa', 'COPY id_ed25519 /root/.ssh/', 'deploy/id_ecdsa'],
    negative: ['~/.ssh/id_rsa.pub', 'cat id_ed25519.pub >> authorized_keys', 'user_id_rsa_enabled'],
  },
  'sensitive-file-pem': {
    positive: ['certs/server.pem', 'ssl_certificate_key /etc/nginx/tls/privkey.pem;'],
    negative: ['see the .pem format docs', 'pem_format = true'],
  },
  'sensitive-file-key': {
    positive: ['COPY certs/tls.key /etc/ssl/private/', "key: fs.readFileSync('server.key'),", 'server.key'],
    negative: ['if (event.key === "Enter") submit();', 'const k = item.key;', 'return cache.key;'],
  },
  'sensitive-file-keystore': {
    positive: ['app/release.keystore', 'storeFile file("upload-key.jks")', 'certs/client.p12'],
    negative: ['~/.android/debug.keystore', 'keystore_type = PKCS12'],
  },
  'sensitive-file-cloud-credentials': {
    positive: ['gcloud auth activate-service-account --key-file=service-account-prod.json', '?? credentials.json', 'acme-prod-firebase-adminsdk-x1y2z-9a8b7c6d5e.json', '~/.aws/credentials'],
    negative: ['credentials.example.json', 'const credentials = loadCredentials();'],
  },
  'sensitive-file-auth-config': {
    positive: ['COPY .npmrc /app/.npmrc', '~/.pgpass', '\tnew file:   .git-credentials'],
    negative: ['.npmrc.example', 'npmrc_path = None'],
  },
  'sensitive-file-docker-config': {
    positive: ['~/.docker/config.json'],
    negative: ['docker/config.json.template'],
  },
  'sensitive-file-htpasswd': {
    positive: ['auth_basic_user_file /etc/nginx/.htpasswd;'],
    negative: ['htpasswd_tool_version = 2'],
  },
  'sensitive-file-terraform-state': {
    positive: ['infra/terraform.tfstate', 'terraform.tfstate.backup'],
    negative: ['tfstate_bucket = "acme-tf"'],
  },
  'sensitive-file-kubeconfig': {
    positive: ['export KUBECONFIG=~/.kube/config', 'kubectl --kubeconfig kubeconfig-prod.yaml get pods'],
    negative: ['kube_config_enabled: true'],
  },
  'sensitive-file-secrets-config': {
    positive: ['config/secrets.yml', 'COPY secrets.json /app/'],
    negative: ['config/secrets.example.yml', 'secrets_manager.json_key'],
  },
  'sensitive-file-wp-config': {
    positive: ['public_html/wp-config.php'],
    negative: ['public_html/wp-config-sample.php'],
  },
  'sensitive-file-gpg-keyring': {
    positive: ['~/.gnupg/secring.gpg', '~/.gnupg/private-keys-v1.d/'],
    negative: ['~/.gnupg/pubring.kbx'],
  },

  // ---------------------------------------------------------------- generic
  'infura-rpc-url-key': {
    positive: [`const provider = new JsonRpcProvider("https://mainnet.infura.io/v3/${fake(HEX, 32, 'infura')}");`, `RPC_URL=wss://sepolia.infura.io/ws/v3/${fake(HEX, 32, 'infura-ws')}`],
    negative: ['RPC_URL=https://mainnet.infura.io/v3/${INFURA_PROJECT_ID}', 'https://mainnet.infura.io/v3/YOUR-PROJECT-ID', 'https://ipfs.infura.io:5001/api/v0/add'],
  },
  'alchemy-rpc-url-key': {
    positive: [`ALCHEMY_URL=https://eth-mainnet.g.alchemy.com/v2/${fake(ALNUM, 32, 'alchemy')}`, `  wss://polygon-mainnet.g.alchemy.com/v2/${fake(B64URL, 32, 'alchemy-ws')}`],
    negative: ['https://eth-mainnet.g.alchemy.com/v2/demo', 'https://eth-mainnet.g.alchemy.com/v2/${ALCHEMY_API_KEY}', 'https://eth-mainnet.g.alchemy.com/v2/your-api-key'],
  },
  'generic-password-assignment': {
    positive: ['DB_PASSWORD=Tr0ub4dor&3xK9!q', `  password: "${DB_PASSWORD}"`, `<add name="db" password="${fake(ALNUM, 12, 'xml-attr', '', '#4')}" />`, `spring.datasource.password=${fake(ALNUM, 12, 'props-pw', '', '9')}`, `$config['db_pass'] = '${fake(ALNUM, 10, 'php-pw', '', '%2')}';`, `smtp:\n  pass: ${fake(ALNUM, 12, 'yaml-pass', '', '!3')}`, `const pass = "${fake(ALNUM, 10, 'js-pass', '', '&8')}";`, `Guest WiFi pass: ${fake(ALNUM, 10, 'wifi-pass', '', '!5')}`],
    negative: [
      "password: 'password1'",
      "  dbPassword: 'password2',",
      'password = os.environ["X"]',
      '"password": ""',
      'password: ${DB_PASSWORD}',
      'password = getPassword()',
      'if password == confirm_password:',
      'password = self.password',
      '"password": "Passwort"',
      '<input type="password" name="password">',
      'const password = req.body.password;',
      'password: !vault |',
      'password = "********"',
      'const password = result.groups?.password;',
      // "pass" as a verb in release notes and test reports, with figures as its "value".
      'All tests pass: 91.67% coverage',
      '- Unit and integration tests pass: 412/412 in 38.5s on CI.',
      'Lint, typecheck and e2e pass: v5.9.3 of TypeScript is the minimum.',
      'Benchmarks pass: 250ms p95',
      'All CI checks pass: build-7781b is green',
    ],
  },
  'generic-secret-assignment': {
    positive: [
      `  secretHmacKey: "${fake(HEX.toUpperCase(), 64, 'adyen-hmac')}",`,
      `ADYEN_SECRET_HMAC_KEY=${fake(HEX, 64, 'adyen-hmac-env')}`,
      `webhook_secret: ${fake(B64, 44, 'webhook-secret')}`,
      `  signingSecret: '${fake(HEX, 32, 'signing-secret')}'`,`client_secret = "${fake(ALNUM, 24, 'client-secret')}"`, `SECRET_KEY = 'django-insecure-${fake(`${LOWER_ALNUM}!@#$%^&*(-_=+)`, 50, 'django')}'`, `JWT_SECRET=${fake(ALNUM, 32, 'jwt-secret')}`,
      // Rails' config/secrets.yml and Phoenix's config: the key that signs and encrypts cookies.
      `development:\n  secret_key_base: ${fake(HEX, 128, 'rails-secret-key-base')}`, `  secret_key_base: "${fake(B64, 64, 'phoenix-secret-key-base')}",`],
    negative: ["clientSecret: 'clientSecret2'", "clientSecret: 'clientSecret'", 'secret = "changeme"', 'secretName: my-tls-secret', 'SECRET_KEY = os.getenv("SECRET_KEY")', 'secret: true', "app_secret: '{{ vault_app_secret }}'",
      'production:\n  secret_key_base: <%= ENV["SECRET_KEY_BASE"] %>', '  secret_key_base: System.get_env("SECRET_KEY_BASE"),'],
  },
  'generic-token-assignment': {
    positive: [`auth_token: ${fake(ALNUM, 40, 'auth-token')}`, `const accessToken = "${fake(B64URL, 48, 'access-token')}";`],
    negative: ['token: ${TOKEN}', 'nextPageToken: "CiAKGjBpNDd2Nmp2Zml2cXRwYjBpOXA0czdyYW"', 'token = "abc"', 'token: process.env.API_TOKEN', 'tokenizer = AutoTokenizer.from_pretrained(name)'],
  },
  'generic-api-key-assignment': {
    positive: [
      `const hmacKey = '${fake(HEX, 64, 'hmac-key')}';`,
      `HMAC_KEY=${fake(B64, 44, 'hmac-key-b64')}`,
      `  signing-key: ${fake(HEX, 40, 'signing-key')}`,'api_key = "a8f5f167f44f4964e6c998dee827110c"', `X-API-Key: ${fake(ALNUM, 32, 'x-api-key')}`, `ENCRYPTION_KEY=${fake(B64, 44, 'enc-key')}`],
    negative: ["apiKey: 'api-key-3'", 'hmacKey: process.env.HMAC_KEY', 'apiKey: process.env.API_KEY', 'api_key = "your-api-key"', `access_key_id = "${fake(ALNUM, 20, 'akid')}"`, `stripe.publishableKey = "pk_live_${fake(ALNUM, 24, 'pk')}"`],
  },
  'generic-key-assignment': {
    positive: [`    "Key": "${fake(B64, 86, 'cosmos-key', '', '==')}"`, `  PAGERDUTY_ROUTING_KEY: ${b64(fake(HEX, 32, 'pd-key'))}`, `ssh_key = "${fake(B64, 68, 'ssh-key')}"`],
    negative: ['  key: user-profile-cache-v2', '<li key={item.id}>', `  "key": "${fake(HEX, 40, 'sha-key')}"`, '    "Key": "Settings:Theme:Default"', `    site-key: 6L${fake(B64URL, 38, 'recaptcha-site')}`],
  },
  'generic-private-key-assignment': {
    positive: [`PRIVATE_KEY = "0x${fake(HEX, 64, 'eth-key')}"`, `wallet_private_key: ${fake(B64, 44, 'ed-key')}`],
    negative: ['private_key = load_key("/etc/keys/app.pem")', 'private_key_path = "/etc/ssl/private/app.key"', 'PRIVATE_KEY=${PRIVATE_KEY}'],
  },
  'generic-cli-secret-flag': {
    positive: [`docker login --username ci --password ${fake(ALNUM, 14, 'cli-pw', '', '!x')} registry.acme.io`, `terraform apply -var region=eu --token=${fake(ALNUM, 32, 'cli-token')}`],
    negative: ['echo "$PW" | docker login --password-stdin', 'pino-seq --serverUrl http://localhost:5341 --apiKey 1234567890', 'docker login --password $REGISTRY_PASSWORD', 'gh release upload --token ${{ secrets.GH_TOKEN }}', '/** Every --token given, in order. */'],
  },
  'cli-login-password': {
    positive: [`$ docker login -u deploy -p ${fake(B64URL, 20, 'docker-login')} registry.acme.io`, `sshpass -p '${fake(ALNUM, 12, 'sshpass', '', '!1')}' ssh ops@10.0.3.7`],
    negative: ['echo "$CI_REGISTRY_PASSWORD" | docker login -u "$CI_REGISTRY_USER" --password-stdin', 'docker login -u deploy -p $REGISTRY_PASSWORD registry.acme.io', 'docker run -p 8080:80 nginx'],
  },
  'curl-user-password': {
    positive: [`curl -fsS -u admin:${fake(B64URL, 16, 'curl-u')} https://grafana.internal.acme.io/api/health`, `curl --user "ci:${fake(ALNUM, 20, 'curl-user')}" https://nexus.acme.io/service/rest`],
    negative: ['curl -u "$USER:$PASS" https://api.acme.io', 'curl -u admin https://api.acme.io', 'curl -fsSL https://get.acme.io'],
  },
  'generic-password-prose': {
    positive: ['- The staging DB admin password is Marlin-Quay-7781 (same for pgAdmin)', 'Grafana admin (break-glass only): user `admin`, password `Dk%9.z-y_W!.iIm6rX`'],
    negative: ['The password is required.', 'Passwords are stored as bcrypt hashes.', 'Enter the password `${ADMIN_PASSWORD}` from the vault.', 'the password is at least 12 characters'],
  },
  'generic-password-after-keyword': {
    positive: [
      'Rotate the db password hunter2-Staging!9 before Friday',
      'log in as admin with password S3cr3t!pass and drop the table',
      'set the password to Winter2024!x for the kiosk',
      `pwd: ${fake(ALNUM, 10, 'prose-pwd', '', '7')} (old one)`,
      'passphrase Blue7Horse!x, then unlock the key',
    ],
    negative: [
      'the password field is required',
      'reset your password',
      'password: <your-password>',
      'password = getPassword()',
      'cd /tmp && pwd && ls',
      'sudo passwd --stdin user01',
      'the password is at least 12 characters',
      'password: changeme123',
      'move the password to 1Password',
      'WARN login failed reason=bad_password attempts=3',
      'password attempts=3 lockout=15m',
    ],
  },
  'mysql-cli-password': {
    positive: [`mysql -u root -p${fake(ALNUM, 10, 'mysql-cli', '', '#2')} orders < dump.sql`],
    negative: ['mysql -u root -p orders', 'mysql -h db -P 3306 -u app orders'],
  },
  'generic-xml-secret-element': {
    positive: [`<password>${fake(ALNUM, 12, 'xml-pw', '', '!5')}</password>`, `<apiKey>${fake(ALNUM, 32, 'xml-key')}</apiKey>`],
    negative: ['<password>${env.DB_PASSWORD}</password>', '<password></password>', '<passwordPolicy>strict</passwordPolicy>'],
  },
};
