/**
 * generate_deployment_guidance on three realistic projects: the type detected with its
 * evidence, steps naming each project's own files and commands, a source for every step,
 * the accepted ADRs followed (never a proposed one), environment and security differences.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { composeApp, kubernetesShop, serverlessWorker } from './guidance-fixtures.js';

const PACKS = ['project', 'adr', 'security', 'deployment'];

let kernel: TestToolpack | undefined;
afterEach(async () => {
  await kernel?.stop();
  kernel = undefined;
});

async function guidance(workspace: string, args: Record<string, unknown>) {
  kernel = await startTestToolpack({ workspace, config: { plugins: PACKS } });
  const result = outcome((await kernel.call('generate_deployment_guidance', args)) as never);
  expect(result.isError, result.text).toBe(false);
  return result.data;
}

const commandsOf = (data: any): string[] => data.steps.flatMap((s: any) => s.commands);

/** Every step has a source, and every file or ADR it names is in the project. */
function expectSourced(root: string, data: any) {
  for (const step of data.steps) {
    expect(['adr', 'file', 'convention'], step.title).toContain(step.source.kind);
    if (step.source.kind !== 'convention') expect(existsSync(join(root, step.source.path)), `${step.title}: ${step.source.path}`).toBe(true);
    if (step.decidedBy) expect(existsSync(join(root, step.decidedBy.path))).toBe(true);
  }
}

describe('generate_deployment_guidance', () => {
  it('guides a Kubernetes project to production with its own manifests, chart, Terraform folder, image and scripts', async () => {
    const root = kubernetesShop();
    const data = await guidance(root, { targetEnvironment: 'production' });
    expect(data.summary).toMatch(/^\d+ steps to deploy to production as kubernetes/);
    expect(data.deploymentType).toMatchObject({ requested: 'auto-detect', used: 'kubernetes', detected: 'kubernetes' });
    expect(data.deploymentType.evidence).toEqual(expect.arrayContaining(['k8s/deployment.yaml (Deployment shop-api)', 'charts/shop/Chart.yaml (Helm chart shop)']));

    const commands = commandsOf(data);
    expect(commands).toEqual(
      expect.arrayContaining([
        'npm ci',
        'npm run build',
        'npm test',
        'npm run lint',
        'npm run migrate',
        // The name the Deployment pulls (registry.acme.io/shop-api), not compose's local one.
        'docker build -f Dockerfile -t registry.acme.io/shop-api:1.4.0 .',
        'docker push registry.acme.io/shop-api:1.4.0',
        'kubectl apply --dry-run=server -f k8s',
        'kubectl apply -f k8s',
        'kubectl rollout status deployment/shop-api',
        'helm upgrade --install shop charts/shop -f charts/shop/values-production.yaml --atomic --wait',
        'terraform -chdir=infra init',
        'terraform -chdir=infra plan -var-file=production.tfvars -out=tfplan',
        'terraform -chdir=infra apply tfplan',
        'pg_dump --format=custom --file=pre-deploy.dump \'<database url>\'',
        'helm rollback shop',
        'kubectl rollout undo deployment/shop-api',
      ]),
    );
    // The chart's templates are helm's to render, not kubectl's to apply.
    expect(commands.some((c) => c.includes('charts/shop/templates'))).toBe(false);

    // The accepted ADRs drive steps; the proposed Lambda one does not.
    expect(data.adrs.accepted).toBe(2);
    expect(data.adrs.used.map((a: any) => a.path)).toEqual(['docs/adrs/0001-use-kubernetes-for-deployment.md', 'docs/adrs/0002-use-postgresql.md']);
    expect(data.adrs.used[0].technologies).toEqual(expect.arrayContaining(['Kubernetes', 'Helm']));
    const apply = data.steps.find((s: any) => s.commands.includes('kubectl apply -f k8s'));
    expect(apply.source).toEqual({ kind: 'file', path: 'k8s/deployment.yaml' });
    expect(apply.decidedBy.path).toBe('docs/adrs/0001-use-kubernetes-for-deployment.md');
    const backup = data.steps.find((s: any) => s.title === 'Back up PostgreSQL before deploying');
    expect(backup.source).toEqual({ kind: 'adr', path: 'docs/adrs/0002-use-postgresql.md', title: 'Use PostgreSQL' });
    expect(data.steps.find((s: any) => s.commands.includes('npm run migrate')).title).toBe('Apply the database migrations in db/migrations');
    expect(JSON.stringify(data)).not.toMatch(/lambda|serverless deploy|sls /i);
    expectSourced(root, data);

    // Production-only steps, and the security findings on this project's files.
    const titles = data.steps.map((s: any) => s.title);
    expect(titles).toEqual(expect.arrayContaining(['Record the release being replaced', 'Get the production deployment approved', 'Smoke-test production', 'Rollback plan: undo the rollout']));
    expect(data.steps.at(-1).phase).toBe('rollback');
    const finding = (title: string) => data.steps.find((s: any) => s.title === title)?.finding;
    expect(finding('No environment file in the repository')).toEqual({ status: 'fail', evidence: ['.env'] });
    expect(finding('No secret in the deployment configuration').status).toBe('fail');
    expect(finding('No secret in the deployment configuration').evidence.join(' ')).toMatch(/^\.env:\d/);
    expect(finding('Pin every image to a version or digest')).toEqual({ status: 'warning', evidence: ['k8s/deployment.yaml (Deployment shop-api): registry.acme.io/shop-api:latest'] });
    expect(data.steps.find((s: any) => s.title === 'Pin every image to a version or digest').source).toEqual({ kind: 'file', path: 'k8s/deployment.yaml' });
    expect(finding('Run containers as a non-root user')).toMatchObject({ status: 'pass' });
    expect(finding('Kubernetes workloads set runAsNonRoot')).toEqual({ status: 'warning', evidence: ['k8s/deployment.yaml (Deployment shop-api)'] });
    expect(finding('Kubernetes containers have resource limits').status).toBe('warning');
    expect(finding('Terraform state is not in the repository').status).toBe('pass');
    expect(data.security).toMatchObject({ fail: 2 });
    // No secret value reaches the result.
    expect(JSON.stringify(data)).not.toContain('ghp_');
  }, 60_000);

  it('gives production more steps than development, and drops the security steps when asked', async () => {
    const root = kubernetesShop();
    const production = await guidance(root, { targetEnvironment: 'production' });
    await kernel!.stop();
    const development = await guidance(root, { targetEnvironment: 'development', includeSecurityChecks: false });
    expect(production.totalSteps).toBeGreaterThan(development.totalSteps);
    expect(development.security).toBeNull();
    expect(development.steps.some((s: any) => s.phase === 'security' || s.finding)).toBe(false);
    expect(development.steps.some((s: any) => s.phase === 'rollback' || /approved|Back up/.test(s.title))).toBe(false);
    // Development applies without the dry run against a shared cluster, and takes no production values.
    const commands = commandsOf(development);
    expect(commands).toContain('kubectl apply -f k8s');
    expect(commands).not.toContain('kubectl apply --dry-run=server -f k8s');
    expect(commands.join('\n')).not.toContain('values-production.yaml');
    expect(commands).toContain('terraform -chdir=infra plan -out=tfplan');
  }, 60_000);

  it('guides a serverless Python worker with its own commands, none of the Kubernetes project\'s', async () => {
    const root = serverlessWorker();
    const data = await guidance(root, { targetEnvironment: 'staging' });
    expect(data.deploymentType).toMatchObject({ used: 'serverless', detected: 'serverless', evidence: ['serverless.yml (Serverless Framework)'] });
    const commands = commandsOf(data);
    expect(commands).toEqual(expect.arrayContaining(['make install', 'make test', 'sls deploy --stage staging', 'sls info --stage staging', 'alembic upgrade head']));
    expect(commands.join('\n')).not.toMatch(/kubectl|helm|docker|terraform|npm/);
    const deploy = data.steps.find((s: any) => s.commands.includes('sls deploy --stage staging'));
    expect(deploy.source).toEqual({ kind: 'file', path: 'serverless.yml' });
    expect(deploy.decidedBy).toEqual({ path: 'docs/adrs/0001-run-billing-on-aws-lambda.md', title: 'Run billing on AWS Lambda' });
    expect(data.steps.find((s: any) => s.title === 'No environment file in the repository').finding).toEqual({ status: 'pass', evidence: [] });
    expect(data.warnings).toEqual([]);
    expectSourced(root, data);
  }, 60_000);

  it('detects compose services and uses the production override; an explicit type the project lacks is a warning', async () => {
    const root = composeApp();
    const data = await guidance(root, { targetEnvironment: 'production' });
    expect(data.deploymentType.used).toBe('docker');
    expect(data.deploymentType.evidence).toEqual(expect.arrayContaining(['services/web/Dockerfile (Dockerfile)', 'docker-compose.yml (compose: 3 services)']));
    expect(commandsOf(data)).toEqual(
      expect.arrayContaining([
        'docker build -f services/web/Dockerfile -t ledger/web:production services/web',
        'docker build -f services/worker/Dockerfile -t ledger/worker:production services/worker',
        'docker compose -f docker-compose.yml -f docker-compose.prod.yml up -d web worker cache',
      ]),
    );
    const pinning = data.steps.find((s: any) => s.title === 'Pin every image to a version or digest').finding;
    expect(pinning).toEqual({ status: 'warning', evidence: ['docker-compose.yml (cache): redis'] });
    expect(data.steps.find((s: any) => s.title === 'Run containers as a non-root user').finding.evidence).toEqual(['services/web/Dockerfile: no USER in the final stage']);
    await kernel!.stop();

    const asked = await guidance(root, { targetEnvironment: 'staging', deploymentType: 'kubernetes' });
    expect(asked.deploymentType).toMatchObject({ requested: 'kubernetes', used: 'kubernetes', detected: 'docker' });
    expect(asked.warnings[0]).toMatch(/deploymentType "kubernetes" was asked for but the project has no kubernetes configuration/);
    expect(asked.steps.some((s: any) => s.title === 'Add the kubernetes configuration')).toBe(true);
    expect(commandsOf(asked)).toContain('docker build -f services/web/Dockerfile -t ledger/web:staging services/web');
  }, 60_000);

  it('rejects an environment outside the enum, naming the parameter', async () => {
    kernel = await startTestToolpack({ workspace: composeApp(), config: { plugins: PACKS } });
    const result = outcome((await kernel.call('generate_deployment_guidance', { targetEnvironment: 'prod' })) as never);
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/targetEnvironment/);
  }, 60_000);
});
