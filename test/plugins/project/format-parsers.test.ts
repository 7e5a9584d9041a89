import { describe, expect, it } from 'vitest';
import { compatible, parseConstraint, toSemverRange } from '../../../plugins/project/environment/versions.js';
import { readTsConfigs } from '../../../plugins/project/imports/project-config.js';
import { classifyPath, folderKind, scanProject } from '../../../plugins/project/scanner/index.js';
import { parseJsonc } from '../../../plugins/project/scanner/jsonc.js';
import { readManifest } from '../../../plugins/project/scanner/manifests.js';
import { readToml } from '../../../plugins/project/scanner/toml.js';
import { json, project } from './fixtures.js';

const deps = (path: string, text: string) => readManifest(path, text)!.dependencies.map((d) => `${d.name}${d.version ? `@${d.version}` : ''}${d.dev ? ' (dev)' : ''}`);

describe('TOML manifests (smol-toml)', () => {
  const CARGO = `[package]
name = "ledger"
version = "0.3.0"

[[bin]]
name = "ledger-cli"
path = "src/cli.rs"

[[bin]]
name = "ledger-server"
path = "src/server.rs"

[dependencies]
serde = { version = "1.0", features = [
  "derive",
] }
tokio.workspace = true

[target.'cfg(windows)'.dependencies]
winapi = "0.3"

[dev-dependencies.proptest]
version = "1.4"
`;

  it('keeps arrays of tables apart and reads quoted, dotted and multi-line parts of a Cargo.toml', () => {
    const toml = readToml(CARGO);
    expect(toml.bin).toEqual([
      { name: 'ledger-cli', path: 'src/cli.rs' },
      { name: 'ledger-server', path: 'src/server.rs' },
    ]);
    expect(readManifest('Cargo.toml', CARGO)).toMatchObject({ name: 'ledger' });
    expect(deps('Cargo.toml', CARGO)).toEqual(['serde@1.0', 'tokio', 'proptest@1.4 (dev)', 'winapi@0.3']);
  });

  it('reads Poetry sources as an array of tables, not as dependencies', () => {
    const pyproject = `[tool.poetry]
name = "billing"

[tool.poetry.dependencies]
python = "^3.12"
stripe = "^8.0"

[[tool.poetry.source]]
name = "internal"
url = "https://pypi.acme.test/simple"
priority = "supplemental"

[[tool.poetry.source]]
name = "mirror"
url = "https://mirror.acme.test/simple"
`;
    expect((readToml(pyproject).tool as any).poetry.source.map((s: any) => s.name)).toEqual(['internal', 'mirror']);
    expect(deps('pyproject.toml', pyproject)).toEqual(['stripe@^8.0']);
  });

  it('reports a manifest that is not TOML as skipped, with the line, instead of reading half of it', async () => {
    const root = project({ 'Cargo.toml': '[package]\nname = "x"\n[dependencies]\nserde = = "1"\n', 'src/main.rs': 'fn main() {}\n' });
    const scan = await scanProject(root);
    expect(scan.manifests).toEqual([]);
    expect(scan.skipped).toEqual([{ path: 'Cargo.toml', reason: expect.stringMatching(/^does not parse: invalid TOML at line 4, column \d+/) }]);
  });
});

describe('XML manifests (fast-xml-parser)', () => {
  const POM = `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <modelVersion>4.0.0</modelVersion>
  <parent>
    <groupId>org.springframework.boot</groupId>
    <artifactId>spring-boot-starter-parent</artifactId>
    <version>3.2.5</version>
  </parent>
  <groupId>com.acme</groupId>
  <artifactId>orders</artifactId>
  <version>1.4.0</version>
  <properties>
    <testcontainers.version>1.19.7</testcontainers.version>
  </properties>
  <dependencies>
    <!-- <dependency><artifactId>commented-out</artifactId></dependency> -->
    <dependency>
      <version>\${project.version}</version>
      <artifactId>orders-api</artifactId>
      <groupId>com.acme</groupId>
    </dependency>
    <dependency>
      <groupId>org.testcontainers</groupId>
      <artifactId>postgresql</artifactId>
      <version>\${testcontainers.version}</version>
      <scope>test</scope>
    </dependency>
  </dependencies>
  <build>
    <plugins>
      <plugin>
        <artifactId>maven-surefire-plugin</artifactId>
        <dependencies>
          <dependency><groupId>org.junit.platform</groupId><artifactId>junit-platform-surefire-provider</artifactId></dependency>
        </dependencies>
      </plugin>
    </plugins>
  </build>
</project>
`;

  it('reads a pom.xml: properties resolved, comments and build plugins\' own dependencies left out, the parent kept', () => {
    expect(readManifest('pom.xml', POM)).toMatchObject({ name: 'com.acme:orders', ecosystem: 'maven' });
    expect(deps('pom.xml', POM)).toEqual(['com.acme:orders-api@1.4.0', 'org.testcontainers:postgresql@1.19.7 (dev)', 'org.springframework.boot:spring-boot-starter-parent@3.2.5']);
  });

  it('reads .csproj PackageReferences with attributes in any order and packages.config', () => {
    const csproj = `<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup>
  <ItemGroup>
    <PackageReference Version="13.0.3" Include="Newtonsoft.Json" />
  </ItemGroup>
  <ItemGroup Condition="'$(Configuration)' == 'Debug'">
    <PackageReference Include="Moq"><Version>4.20.70</Version></PackageReference>
  </ItemGroup>
</Project>`;
    expect(readManifest('src/Core/Core.csproj', csproj)).toMatchObject({ name: 'Core', sdk: 'Microsoft.NET.Sdk' });
    expect(deps('src/Core/Core.csproj', csproj)).toEqual(['Newtonsoft.Json@13.0.3', 'Moq@4.20.70 (dev)']);
    const config = '<?xml version="1.0" encoding="utf-8"?>\n<packages>\n  <package id="EntityFramework" version="6.4.4" targetFramework="net48" />\n  <package id="StyleCop.Analyzers" version="1.1.118" developmentDependency="true" />\n</packages>\n';
    expect(readManifest('Legacy/packages.config', config)).toMatchObject({ ecosystem: 'nuget' });
    expect(deps('Legacy/packages.config', config)).toEqual(['EntityFramework@6.4.4', 'StyleCop.Analyzers@1.1.118 (dev)']);
  });

  it('refuses XML that is not well-formed, saying where', () => {
    expect(() => readManifest('pom.xml', '<project>\n  <dependencies>\n</project>\n')).toThrow(/not well-formed XML at line 3/);
  });
});

describe('JSON with comments (jsonc-parser)', () => {
  it('reads tsconfig files with comments, trailing commas and comment-like text in strings', async () => {
    const base = `{
  // shared settings
  "compilerOptions": {
    "baseUrl": ".", /* resolve from the root */
    "paths": { "@app/*": ["src/*",], "~/*": ["https://cdn.example/*"] },
  },
}`;
    expect(parseJsonc(base)).toEqual({ compilerOptions: { baseUrl: '.', paths: { '@app/*': ['src/*'], '~/*': ['https://cdn.example/*'] } } });
    const why: { error?: string } = {};
    expect(parseJsonc('{ "a": 1 "b": 2 }', why)).toBeNull();
    expect(why.error).toMatch(/CommaExpected/);

    const files: Record<string, string> = { 'tsconfig.base.json': base, 'apps/web/tsconfig.json': '{ "extends": "../../tsconfig.base.json" }' };
    const configs = await readTsConfigs(Object.keys(files), new Set(Object.keys(files)), async (path) => files[path] ?? null);
    expect(configs.find((config) => config.dir === 'apps/web')).toMatchObject({ baseUrl: '', pathsBase: '' });
  });
});

describe('version ranges (semver, with PEP 440 converted)', () => {
  it('converts PEP 440 specifiers and compares them like pip', () => {
    expect(toSemverRange('~=3.11')).toBe('>=3.11.0 <4.0.0-0');
    expect(toSemverRange('>=3.9, !=3.10.*, <3.13')).toBe('>=3.9 <3.13');
    expect(toSemverRange('==3.12.*')).toBe('3.12.x');
    const ok = (a: string, b: string) => compatible(parseConstraint(a)!, parseConstraint(b)!);
    expect(ok('>=3.9, !=3.10.*, <3.13', '3.12.4')).toBe(true);
    expect(ok('>=3.9,<3.11', '3.12')).toBe(false);
    expect(ok('===3.11.4', '3.11')).toBe(true);
    expect(ok('~=3.11.2', '3.11.9')).toBe(true);
    expect(ok('~=3.11.2', '3.12.0')).toBe(false);
  });

  it('reads npm ranges with semver, and leaves what is no version alone', () => {
    const ok = (a: string, b: string) => compatible(parseConstraint(a)!, parseConstraint(b)!);
    expect(ok('>=18.17.0 <19 || >=20.3', 'v20.11.1')).toBe(true);
    expect(ok('^18.17 || ^20', '19')).toBe(false);
    expect(ok('16.x', 'v16.20.2')).toBe(true);
    expect(parseConstraint('latest')).toBeNull();
    expect(parseConstraint('stable')).toBeNull();
    expect(parseConstraint('lts/*')).toBeNull();
  });
});

describe('vendored and generated folders (one classification in the scanner)', () => {
  it('classifies by the outermost named folder, and tags every listed file', async () => {
    expect(classifyPath('node_modules/left-pad/dist/index.js')).toBe('vendored');
    expect(classifyPath('web/dist/node_modules/x.js')).toBe('generated');
    expect(classifyPath('third_party/zlib/zlib.h')).toBe('vendored');
    expect(classifyPath('src/build.ts')).toBeNull();
    expect(folderKind({ path: 'vendor/x.go', size: 1, mtimeMs: 0 })).toBe('vendored');

    const root = project({
      'package.json': json({ name: 'app', dependencies: { express: '4' } }),
      'src/index.js': 'export {};\n',
      'third_party/tracer/package.json': json({ name: 'tracer', dependencies: { koa: '2' } }),
      'out/package.json': json({ name: 'app-copy', dependencies: { fastify: '4' } }),
    });
    const scan = await scanProject(root);
    expect(scan.manifests.map((manifest) => manifest.path)).toEqual(['package.json']);
    expect(scan.frameworks.map((detection) => detection.name)).toEqual(['Express']);
  });
});
