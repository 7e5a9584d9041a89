/** A realistic Python library for the ssg tests: README with badges, pyproject, src/ package, tests. */
import { project, type Tree } from '../project/fixtures.js';

export const pythonLibrary = (): Tree => ({
  'README.md':
    '# Tidewater\n\n[![PyPI](https://img.shields.io/pypi/v/tidewater.svg)](https://pypi.org/project/tidewater/)\n\n' +
    'Tidewater parses NOAA tide prediction tables and answers "when is the next high tide?" for any station.\n\n' +
    '## Install\n\n```sh\npip install tidewater\n```\n\n## Usage\n\n```python\nfrom tidewater import Station\nprint(Station("8443970").next_high())\n```\n',
  'pyproject.toml':
    '[project]\nname = "tidewater"\nversion = "0.4.1"\ndescription = "Tide prediction tables for humans"\nrequires-python = ">=3.10"\n' +
    'dependencies = ["requests>=2.31", "python-dateutil>=2.8"]\n\n[project.optional-dependencies]\ntest = ["pytest>=8"]\n\n[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n',
  'src/tidewater/__init__.py': 'from .station import Station\n\n__all__ = ["Station"]\n',
  'src/tidewater/station.py':
    'import requests\nfrom dateutil import parser\n\n\nclass Station:\n    def __init__(self, station_id: str):\n        self.station_id = station_id\n\n    def next_high(self):\n        """The next high tide as a datetime."""\n        raise NotImplementedError\n',
  'tests/test_station.py': 'from tidewater import Station\n\n\ndef test_station_id():\n    assert Station("8443970").station_id == "8443970"\n',
});

export const sampleProject = () => project(pythonLibrary(), 'toolpack-ssg-');
