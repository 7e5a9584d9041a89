/**
 * requirements files, go.mod, Gradle scripts and Gemfiles as they are written in real
 * projects: pip-compile hashes and continuations, URL requirements, go.mod blocks and quoted
 * paths, Gradle's map notation and comments, Gemfile conditionals and `groups:`.
 */
import { describe, expect, it } from 'vitest';
import { readManifest } from '../../../plugins/project/scanner/manifests.js';

const deps = (path: string, text: string) => readManifest(path, text)!.dependencies;

describe('requirements files', () => {
  it('reads pip-compile output: continuations and --hash options are not part of the version', () => {
    const text = [
      '# via pip-compile --generate-hashes',
      'django==4.2.11 \\',
      '    --hash=sha256:6e6ff3db2d8dd0c986b4eec8554c8e4f919b5c1ff62a5b4390c17aff2ed6e5c4 \\',
      '    --hash=sha256:ddc24a0a8280a0430baa37aff11f28574720af05888c62b7cfe71d219f4599d3',
      '    # via -r requirements.in',
      'sqlparse==0.5.0 --hash=sha256:c204494cd97479d0e39f28c93d46c0b2d5959c7b9ab904762ea6c7af211c8663',
      '',
    ].join('\n');
    expect(deps('requirements.txt', text)).toEqual([
      { name: 'django', version: '==4.2.11', dev: false },
      { name: 'sqlparse', version: '==0.5.0', dev: false },
    ]);
  });

  it('reads extras, markers and named URL requirements; skips options, includes, editables and nameless archives', () => {
    const text = [
      '-r base.txt',
      '-c constraints.txt',
      '--index-url https://pypi.example.com/simple',
      '-e git+https://github.com/example/tool.git#egg=tool',
      'requests[security,socks]>=2.31,<3 ; python_version >= "3.8"  # HTTP',
      'internal-lib @ https://files.example.com/internal_lib-1.0-py3-none-any.whl',
      './vendor/localpkg',
      'downloads/other-1.0.tar.gz',
      'git+https://github.com/example/other.git',
      'flask (>=2.0)',
    ].join('\n');
    expect(deps('requirements-dev.txt', text)).toEqual([
      { name: 'requests', version: '>=2.31,<3', dev: true },
      { name: 'internal-lib', dev: true },
      { name: 'flask', version: '>=2.0', dev: true },
    ]);
  });
});

describe('go.mod', () => {
  it('reads require lines and blocks only, with quoted paths, not replace, exclude, retract or tool blocks', () => {
    const text = [
      '// The service module.',
      'module "example.com/shop"',
      '',
      'go 1.22',
      '',
      'require github.com/gin-gonic/gin v1.9.1 // web',
      '',
      'require (',
      '\t"github.com/segmentio/kafka-go" v0.4.47',
      '\tgolang.org/x/sync v0.7.0 // indirect',
      ')',
      '',
      'replace (',
      '\tgithub.com/old/lib => ../lib',
      '\tgithub.com/other/lib v1.0.0 => github.com/fork/lib v1.0.1',
      ')',
      '',
      'exclude (',
      '\tgithub.com/bad/lib v0.1.0',
      ')',
      '',
      'retract [v1.0.0, v1.0.5] // broken releases',
      '',
      'tool (',
      '\tgolang.org/x/tools/cmd/stringer',
      ')',
    ].join('\n');
    expect(readManifest('go.mod', text)).toEqual({
      path: 'go.mod',
      ecosystem: 'go',
      name: 'example.com/shop',
      dependencies: [
        { name: 'github.com/gin-gonic/gin', version: 'v1.9.1', dev: false },
        { name: 'github.com/segmentio/kafka-go', version: 'v0.4.47', dev: false },
      ],
    });
  });
});

describe('Gradle', () => {
  it("reads the map notation (Groovy and Kotlin) and leaves commented-out declarations out", () => {
    const groovy = [
      'dependencies {',
      "    implementation group: 'org.apache.commons', name: 'commons-lang3', version: '3.14.0'",
      "    implementation 'com.google.guava:guava:32.1.3-jre' // core",
      "    // implementation 'org.old:gone:1.0'",
      '    /*',
      "    implementation 'org.old:commented:2.0'",
      '    */',
      "    testImplementation group: 'org.junit.jupiter', name: 'junit-jupiter'",
      "    implementation enforcedPlatform('org.springframework.boot:spring-boot-dependencies:3.2.0')",
      '}',
    ].join('\n');
    expect(deps('build.gradle', groovy)).toEqual([
      { name: 'org.apache.commons:commons-lang3', version: '3.14.0', dev: false },
      { name: 'com.google.guava:guava', version: '32.1.3-jre', dev: false },
      { name: 'org.junit.jupiter:junit-jupiter', dev: true },
      { name: 'org.springframework.boot:spring-boot-dependencies', version: '3.2.0', dev: false },
    ]);
    const kotlin = 'dependencies {\n    implementation(group = "io.ktor", name = "ktor-server-core", version = "2.3.7")\n    implementation("io.ktor:ktor-server-netty:2.3.7")\n}\n';
    expect(deps('build.gradle.kts', kotlin)).toEqual([
      { name: 'io.ktor:ktor-server-core', version: '2.3.7', dev: false },
      { name: 'io.ktor:ktor-server-netty', version: '2.3.7', dev: false },
    ]);
  });
});

describe('Gemfile', () => {
  it('keeps a group open across an if … end inside it, and reads groups: options', () => {
    const text = [
      "source 'https://rubygems.org'",
      "gem 'rails', '~> 7.1'",
      "gem 'pg', git: 'https://github.com/ged/ruby-pg.git'",
      'group :development, :test do',
      "  gem 'rspec-rails'",
      "  if ENV['CI']",
      "    gem 'simplecov'",
      '  end',
      "  gem 'factory_bot_rails'",
      'end',
      "gem 'rubocop', require: false, groups: [:development]",
      "gem 'puma'",
    ].join('\n');
    expect(deps('Gemfile', text)).toEqual([
      { name: 'rails', version: '~> 7.1', dev: false },
      { name: 'pg', dev: false },
      { name: 'rspec-rails', dev: true },
      { name: 'simplecov', dev: true },
      { name: 'factory_bot_rails', dev: true },
      { name: 'rubocop', dev: true },
      { name: 'puma', dev: false },
    ]);
  });
});
