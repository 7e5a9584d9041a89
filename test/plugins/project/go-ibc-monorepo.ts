/**
 * A Go monorepo of four modules shaped like an inter-blockchain protocol library built on
 * the Cosmos SDK and CometBFT (issue 27 item 8): the root module, two modules under
 * modules/ with their own go.mod (a middleware app and a Wasm light client), and an e2e
 * module. Its packages' external test packages (`package types_test`) import the shared
 * `testing/` helpers, which import those packages back, as Go allows; container files sit
 * only in the e2e suite, the test harness's sample chain, an example and the docs; the docs
 * bundle a Swagger UI. `goLibraryRepo` commits it into a real git repository with tags of
 * the root module and of the two submodules.
 */
import { git, project, writeTree, type Tree } from './fixtures.js';

const ROOT = 'github.com/example/ibc/v8';

export function goLibrary(): Tree {
  return {
    'go.mod': [
      `module ${ROOT}`,
      '',
      'go 1.21',
      '',
      'require (',
      '\tcosmossdk.io/errors v1.0.1',
      '\tgithub.com/cometbft/cometbft v0.38.6',
      '\tgithub.com/cosmos/cosmos-sdk v0.50.5',
      '\tgithub.com/cosmos/gogoproto v1.4.11',
      '\tgithub.com/stretchr/testify v1.9.0',
      ')',
      '',
      'require (',
      '\tgithub.com/grpc-ecosystem/grpc-gateway v1.16.0 // indirect',
      '\tgithub.com/spf13/cobra v1.8.0 // indirect',
      ')',
      '',
    ].join('\n'),
    'modules/core/exported/client.go': 'package exported\n\n// ClientState is a light client\'s state.\ntype ClientState interface {\n\tClientType() string\n}\n',
    'modules/core/04-channel/types/channel.go': `package types\n\nimport (\n\t"${ROOT}/modules/core/exported"\n)\n\n// Channel joins two ports.\ntype Channel struct {\n\tState  string\n\tClient exported.ClientState\n}\n`,
    'modules/core/04-channel/types/msgs.go': 'package types\n\nimport errorsmod "cosmossdk.io/errors"\n\n// ErrInvalidChannel is returned for a malformed channel.\nvar ErrInvalidChannel = errorsmod.Register("channel", 2, "invalid channel")\n',
    // External test package: builds apart from the package, so importing the test helpers (which import it) is allowed.
    'modules/core/04-channel/types/msgs_test.go': `package types_test\n\nimport (\n\t"testing"\n\n\t"${ROOT}/modules/core/04-channel/types"\n\tibctesting "${ROOT}/testing"\n)\n\nfunc TestChannel(t *testing.T) {\n\tcoord := ibctesting.NewCoordinator(t, 2)\n\t_ = coord\n\t_ = types.Channel{}\n}\n`,
    'modules/core/04-channel/keeper/keeper.go': `package keeper\n\nimport (\n\tsdk "github.com/cosmos/cosmos-sdk/types"\n\n\t"${ROOT}/modules/core/04-channel/types"\n)\n\n// Keeper stores channels.\ntype Keeper struct{ channels map[string]types.Channel }\n\n// SetChannel stores a channel.\nfunc (k Keeper) SetChannel(ctx sdk.Context, id string, c types.Channel) { k.channels[id] = c }\n`,
    'modules/core/04-channel/keeper/keeper_test.go': `package keeper_test\n\nimport (\n\t"testing"\n\n\tibctesting "${ROOT}/testing"\n)\n\nfunc TestKeeper(t *testing.T) { _ = ibctesting.NewCoordinator(t, 2) }\n`,
    'modules/apps/transfer/types/keys.go': 'package types\n\n// ModuleName names the transfer module.\nconst ModuleName = "transfer"\n',
    'modules/apps/transfer/keeper/keeper.go': `package keeper\n\nimport "${ROOT}/modules/apps/transfer/types"\n\n// Keeper moves tokens.\ntype Keeper struct{}\n\n// Name is the module's name.\nfunc (Keeper) Name() string { return types.ModuleName }\n`,
    // In-package test file closing a loop: go test rejects it, production never builds it.
    'modules/apps/transfer/types/keys_test.go': `package types\n\nimport (\n\t"testing"\n\n\t"${ROOT}/modules/apps/transfer/keeper"\n)\n\nfunc TestModuleName(t *testing.T) {\n\tif (keeper.Keeper{}).Name() != ModuleName {\n\t\tt.Fatal("name")\n\t}\n}\n`,
    'testing/coordinator.go': `package ibctesting\n\nimport (\n\t"testing"\n\n\tchannelkeeper "${ROOT}/modules/core/04-channel/keeper"\n\tchanneltypes "${ROOT}/modules/core/04-channel/types"\n)\n\n// Coordinator drives test chains.\ntype Coordinator struct {\n\tkeeper   channelkeeper.Keeper\n\tchannels []channeltypes.Channel\n}\n\n// NewCoordinator starts n chains.\nfunc NewCoordinator(t *testing.T, n int) *Coordinator { return &Coordinator{} }\n`,
    'testing/simapp/app.go': 'package simapp\n\nimport "github.com/cosmos/cosmos-sdk/baseapp"\n\n// SimApp is the chain the tests run.\ntype SimApp struct{ *baseapp.BaseApp }\n',
    'testing/simapp/Dockerfile': 'FROM golang:1.21-alpine AS builder\nWORKDIR /src\nCOPY . .\nRUN go build -o /bin/simd ./testing/simapp/simd\n\nFROM alpine:3.19\nCOPY --from=builder /bin/simd /bin/simd\nENTRYPOINT ["simd"]\n',
    'modules/apps/callbacks/go.mod': `module github.com/example/ibc/modules/apps/callbacks\n\ngo 1.21\n\nrequire (\n\t${ROOT} v8.4.0\n\tgithub.com/cosmos/cosmos-sdk v0.50.5\n)\n`,
    'modules/apps/callbacks/ibc_middleware.go': `package ibccallbacks\n\nimport "${ROOT}/modules/core/exported"\n\n// IBCMiddleware calls contracts back.\ntype IBCMiddleware struct{ client exported.ClientState }\n`,
    'modules/light-clients/08-wasm/go.mod': `module github.com/example/ibc/modules/light-clients/08-wasm\n\ngo 1.21\n\nrequire (\n\t${ROOT} v8.4.0\n\tgithub.com/CosmWasm/wasmvm/v2 v2.0.0\n\tgithub.com/cosmos/cosmos-sdk v0.50.5\n)\n`,
    'modules/light-clients/08-wasm/light_client_module.go': `package wasm\n\nimport "${ROOT}/modules/core/exported"\n\n// LightClientModule runs Wasm light clients.\ntype LightClientModule struct{ state exported.ClientState }\n`,
    'e2e/go.mod': `module github.com/example/ibc/e2e\n\ngo 1.21\n\nrequire (\n\t${ROOT} v8.4.0\n\tgithub.com/stretchr/testify v1.9.0\n)\n`,
    'e2e/tests/transfer/transfer_test.go': 'package transfer\n\nimport "testing"\n\nfunc TestTransfer(t *testing.T) {}\n',
    'e2e/Dockerfile': 'FROM golang:1.21-alpine\nWORKDIR /e2e\nCOPY . .\nRUN go test -c ./tests/...\nENTRYPOINT ["go", "test", "./tests/..."]\n',
    'examples/relayer/Dockerfile': 'FROM alpine:3.19\nRUN apk add --no-cache ca-certificates\nENTRYPOINT ["relayer"]\n',
    'examples/relayer/README.md': '# Relayer example\n\nA sample relayer setup for local testing.\n',
    'docs/Dockerfile': 'FROM node:20-alpine\nWORKDIR /docs\nCOPY . .\nRUN npm ci && npm run build\nCMD ["npm", "run", "serve"]\n',
    'docs/README.md': '# Documentation\n\nThe protocol documentation site.\n',
    'docs/client/config.json': '{\n  "swagger": "2.0",\n  "info": { "title": "IBC - gRPC Gateway docs", "version": "1.0.0" },\n  "apis": [{ "url": "./tmp-swagger-gen/ibc/core/channel/v1/query.swagger.json" }]\n}\n',
    'docs/client/swagger-ui/index.html': '<!DOCTYPE html>\n<html><head><title>Swagger UI</title><script src="./swagger-ui-bundle.js"></script></head>\n<body><div id="swagger-ui"></div><script>SwaggerUIBundle({ url: "./swagger.yaml", dom_id: "#swagger-ui" })</script></body></html>\n',
    'docs/client/swagger-ui/swagger.yaml': 'swagger: "2.0"\ninfo:\n  title: IBC - gRPC Gateway docs\n  version: 1.0.0\npaths:\n  /ibc/core/channel/v1/channels:\n    get:\n      summary: Channels queries all the IBC channels of a chain.\n      operationId: Channels\n      responses:\n        "200":\n          description: A successful response.\n',
    'Makefile': 'test:\n\tgo test ./...\n\nbuild-docker-wasm:\n\tdocker build -f testing/simapp/Dockerfile .\n',
    'README.md': '# ibc\n\nAn implementation of the inter-blockchain communication protocol as Cosmos SDK modules, in Go.\n',
  };
}

/** Root tag v8.4.0, then the two submodules' tags (higher versions), then a fix on top: HEAD is past every tag. */
export function goLibraryRepo(): string {
  const root = project(goLibrary(), 'toolpack-go-library-');
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'feat: channel and transfer modules');
  git(root, 'tag', 'v8.4.0');
  const step = (path: string, text: string, message: string, tag?: string) => {
    writeTree(root, { [path]: text });
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', message);
    if (tag) git(root, 'tag', tag);
  };
  step('modules/light-clients/08-wasm/doc.go', 'package wasm\n\n// Package wasm runs light clients compiled to Wasm.\n', 'feat(08-wasm): document the light client', 'modules/light-clients/08-wasm/v11.0.0');
  step('modules/apps/callbacks/doc.go', 'package ibccallbacks\n\n// Package ibccallbacks calls contracts back on packet events.\n', 'feat(callbacks): document the middleware', 'modules/apps/callbacks/v0.2.0+ibc-go-v8.0');
  step('modules/light-clients/08-wasm/migrations.go', 'package wasm\n\n// Migrate moves stored contracts.\nfunc Migrate() error { return nil }\n', 'fix(08-wasm): migrate stored contracts', 'modules/light-clients/08-wasm/v11.1.0');
  step('modules/core/04-channel/types/errors.go', 'package types\n\n// ErrChannelClosed is returned on a closed channel.\nvar ErrChannelClosed = ErrInvalidChannel\n', 'fix(channel): name the closed-channel error');
  return root;
}

