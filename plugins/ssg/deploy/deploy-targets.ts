/**
 * Where a GitHub Actions workflow deploys a site: GitHub Pages (the Pages actions or a
 * gh-pages branch), and the other hosts docs sites use: Cloudflare Pages, Netlify,
 * Vercel, Firebase Hosting, an S3 bucket. Read from the steps' `uses:` (the action),
 * their inputs, and `run:` commands (the host's CLI), so a workflow that deploys
 * elsewhere is a deploy workflow with its target, not "does not deploy".
 */
import { parse } from 'yaml';

export interface DeployTarget {
  /** Stable id: github-pages, github-pages-branch, cloudflare-pages, netlify, vercel, firebase-hosting, aws-s3. */
  id: string;
  /** As people say it: "Cloudflare Pages". */
  name: string;
  /** The step that deploys: the action (with its version) or the command. */
  via: string;
  /** The folder it publishes, when the step names it. */
  directory?: string;
}

type Step = Record<string, unknown>;

const str = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined);
const withOf = (step: Step) => (step.with && typeof step.with === 'object' ? (step.with as Record<string, unknown>) : {});
const envOf = (step: Step) => (step.env && typeof step.env === 'object' ? (step.env as Record<string, unknown>) : {});
const actionOf = (step: Step) => str(step.uses)?.split('@')[0]?.toLowerCase();

/** The first argument of `words` after the one matching `after` that is not an option. */
function argAfter(command: string, after: RegExp): string | undefined {
  const words = command.trim().split(/\s+/);
  const at = words.findIndex((w) => after.test(w));
  if (at < 0) return undefined;
  return words.slice(at + 1).find((w) => !w.startsWith('-') && !/^[|&;]/.test(w));
}

/** `--flag=value` or `--flag value` in a command. */
function option(command: string, flag: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)--${flag}(?:=|\\s+)("[^"]*"|'[^']*'|\\S+)`).exec(command);
  return m?.[1]?.replace(/^["']|["']$/g, '');
}

/**
 * One host: the actions that deploy to it (each returns the folder published, '' or undefined
 * when unnamed, false when this use of the action is not a deployment there), and its CLI's command.
 */
interface Matcher {
  id: string;
  name: string;
  actions?: Record<string, (step: Step) => string | undefined | false>;
  command?: { test: RegExp; directory?: (line: string) => string | undefined };
}

const MATCHERS: Matcher[] = [
  { id: 'github-pages', name: 'GitHub Pages', actions: { 'actions/deploy-pages': () => undefined } },
  {
    id: 'github-pages-branch',
    name: 'GitHub Pages (gh-pages branch)',
    actions: { 'peaceiris/actions-gh-pages': (s) => str(withOf(s).publish_dir), 'jamesives/github-pages-deploy-action': (s) => str(withOf(s).folder) },
  },
  {
    id: 'cloudflare-pages',
    name: 'Cloudflare Pages',
    actions: {
      'cloudflare/pages-action': (s) => str(withOf(s).directory),
      // wrangler-action deploys Pages only when its command says so (else it is a Worker).
      'cloudflare/wrangler-action': (s) => {
        const command = str(withOf(s).command) ?? '';
        return /\bpages\s+(?:deploy|publish)\b/.test(command) ? (argAfter(command, /^(?:deploy|publish)$/) ?? '') : false;
      },
    },
    command: { test: /\bwrangler(?:@\S+)?\s+pages\s+(?:deploy|publish)\b/, directory: (line) => argAfter(line, /^(?:deploy|publish)$/) },
  },
  {
    id: 'netlify',
    name: 'Netlify',
    actions: {
      'nwtgck/actions-netlify': (s) => str(withOf(s)['publish-dir']),
      'netlify/actions/cli': (s) => (/\bdeploy\b/.test(str(withOf(s).args) ?? '') ? (option(str(withOf(s).args)!, 'dir') ?? '') : false),
      'south-paw/action-netlify-deploy': (s) => str(withOf(s)['build-dir']),
    },
    command: { test: /\bnetlify(?:-cli)?(?:@\S+)?\s+deploy\b/, directory: (line) => option(line, 'dir') },
  },
  {
    id: 'vercel',
    name: 'Vercel',
    actions: { 'amondnet/vercel-action': (s) => str(withOf(s)['working-directory']) },
    command: { test: /\bvercel(?:@\S+)?\s+(?:deploy\b|--prod\b)/ },
  },
  {
    id: 'firebase-hosting',
    name: 'Firebase Hosting',
    actions: {
      'firebaseextended/action-hosting-deploy': () => undefined,
      'w9jds/firebase-action': (s) => (/\bdeploy\b/.test(str(withOf(s).args) ?? '') && !/--only\s+(?!hosting)\w/.test(str(withOf(s).args) ?? '') ? undefined : false),
    },
    command: { test: /\bfirebase(?:-tools)?(?:@\S+)?\s+deploy\b(?![^\n]*--only\s+(?!hosting)\w)/ },
  },
  {
    id: 'aws-s3',
    name: 'AWS S3',
    actions: { 'jakejarvis/s3-sync-action': (s) => str(envOf(s).SOURCE_DIR), 'reggionick/s3-deploy': (s) => str(withOf(s).folder) },
    command: { test: /\baws\s+s3\s+(?:sync|cp)\b[^\n]*\bs3:\/\//, directory: (line) => argAfter(line, /^(?:sync|cp)$/) },
  },
];

/** The deploy targets of a workflow's text, in step order; [] when it is not YAML or deploys nowhere known. */
export function deployTargets(text: string): DeployTarget[] {
  let doc: unknown;
  try {
    doc = parse(text);
  } catch {
    return [];
  }
  const jobs = doc && typeof doc === 'object' ? (doc as { jobs?: unknown }).jobs : undefined;
  if (!jobs || typeof jobs !== 'object') return [];
  const steps = Object.values(jobs as Record<string, { steps?: unknown }>).flatMap((job) => (job && Array.isArray(job.steps) ? (job.steps as Step[]) : []));
  const found: DeployTarget[] = [];
  for (const step of steps.filter((s) => s && typeof s === 'object')) {
    const action = actionOf(step);
    const run = str(step.run);
    // A folder named by the step is relative to where it runs.
    const workdir = str(step['working-directory']) ?? str(withOf(step).workingDirectory);
    const under = (dir: string | undefined) => (dir && workdir && !dir.startsWith('/') ? `${workdir.replace(/\/+$/, '')}/${dir.replace(/^\.\//, '')}` : dir);
    for (const matcher of MATCHERS) {
      const byAction = action ? matcher.actions?.[action] : undefined;
      if (byAction) {
        const named = byAction(step);
        if (named === false) continue;
        const directory = under(named);
        found.push({ id: matcher.id, name: matcher.name, via: str(step.uses)!, ...(directory ? { directory } : {}) });
        break;
      }
      const line = run?.split('\n').find((l) => matcher.command?.test.test(l));
      if (line && matcher.command) {
        const directory = under(matcher.command.directory?.(line));
        found.push({ id: matcher.id, name: matcher.name, via: line.trim().slice(0, 120), ...(directory ? { directory } : {}) });
        break;
      }
    }
  }
  return found;
}
