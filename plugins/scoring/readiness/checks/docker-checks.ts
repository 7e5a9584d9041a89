/** Dockerfile hygiene: pinned base images, a non-root user, a health check (or Kubernetes probes). */
import { posix } from 'node:path';
import { stagesOf, unpinnedReason, type Stage } from './dockerfile.js';
import type { CheckInput, CheckOutcome } from './project-checks.js';

interface ReadDockerfile {
  path: string;
  stages: Stage[];
}

async function dockerfiles({ scan, workspace, root }: CheckInput): Promise<ReadDockerfile[]> {
  const out: ReadDockerfile[] = [];
  for (const file of scan.scan.infrastructure.dockerfiles) {
    const text = await workspace.readText(posix.join(root, file.path), { maxBytes: 1024 * 1024 }).catch(() => null);
    if (text !== null) out.push({ path: file.path, stages: stagesOf(text) });
  }
  return out;
}

const NONE: CheckOutcome = { ok: 'skip', evidence: ['no Dockerfile'], fix: null };

/** The three Dockerfile checks, reading each Dockerfile once. */
export async function dockerChecks(input: CheckInput): Promise<{ pinned: CheckOutcome; nonRoot: CheckOutcome; healthcheck: CheckOutcome }> {
  const files = await dockerfiles(input);
  if (files.length === 0) return { pinned: NONE, nonRoot: NONE, healthcheck: NONE };
  const { rel } = input;

  const unpinned: string[] = [];
  const pinnedOk: string[] = [];
  const rootUsers: string[] = [];
  const users: string[] = [];
  const noHealth: string[] = [];
  const health: string[] = [];
  for (const { path, stages } of files) {
    const names = new Set<string>();
    for (const stage of stages) {
      // A FROM naming an earlier stage is built here, not pulled.
      if (!names.has(stage.image.toLowerCase())) {
        const why = unpinnedReason(stage.image);
        (why ? unpinned : pinnedOk).push(`${rel(path)}:${stage.line}: FROM ${stage.image}${why ? ` (${why})` : ''}`);
      }
      if (stage.name) names.add(stage.name.toLowerCase());
    }
    const final = stages[stages.length - 1];
    if (!final) continue;
    const user = final.instructions.filter((i) => i.keyword === 'USER').pop();
    const name = user?.args.split(/\s+/)[0]?.split(':')[0];
    if (!user) rootUsers.push(`${rel(path)}: the final stage (line ${final.line}) sets no USER, so it runs as root (unless ${final.image} sets one)`);
    else if (name === 'root' || name === '0') rootUsers.push(`${rel(path)}:${user.line}: USER ${user.args}`);
    else users.push(`${rel(path)}:${user.line}: USER ${user.args}`);
    const check = final.instructions.filter((i) => i.keyword === 'HEALTHCHECK').pop();
    if (check && !/^NONE\b/i.test(check.args)) health.push(`${rel(path)}:${check.line}: HEALTHCHECK ${check.args.slice(0, 80)}`);
    else noHealth.push(`${rel(path)}: ${check ? `line ${check.line}: HEALTHCHECK NONE` : 'no HEALTHCHECK in the final stage'}`);
  }

  // Kubernetes probes do what HEALTHCHECK does (Kubernetes ignores HEALTHCHECK).
  const probes: string[] = [];
  if (noHealth.length > 0) {
    for (const resource of input.scan.scan.infrastructure.kubernetes.slice(0, 200)) {
      const text = await input.workspace.readText(posix.join(input.root, resource.path), { maxBytes: 1024 * 1024 }).catch(() => '');
      text.split(/\r?\n/).forEach((line, i) => {
        if (/^\s*(?:liveness|readiness|startup)Probe:/.test(line)) probes.push(`${rel(resource.path)}:${i + 1}: ${line.trim()}`);
      });
    }
  }

  return {
    pinned: unpinned.length
      ? { ok: false, evidence: unpinned.slice(0, 20), fix: 'Pin each base image to a version tag (node:20.11-alpine) or a digest (@sha256:...) so builds are reproducible.' }
      : { ok: true, evidence: pinnedOk.slice(0, 20), fix: null },
    nonRoot: rootUsers.length
      ? { ok: false, evidence: rootUsers.slice(0, 20), fix: 'Add a non-root user and switch to it in the final stage (RUN adduser ... && USER app), or use an image that runs unprivileged.' }
      : { ok: true, evidence: users.slice(0, 20), fix: null },
    healthcheck:
      noHealth.length === 0
        ? { ok: true, evidence: health.slice(0, 20), fix: null }
        : probes.length
          ? { ok: true, evidence: [...noHealth.slice(0, 10), `Kubernetes probes instead: ${probes.slice(0, 5).join('; ')}`], fix: null }
          : { ok: false, evidence: noHealth.slice(0, 20), fix: 'Add a HEALTHCHECK (e.g. HEALTHCHECK CMD curl -f http://localhost:8080/health || exit 1) or liveness/readiness probes where it runs.' },
  };
}
