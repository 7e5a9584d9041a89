/**
 * Issue 27 item 8: a Go library whose root Dockerfile and a module's Dockerfile both build and
 * run its sample chain (`ENTRYPOINT ["simd"]`, as ibc-go's two images do) is one image built two
 * ways, not "multiple services"; two images running different programs still are.
 */
import { describe, expect, it } from 'vitest';
import { startToolpack } from '../../../core/bootstrap.js';
import { createRootLogger } from '../../../core/services/logger.js';
import { connectTestClient } from '../../../sdk/testing.js';
import { fullResult } from '../../helpers/full-result.js';
import { outcome } from '../../helpers/tool-result.js';
import { project, type Tree } from './fixtures.js';

const simdImage = (build: string) =>
  `FROM golang:1.21-alpine AS builder\nARG VERSION\nWORKDIR /go/src\nCOPY . .\nRUN ${build}\n\nFROM alpine:3.19\nLABEL "org.example.version"="\${VERSION}"\nCOPY --from=builder /go/build/simd /bin/simd\nENTRYPOINT ["simd"]\n`;

const library: Tree = {
  'go.mod': 'module github.com/example/bridge/v3\n\ngo 1.21\n\nrequire github.com/cosmos/cosmos-sdk v0.50.6\n',
  'modules/core/keeper.go': 'package core\n\n// Keeper keeps the state.\ntype Keeper struct{}\n',
  'modules/light-clients/wasm/go.mod': 'module github.com/example/bridge/modules/light-clients/wasm\n\ngo 1.21\n',
  'modules/light-clients/wasm/client.go': 'package wasm\n\n// Client is a light client.\ntype Client struct{}\n',
  Dockerfile: simdImage('make build'),
  'modules/light-clients/wasm/Dockerfile': simdImage('go build -tags muslc -o /go/build/ ./...'),
};

const twoServices: Tree = {
  'go.mod': 'module github.com/example/shop\n\ngo 1.21\n',
  'cmd/api/main.go': 'package main\n\nfunc main() {}\n',
  'cmd/worker/main.go': 'package main\n\nfunc main() {}\n',
  'cmd/api/Dockerfile': 'FROM golang:1.21 AS build\nCOPY . .\nRUN go build -o /out/shop-api ./cmd/api\n\nFROM gcr.io/distroless/static\nCOPY --from=build /out/shop-api /shop-api\nENTRYPOINT ["/shop-api"]\n',
  'cmd/worker/Dockerfile': 'FROM golang:1.21 AS build\nCOPY . .\nRUN go build -o /out/shop-worker ./cmd/worker\n\nFROM gcr.io/distroless/static\nCOPY --from=build /out/shop-worker /shop-worker\nENTRYPOINT ["/shop-worker"]\n',
};

async function ecosystemOf(tree: Tree) {
  const root = project(tree, 'toolpack-one-program-');
  const kernel = await startToolpack({ cwd: root, preset: 'all', logger: createRootLogger('silent') });
  const mcp = await connectTestClient(kernel);
  try {
    const result = outcome((await mcp.callTool({ name: 'analyze_project_ecosystem', arguments: { projectPath: root } })) as never);
    expect(result.isError, result.text).toBe(false);
    return await fullResult(mcp, result.data);
  } finally {
    await mcp.close();
    await kernel.stop();
  }
}

describe('Dockerfiles running one program', () => {
  it('are one image of a library, not multiple services; different programs still are', async () => {
    const lib = await ecosystemOf(library);
    expect(JSON.stringify(lib.architecture)).not.toMatch(/multiple-services/);
    expect(lib.architecture.services.top).toHaveLength(1);

    const shop = await ecosystemOf(twoServices);
    expect(JSON.stringify(shop.architecture)).toMatch(/multiple-services/);
    expect(shop.architecture.services.top).toHaveLength(2);
  }, 120_000);
});
