/**
 * Docker steps: build each Dockerfile with the image name its compose service gives it (or
 * its folder's name), push for shared environments, and bring the compose services up with
 * the environment's override file when the project has one.
 */
import { posix } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { decidedBy } from './adrs.js';
import { forEnvironment, namesEnv, safeName, type GuidanceContext } from './context.js';
import { deployedImages, repositoryOf } from './deployed-images.js';
import { folderOf } from './project-files.js';
import { command, type GuidanceStep } from './types.js';

interface ComposeBuild {
  service: string;
  image: string;
  context: string;
  dockerfile: string;
}

/** The services of a compose file that build an image, with their context and Dockerfile relative to the project. */
async function composeBuilds(ctx: GuidanceContext, path: string): Promise<ComposeBuild[]> {
  const text = await ctx.files.read(path);
  if (text === null) return [];
  let doc: any;
  try {
    doc = parseYaml(text);
  } catch {
    return [];
  }
  const services = doc && typeof doc.services === 'object' && doc.services ? (doc.services as Record<string, any>) : {};
  const dir = folderOf(path);
  // Compose names built images "<project>-<service>", the project being the compose file's folder.
  const composeProject = safeName(typeof doc?.name === 'string' ? doc.name : dir === '.' ? ctx.projectName : posix.basename(dir));
  const builds: ComposeBuild[] = [];
  for (const [service, spec] of Object.entries(services)) {
    const build = spec?.build;
    if (build === undefined) continue;
    const context = posix.normalize(posix.join(dir, typeof build === 'string' ? build : typeof build?.context === 'string' ? build.context : '.'));
    const dockerfile = posix.normalize(posix.join(context, typeof build?.dockerfile === 'string' ? build.dockerfile : 'Dockerfile'));
    const image = typeof spec.image === 'string' ? spec.image.replace(/:[^/:]+$/, '') : `${composeProject}-${safeName(service)}`;
    builds.push({ service, image, context, dockerfile });
  }
  return builds;
}

const composeFileSort = (a: string, b: string) => a.split('/').length - b.split('/').length || a.localeCompare(b);

export async function dockerSteps(ctx: GuidanceContext): Promise<GuidanceStep[]> {
  const { env, scan } = ctx;
  const infra = scan.infrastructure;
  const steps: GuidanceStep[] = [];
  const adr = decidedBy(ctx.adrs, 'Docker');
  const tag = ctx.version ?? env;
  const builds = (await Promise.all(infra.compose.map((c) => composeBuilds(ctx, c.path)))).flat();
  // One Dockerfile and manifests deploying images other than its base images: the cluster pulls that name.
  const baseImages = new Set(infra.dockerfiles.flatMap((d) => d.images.map(repositoryOf)));
  const deployed = infra.dockerfiles.length === 1 ? (await deployedImages(ctx)).filter((image) => !baseImages.has(image.repository)) : [];
  const pulled = new Set(deployed.map((image) => image.repository)).size === 1 ? deployed[0] : undefined;

  for (const dockerfile of infra.dockerfiles.slice(0, 10)) {
    const build = builds.find((b) => b.dockerfile === dockerfile.path);
    const dir = folderOf(dockerfile.path);
    // Shared environments push what the cluster pulls; compose's name is for running locally.
    const image = (env !== 'development' ? pulled?.repository : undefined) ?? build?.image ?? pulled?.repository ?? (dir === '.' ? safeName(ctx.projectName) : safeName(posix.basename(dir)));
    const context = build?.context ?? dir;
    const commands = [command('docker', 'build', '-f', dockerfile.path, '-t', `${image}:${tag}`, context)];
    if (env !== 'development') commands.push(command('docker', 'push', `${image}:${tag}`));
    steps.push({
      phase: 'build',
      title: `Build the ${image} image from ${dockerfile.path}`,
      detail:
        `Base image${dockerfile.images.length === 1 ? '' : 's'}: ${dockerfile.images.join(', ') || 'none found'}.` +
        (build ? ` Compose service "${build.service}" builds it (context ${context === '.' ? 'the project root' : context}).` : '') +
        (pulled && image === pulled.repository ? ` ${pulled.file} deploys ${pulled.reference}: push under that name and set its tag there to ${tag}.` : '') +
        (env !== 'development' ? ` Tag ${tag}${ctx.version ? ' is the declared version' : ''}; prefix the name with your registry before pushing if it has none.` : ''),
      commands,
      source: { kind: 'file', path: dockerfile.path },
      ...(adr ? { decidedBy: adr } : {}),
    });
  }

  // Base compose files (no environment in their name) with the override for this environment when one exists.
  const composePaths = infra.compose.map((c) => c.path).sort(composeFileSort);
  const bases = composePaths.filter((p) => forEnvironment([p], env, (x) => x).length && !namesEnv(p, env));
  for (const base of bases.slice(0, 5)) {
    const file = infra.compose.find((c) => c.path === base)!;
    const dir = folderOf(base);
    const override = composePaths.find((p) => p !== base && folderOf(p) === dir && namesEnv(p, env));
    const fileArgs = ['-f', base, ...(override ? ['-f', override] : [])];
    const services = file.services.map((s) => s.name);
    const commands =
      env === 'development'
        ? [command('docker', 'compose', ...fileArgs, 'up', '-d', '--build', ...services)]
        : [command('docker', 'compose', ...fileArgs, 'pull'), command('docker', 'compose', ...fileArgs, 'up', '-d', ...services)];
    commands.push(command('docker', 'compose', ...fileArgs, 'ps'));
    steps.push({
      phase: 'deploy',
      title: env === 'development' ? `Run the services locally with ${base}` : `Deploy the services of ${base}${override ? ` with ${override}` : ''}`,
      detail: `Services: ${services.join(', ') || 'none declared'}.${override ? ` ${override} overrides it for ${env}.` : ''}`,
      commands,
      source: { kind: 'file', path: override ?? base },
      ...(adr ? { decidedBy: adr } : {}),
    });
  }
  return steps;
}

/** How to go back for a compose deployment: the previous image tag, brought up again. */
export function dockerRollback(ctx: GuidanceContext): GuidanceStep | undefined {
  const base = ctx.scan.infrastructure.compose.map((c) => c.path).sort(composeFileSort)[0];
  const dockerfile = ctx.scan.infrastructure.dockerfiles[0]?.path;
  if (!base && !dockerfile) return undefined;
  return {
    phase: 'rollback',
    title: 'Rollback plan: run the previous image tag again',
    detail: `Keep the image of the release being replaced; to roll back, check out or re-tag that release and bring it up again.`,
    commands: base ? [command('docker', 'compose', '-f', base, 'up', '-d', '--no-build')] : [command('docker', 'run', '-d', `${safeName(ctx.projectName)}:<previous tag>`)],
    source: { kind: 'file', path: base ?? dockerfile! },
  };
}
