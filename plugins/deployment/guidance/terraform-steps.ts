/**
 * Terraform steps: init, plan and apply in each root folder of .tf files (modules left out;
 * the folder for this environment when folders are per environment), with the environment's
 * .tfvars file when one exists.
 */
import { posix } from 'node:path';
import { decidedBy } from './adrs.js';
import { forEnvironment, namesEnv, type GuidanceContext } from './context.js';
import { folderOf } from './project-files.js';
import { command, type GuidanceStep } from './types.js';

/** Folders of .tf files that are roots to run in: not under a modules/ folder, for this environment. */
export function terraformRoots(ctx: GuidanceContext): Array<{ folder: string; file: string }> {
  const byFolder = new Map<string, string>();
  for (const file of ctx.scan.infrastructure.terraform.files) {
    if (/(^|\/)modules\//.test(file)) continue;
    if (!byFolder.has(folderOf(file))) byFolder.set(folderOf(file), file);
  }
  const roots = [...byFolder].map(([folder, file]) => ({ folder, file }));
  return forEnvironment(roots, ctx.env, (r) => r.folder).sort((a, b) => a.folder.localeCompare(b.folder));
}

export function terraformSteps(ctx: GuidanceContext): GuidanceStep[] {
  const adr = decidedBy(ctx.adrs, 'Terraform');
  const providers = ctx.scan.infrastructure.terraform.providers;
  return terraformRoots(ctx)
    .slice(0, 5)
    .map(({ folder, file }) => {
      const varFile = ctx.files.paths.find((p) => folderOf(p) === folder && p.endsWith('.tfvars') && namesEnv(posix.basename(p), ctx.env));
      // -chdir makes paths relative to the folder.
      const varArgs = varFile ? [`-var-file=${posix.relative(folder, varFile)}`] : [];
      return {
        phase: 'deploy' as const,
        title: `Provision the infrastructure in ${folder}`,
        detail: `Providers: ${providers.join(', ') || 'none declared'}.${varFile ? ` ${varFile} holds the ${ctx.env} variables.` : ` No .tfvars file names ${ctx.env}.`} Review the plan before applying it.`,
        commands: [
          command('terraform', `-chdir=${folder}`, 'init'),
          command('terraform', `-chdir=${folder}`, 'plan', ...varArgs, '-out=tfplan'),
          command('terraform', `-chdir=${folder}`, 'apply', 'tfplan'),
        ],
        source: { kind: 'file' as const, path: varFile ?? file },
        ...(adr ? { decidedBy: adr } : {}),
      };
    });
}
