/** Serverless steps per platform config: Serverless Framework stages, SAM build and deploy, Vercel and Netlify deploys. */
import { posix } from 'node:path';
import type { ServerlessConfig } from '../../project/api.js';
import { decidedBy } from './adrs.js';
import type { GuidanceContext } from './context.js';
import { folderOf } from './project-files.js';
import { command, type GuidanceStep } from './types.js';

const DEFAULT_SLS = /^serverless\.(ya?ml|json|ts|js)$/;

/** undefined for a platform found from its handlers or CI (AWS Lambda, Cloud Functions...): no config here to run a deploy from. */
function platformCommands(ctx: GuidanceContext, config: ServerlessConfig): { title: string; commands: string[]; verify: string[] } | undefined {
  const { env } = ctx;
  const name = posix.basename(config.path);
  const prod = env === 'production';
  switch (config.platform) {
    case 'Serverless Framework': {
      const configArgs = DEFAULT_SLS.test(name) && name === 'serverless.yml' ? [] : ['--config', name];
      return { title: `Deploy the ${env} stage`, commands: [command('sls', 'deploy', '--stage', env, ...configArgs)], verify: [command('sls', 'info', '--stage', env, ...configArgs)] };
    }
    case 'AWS SAM': {
      const samconfig = ctx.files.paths.find((p) => folderOf(p) === folderOf(config.path) && /^samconfig\.(toml|ya?ml)$/.test(posix.basename(p)));
      const deploy = samconfig ? command('sam', 'deploy', '--config-env', env) : command('sam', 'deploy', '--guided');
      return {
        title: env === 'development' ? 'Run the functions locally' : `Build and deploy the SAM stack for ${env}`,
        commands: env === 'development' ? [command('sam', 'build', '-t', name), command('sam', 'local', 'start-api')] : [command('sam', 'build', '-t', name), deploy],
        verify: [command('sam', 'list', 'stack-outputs')],
      };
    }
    case 'Vercel':
      return { title: prod ? 'Deploy to production on Vercel' : 'Deploy a preview on Vercel', commands: [env === 'development' ? 'vercel dev' : prod ? 'vercel deploy --prod' : 'vercel deploy'], verify: ['vercel ls'] };
    case 'Netlify':
      return { title: prod ? 'Deploy to production on Netlify' : 'Deploy a draft on Netlify', commands: [env === 'development' ? 'netlify dev' : prod ? 'netlify deploy --build --prod' : 'netlify deploy --build'], verify: ['netlify status'] };
    default:
      return undefined;
  }
}

export function serverlessSteps(ctx: GuidanceContext): GuidanceStep[] {
  const adr = decidedBy(ctx.adrs, 'Serverless') ?? decidedBy(ctx.adrs, 'Vercel') ?? decidedBy(ctx.adrs, 'Netlify');
  return ctx.scan.infrastructure.serverless.slice(0, 5).flatMap((config) => {
    const folder = folderOf(config.path);
    const platform = platformCommands(ctx, config);
    if (!platform) return [];
    const { title, commands, verify } = platform;
    const cwd = folder === '.' ? {} : { cwd: folder };
    const deploy: GuidanceStep = { phase: 'deploy', title: `${title} (${config.path})`, detail: `${config.platform} configuration ${config.path}.`, commands, ...cwd, source: { kind: 'file', path: config.path }, ...(adr ? { decidedBy: adr } : {}) };
    const check: GuidanceStep = { phase: 'verify', title: `Check what ${config.platform} deployed`, detail: 'Lists the deployed endpoints or deployments to compare with what was expected.', commands: verify, ...cwd, source: { kind: 'file', path: config.path } };
    return ctx.env === 'development' ? [deploy] : [deploy, check];
  });
}

export function serverlessRollback(ctx: GuidanceContext): GuidanceStep | undefined {
  const config = ctx.scan.infrastructure.serverless.find((item) => platformCommands(ctx, item));
  if (!config) return undefined;
  const commands: Partial<Record<ServerlessConfig['platform'], string[]>> = {
    'Serverless Framework': [command('sls', 'deploy', 'list', '--stage', ctx.env), command('sls', 'rollback', '--stage', ctx.env, '--timestamp', '<timestamp from the list>')],
    'AWS SAM': [command('git', 'checkout', '<previous release tag>'), command('sam', 'build', '-t', posix.basename(config.path)), command('sam', 'deploy', '--config-env', ctx.env)],
    Vercel: ['vercel ls', 'vercel rollback <previous deployment url>'],
    Netlify: ['netlify api listSiteDeploys', 'netlify api restoreSiteDeploy'],
  };
  return {
    phase: 'rollback',
    title: `Rollback plan: restore the previous ${config.platform} deployment`,
    detail: 'Note the current deployment before deploying so the one to restore is known.',
    commands: commands[config.platform] ?? [],
    ...(folderOf(config.path) === '.' ? {} : { cwd: folderOf(config.path) }),
    source: { kind: 'file', path: config.path },
  };
}
