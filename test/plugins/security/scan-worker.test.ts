/**
 * The scan worker pool and what crosses to it: a job past its budget is
 * stopped by terminating its worker (the next job gets a fresh one), a
 * cancelled call stops its job, and large scans on the worker find what the
 * same scan in process finds, third-party rules with a validate function
 * included (they run in process and their candidates travel with the job).
 */
import { describe, expect, it } from 'vitest';
import { isToolError } from '../../../sdk/index.js';
import { startTestToolpack } from '../../../sdk/testing.js';
import { securityRulesExtensionPoint, type SecurityRulesExtension } from '../../../plugins/security/api.js';
import { ScanPool } from '../../../plugins/security/worker/scan-pool.js';
import { findWorkerFile } from '../../../plugins/security/worker/worker-file.js';
import { fakeString } from './fake-secrets.js';
import { fullResult } from '../../helpers/full-result.js';

/** A worker that answers each job at once, or never (input "spin": a busy loop no budget check interrupts). */
const TOY_WORKER = new URL(
  `data:text/javascript,${encodeURIComponent(`
    import { parentPort } from 'node:worker_threads';
    parentPort.on('message', (m) => {
      if (m.input === 'spin') for (;;);
      parentPort.postMessage({ id: m.id, ok: true, output: 'done ' + m.input });
    });
  `)}`,
);

const job = (input: string) => ({ job: 'basicMasking' as const, input, custom: [], presets: [] });

describe('ScanPool', () => {
  it('terminates a worker past the budget, fails the job with a clear error, and serves the next job', async () => {
    const pool = new ScanPool({ url: TOY_WORKER, execArgv: [] }, { size: 1, timeoutMs: 200, setup: () => ({ rules: [] }) });
    try {
      const started = performance.now();
      const error = await pool.run(job('spin')).catch((e: unknown) => e);
      expect(isToolError(error) && error.type).toBe('ContentError');
      expect((error as Error).message).toContain('time budget of 200 ms');
      expect(performance.now() - started).toBeLessThan(10_000);
      await expect(pool.run(job('next'))).resolves.toBe('done next');
    } finally {
      await pool.close();
    }
  });

  it('queues jobs beyond its workers and stops a cancelled one', async () => {
    const pool = new ScanPool({ url: TOY_WORKER, execArgv: [] }, { size: 1, timeoutMs: 60_000, setup: () => ({ rules: [] }) });
    try {
      const controller = new AbortController();
      const spinning = pool.run(job('spin'), controller.signal).catch((e: Error) => e.message);
      const queued = pool.run(job('after'));
      setTimeout(() => controller.abort(), 100);
      expect(await spinning).toContain('cancelled');
      await expect(queued).resolves.toBe('done after');
    } finally {
      await pool.close();
    }
  });

  it('finds the worker entry beside its module (the .ts one, through jiti, when running the sources)', () => {
    const file = findWorkerFile();
    expect(file?.url.pathname).toMatch(/security-scan-worker\.(?:js|ts)$/);
  });
});

describe('scans on the worker', () => {
  // Rules a third party adds through security.rules, as a module would: contributed by the test helper.
  const addAcmeRules = (target: SecurityRulesExtension) => {
    // A validator is a function: this rule cannot cross to the worker and runs in process.
    target.addRule({ id: 'acme-service-token', category: 'secret', description: 'ACME service token', pattern: /\bacme_svc_[A-Za-z0-9]{24}\b/, keywords: ['acme_svc_'], validate: (value: string) => value.endsWith('7'), severity: 'critical', confidence: 0.95, recommendation: 'Revoke it.' });
    // Plain data: sent to the worker.
    target.addRule({ id: 'zeta-key', category: 'secret', description: 'Zeta key', pattern: /\bzeta_[a-z0-9]{20}\b/, severity: 'high', confidence: 0.9, recommendation: 'Rotate it.', allowList: [/^zeta_0{20}$/] });
  };

  it('find what the same scan finds in process, third-party rules and saved custom rules included', async () => {
    const kernel = await startTestToolpack({ config: { plugins: ['security'] }, extensions: [[securityRulesExtensionPoint, addAcmeRules]] });
    try {
      const valid = `acme_svc_${fakeString(23, 1)}7`;
      const invalid = `acme_svc_${fakeString(23, 2)}8`;
      const zeta = `zeta_${fakeString(20, 3, 'abcdefghijklmnopqrstuvwxyz0123456789')}`;
      expect((await kernel.call('configure_custom_patterns', { projectPath: '.', existingPatterns: ['ORD-[0-9]{5}'] })).isError).toBeFalsy();
      const sample = `a = "${valid}"\nb = "${invalid}"\nc = "${zeta}"\nd = "zeta_${'0'.repeat(20)}"\nref INT-482910\norder ORD-12345\n`;
      const padding = 'const n = 1;\n'.repeat(40_000); // over 256 KiB: the worker's size
      const patterns = (content: string) => kernel.call('analyze_content_security', { content, userDefinedPatterns: ['INT-[0-9]{6}'] });
      const found = (result: any) => result.structuredContent.securityIssues.map((i: any) => `${i.pattern}@${i.line}`);
      const small = found(await patterns(sample));
      expect(small).toEqual(['acme-service-token@1', 'zeta-key@3', 'user-pattern-1@5', 'custom-existing-1@6']);
      const large = found(await patterns(padding + sample));
      expect(large).toEqual(small.map((f: string) => f.replace(/@(\d+)$/, (_, line) => `@${Number(line) + 40_000}`)));

      const masked = await fullResult(kernel, (await kernel.call('generate_content_masking', { content: padding + sample })).structuredContent);
      expect(masked.maskedContent).toContain('a = "[MASKED_ACME_SERVICE_TOKEN]"');
      expect(masked.maskedContent).toContain(`b = "${invalid}"`);
      expect(masked.maskedContent).toContain('c = "[MASKED_ZETA_KEY]"');
    } finally {
      await kernel.stop();
    }
  });

  it('share a text of 1 MiB or more between both workers and report what one worker reports', async () => {
    const start = (scanWorkers: number) => startTestToolpack({ config: { plugins: [['security', { scanWorkers }]] }, extensions: [[securityRulesExtensionPoint, addAcmeRules]] });
    const [one, two] = [await start(1), await start(2)];
    try {
      const sample = `a = "acme_svc_${fakeString(23, 1)}7"\nb = "acme_svc_${fakeString(23, 2)}8"\nc = "zeta_${fakeString(20, 3, 'abcdefghijklmnopqrstuvwxyz0123456789')}"\nref INT-482910 mail jane.doe@corp-mail.io\nGITHUB_TOKEN=ghp_${fakeString(36, 4)}\n`;
      const content = Array.from({ length: 300 }, (_, i) => `${'const n = 1;\n'.repeat(300)}${sample.replace('INT-', `INT-${i % 10}`)}`).join('');
      expect(content.length).toBeGreaterThan(1024 * 1024);
      const analyse = async (kernel: typeof one) => (await kernel.call('analyze_content_security', { content, userDefinedPatterns: ['INT-[0-9]{6}'], complianceFrameworks: ['GDPR'] })).structuredContent as any;
      const [single, shared] = [await analyse(one), await analyse(two)];
      expect(shared).toEqual(single);
      expect(single.totalFindings).toBe(300 * 5);
      expect(single.patterns.detected.sort()).toEqual(['acme-service-token', 'email-address', 'github-personal-access-token', 'user-pattern-1', 'zeta-key']);
    } finally {
      await one.stop();
      await two.stop();
    }
  });
});
