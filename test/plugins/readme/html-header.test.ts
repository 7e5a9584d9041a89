/**
 * Issue 28 item 9: a README that opens with an HTML header (a centred logo, a tagline in
 * <p><em>, badges as <img> inside <a>, or an <h1 align="center">) has that header read as
 * the header: title, one-line description and badges found, the first "##" not taken for the
 * title, and the checklist agreeing with the same README written with a Markdown header.
 * Through a real MCP client, on a Python CLI library's README.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { startToolpack } from '../../../core/bootstrap.js';
import { createRootLogger } from '../../../core/services/logger.js';
import { connectTestClient } from '../../../sdk/testing.js';
import { outcome } from '../../helpers/tool-result.js';
import { project } from '../project/fixtures.js';

const FENCE = '```';

const BADGES_HTML = `<p align="center">
<a href="https://github.com/climber-cli/climber/actions?query=workflow%3ATest" target="_blank">
    <img src="https://github.com/climber-cli/climber/actions/workflows/test.yml/badge.svg" alt="Test">
</a>
<a href="https://pypi.org/project/climber" target="_blank">
    <img src="https://img.shields.io/pypi/v/climber?color=%2334D058&amp;label=pypi%20package" alt="Package version">
</a>
<a href="https://codecov.io/gh/climber-cli/climber" target="_blank">
    <img src="https://codecov.io/gh/climber-cli/climber/branch/main/graph/badge.svg" alt="Coverage">
</a>
</p>`;

const TAGLINE = 'Climber builds command line apps from Python type hints, with completion for every shell.';

/** The logo as the header (the popular layout): no "# " title at all. */
const LOGO_HEADER = `<p align="center">
  <a href="https://climber.example.org"><img src="https://climber.example.org/img/logo-margin.svg" alt="Climber" width="400"></a>
</p>
<p align="center">
    <em>${TAGLINE}</em>
</p>
${BADGES_HTML}

---

**Documentation**: <a href="https://climber.example.org" target="_blank">https://climber.example.org</a>

---
`;

const H1_HEADER = `<h1 align="center">
  <img src="docs/img/logo.svg" alt="" width="96"><br>
  Climber
</h1>

<p align="center">${TAGLINE}</p>

${BADGES_HTML}
`;

const MARKDOWN_HEADER = `# Climber

${TAGLINE}

[![Test](https://github.com/climber-cli/climber/actions/workflows/test.yml/badge.svg)](https://github.com/climber-cli/climber/actions?query=workflow%3ATest)
[![Package version](https://img.shields.io/pypi/v/climber)](https://pypi.org/project/climber)
[![Coverage](https://codecov.io/gh/climber-cli/climber/branch/main/graph/badge.svg)](https://codecov.io/gh/climber-cli/climber)
`;

const BODY = `
## Contents

- [Installation](#installation)
- [Quick start](#quick-start)
- [Usage](#usage)
- [Configuration](#configuration)
- [Contributing](#contributing)
- [License](#license)

## Installation

${FENCE}console
$ pip install climber
${FENCE}

Python 3.9 or later is needed. Shell completion needs no extra package.

## Quick start

${FENCE}python
import climber


def main(name: str, count: int = 1):
    for _ in range(count):
        print(f"Hello {name}")


if __name__ == "__main__":
    climber.run(main)
${FENCE}

Run it with \`python main.py Camila --count 2\`; \`--help\` lists the options.

## Usage

### Several commands

Group functions under one app; each becomes a subcommand.

${FENCE}python
app = climber.App()


@app.command()
def create(user: str):
    print(f"Creating {user}")
${FENCE}

## Configuration

| Setting | Default | Description |
| --- | --- | --- |
| \`add_completion\` | \`True\` | Adds \`--install-completion\` and \`--show-completion\`. |
| \`rich_markup_mode\` | \`None\` | Renders help text with Rich markup. |

## Contributing

Bug reports and pull requests are welcome. Read [CONTRIBUTING.md](CONTRIBUTING.md) first, then run the tests:

${FENCE}console
$ uv sync
$ pytest
${FENCE}

## License

MIT. See [LICENSE](LICENSE).
`;

async function serve(root: string) {
  const kernel = await startToolpack({ cwd: root, preset: 'all', logger: createRootLogger('silent') });
  const mcp = await connectTestClient(kernel);
  onTestFinished(async () => {
    await mcp.close().catch(() => {});
    await kernel.stop();
  });
  return async (name: string, args: Record<string, unknown>) => {
    const result = outcome((await mcp.callTool({ name, arguments: args })) as never);
    expect(result.isError, result.text).toBe(false);
    return result.data;
  };
}

const itemsById = (items: Array<{ id: string; status: string; detail: string }>) => Object.fromEntries(items.map((i) => [i.id, i]));

describe('a README opening with an HTML header', () => {
  it('is read like the same README with a Markdown header', { timeout: 60_000 }, async () => {
    const root = project({
      'markdown/README.md': MARKDOWN_HEADER + BODY,
      'logo/README.md': LOGO_HEADER + BODY,
      'h1/README.md': H1_HEADER + BODY,
      ...Object.fromEntries(['markdown', 'logo', 'h1'].flatMap((dir) => [[`${dir}/LICENSE`, 'MIT License\n'], [`${dir}/CONTRIBUTING.md`, '# Contributing\n\nOpen an issue first.\n']])),
    });
    const call = await serve(root);
    const reference = await call('validate_readme_checklist', { readmePath: 'markdown/README.md', outputFormat: 'json' });
    expect(reference.passed).toBe(true);
    const expected = itemsById(reference.items);

    for (const dir of ['logo', 'h1']) {
      const checklist = await call('validate_readme_checklist', { readmePath: `${dir}/README.md`, outputFormat: 'json' });
      const items = itemsById(checklist.items);
      expect(checklist.passed, dir).toBe(true);
      expect(checklist.counts.fail, dir).toBe(0);
      expect(items.description, dir).toMatchObject({ status: 'pass' });
      expect(items.description!.detail, dir).toContain('Climber builds command line apps from Python type hints');
      expect(items.badges, dir).toMatchObject({ status: 'pass' });
      expect(items.badges!.detail, dir).toMatch(/GitHub Actions/);
      expect(items.badges!.detail, dir).toMatch(/PyPI/);
      expect(items.badges!.detail, dir).toMatch(/Codecov/);
      // The header is the title: one title, and "## Contents" is a section, not the title.
      expect(items.single_title, dir).toMatchObject({ status: 'pass', detail: '"Climber"' });
      for (const [id, item] of Object.entries(expected)) expect(items[id]?.status, `${dir}: ${id}`).toBe(item.status);
      expect(checklist.score.overall, dir).toBe(reference.score.overall);
    }

    const health = await call('evaluate_readme_health', { readme_path: 'logo/README.md' });
    expect(JSON.stringify(health)).not.toMatch(/no prose before the first section|no badges/);
  });
});
