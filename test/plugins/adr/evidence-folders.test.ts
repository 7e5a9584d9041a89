/**
 * The adr pack's evidence uses the project scanner's folder classification (each
 * listed file's `folder`): a fixture's go.mod, a sample's Kafka producer or a docs
 * example are no evidence of what the product uses; a template the product ships is.
 */
import { describe, expect, it } from 'vitest';
import { EvidenceIndex } from '../../../plugins/adr/evidence/scan-evidence.js';
import { technology } from '../../../plugins/adr/evidence/table.js';
import type { FileEntry, FolderKind, ProjectScan } from '../../../plugins/project/api.js';
import { classifyPath } from '../../../plugins/project/scanner/folders.js';

const scan: ProjectScan = {
  root: '/p', fingerprint: 'x', source: 'git', truncated: false, files: { count: 0, bytes: 0 }, languages: [], manifests: [], frameworks: [], databases: [], messaging: [], testing: [],
  infrastructure: { dockerfiles: [], compose: [], kubernetes: [], helm: [], terraform: { files: [], providers: [] }, serverless: [] },
  ci: [], documentation: { readme: null, folders: [], generators: [] }, architecture: [], skipped: [],
};
/** As the scanner lists them: `folder` set from names, READMEs and docs-site configs (given here, or from the name as the scanner would). */
const file = (path: string, folder?: FolderKind | null): FileEntry => ({ path, size: 100, mtimeMs: 0, folder: folder !== undefined ? folder : classifyPath(path) });

describe('evidence and the scanner folder classification', () => {
  const files = [
    file('src/events/kafka_publisher.py', null),
    // A sample service its README calls a test fixture: the scanner says so, its name does not.
    file('importer-testbed/internal/kafka/producer.go', 'fixture'),
    file('importer-testbed/go.mod', 'fixture'),
    file('tests/fixtures/go-sample/go.mod'),
    file('docs/examples/kafka-consumer.ts'),
    file('examples/kafka-basic/consumer.py'),
    file('templates/jekyll/_config.yml'),
    file('tests/test_kafka_publisher.py'),
  ];
  const index = new EvidenceIndex(scan, files);

  it('takes weak evidence from the product and its tests only', () => {
    expect(index.get(technology('kafka')!).weak).toEqual(['src/events/kafka_publisher.py', 'tests/test_kafka_publisher.py']);
  });

  it('takes no config file of a fixture or a sample as evidence, and keeps a template the product ships', () => {
    expect(index.get(technology('go')!).strong).toEqual([]);
    expect(index.get(technology('jekyll')!).strong).toEqual(['templates/jekyll/_config.yml']);
  });
});
