/**
 * Knowledge table, platform side: deployment, CI, observability, security controls. Rows are keyed
 * by the project pack's catalogue id; names, prose names, packages, files and images are the
 * catalogue's (table.ts joins them). Architecture styles are no technologies: architecture-styles.ts.
 */
import type { CiProvider, ProjectScan, ServerlessConfig } from '../../project/api.js';
import type { TechnologyDecision } from './types.js';

const PLATFORM = 'hosting-platform';
const IAC = 'infrastructure-as-code';

const serverless = (platform: ServerlessConfig['platform']) => (scan: ProjectScan) =>
  scan.infrastructure.serverless.filter((config) => config.platform === platform).map((config) => `${config.path} (${platform})`);

/** Terraform providers that name where the system runs. */
const CLOUDS: Record<string, string> = { aws: 'AWS', google: 'Google Cloud', azurerm: 'Azure', digitalocean: 'DigitalOcean', hcloud: 'Hetzner Cloud', oci: 'Oracle Cloud', linode: 'Linode', cloudflare: 'Cloudflare' };

/** A CI service, shown by the scan's CI files of that provider. */
const ci = (id: string, provider: CiProvider): TechnologyDecision => ({ id, area: 'ci', group: 'ci', evidence: { ci: provider } });

const observability = (id: string, extra: Partial<TechnologyDecision> = {}): TechnologyDecision => ({ id, area: 'observability', ...extra });
const secrets = (id: string): TechnologyDecision => ({ id, area: 'security', group: 'secrets', title: 'Keep secrets in {name}' });
const passwords = (id: string): TechnologyDecision => ({ id, area: 'security', group: 'password-hashing', title: 'Hash passwords with {name}' });

export const PLATFORM_TECHNOLOGIES: TechnologyDecision[] = [
  // Deployment. Containers and Helm complement a platform; hosting platforms and IaC tools compete.
  {
    id: 'docker', area: 'deployment', title: 'Package and run the application in Docker containers',
    evidence: {
      infra: (scan) => [
        ...scan.infrastructure.dockerfiles.map((file) => `${file.path}${file.images.length ? ` (FROM ${file.images.join(', ')})` : ''}`),
        ...scan.infrastructure.compose.map((file) => `${file.path} (${file.services.length} compose services: ${file.services.map((s) => s.name).slice(0, 5).join(', ')})`),
      ],
    },
  },
  {
    id: 'kubernetes', area: 'deployment', group: PLATFORM, title: 'Run the services on Kubernetes',
    evidence: {
      infra: (scan) => {
        const byPath = new Map<string, string[]>();
        for (const r of scan.infrastructure.kubernetes) byPath.set(r.path, [...(byPath.get(r.path) ?? []), r.kind]);
        return [...[...byPath].map(([path, kinds]) => `${path} (${kinds.join(', ')})`), ...scan.infrastructure.helm.map((chart) => `${chart.path} (Helm chart)`)];
      },
    },
  },
  {
    id: 'helm', area: 'deployment', priority: 'medium', reason: 'packaging for a platform already chosen; worth recording with the Kubernetes decision', title: 'Package Kubernetes deployments as Helm charts',
    evidence: { infra: (scan) => scan.infrastructure.helm.map((chart) => `${chart.path}${chart.name ? ` (chart ${chart.name})` : ''}`) },
  },
  {
    id: 'terraform', area: 'deployment', group: IAC, title: 'Manage infrastructure as code with Terraform',
    detail: ({ infrastructure: { terraform } }) => {
      const clouds = terraform.providers.map((p) => CLOUDS[p]).filter((c): c is string => c !== undefined);
      return clouds.length ? `on ${clouds.length > 1 ? `${clouds.slice(0, -1).join(', ')} and ${clouds[clouds.length - 1]}` : clouds[0]}` : null;
    },
    evidence: {
      infra: ({ infrastructure: { terraform } }) =>
        terraform.files.length === 0 ? [] : [`${terraform.files[0]}${terraform.files.length > 1 ? ` and ${terraform.files.length - 1} more .tf files` : ''}${terraform.providers.length ? ` (providers: ${terraform.providers.join(', ')})` : ''}`],
    },
  },
  { id: 'pulumi', area: 'deployment', group: IAC },
  { id: 'aws-cdk', area: 'deployment', group: IAC },
  { id: 'serverless-framework', area: 'deployment', group: PLATFORM, evidence: { infra: serverless('Serverless Framework') } },
  { id: 'aws-sam', area: 'deployment', group: PLATFORM, evidence: { infra: serverless('AWS SAM') } },
  {
    id: 'aws-lambda', area: 'deployment', group: PLATFORM,
    evidence: { infra: (scan) => scan.infrastructure.serverless.filter((c) => c.platform === 'Serverless Framework' || c.platform === 'AWS SAM').map((c) => `${c.path} (${c.platform})`) },
    // Covered by the Serverless/SAM entries when suggesting.
    suggest: false,
  },
  { id: 'vercel', area: 'deployment', group: PLATFORM, evidence: { infra: serverless('Vercel') } },
  { id: 'netlify', area: 'deployment', group: PLATFORM, evidence: { infra: serverless('Netlify') } },
  ...['heroku', 'fly-io', 'render'].map((id): TechnologyDecision => ({ id, area: 'deployment', group: PLATFORM })),

  // Continuous integration.
  ci('github-actions', 'GitHub Actions'),
  ci('gitlab-ci', 'GitLab CI'),
  ci('circleci', 'CircleCI'),
  ci('jenkins', 'Jenkins'),
  ci('azure-pipelines', 'Azure Pipelines'),
  ci('bitbucket-pipelines', 'Bitbucket Pipelines'),
  ci('travis-ci', 'Travis CI'),

  // Observability.
  observability('opentelemetry'),
  observability('prometheus'),
  observability('grafana'),
  observability('sentry', { title: 'Track errors with {name}' }),
  observability('datadog'),
  observability('new-relic'),

  // Security controls.
  { id: 'helmet', area: 'security', title: 'Set HTTP security headers with Helmet' },
  // Helmet sends a default policy, so it confirms an ADR; it is suggested as Helmet.
  { id: 'csp', area: 'security', suggest: false },
  secrets('aws-secrets-manager'),
  secrets('vault'),
  secrets('azure-key-vault'),
  secrets('gcp-secret-manager'),
  { id: 'rate-limiting', area: 'security', title: 'Apply request rate limiting' },
  passwords('bcrypt'),
  passwords('argon2'),
];
