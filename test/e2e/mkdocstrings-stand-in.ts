/**
 * mkdocstrings has no Debian package and PyPI is out of reach on these machines, so when it is
 * not installed a themed MkDocs site naming it cannot build at all. This writes a stand-in
 * distribution named `mkdocstrings` (its mkdocs.plugins entry point turns each `::: name` line into
 * a heading) into the Python user site of a fresh HOME; the caller points HOME there, so every
 * `mkdocs` child (the tools' and the test's own: HOME is in the child allow-list) finds it. The
 * theme (material) and the Markdown extensions (pymdownx) stay the real ones.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PYTHON = '/usr/bin/python3';

const PLUGIN = `import re

from mkdocs.config import config_options
from mkdocs.plugins import BasePlugin


class MkdocstringsStandIn(BasePlugin):
    config_scheme = (
        ("handlers", config_options.Type(dict, default={})),
        ("default_handler", config_options.Type(str, default="python")),
    )

    def on_page_markdown(self, markdown, **kwargs):
        return re.sub(r"^::: ([\\w.]+)[ \\t]*$", lambda m: "## \`" + m.group(1) + "\`", markdown, flags=re.M)
`;

/** Whether the system Python (the one /usr/bin/mkdocs and sphinx-build run on) imports `module`; Debian's mkdocs-material is in /usr/share/mkdocs/themes. */
export function pythonHas(module: string, env: NodeJS.ProcessEnv = process.env): boolean {
  try {
    execFileSync(PYTHON, ['-c', `import sys; sys.path.append('/usr/share/mkdocs/themes'); import ${module}`], { stdio: 'ignore', env });
    return true;
  } catch {
    return false;
  }
}

/** Writes the stand-in under `home` and returns that HOME. */
export function installMkdocstringsStandIn(home: string): string {
  const site = execFileSync(PYTHON, ['-c', 'import site; print(site.getusersitepackages())'], { encoding: 'utf8', env: { ...process.env, HOME: home } }).trim();
  const dist = join(site, 'mkdocstrings-0.0.0.dist-info');
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(site, 'mkdocstrings_stand_in.py'), PLUGIN);
  writeFileSync(join(dist, 'METADATA'), 'Metadata-Version: 2.1\nName: mkdocstrings\nVersion: 0.0.0\n');
  writeFileSync(join(dist, 'entry_points.txt'), '[mkdocs.plugins]\nmkdocstrings = mkdocstrings_stand_in:MkdocstringsStandIn\n');
  return home;
}
