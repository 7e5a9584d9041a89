/**
 * A Python library for building CLIs from type hints, with a themed MkDocs site (material,
 * mkdocstrings, pymdownx, nav; docs dependencies in a pyproject dependency group), laid out
 * like the popular one: src/ package with a console script, a private vendored package
 * (`_vendor/`), underscore-prefixed internals, shell-completion code reading the variables
 * shells pass, example sources under docs_src/, and maintainer scripts/. Written for these
 * tests; no real project's text.
 */
import type { Tree } from '../project/fixtures.js';

export const OPTIONS_MD = `# CLI options

A parameter with a default value is a CLI option. A \`bool\` parameter \`force\`
becomes both \`--force\` and \`--no-force\`.

\`\`\`python
--8<-- "docs_src/options/tutorial001.py"
\`\`\`

Climber does not create a \`--version\` option for you: add one with a callback.

## The climber command

The \`climber docs\` command writes the Markdown docs of an app; it takes \`--name\`
and \`--output\`. \`climber run\` runs a script, and with \`--dry-run\` only shows what it
would call.

Pass \`--legacy-markdown\` to \`climber docs\` to keep the layout of version 0.7.
`;

export const INDEX_MD = `# Climber

Climber builds command line apps from Python type hints.

## Install

\`\`\`console
$ pip install --upgrade climber
\`\`\`

If you install it with \`pip\` outside a virtual environment, add \`--user\`.

## Use

Create an \`App\`, add commands with \`@app.command()\`, and call \`run()\` for a
single function. \`Option\` and \`Argument\` describe parameters; \`echo\` prints.

Set \`CLIMBER_THEME\` to \`plain\` to print without colours.
`;

export const pythonCliLibrary = (): Tree => ({
  'pyproject.toml': `[build-system]
requires = ["hatchling"]
build-backend = "hatchling.build"

[project]
name = "climber"
version = "0.9.0"
description = "Build command line apps from type hints."
requires-python = ">=3.9"
dependencies = ["typing-extensions >= 4.0"]

[project.scripts]
climber = "climber.cli:main"

[dependency-groups]
docs = ["mkdocs-material >= 9.5", "mkdocstrings[python] >= 0.24"]
dev = ["pytest >= 8"]
`,
  'mkdocs.yml': `site_name: Climber
site_description: Build command line apps from type hints.
repo_url: https://example.org/climber/climber
theme:
  name: material
  features:
    - navigation.sections
    - content.code.copy
plugins:
  - search
  - mkdocstrings:
      handlers:
        python:
          paths: [src]
markdown_extensions:
  - admonition
  - pymdownx.highlight
  - pymdownx.superfences
  - pymdownx.snippets:
      base_path: ['.']
nav:
  - Climber: index.md
  - Tutorial:
      - CLI options: tutorial/options.md
  - Reference: reference.md
`,
  'README.md': '<p align="center"><img src="docs/img/logo.svg" alt="Climber"></p>\n\n# Climber\n\nBuild command line apps from type hints.\n',
  'src/climber/__init__.py': `"""Climber: command line apps from type hints."""

from .main import App, run
from .params import Argument, Option
from .utils import echo, get_app_dir

__all__ = ["App", "run", "Option", "Argument", "echo", "get_app_dir"]
`,
  'src/climber/main.py': `import os
import sys

from ._completion_shared import completion_requested


class App:
    def __init__(self, name=None, add_completion=True):
        self.name = name
        self.commands = {}
        self.add_completion = add_completion

    def command(self, name=None):
        def register(function):
            self.commands[name or function.__name__.replace("_", "-")] = function
            return function

        return register

    def __call__(self, *args):
        if completion_requested():
            return 0
        return 0


def run(function):
    app = App()
    app.command()(function)
    return app()


def _theme():
    if os.getenv("_CLIMBER_DEBUG_PARSE"):
        sys.stderr.write("parsing\\n")
    return os.getenv("CLIMBER_THEME", "auto")


def _colour_forced():
    return os.environ.get("CLIMBER_FORCE_COLOR") == "1"
`,
  'src/climber/params.py': `def Option(default=..., *param_decls, help=None, show_default=True):
    return {"default": default, "decls": param_decls, "help": help}


def Argument(default=..., *, help=None):
    return {"default": default, "help": help}
`,
  'src/climber/utils.py': `import os


def echo(message=""):
    print(message)


def get_app_dir(app_name):
    return os.path.join(os.path.expanduser("~"), "." + app_name)
`,
  'src/climber/completion.py': `import os


def shell_complete(app):
    words = os.getenv("COMP_WORDS", "")
    index = int(os.getenv("COMP_CWORD", "0"))
    shell = os.environ.get("CLIMBER_COMPLETE_SHELL", "bash")
    return words.split()[:index], shell
`,
  'src/climber/_completion_shared.py': `import os


def completion_requested():
    return os.environ.get("_CLIMBER_COMPLETE") is not None or os.getenv("_CLIMBER_COMPLETE_ARGS") is not None
`,
  'src/climber/cli.py': `from pathlib import Path

from .main import App
from .params import Argument, Option

app = App(name="climber")


@app.command()
def docs(
    name: str = Option("", help="The app's name in the docs title."),
    output: Path = Option(..., "--output", "-o", help="Where to write the Markdown."),
    title: str = Option(None, help="A title instead of the app's name."),
):
    """Write the Markdown docs of an app."""
    Path(output).write_text(f"# {title or name}\\n")


@app.command("run")
def run_script(path: Path = Argument(..., help="The script."), dry_run: bool = False):
    """Run a script's app."""
    print(path, dry_run)


def main():
    app()
`,
  'src/climber/_vendor/__init__.py': '',
  'src/climber/_vendor/clicky/__init__.py': `"""A trimmed copy of a command line toolkit, vendored."""

from .core import Context, command, option

__all__ = ["Context", "command", "option", "echo_via_pager", "get_terminal_size"]
`,
  'src/climber/_vendor/clicky/core.py': `import os


class Context:
    def __init__(self):
        self.pager = os.environ.get("CLICKY_PAGER", "less")
        self.width = os.getenv("CLICKY_TERMINAL_WIDTH")


def command(name=None):
    return lambda f: f


def option(*decls, **attrs):
    return lambda f: f
`,
  'docs_src/options/tutorial001.py': `import os

import climber

app = climber.App()


@app.command()
def main(name: str, force: bool = False, lastname: str = climber.Option("", help="Last name.")):
    if os.getenv("TUTORIAL_GREETING"):
        climber.echo(f"Hello {name} {lastname}")
`,
  'docs_src/options/tutorial002.py': `import climber


def main(name: str = climber.Option(..., "--name", "-n", prompt=True)):
    climber.echo(name)


if __name__ == "__main__":
    climber.run(main)
`,
  'scripts/deploy_docs_status.py': `import argparse
import os

import httpx

parser = argparse.ArgumentParser()
parser.add_argument("--run-id", required=True)
args = parser.parse_args()
headers = {"Authorization": f"token {os.environ['GITHUB_TOKEN']}"}
httpx.post(f"https://api.github.com/repos/climber/climber/statuses/{args.run_id}", headers=headers)
`,
  'scripts/docs.py': `import os
import subprocess

subprocess.run(["mkdocs", "build"], check=True, env={**os.environ, "DOCS_LANGUAGE": os.getenv("DOCS_LANGUAGE", "en")})
`,
  'tests/test_cli.py': 'from climber.cli import app\n\n\ndef test_docs():\n    assert app.commands\n',
  'docs/index.md': INDEX_MD,
  'docs/tutorial/options.md': OPTIONS_MD,
  'docs/reference.md': '# Reference\n\n::: climber\n',
});
