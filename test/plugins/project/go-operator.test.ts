/**
 * A Go repository shaped like a real Kubernetes operator with a JSON-RPC proxy
 * and a Cobra CLI: go.mod lists its direct requirements and, marked
 * `// indirect`, the requirements of its dependencies (GraphQL, Sentry,
 * Prometheus pulled in by go-ethereum and controller-runtime). The indirect
 * ones are not the project's choices: no suggestion, count or framework from them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestToolpack, type TestToolpack } from '../../../sdk/testing.js';
import { project, type Tree } from './fixtures.js';

const operator = (): Tree => ({
  'go.mod': [
    'module github.com/acme/nodeproxy',
    '',
    'go 1.21',
    '',
    'require (',
    '\tgithub.com/ethereum/go-ethereum v1.13.5',
    '\tgithub.com/go-chi/chi/v5 v5.0.10',
    '\tgithub.com/knadh/koanf/v2 v2.0.1',
    '\tgithub.com/onsi/ginkgo/v2 v2.13.0',
    '\tgithub.com/spf13/cobra v1.8.0',
    '\tk8s.io/apimachinery v0.28.3',
    '\tsigs.k8s.io/controller-runtime v0.16.3',
    ')',
    '',
    'require (',
    '\tgithub.com/getsentry/sentry-go v0.18.0 // indirect',
    '\tgithub.com/graph-gophers/graphql-go v1.3.0 // indirect',
    '\tgithub.com/prometheus/client_golang v1.17.0 // indirect',
    '\tgithub.com/cockroachdb/pebble v0.0.0-20230928194634-aa077af62593 // indirect',
    '\tgolang.org/x/net v0.17.0 // indirect',
    ')',
    '',
  ].join('\n'),
  'main.go': 'package main\n\nimport "github.com/acme/nodeproxy/cmd"\n\nfunc main() { cmd.Execute() }\n',
  'cmd/root.go': 'package cmd\n\nimport (\n\t"github.com/knadh/koanf/v2"\n\t"github.com/spf13/cobra"\n)\n\nvar k = koanf.New(".")\n\nvar rootCmd = &cobra.Command{Use: "nodeproxy"}\n\nfunc Execute() { _ = rootCmd.Execute() }\n',
  'api/v1alpha1/proxy_types.go': 'package v1alpha1\n\nimport metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"\n\n// +kubebuilder:object:root=true\ntype Proxy struct {\n\tmetav1.TypeMeta   `json:",inline"`\n\tmetav1.ObjectMeta `json:"metadata,omitempty"`\n}\n',
  'controllers/proxy_controller.go': 'package controllers\n\nimport (\n\t"context"\n\n\tctrl "sigs.k8s.io/controller-runtime"\n)\n\ntype ProxyReconciler struct{}\n\nfunc (r *ProxyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { return ctrl.Result{}, nil }\n',
  'controllers/suite_test.go': 'package controllers\n\nimport (\n\t"testing"\n\n\t. "github.com/onsi/ginkgo/v2"\n)\n\nfunc TestControllers(t *testing.T) { RunSpecs(t, "Controllers") }\n',
  'pkg/proxy/server.go': 'package proxy\n\nimport (\n\t"net/http"\n\n\t"github.com/ethereum/go-ethereum/rpc"\n\t"github.com/go-chi/chi/v5"\n)\n\nfunc Router(c *rpc.Client) http.Handler { r := chi.NewRouter(); return r }\n',
  'PROJECT': 'domain: acme.io\nlayout:\n- go.kubebuilder.io/v3\nprojectName: nodeproxy\n',
  'README.md': '# nodeproxy\n\nA Kubernetes operator and Ethereum JSON-RPC proxy.\n',
});

describe('a Go operator whose go.mod lists indirect requirements', () => {
  let kernel: TestToolpack;
  beforeAll(async () => {
    kernel = await startTestToolpack({ workspace: project(operator()), config: { plugins: ['project', 'adr'] } });
  });
  afterAll(() => kernel.stop());

  it('counts and names only the direct requirements, and finds the operator, CLI and router frameworks', async () => {
    const result = await kernel.call('analyze_project_ecosystem', { projectPath: '.' });
    expect(result.isError, JSON.stringify(result.structuredContent).slice(0, 300)).toBeFalsy();
    const data = result.structuredContent as any;
    const text = JSON.stringify(data);
    expect(text).not.toContain('sentry-go');
    expect(text).not.toContain('graphql-go');
    const go = data.technologyStack.ecosystems.find((entry: any) => entry.ecosystem === 'go');
    expect(go.dependencies).toBe(7);
    expect(data.technologyStack.frameworks.top.map((f: any) => f.name)).toEqual(expect.arrayContaining(['Kubernetes controller-runtime', 'Cobra', 'Chi']));
  });

  it('suggests no ADR for what only a dependency requires (GraphQL, Sentry, Prometheus)', async () => {
    const result = await kernel.call('suggest_adrs', { maxSuggestions: 50 });
    expect(result.isError, JSON.stringify(result.structuredContent).slice(0, 300)).toBeFalsy();
    const technologies = (result.structuredContent as any).suggestions.map((s: any) => s.technology);
    for (const indirect of ['GraphQL', 'Sentry', 'Prometheus']) expect(technologies).not.toContain(indirect);
  });

  it('does not call the operator an API because of controller-runtime, nor a CLI because of Cobra alone', async () => {
    const result = await kernel.call('analyze_repository', { path: '.' });
    expect(result.isError, JSON.stringify(result.structuredContent).slice(0, 300)).toBeFalsy();
    const classification = (result.structuredContent as any).recommendations?.projectType ?? (result.structuredContent as any).projectType;
    const evidence = JSON.stringify(classification);
    expect(evidence).not.toContain('controller-runtime (go.mod');
  });
});
