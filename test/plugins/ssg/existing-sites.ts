/**
 * Projects whose docs site already exists, for deploy_pages, recommend_ssg and manage_sitemap:
 * a Python CLI library with a themed MkDocs site (material, mkdocstrings, pymdownx, nav; the docs
 * dependencies declared in one of the ways Python projects declare them), a Python library
 * documented with Sphinx and MyST (docs/conf.py, {eval-rst} blocks, autodoc), and a Docusaurus
 * site whose docs plugin reads the docs folder itself (`path: '.'`). Written for these tests.
 */
import type { Tree } from '../project/fixtures.js';

/** How the MkDocs library declares what its docs build needs. */
export type DocsDeps = 'dependency-groups' | 'optional-dependencies' | 'requirements' | 'mkdocs-yml-only';

const MKDOCS_YML = `site_name: Clipper
site_description: Command line apps from type hints.
repo_url: https://github.com/example/clipper
theme:
  name: material
  features:
    - navigation.tabs
    - content.code.copy
  palette:
    - scheme: default
      primary: teal
plugins:
  - search
  - mkdocstrings:
      handlers:
        python:
          options:
            show_root_heading: true
markdown_extensions:
  - toc:
      permalink: true
  - admonition
  - attr_list
  - md_in_html
  - pymdownx.details
  - pymdownx.highlight:
      anchor_linenums: true
  - pymdownx.superfences:
      custom_fences:
        - name: mermaid
          class: mermaid
          format: !!python/name:pymdownx.superfences.fence_code_format
  - pymdownx.tabbed:
      alternate_style: true
  - pymdownx.snippets:
      base_path: ["."]
  - pymdownx.emoji:
      emoji_index: !!python/name:material.extensions.emoji.twemoji
      emoji_generator: !!python/name:material.extensions.emoji.to_svg
nav:
  - Clipper: index.md
  - Tutorial:
      - First steps: tutorial/first-steps.md
      - Options: tutorial/options.md
  - Reference: reference.md
`;

const PYPROJECT_HEAD = `[build-system]
requires = ["hatchling"]
build-backend = "hatchling.build"

[project]
name = "clipper"
version = "0.12.0"
description = "Command line apps from type hints."
requires-python = ">=3.9"
dependencies = ["click>=8.0", "rich>=12"]

[project.scripts]
clipper = "clipper.cli:main"
`;

const DOCS_PACKAGES = ['mkdocs>=1.6', 'mkdocs-material>=9.5', 'mkdocstrings[python]>=0.26', 'pymdown-extensions>=10'];

function pyproject(deps: DocsDeps): string {
  const list = DOCS_PACKAGES.map((p) => `    "${p}",`).join('\n');
  if (deps === 'dependency-groups') return `${PYPROJECT_HEAD}\n[dependency-groups]\ntests = ["pytest>=8"]\ndocs = [\n${list}\n]\n`;
  if (deps === 'optional-dependencies') return `${PYPROJECT_HEAD}\n[project.optional-dependencies]\ndocs = [\n${list}\n]\n`;
  return PYPROJECT_HEAD;
}

export const themedMkdocsLibrary = (deps: DocsDeps = 'dependency-groups'): Tree => ({
  'pyproject.toml': pyproject(deps),
  ...(deps === 'requirements' ? { 'requirements-docs.txt': `${DOCS_PACKAGES.join('\n')}\n` } : {}),
  'README.md': '<p align="center"><img src="docs/img/logo.svg" alt="Clipper"></p>\n\n# Clipper\n\nCommand line apps from type hints.\n',
  'mkdocs.yml': MKDOCS_YML,
  'src/clipper/__init__.py': '"""Clipper: command line apps from type hints."""\nfrom .main import App, Option, Argument, echo\n\n__all__ = ["App", "Option", "Argument", "echo"]\n',
  'src/clipper/main.py':
    'class App:\n    """A command line application."""\n\n    def command(self, name=None):\n        def register(fn):\n            return fn\n        return register\n\n\n' +
    'def Option(default=None, *, help=None):\n    return default\n\n\ndef Argument(default=None):\n    return default\n\n\ndef echo(message):\n    print(message)\n',
  'src/clipper/cli.py': 'import sys\n\n\ndef main():\n    """The clipper command: `clipper run` and `clipper docs`."""\n    sys.exit(0)\n',
  'src/clipper/_vendor/__init__.py': '',
  'src/clipper/_vendor/shellingham.py': 'def detect_shell():\n    return "bash"\n',
  'docs/index.md':
    '# Clipper\n\nClipper builds command line apps from Python type hints.\n\n!!! tip\n    Install it with `pip install clipper`.\n\n' +
    '=== "pip"\n\n    ```console\n    $ pip install clipper\n    ```\n\n=== "uv"\n\n    ```console\n    $ uv add clipper\n    ```\n',
  'docs/tutorial/first-steps.md': '# First steps\n\n```python\n--8<-- "docs_src/first_steps/tutorial001.py"\n```\n\nRun it with `python main.py`.\n',
  'docs/tutorial/options.md': '# Options\n\nA parameter with a default is an option: `--name`.\n\n!!! note\n    Boolean options get a `--no-` form.\n',
  'docs/reference.md': '# Reference\n\n::: clipper.App\n\n::: clipper.echo\n',
  'docs_src/first_steps/tutorial001.py': 'import clipper\n\napp = clipper.App()\n\n\n@app.command()\ndef main(name: str):\n    clipper.echo(f"Hello {name}")\n',
  'scripts/docs.sh': '#!/bin/sh\nset -e\nmkdocs build --strict\n',
  'tests/test_main.py': 'from clipper import echo\n\n\ndef test_echo(capsys):\n    echo("hi")\n    assert capsys.readouterr().out == "hi\\n"\n',
});

/** A Python library with a Sphinx site written in MyST Markdown, reST kept in {eval-rst} blocks. */
export const sphinxMystLibrary = (): Tree => ({
  'pyproject.toml':
    '[build-system]\nrequires = ["setuptools>=68"]\nbuild-backend = "setuptools.build_meta"\n\n[project]\nname = "quillmark"\nversion = "2.3.0"\n' +
    'description = "Structured logging records for Python."\nrequires-python = ">=3.9"\n\n[project.optional-dependencies]\ndocs = ["sphinx>=7", "myst-parser>=2", "furo"]\n',
  'README.md': '# quillmark\n\nStructured logging records for Python.\n',
  'src/quillmark/__init__.py': 'from .records import Record, bind\n\n__all__ = ["Record", "bind"]\n',
  'src/quillmark/records.py':
    'class Record(dict):\n    """A structured log record."""\n\n    def render(self) -> str:\n        """The record as one line."""\n        return " ".join(f"{k}={v}" for k, v in self.items())\n\n\n' +
    'def bind(**values) -> Record:\n    """A record holding values."""\n    return Record(values)\n',
  'docs/conf.py':
    '# Sphinx configuration for quillmark.\nproject = "quillmark"\nauthor = "The quillmark authors"\n\n' +
    'extensions = [\n    "myst_parser",\n    "sphinx.ext.autodoc",\n    "sphinx.ext.napoleon",\n    "sphinx.ext.intersphinx",\n]\n\n' +
    'myst_enable_extensions = ["colon_fence", "deflist"]\nhtml_theme = "furo"\nintersphinx_mapping = {"python": ("https://docs.python.org/3", None)}\n',
  'docs/index.md': '# quillmark\n\nStructured logging records.\n\n```{toctree}\n:maxdepth: 2\n\nusage\napi\nchangelog\n```\n',
  'docs/usage.md':
    '# Usage\n\nBind values into a record:\n\n```python\nfrom quillmark import bind\nprint(bind(user="ada").render())\n```\n\n' +
    '```{eval-rst}\n.. note::\n   Records are plain dictionaries; see :class:`quillmark.Record`.\n```\n\n' +
    'See {doc}`api` for every function.\n',
  'docs/api.md':
    '# API\n\n```{eval-rst}\n.. automodule:: quillmark\n   :members:\n```\n\n## Records\n\n' +
    '```{eval-rst}\n.. autoclass:: quillmark.Record\n   :members: render\n```\n\n' +
    '```{eval-rst}\n.. autofunction:: quillmark.bind\n```\n',
  'docs/changelog.md': '# Changelog\n\n## 2.3.0\n\n- `Record.render` keeps key order.\n\n```{eval-rst}\n.. versionadded:: 2.3\n```\n',
  'docs/requirements.txt': 'sphinx>=7\nmyst-parser>=2\nfuro\n',
  'tests/test_records.py': 'from quillmark import bind\n\n\ndef test_render():\n    assert bind(a=1).render() == "a=1"\n',
});

/** A Docusaurus site living in docs/, its docs plugin reading that folder itself (`path: '.'`) and serving it at the site root. */
export const docusaurusDocsDot = (): Tree => ({
  'package.json': `${JSON.stringify({ name: 'relay-router', version: '3.1.0', main: 'lib/index.js' }, null, 2)}\n`,
  'lib/index.js': "'use strict'\n\nmodule.exports = function router () {\n  return { route: (path, handler) => ({ path, handler }) }\n}\n",
  'README.md': '# relay-router\n\nA small HTTP router.\n',
  'docs/package.json': `${JSON.stringify({ name: 'relay-router-docs', private: true, scripts: { build: 'docusaurus build' }, dependencies: { '@docusaurus/core': '^3.5.0', '@docusaurus/preset-classic': '^3.5.0' } }, null, 2)}\n`,
  'docs/docusaurus.config.js': `// @ts-check
/** @type {import('@docusaurus/types').Config} */
const config = {
  title: 'relay-router',
  url: 'https://relay.example.org',
  baseUrl: '/',
  presets: [
    [
      'classic',
      {
        docs: {
          path: '.',
          routeBasePath: '/',
          sidebarPath: require.resolve('./sidebars.js'),
          exclude: ['**/node_modules/**'],
        },
        blog: false,
        theme: { customCss: require.resolve('./custom.css') },
      },
    ],
  ],
};

module.exports = config;
`,
  'docs/sidebars.js': "module.exports = { docs: [{ type: 'autogenerated', dirName: '.' }] };\n",
  'docs/custom.css': ':root { --ifm-color-primary: #2e8555; }\n',
  'docs/index.md': '---\nslug: /\n---\n# relay-router\n\nA small HTTP router.\n',
  'docs/getting-started.md': '# Getting started\n\n```sh\nnpm install relay-router\n```\n',
  'docs/Guides/routing.md': '# Routing\n\nRoutes match paths.\n',
  'docs/Guides/middleware.md': '# Middleware\n\nRun code before handlers.\n',
  'docs/Reference/router.md': '# Router\n\n`router()` returns a router.\n',
  'docs/Reference/_partial-options.md': 'Options shared by several pages.\n',
});
